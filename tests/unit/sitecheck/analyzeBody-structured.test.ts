// The site check's body analysis and structured data: found in the same streaming pass, the text
// read for a page that has some — the same answer whole or in pieces, an item past the cut lost at
// its byte, nothing read for a page without any or when not asked.
import { describe, expect, it } from 'vitest';
import { analyzeBody, openBodyAnalysis, type BodyToAnalyze } from '../../../lib/sitecheck';
import { structuredFromBytes } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';
import { validateStructuredData } from '../../../lib/structured/validate';

const enc = (s: string) => new TextEncoder().encode(s);
const BREADCRUMB = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"https://shop.example/"}]}</script>';
const PRODUCT = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lamp"}</script>';
const LIMIT = 2_097_152;

function body(html: string): BodyToAnalyze {
  const b = enc(html);
  return { statusLine: 'HTTP/1.1 200 OK', status: 200, headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }], body: b, bodyBytes: b.length, complete: true, finalUrl: 'https://shop.example/p', limit: LIMIT, now: Date.UTC(2026, 0, 1) };
}

async function inPieces(f: BodyToAnalyze, size: number) {
  const sink = openBodyAnalysis(f);
  for (let i = 0; i < f.body.length; i += size) sink.write(f.body.slice(i, i + size));
  return sink.end({ bodyBytes: f.bodyBytes, complete: true });
}

describe('analyzeBody: structured data', () => {
  const html = `<!doctype html><html><head><title>Lamp — ü</title>${BREADCRUMB}</head><body><h1>Lamp</h1><p>${'x'.repeat(2_100_000)}</p>${PRODUCT}</body></html>`;

  it('a Product past the cut is lost at its byte, the breadcrumb before it served; the same in 65,536- and 333-byte pieces', async () => {
    const f = body(html);
    const whole = await analyzeBody(f);
    expect(whole.bytes.truncated).toBe(true);
    const s = whole.structured!;
    expect(s.items.map((i) => [i.item.types, i.item.status])).toEqual([
      [['BreadcrumbList'], 'served'],
      [['Product'], 'lost'],
    ]);
    // Body byte of the Product's object in its block ("ü" is two bytes), plus the header bytes.
    const productByte = enc(html.slice(0, html.indexOf('{"@context":"https://schema.org","@type":"Product"'))).length;
    expect(s.items[1]!.item.responseByte).toBe(whole.bytes.headerBytes + productByte);
    expect(s.counts).toMatchObject({ items: 2, lost: 1 });
    expect(await inPieces(f, 65_536)).toEqual(whole);
    expect(await inPieces(f, 333)).toEqual(whole);
  });

  it('a page without structured data: nothing to judge; not asked: null', async () => {
    const none = await analyzeBody(body('<title>plain</title><p>text</p>'));
    expect(none.structured).toEqual({ items: [], problems: [], vocabulary: '', counts: { items: 0, errors: 0, warnings: 0, lost: 0, rendered: 0 } });
    const off = await analyzeBody({ ...body(html), structuredData: false });
    expect(off.structured).toBeNull();
    expect(off.served).toEqual((await analyzeBody(body(html))).served);
  });

  it('JSON-LD only, nothing cut: read from the bytes up to the last end tag — the judgement of the whole page read on its own, on 300 generated pages in pieces', async () => {
    let seed = 11;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
    const pick = <T,>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
    const ends = ['</script>', '</script >', '</SCRIPT\t>', '</script foo=">">'];
    const blocks = [PRODUCT.slice(0, -9), BREADCRUMB.slice(0, -9), '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lampe – ü\uFFFD"}', '<script type="application/ld+json">{"@type":"Event",}'];
    const filler = () => pick(['<p>text ü</p>\n', '<div>\r\n<a href="/x">x</a></div>', '<!-- </script> -->', '<p>plain</p>', '\n\n']).repeat(1 + Math.floor(rnd() * 40));
    for (let i = 0; i < 300; i++) {
      const parts = ['<!doctype html><html><head><title>t</title>'];
      const count = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < count; k++) parts.push(filler(), pick(blocks), pick(ends));
      // Sometimes the last block has no end tag: it runs to the end of the page.
      if (rnd() < 0.15) parts.push(filler(), pick(blocks));
      else parts.push(filler(), '</body></html>');
      const html = parts.join('');
      const latin = rnd() < 0.2;
      const bytes = latin ? Uint8Array.from(html.replace(/[^\x00-\xff]/g, '?'), (c) => c.charCodeAt(0)) : enc(html);
      const f: BodyToAnalyze = { ...body(''), body: bytes, bodyBytes: bytes.length, headers: [{ name: 'Content-Type', value: `text/html; charset=${latin ? 'windows-1252' : 'utf-8'}` }] };
      const got = await inPieces(f, pick([333, 4_096, 65_536]));
      expect(got.bytes.truncated).toBe(false);
      const ex = structuredFromBytes({ body: bytes, headerBytes: got.bytes.headerBytes, charset: latin ? 'windows-1252' : 'utf-8', limit: LIMIT, baseUrl: f.finalUrl, treeOf: (h) => parse5Tree(h) });
      const { cutoff: _c, ...served } = ex;
      expect(got.structured, html).toEqual(validateStructuredData({ served, now: f.now!, cutByte: null }));
    }
  });
});
