// A page's JSON-LD read without decoding the page (jsonLdSegments): every item, entity, property
// line, problem and byte the same as from the whole page decoded and scanned again, on generated
// pages with every kind of line end, characters of 1 to 4 bytes and invalid bytes before, between
// and inside the blocks, tags over several lines and blocks side by side on one line.
import { describe, expect, it } from 'vitest';
import { HtmlReader, resolveCharset } from '../../../lib/html';
import { StructuredTokens, structuredFromBytes } from '../../../lib/structured';
import { jsonLdSegments } from '../../../lib/structured/jsonLdSegments';

function passTokens(body: Uint8Array, charset: string, piece: number): StructuredTokens {
  const t = new StructuredTokens(false);
  const r = new HtmlReader({ whole: [t] }, { charset, contentType: `text/html; charset=${charset}` });
  for (let i = 0; i < body.length; i += piece) r.write(body.subarray(i, i + piece));
  r.end();
  return t;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const enc = new TextEncoder();
const bytes = (...parts: (string | number[])[]) => {
  const chunks = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

const EOL = ['\n', '\r\n', '\r', '\n\n', ''];
const TEXT = ['Größe', '„Preis“', '😀 emoji', 'plain text', '\t tabbed', 'naïve café'];
const BAD = [[0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98]];

function block(r: () => number, i: number): string {
  const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const tag = r() < 0.3 ? `<script${pick(EOL) || ' '}type="application/ld+json"${pick(EOL)}>` : '<script type="application/ld+json">';
  const kinds = [
    () => `{"@context":"https://schema.org","@type":"Product","name":"${pick(TEXT)} ${i}",${pick(EOL)}"offers":{"@type":"Offer","price":"9.90","priceCurrency":"EUR"}}`,
    () => `[${pick(EOL)}{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"${pick(TEXT)}","item":"https://shop.example/c/${i}"}]}${pick(EOL)}]`,
    () => `{"@context":"https://schema.org","@type":"Organization","name":"${pick(TEXT)}",}`,
    () => `<!-- {"@type":"Thing"} -->`,
    () => '',
    () => `{"@context":"https://schema.org","@graph":[{"@id":"#a","@type":"Person","name":"${pick(TEXT)}","knows":{"@id":"#b"}},${pick(EOL)}{"@id":"#b","@type":"Person","name":"B"}]}`,
  ];
  return `${tag}${pick(kinds)()}</script>`;
}

/** A page of random text, lines and blocks; `bad`: invalid UTF-8 bytes somewhere outside the blocks. */
function generated(seed: number): Uint8Array {
  const r = rng(seed);
  const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const parts: (string | number[])[] = [r() < 0.2 ? [0xef, 0xbb, 0xbf] : [], '<!doctype html><html><head><meta charset="utf-8">'];
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const before = Math.floor(r() * 4);
    for (let k = 0; k < before; k++) {
      parts.push(`<p>${pick(TEXT)}</p>${pick(EOL)}`);
      if (r() < 0.15) parts.push(pick(BAD), ' ');
    }
    parts.push(block(r, i));
    // Two blocks on one line now and then.
    if (r() < 0.3) parts.push(block(r, i + 100));
  }
  parts.push(`</head><body>${pick(TEXT)}${pick(EOL)}</body></html>`);
  return bytes(...parts);
}

const input = (body: Uint8Array, charset = 'utf-8') => ({ body, headerBytes: 320, charset, limit: 2_097_152, baseUrl: 'https://shop.example/p/1' });

describe('jsonLdSegments', () => {
  it('gives the extract of the whole page decoded, on 400 generated pages, the blocks decoded alone', () => {
    let fast = 0;
    let items = 0;
    let problems = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const body = generated(seed);
      const byteTokens = passTokens(body, 'utf-8', 1 + (seed % 97));
      const cs = resolveCharset('utf-8', body);
      if (jsonLdSegments(body, byteTokens, cs)) fast++;
      const whole = structuredFromBytes(input(body));
      const fromPass = structuredFromBytes({ ...input(body), byteTokens });
      expect(fromPass, `seed ${seed}`).toEqual(whole);
      items += whole.items.length;
      problems += whole.problems.length;
    }
    // Every generated page is read without decoding it (invalid bytes lie outside the blocks).
    expect(fast).toBe(400);
    // Something was compared: items and problems with their places.
    expect(items).toBeGreaterThan(400);
    expect(problems).toBeGreaterThan(100);
  });

  it('places a block after a line of invalid and multi-byte characters at the column the decoded page has', () => {
    const body = bytes('<html><head>', [0xff, 0xfe], ' Größe 😀 ', [0xe2, 0x82], '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"x"}</script></head></html>');
    const byteTokens = passTokens(body, 'utf-8', 5);
    const fromPass = structuredFromBytes({ ...input(body), byteTokens });
    expect(fromPass).toEqual(structuredFromBytes(input(body)));
    // The item is its object's `{`: <html><head> (12) + 2 × U+FFFD + " Größe " (7) + 😀 (2 units) + " " + U+FFFD
    // = 25 units before the tag, then the tag's 35; its byte: 12 + 2 + 9 + 4 + 1 + 2 + 35.
    expect(fromPass.items[0]!.place).toEqual({ line: 1, column: 61, byte: 65 });
  });

  it('decodes the page after all when a block holds an invalid byte (its bytes cannot be placed from its characters)', () => {
    const body = bytes('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"', [0xff], '"}</script>');
    const byteTokens = passTokens(body, 'utf-8', 8);
    expect(jsonLdSegments(body, byteTokens, resolveCharset('utf-8', body))).toBeNull();
    expect(structuredFromBytes({ ...input(body), byteTokens })).toEqual(structuredFromBytes(input(body)));
  });

  it('reads windows-1252 blocks alone; leaves microdata, RDFa and UTF-16 to the whole page', () => {
    const latin = Uint8Array.from('<p>Caf\xe9\r\n</p><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Cr\xe8me"}</script>', (c) => c.charCodeAt(0));
    const t = passTokens(latin, 'windows-1252', 9);
    expect(jsonLdSegments(latin, t, resolveCharset('windows-1252', latin))).not.toBeNull();
    expect(structuredFromBytes({ ...input(latin, 'windows-1252'), byteTokens: t })).toEqual(structuredFromBytes(input(latin, 'windows-1252')));
    const micro = enc.encode('<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">x</span></div><script type="application/ld+json">{"@type":"Thing"}</script>');
    expect(jsonLdSegments(micro, passTokens(micro, 'utf-8', 16), resolveCharset('utf-8', micro))).toBeNull();
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('<script type="application/ld+json">{}</script>').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(jsonLdSegments(utf16, passTokens(utf16, 'utf-16le', 16), resolveCharset('utf-16le', utf16))).toBeNull();
  });
});
