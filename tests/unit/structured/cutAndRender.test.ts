// The cut and the render: a block past Googlebot's cut is lost (with its byte), one the cut falls
// inside is unreadable, a microdata item cut in half keeps what lies before the cut; JSON-LD only
// in the render is "added by JavaScript".
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { extractStructuredData, structuredFromBytes } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';
import { validateStructuredData, vocabulary } from '../../../lib/structured/validate';

const enc = (s: string) => new TextEncoder().encode(s);
const PRODUCT = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Anvil","offers":{"@type":"Offer","price":"19.99","priceCurrency":"EUR"}}</script>';
const BREADCRUMB = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"https://e.com/"}]}</script>';

describe('the cut', () => {
  // Layout (UTF-8): the breadcrumb block in the head, 3,000 "é" (6,000 bytes), the product block on line 2.
  // An item's place is where its JSON object starts (after the 35 characters of the script tag).
  const head = `<!doctype html><html><head>${BREADCRUMB}</head><body><p>`;
  const filler = 'é'.repeat(3_000);
  const html = `${head}${filler}</p>\n${PRODUCT}</body></html>`;
  const productByte = enc(`${head}${filler}</p>\n`).length + 35;

  it('a Product block past the cut: lost, at its body byte and response byte, and an error in its verdict', () => {
    const x = structuredFromBytes({ body: enc(html), headerBytes: 300, charset: 'utf-8', limit: 4_000, treeOf: (h) => parse5Tree(h) });
    expect(x.cutoff.truncated).toBe(true);
    expect(x.items.map((i) => [i.types[0], i.status, i.place.byte, i.responseByte, i.place.line])).toEqual([
      ['BreadcrumbList', 'served', head.indexOf('<script') + 35, 300 + head.indexOf('<script') + 35, 1],
      ['Product', 'lost', productByte, 300 + productByte, 2],
    ]);
    const r = validateStructuredData({ served: x, now: 0 });
    expect(r.items[1]!.findings[0]).toEqual({ code: 'itemLost', severity: 'error', path: '', params: [300 + productByte], line: 2, source: 'https://developers.google.com/search/docs/crawling-indexing/googlebot', feature: null });
    expect(r.items[1]!.verdict).toBe('errors');
    expect(r.counts).toMatchObject({ items: 2, lost: 1 });
  });

  it('a block the cut falls inside: cut, unreadable for Google, at the cut byte', () => {
    const limit = 300 + productByte + 5;
    const x = structuredFromBytes({ body: enc(html), headerBytes: 300, charset: 'utf-8', limit });
    expect(x.items.map((i) => [i.types[0], i.status])).toEqual([['BreadcrumbList', 'served'], ['Product', 'cut']]);
    expect(x.problems).toEqual([{ code: 'blockCut', format: 'jsonld', severity: 'error', params: [limit], place: { line: 2, column: expect.any(Number), byte: limit - 300 } }]);
    const r = validateStructuredData({ served: x, now: 0, cutByte: limit });
    expect(r.items[1]!.findings.find((f) => f.code === 'itemCut')).toMatchObject({ severity: 'error', params: [limit] });
  });

  it('a microdata item cut in half: the properties before the cut are read, the others not', () => {
    const md = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Anvil</span>${'x'.repeat(500)}<span itemprop="description">heavy</span></div>`;
    const x = extractStructuredData({ html: md, source: 'served', cut: 300, treeOf: (h) => parse5Tree(h) });
    expect(x.items[0]!.status).toBe('cut');
    expect(x.nodes[0]!.props.map((p) => [p.name, p.kept])).toEqual([['name', true], ['description', false]]);
  });
});

describe('served, rendered', () => {
  it('JSON-LD added by JavaScript: in the render only, marked rendered; the served one once', () => {
    const served = extractStructuredData({ html: `<html><head>${BREADCRUMB}</head></html>`, source: 'served', cut: null });
    const rendered = extractStructuredData({ html: `<html><head>${BREADCRUMB}${PRODUCT}</head></html>`, source: 'rendered', cut: null });
    const r = validateStructuredData({ served, rendered, now: 0 });
    expect(r.items.map((j) => [j.item.types[0], j.item.status])).toEqual([['BreadcrumbList', 'served'], ['Product', 'rendered']]);
    expect(r.counts.rendered).toBe(1);
  });
});

describe('microdata and RDFa read as JSON-LD is', () => {
  const dir = path.resolve(__dirname, '../../fixtures/structured/google');
  const read = (f: string) => {
    const ex = extractStructuredData({ html: fs.readFileSync(path.join(dir, f), 'utf8'), source: 'served', cut: null, treeOf: (h) => parse5Tree(h), baseUrl: 'https://example.com/' });
    return validateStructuredData({ served: ex, now: 0 });
  };
  const flat = (r: ReturnType<typeof read>) => r.items.map((j) => ({ types: j.item.types, features: j.features, verdict: j.verdict, findings: j.findings.filter((f) => f.severity !== 'info').map((f) => [f.code, f.path]).sort() }));

  it.each([
    ['product-snippet-jsonld-1.html', 'product-snippet-microdata-1.html', 'product-snippet-rdfa-1.html'],
    ['breadcrumb-jsonld-1.html', 'breadcrumb-microdata-1.html', 'breadcrumb-rdfa-1.html'],
  ])("%s: Google's microdata and RDFa versions give the same items, features, verdicts and findings", (j, m, r) => {
    const want = flat(read(j));
    expect(want[0]!.verdict).not.toBe('errors');
    expect(flat(read(m))).toEqual(want);
    expect(flat(read(r))).toEqual(want);
  });

  it('the same properties, in every format (Product)', () => {
    const names = (f: string) => {
      const ex = extractStructuredData({ html: fs.readFileSync(path.join(dir, f), 'utf8'), source: 'served', cut: null, treeOf: (h) => parse5Tree(h) });
      return ex.nodes[ex.items[0]!.node]!.props.map((p) => p.name).sort();
    };
    expect(names('product-snippet-microdata-1.html')).toEqual(names('product-snippet-jsonld-1.html'));
    expect(names('product-snippet-rdfa-1.html')).toEqual(names('product-snippet-jsonld-1.html'));
  });
});

describe('the schema.org vocabulary shipped', () => {
  it('is the table scripts/schemaorg-vocabulary.mjs derives from the installed schema-dts, with its version', () => {
    const root = path.resolve(__dirname, '../../..');
    // Exits 1 (and execFileSync throws) when the committed table is not what the installed schema-dts gives.
    execFileSync(process.execPath, [path.join(root, 'scripts/schemaorg-vocabulary.mjs'), '--check'], { cwd: root });
    expect(vocabulary.version).toBe('schema.org vocabulary as shipped by schema-dts 2.1.0');
    expect(vocabulary.isA('Restaurant', 'LocalBusiness')).toBe(true);
    expect(vocabulary.isA('LocalBusiness', 'Place')).toBe(true);
    expect(vocabulary.hasProperty('Restaurant', 'servesCuisine')).toBe(true);
    expect(vocabulary.enumMembers('ItemAvailability')).toContain('InStock');
  });
});

describe('views side by side', () => {
  it('per type, how many items each view has: what Googlebot misses shows in one row', async () => {
    const { structuredViews } = await import('../../../lib/structured');
    const read = (html: string | null) => (html === null ? null : extractStructuredData({ html, source: 'rendered', cut: null }));
    const rows = structuredViews([
      { key: 'served', extract: read(`<html><head>${BREADCRUMB}</head></html>`) },
      { key: 'rendered', extract: read(`<html><head>${BREADCRUMB}${PRODUCT}</head></html>`) },
      { key: 'visitor', extract: read(`<html><head>${BREADCRUMB}${PRODUCT}${PRODUCT}</head></html>`) },
      { key: 'browser', extract: read(null) },
    ]);
    expect(rows).toEqual([
      { type: 'BreadcrumbList', counts: { served: 1, rendered: 1, visitor: 1, browser: 0 } },
      { type: 'Product', counts: { served: 0, rendered: 1, visitor: 2, browser: 0 } },
    ]);
  });
});
