import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../lib/compare';

const PAGE = `<!doctype html><html><head>
<title>  Shoes —
 Shop </title>
<meta name="description" content="All the shoes">
<meta name="ROBOTS" content="noindex, follow">
<meta name="googlebot" content="nosnippet">
<meta name="viewport" content="width=device-width, initial-scale=1">
<base href="https://shop.example/catalog/">
<link rel="canonical" href="/shoes">
<link rel="alternate" hreflang="de-DE" href="https://shop.example/de/shoes">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Boot","offers":{"@type":"Offer","price":"10"}}</script>
<script type="application/ld+json">{ broken</script>
<style>.x{color:red}</style>
</head><body>
<h1>Shoes <b>for</b> all</h1>
<p>Walk <em>far</em>, walk<span>well</span>.</p>
<script>var hidden = "not words";</script>
<template><p>not shown</p></template>
<h2>Boots</h2><h3>Winter</h3><h4>not counted</h4>
<a href="boots#top">Boots</a> <a href="https://shop.example/catalog/boots">again</a>
<a href="https://other.example/x">out</a> <a href="mailto:a@b.c">mail</a> <a href="javascript:void 0">js</a>
<img src="a.png" alt="A"><img src="b.png"><img src="c.png" alt=" ">
<svg><title>icon title</title></svg>
</body></html>`;

describe('extractPage', () => {
  const p = extractPage(PAGE, 'https://shop.example/shoes?x=1');

  it('reads title, description, robots, viewport', () => {
    expect(p.title).toBe('Shoes — Shop');
    expect(p.metaDescription).toBe('All the shoes');
    expect(p.robotsMeta).toEqual([
      { name: 'robots', content: 'noindex, follow' },
      { name: 'googlebot', content: 'nosnippet' },
    ]);
    expect(p.viewport).toBe('width=device-width, initial-scale=1');
  });

  it('resolves canonical, hreflang and links against <base href>', () => {
    expect(p.canonical).toEqual(['https://shop.example/shoes']);
    expect(p.hreflang).toEqual([{ lang: 'de-de', href: 'https://shop.example/de/shoes' }]);
    expect(p.links).toEqual({
      internal: ['https://shop.example/catalog/boots'],
      external: ['https://other.example/x'],
    });
  });

  it('keeps h1–h3 only, with their text', () => {
    expect(p.headings).toEqual([
      { level: 1, text: 'Shoes for all' },
      { level: 2, text: 'Boots' },
      { level: 3, text: 'Winter' },
    ]);
  });

  it('counts visible words only, joining inline elements', () => {
    expect(p.words).toEqual([
      'Shoes', 'for', 'all', 'Walk', 'far,', 'walkwell.', 'Boots', 'Winter', 'not', 'counted', 'Boots', 'again', 'out', 'mail', 'js',
    ]);
  });

  it('reads JSON-LD types, nested too, and keeps unparsable blocks as text', () => {
    expect(p.jsonLd).toEqual([
      {
        types: ['Product', 'Offer'],
        text: '{"@context":"https://schema.org","@type":"Product","name":"Boot","offers":{"@type":"Offer","price":"10"}}',
        valid: true,
      },
      { types: [], text: '{ broken', valid: false },
    ]);
  });

  it('counts images and missing alt texts (empty alt counts as missing)', () => {
    expect(p.images).toEqual({ count: 3, missingAlt: ['b.png', 'c.png'] });
  });

  it('survives 100,000 nested elements without recursion', () => {
    const deep = '<div>'.repeat(100_000) + 'deep words' + '</div>'.repeat(100_000);
    expect(extractPage(deep, 'https://a.example/').words).toEqual(['deep', 'words']);
  });

  it('gives nulls and empty lists for an empty document', () => {
    const e = extractPage('', 'https://a.example/');
    expect(e.title).toBeNull();
    expect(e.words).toEqual([]);
    expect(e.links).toEqual({ internal: [], external: [] });
  });
});
