// The streaming signals (SignalCollector over HtmlScanner's tokens) against the parse5 tree they
// replace, on hostile HTML: every signal identical — or the page is flagged out of the model and
// parsed with parse5 (then only that flag is checked, and the reason).
import { describe, expect, it } from 'vitest';
import { HtmlScanner } from '../../../lib/bytes';
import { collectSignals } from '../../../lib/indexability/collectSignals';
import { parse5Document } from '../../../lib/sitecheck/parse5Document';
import { SignalCollector } from '../../../lib/sitecheck/SignalCollector';
import { servedSignals } from '../../../lib/sitecheck/servedSignals';

const URL_ = 'https://site.example/a/b.html';
const read = { bytesRead: 0, truncated: false };
const old = (html: string) => collectSignals(parse5Document(html), 'served', URL_, read);
function fast(html: string) {
  const c = new SignalCollector(html);
  new HtmlScanner(html, html.length, c).run(Infinity);
  return { out: c.outOfModel, signals: c.outOfModel ? null : collectSignals(c.document(), 'served', URL_, read) };
}

const HOSTILE: [string, string][] = [
  ['plain page', '<!doctype html><html><head><title>Hi &amp; bye</title><meta name="robots" content="noindex"><link rel="canonical" href="/c"></head><body><h1> Big  title </h1><p>Text</p></body></html>'],
  ['no head, no body', '<meta name=robots content="noindex, nofollow">Hello <b>world</b>'],
  ['meta after </head>', '<html><head></head><meta name="googlebot" content="noindex"><body>x</body>'],
  ['meta in body', '<body><p>a</p><meta name="robots" content="noindex"><link rel="canonical" href="/x"></body>'],
  ['text before meta starts the body', '<html><head><title>t</title>text<meta name=robots content=noindex></head>'],
  ['whitespace only before meta', '<html>\n  <head>\n  <title>t</title>\n  \n<meta name=robots content=noindex></head>\n  <body>\n\n</body>'],
  ['meta in template', '<head><template><meta name=robots content=noindex><link rel=canonical href=/t></template><meta name=robots content=all></head><body><template><h1>no</h1></template><h1>yes</h1></body>'],
  ['meta in noscript (raw text)', '<head><noscript><meta name=robots content=noindex></noscript></head><body><noscript><meta name=robots content=noindex></noscript></body>'],
  ['meta in svg breaks out', '<body><svg><meta name=robots content=noindex><circle/></svg>after</body>'],
  ['meta inside svg foreignObject', '<body><svg><foreignObject><meta name=robots content=noindex><h1>In svg</h1></foreignObject></svg></body>'],
  ['svg title is not the title', '<body><svg><title>SVG</title></svg><p>x</p><title>Real</title></body>'],
  ['math text integration point', '<body><math><mi><meta name=robots content=noindex><script>var a="</mi>";</script></mi></math>tail</body>'],
  ['annotation-xml html', '<math><annotation-xml encoding="text/html"><meta name=robots content=noindex><h1>h</h1></annotation-xml></math>'],
  ['cdata in svg', '<body><svg><![CDATA[ a &amp; <b> ]]></svg>z</body>'],
  ['cdata outside svg is a comment', '<body><![CDATA[ hidden ]]>seen</body>'],
  ['entities everywhere', '<title>&lt;T&gt; &notit; &#x1F600; &#128; &#0;</title><meta name=robots content="no&#105;ndex&amp;x&ampy=1"><body>&nbsp;a&nbsp;&amp;&copy&copy;&#xD;&#13;&unknown;</body>'],
  ['attribute entity legacy rules', '<link rel="canonical" href="/p?a=1&copy=2&amp;b&ampc=3&lt"><body>&copy=2 &ampc</body>'],
  ['CRLF and CR', '<title>a\r\nb\rc</title><body>\r\nline1\r\nline2\r\r\n<pre>\r\nx</pre><textarea>\r\ny</textarea></body>'],
  ['NUL characters', '<title>a\0b</title><meta name="robots\0" content="no\0index"><body>\0x\0<script>\0</script><svg>\0</svg></body>'],
  ['NUL in head starts body', '<head>\0<meta name=robots content=noindex></head>'],
  ['pre and listing drop one newline', '<body><pre>\n\nA</pre><listing>\nB</listing><pre><!--c-->\nC</pre></body>'],
  ['unclosed h1', '<body><div><h1>Head<span>ing</div> after the div <h1>second</h1></body>'],
  ['h1 closed by h2', '<body><h1>One<h2>Two</h2>three</body>'],
  ['h1 in p', '<body><p>para<h1>Title</p>more</h1></body>'],
  ['h1 in a', '<body><a href=/><h1>Link title</h1></a></body>'],
  ['long h1', `<body><h1>   ${'word '.repeat(200)}   </h1></body>`],
  ['h1 trailing spaces past 300', `<body><h1>${'x'.repeat(299)}          </h1></body>`],
  ['h1 never closed', '<body><h1>Open <p>para <div>div'],
  ['li and dd implied ends', '<body><ul><li>a<li>b<h1>in li</h1><li>c</ul><dl><dt>t<dd>d</dl></body>'],
  ['forms', '<body><form><form><h1>f</h1></form></form><h1>x</h1></body>'],
  ['buttons', '<body><button><h1>b</h1><button>c</button></body>'],
  ['tables well formed', '<!doctype html><body><table><tr><td><h1>cell</h1><meta name=robots content=noindex></td><td>x</table></body>'],
  ['table closes p (no quirks)', '<!doctype html><body><p>p<table><tr><td>t</td></tr></table>after</body>'],
  ['select', '<body><select><option>a<option>b<h1>ignored</h1><meta name=robots content=noindex><title>t</title></select><h1>real</h1></body>'],
  ['select then textarea', '<body><select><option>a<textarea>\n&amp;</textarea>z</body>'],
  ['script with comments (escaped, no double escape)', '<body><script><!-- var x = "</script>"; --></script><h1>after</h1></body>'],
  ['style and script in body count as text', '<body><style>a{}</style><script>var a=1;</script>x</body>'],
  ['plaintext', '<body><plaintext><h1>not a tag</h1>'],
  ['xmp iframe noembed noframes', '<body><xmp><b>x</b></xmp><iframe><meta name=robots content=noindex></iframe><noembed>e</noembed><noframes>f</noframes></body>'],
  ['end tags in head', '<head></p></div><meta name=robots content=noindex></head><body>b'],
  ['</br> starts the body', '<head></br><meta name=robots content=noindex></head>'],
  ['</body> before content', '<head></head></body><meta name=robots content=noindex>after'],
  ['content after </html>', '<html><body>a</body></html><meta name=robots content=noindex>b  '],
  ['many base and refresh tags', '<head><base href="/x/"><base href="/y/"><meta http-equiv="Refresh" content="0; url=/z"><meta HTTP-EQUIV=refresh content=5></head>'],
  ['duplicate attributes', '<meta name=robots name=googlebot content=noindex content=all><link rel=canonical rel=alternate href=/a href=/b>'],
  ['unquoted, odd attributes', '<meta name=robots content=noindex/><link rel=canonical href=/a/ ><link\nrel\n=\n"alternate"\nhreflang=de href=/de>'],
  ['tag cut at EOF', '<meta name=robots content=noindex><link rel=canonical href="/unterminated'],
  ['uppercase', '<HTML><HEAD><META NAME="ROBOTS" CONTENT="NOINDEX"><TITLE>Up</TITLE></HEAD><BODY><H1>UP</H1></BODY></HTML>'],
  ['deep nesting', `<body>${'<div>'.repeat(3000)}<h1>deep</h1>${'</div>'.repeat(3000)}</body>`],
  ['nested svg and math', '<body><svg><g><math><mi>x</mi></math></g><desc><b>bold</b></desc></svg><h1>z</h1></body>'],
  ['font with color breaks out of svg', '<body><svg><font color=red>red</font><font>svgfont</font></svg></body>'],
  ['title in body, second title ignored', '<head></head><body><title>One</title><title>Two</title></body>'],
  ['empty', ''],
  ['whitespace only', '   \n\t '],
  ['comment only', '<!-- just a comment -->'],
  ['text only', 'hello'],
  ['p end without p', '<body><h1>t</p>x</h1></body>'],
  ['template in body with table', '<body><template><table><tr><td>x</td></tr></table></template><h1>after</h1></body>'],
  ['svg self closing and end tags', '<body><svg/><p>x</p><svg><path></path></SVG><h1>h</h1></body>'],
  ['unicode whitespace trims', '<body>\u00a0\u2003 text \u3000\ufeff</body>'],
];

describe('servedSignals: the streaming signals are those of the parse5 tree', () => {
  for (const [name, html] of HOSTILE) {
    it(name, () => {
      const f = fast(html);
      expect(f.out).toBeNull();
      expect(f.signals).toEqual(old(html));
    });
  }
});

const OUT: [string, string, string][] = [
  ['frameset', '<head></head><frameset><frame src=a></frameset>', 'frameset'],
  ['foster-parented tag', '<!doctype html><body><table><meta name=robots content=noindex><tr><td>x</td></tr></table></body>', 'foster parenting'],
  ['foster-parented text', '<!doctype html><body><table>text<tr><td>x</table></body>', 'text in a table (foster parenting)'],
  ['double-escaped script', '<body><script><!--<script></script>still script--></script><h1>x</h1></body>', 'script data double-escaped'],
  ['table in p, quirks mode', '<body><p>p<table><tr><td>t</table></body>', 'table in a p (quirks mode)'],
  ['select in a table', '<!doctype html><table><tr><td><select><option>a<td>b</table>', 'select in a table'],
  ['h1 with misnested b', '<body><b><h1>bold</b> rest</h1> tail</body>', 'misnested formatting elements'],
  ['a inside a', '<body><a href=1>one<a href=2>two</a></body>', 'misnested formatting elements'],
  ['nobr', '<body><nobr>a<nobr>b</nobr></body>', 'misnested formatting elements'],
  ['formatting reopened after a block', '<body><p><i>i</p>text</body>', 'formatting elements reopened'],
];

describe('servedSignals: pages the tree builder rearranges go to parse5', () => {
  for (const [name, html, why] of OUT) {
    it(name, () => {
      expect(fast(html).out).toBe(why);
      expect(servedSignals(html, URL_, read)).toEqual(old(html));
    });
  }
});

// Tag soup from a small vocabulary of what the signals depend on: 3,000 seeded pages.
const PIECES = [
  '<meta name=robots content=noindex>', '<meta name="googlebot" content="nofollow">', '<link rel=canonical href=/c>', '<base href=/b/>',
  '<meta http-equiv=refresh content="0;url=/r">', '<title>T &amp; t</title>', '<h1>', '</h1>', '<h2>', '</h2>', '<p>', '</p>', '<div>', '</div>',
  '<span>', '</span>', '<b>', '</b>', '<a href=x>', '</a>', '<i>', '</i>', '<ul>', '<li>', '</ul>', '<svg>', '</svg>', '<math>', '<mi>', '</mi>', '</math>',
  '<foreignObject>', '</foreignObject>', '<template>', '</template>', '<head>', '</head>', '<body>', '</body>', '</html>', '<script>s</script>',
  '<style>c</style>', '<noscript>n</noscript>', '<textarea>\nta</textarea>', '<pre>', '</pre>', '\n', ' ', 'word', '&nbsp;', '&copy', '\r\n', '<!--c-->',
  '<br>', '</br>', '<img>', '<hr>', '<form>', '</form>', '<button>', '</button>', '<select>', '<option>o', '</select>', '<dl><dt>t<dd>d', '</dl>',
  '<table><tr><td>', '</td></tr></table>', '<h3>', '</h3>', '<font color=red>', '</font>', '<desc>', '</desc>', '<title>', '</title>', '\0',
];
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('servedSignals: seeded tag soup', () => {
  it('3,000 pages: identical signals, or flagged out of the model', () => {
    const diffs: string[] = [];
    let inModel = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const r = rng(seed);
      const doctype = r() < 0.5 ? '<!doctype html>' : '';
      let html = doctype;
      const n = 5 + Math.floor(r() * 40);
      for (let i = 0; i < n; i++) html += PIECES[Math.floor(r() * PIECES.length)];
      const f = fast(html);
      if (f.out) continue;
      inModel++;
      if (JSON.stringify(f.signals) !== JSON.stringify(old(html))) diffs.push(html);
    }
    expect(diffs.slice(0, 5)).toEqual([]);
    expect(inModel).toBeGreaterThan(2000);
  });
});
