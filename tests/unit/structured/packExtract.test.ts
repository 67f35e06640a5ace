// The tab's answer to the popup: an extract packed as one string comes back equal, numbers JSON
// cannot write included.
import { describe, expect, it } from 'vitest';
import { extractStructuredData, packExtract, unpackExtract } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';

describe('packExtract', () => {
  it('round-trips an extract (cut, lost and rendered items too)', () => {
    const html = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"item":{"@id":"#x"}}]}</script>\n<p>' + 'x'.repeat(200) + '</p><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"A"}</script>';
    for (const ex of [extractStructuredData({ html, source: 'served', cut: 180, byteAt: (c) => c, headerBytes: 10 }), extractStructuredData({ html, source: 'rendered', cut: null })]) expect(unpackExtract(packExtract(ex))).toEqual(ex);
  });

  it('round-trips an extract of JSON-LD, microdata and problems, places and bytes included', () => {
    const html = [
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Anvil","offers":{"@type":"Offer","price":19.99,"priceCurrency":"EUR"},"isFamilyFriendly":true,"award":null}</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing",}</script>',
      '<div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ada \ud800</span></div>',
    ].join('\n');
    const ex = extractStructuredData({ html, source: 'served', cut: null, treeOf: (h) => parse5Tree(h), byteAt: (c) => c + 3, headerBytes: 100 });
    expect(ex.items.length).toBe(2);
    expect(ex.problems.map((p) => p.code)).toEqual(['jsonTrailingComma']);
    const packed = packExtract(ex);
    expect(typeof packed.packed).toBe('string');
    expect(unpackExtract(packed)).toEqual(ex);
  });

  it('numbers JSON cannot write (1e999, -1e999, -0) come back as they were', () => {
    const html = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Offer","price":1e999,"lowPrice":-1e999,"highPrice":-0,"offerCount":[2,1e999]}</script>';
    const ex = extractStructuredData({ html, source: 'served', cut: null });
    expect(ex.nodes[0]!.props.map((p) => p.values.map((v) => (v as { v: number }).v))).toEqual([[Infinity], [-Infinity], [-0], [2, Infinity]]);
    const back = unpackExtract(packExtract(ex));
    expect(back).toEqual(ex);
    expect(Object.is((back.nodes[0]!.props[2]!.values[0] as { v: number }).v, -0)).toBe(true);
    expect(Number.isNaN((unpackExtract(packExtract({ ...ex, nodes: [{ ...ex.nodes[0]!, props: [{ name: 'price', values: [{ t: 'number', v: NaN }], line: 1, kept: true }] }] })).nodes[0]!.props[0]!.values[0] as { v: number }).v)).toBe(true);
  });
});
