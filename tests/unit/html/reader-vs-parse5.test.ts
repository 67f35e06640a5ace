// Every reader of lib/html (the tree, the served signals, the comparison's page extraction, the
// script finder, the byte budget) against parse5, the oracle, on hand-written hard cases: each read
// in one write and one byte at a time (every byte offset a boundary between pieces), in several
// encodings, with and without a cut.
import { describe, expect, it } from 'vitest';
import { check } from './reader-check';
import { encode, ENCODINGS, utf8 } from '../../support/readerCorpus';

// Tokenizer cases (from the byte budget's old scanner test).
const TRICKY: [string, string][] = [
  ['attributes of every kind', `<a href=/x title='q"t' data-x="a>b" checked id=one class = "c d">x</a><a HREF="/Y" href="/dup">y</a>`],
  ['entities in attributes and text', `<link rel="canonical" href="/a?x=1&amp;y=2&#x41;&#66;"><h1>Fish &amp; chips&nbsp;&lt;3</h1>`],
  ['comments, odd ones too', `<!-- a --><!----><!--><!---><!-- b --!><p>x</p><!-- not closed`],
  ['bogus comments and processing instructions', `<?xml version="1.0"?><!ELEMENT x><p>a</p></ 3><p>b</p></>`],
  ['a lone < is text', `<p>1 < 2 and 3 <= 4 and <3 and < /p></p><p>a</`],
  ['doctype', `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html><head><TITLE>T &amp; U</TITLE></head>`],
  ['scripts and their end tags', `<script>var s = "</scr" + "ipt>"; if (a<b) {}</script ><script type="application/ld+json">{"@type":"Org"}</SCRIPT><script id="__NEXT_DATA__" type="application/json">{}</script>`],
  ['raw text elements', `<style>a>b{}</style><noscript><a href="/n">n</a></noscript><textarea><a href="/t"></textarea><xmp><b></xmp><iframe><p></iframe><title>a<b>c</title>`],
  ['svg and math', `<svg viewBox="0 0 1 1" style="x"><style>a{}</style><a href="/s"><text>t</text></a><![CDATA[ <p> ]]></svg><svg/><math><mi>x</mi></math><p style="y">z</p>`],
  ['self-closing and slashes', `<br/><img src="data:image/png;base64,AA" / ><div/ id=x><a/b href=/c>d</a>`],
  ['microdata and RDFa', `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">n</span><div itemscope itemprop="offers"></div></div><div vocab="https://schema.org/" typeof="Person"><span property="name">p</span></div>`],
  ['meta robots, googlebot, description, hreflang', `<meta name="ROBOTS" content="noindex"><meta name="googlebot-news" content="nosnippet"><meta name=description content="d"><link rel="alternate" hreflang="de" href="/de"><link rel="alternate stylesheet" href="/s.css">`],
  ['whitespace', `<ul>\n    <li> a  b </li>\r\n\t\t<li>c</li>\n</ul>   \n`],
  ['plaintext', `<p>a</p><plaintext><a href="/x">not a link</a>`],
  ['EOF inside a tag', `<p>a</p><a href="/x`],
  ['EOF inside a script', `<script>var a = 1; </scr`],
  ['headings', `<h1>One <em>two</em></h1><h2 id="h">Three &amp; four</h2><h3>unclosed`],
];

// Tree construction cases (from the served signals' old tests, the pages the old collector handed to parse5 included).
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
  ['h1 never closed', '<body><h1>Open <p>para <div>div'],
  ['li and dd implied ends', '<body><ul><li>a<li>b<h1>in li</h1><li>c</ul><dl><dt>t<dd>d</dl></body>'],
  ['forms', '<body><form><form><h1>f</h1></form></form><h1>x</h1></body>'],
  ['buttons', '<body><button><h1>b</h1><button>c</button></body>'],
  ['tables well formed', '<!doctype html><body><table><tr><td><h1>cell</h1><meta name=robots content=noindex></td><td>x</table></body>'],
  ['table closes p (no quirks)', '<!doctype html><body><p>p<table><tr><td>t</td></tr></table>after</body>'],
  ['table in p, quirks mode', '<body><p>p<table><tr><td>t</table></body>'],
  ['nested tables, text and tags fostered out', '<!doctype html><table><tr><td><table>text<meta name=robots content=noindex><tr><td>in<table><b>b</b><tr><td>x</table></td></tr></table>after</table>'],
  ['select', '<body><select><option>a<option>b<h1>ignored</h1><meta name=robots content=noindex><title>t</title></select><h1>real</h1></body>'],
  ['select in a table', '<!doctype html><table><tr><td><select><option>a<td>b</table>'],
  ['script with comments (escaped, double escaped)', '<body><script><!-- var x = "</script>"; --></script><script><!--<script></script>still script--></script><h1>after</h1></body>'],
  ['plaintext', '<body><plaintext><h1>not a tag</h1>'],
  ['xmp iframe noembed noframes', '<body><xmp><b>x</b></xmp><iframe><meta name=robots content=noindex></iframe><noembed>e</noembed><noframes>f</noframes></body>'],
  ['end tags in head', '<head></p></div><meta name=robots content=noindex></head><body>b'],
  ['</br> starts the body', '<head></br><meta name=robots content=noindex></head>'],
  ['content after </html>', '<html><body>a</body></html><meta name=robots content=noindex>b  '],
  ['many base and refresh tags', '<head><base href="/x/"><base href="/y/"><meta http-equiv="Refresh" content="0; url=/z"><meta HTTP-EQUIV=refresh content=5></head>'],
  ['duplicate attributes', '<meta name=robots name=googlebot content=noindex content=all><link rel=canonical rel=alternate href=/a href=/b>'],
  ['unquoted, odd attributes', '<meta name=robots content=noindex/><link rel=canonical href=/a/ ><link\nrel\n=\n"alternate"\nhreflang=de href=/de>'],
  ['tag cut at EOF', '<meta name=robots content=noindex><link rel=canonical href="/unterminated'],
  ['uppercase', '<HTML><HEAD><META NAME="ROBOTS" CONTENT="NOINDEX"><TITLE>Up</TITLE></HEAD><BODY><H1>UP</H1></BODY></HTML>'],
  ['nested svg and math', '<body><svg><g><math><mi>x</mi></math></g><desc><b>bold</b></desc></svg><h1>z</h1></body>'],
  ['font with color breaks out of svg', '<body><svg><font color=red>red</font><font>svgfont</font></svg></body>'],
  ['frameset throws the body out', '<head></head><body><script src=/s.js></script><h1>gone</h1><frameset><frame src=a></frameset>'],
  ['misnested formatting (adoption agency)', '<body><b><h1>bold</b> rest</h1> tail<a href=1>one<a href=2>two</a><nobr>a<nobr>b</nobr><p><i>i</p>text</body>'],
  ['templates in tables, tables in templates', '<table><template><tr><td>a</td></tr><meta name=robots content=noindex></template><tr><td><template><b>x<td>y</template></td></tr></table><template><a href=/t><table><tr><td>c</template><p>after'],
  ['unicode whitespace trims', '<body>\u00a0\u2003 text \u3000\ufeff</body>'],
  ['empty', ''],
  ['whitespace only', '   \n\t '],
  ['text only', 'hello'],
];

describe('the reader against parse5: hand-written cases', () => {
  for (const [name, html] of [...TRICKY, ...HOSTILE]) {
    it(`${name}: each encoding, one write and one byte at a time`, () => {
      for (const enc of ENCODINGS) {
        const { body, charset } = encode(html, enc, () => 0.37);
        // No cut, and a cut in the middle.
        for (const bodyLimit of [body.length + 10, Math.floor(body.length / 2)]) expect(check({ body, charset, bodyLimit }), `${enc}, limit ${bodyLimit}`).toBeNull();
      }
    });
  }

  it('deep nesting (3,000 elements)', () => {
    const body = utf8(`<body>${'<div>'.repeat(3000)}<h1>deep</h1>${'</div>'.repeat(3000)}</body>`);
    for (const bodyLimit of [body.length + 10, Math.floor(body.length / 2)]) expect(check({ body, charset: 'utf-8', bodyLimit }), `limit ${bodyLimit}`).toBeNull();
  }, 60_000);

  it('the tokenizer cases cut at every byte', () => {
    for (const [name, html] of TRICKY) {
      const body = utf8(html);
      for (let bodyLimit = 0; bodyLimit <= body.length; bodyLimit++) expect(check({ body, charset: 'utf-8', bodyLimit }, [[body.length + 1, 32_768]]), `${name}, limit ${bodyLimit}`).toBeNull();
    }
  }, 60_000);
});

describe('the reader against parse5: what spans a piece boundary', () => {
  const big = (n: number) => 'x'.repeat(n);
  const CASES: [string, string][] = [
    ['a comment over three pieces', `<p>a</p><!-- ${big(80_000)} --><h1>after</h1>`],
    ['a script over three pieces, its end tag split', `<script>var s = "${big(70_000)}</scr" + "ipt>";</script><h1>after</h1><script>${big(32_760)}</script><p>x`],
    ['an attribute value over two pieces', `<a href="/${big(40_000)}" title='t'>link</a><meta name=robots content="${big(33_000)} noindex">`],
    ['a character reference at the end of a piece', `${'<p>'.repeat(8189)}&amp;&notin;&copy&#x1F600;<h1>t</h1>`],
    ['CDATA in SVG over two pieces', `<svg><![CDATA[ ${big(40_000)} ]]><text>t</text></svg><p>after`],
    ['a table whose text is fostered across a piece boundary', `<table>${big(40_000)}<tr><td>cell</td></tr></table>`],
  ];
  for (const [name, html] of CASES) {
    it(name, () => {
      for (const enc of ['utf-8', 'utf-16le'] as const) {
        const { body, charset } = encode(html, enc);
        expect(check({ body, charset, bodyLimit: body.length + 1 }, [[body.length, 32_768], [997, 32_768], [65_536, 65_536], [4093, 4096]]), enc).toBeNull();
        expect(check({ body, charset, bodyLimit: Math.floor(body.length * 0.6) }, [[8192, 32_768]]), `${enc}, cut`).toBeNull();
      }
    });
  }

  it('UTF-8 sequences of 2, 3 and 4 bytes split at every byte by the writes and the pieces', () => {
    const html = `<title>é € 😀</title><p>${'aé€😀'.repeat(40)}</p><a href="/é€😀">😀</a>`;
    const body = utf8(html);
    for (let piece = 8; piece <= 16; piece++) {
      for (const chunk of [1, 2, 3, 5]) expect(check({ body, charset: 'utf-8', bodyLimit: body.length - 7 }, [[chunk, piece]]), `pieces of ${piece}, writes of ${chunk}`).toBeNull();
    }
  });

  it('windows-1252: bytes 0x80–0x9F are the characters windows-1252 maps them to', () => {
    const body = new Uint8Array([...utf8('<title>'), 0x80, 0x93, 0x94, 0x85, 0xe9, ...utf8('</title><p>'), 0x96, 0x81, 0xff, ...utf8('</p>')]);
    expect(check({ body, charset: 'windows-1252', bodyLimit: 20 })).toBeNull();
    expect(check({ body, charset: 'iso-8859-1', bodyLimit: 200 })).toBeNull();
  });

  it('UTF-16 without a byte-order mark is read as the label says; with one, as the BOM says', () => {
    const { body } = encode('<p>a😀b</p><h1>t</h1>', 'utf-16le');
    expect(check({ body: body.subarray(2), charset: 'utf-16le', bodyLimit: 15 })).toBeNull();
    expect(check({ body, charset: 'shift_jis', bodyLimit: 15 })).toBeNull();
  });
});
