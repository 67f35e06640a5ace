import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../lib/bytes';
// parse5 is the reference here only; the product ships the linear scanner.
import { scanHtmlWithParse5 } from '../../../lib/bytes/scanHtmlWithParse5';
import { bigPage, generatedPage } from '../../fixtures/demo-site/routes/bytes.mjs';

// The product scans with a fast tokenizer; parse5's spec-complete tokenizer is the reference.
// Both drive the same collector, so any difference is a tokenizing difference.
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

function both(html: string, cut: number) {
  return { fast: scanHtml(html, cut), ref: scanHtmlWithParse5(html, cut) };
}

describe('the fast scanner agrees with parse5', () => {
  for (const [name, html] of TRICKY) {
    it(`${name}: every cut position`, () => {
      for (let cut = 0; cut <= html.length; cut++) {
        const { fast, ref } = both(html, cut);
        expect(fast, `cut at ${cut}`).toEqual(ref);
      }
    });
  }

  it('the 3 MB demo page, cut at 2,097,152', () => {
    const { html } = bigPage();
    const { fast, ref } = both(html, 2_097_152);
    expect(fast).toEqual(ref);
    expect(fast.links.total).toBe(2640);
    // Character offsets: the title's em dash is one character and three bytes, so byte 2,119,320 is character 2,119,318.
    expect(fast.firstPastCut).toMatchObject({ tag: 'section', id: 'past-cut', start: 2_119_318 });
  });

  it('a generated 2 MB page', () => {
    const html = [...generatedPage(2_097_152)].join('');
    const { fast, ref } = both(html, 1_000_000);
    expect(fast).toEqual(ref);
    // A link is lost when its start tag is not whole before the cut.
    const tags = [...html.matchAll(/<a href=[^>]*>/g)];
    const links = tags.length;
    const linksAfter = tags.filter((m) => m.index + m[0].length > 1_000_000).length;
    expect(fast.links).toMatchObject({ total: links, lost: linksAfter });
    expect(links).toBe(1993);
  });
});
