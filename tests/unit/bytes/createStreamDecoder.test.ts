import { describe, expect, it } from 'vitest';
import { analyzeBytes, createStreamDecoder, resolveCharset } from '../../../lib/bytes';

// What the streamed text must equal: the body decoded in one piece, as analyzeBytes decodes it.
// Except for windows-1252 under Node 20, whose one-call decode maps 0x80–0x9F to C1 controls
// (Latin-1) instead of the WHATWG table (0x80 is €); its streaming decode follows the table, as
// browsers do in both. For windows-1252 the reference is therefore the standard's table: one
// streaming call over the whole body.
const oneShot = (body: Uint8Array, label: string) => {
  const { encoding } = resolveCharset(label, body);
  if (encoding !== 'windows-1252') return new TextDecoder(encoding).decode(body);
  const d = new TextDecoder(encoding);
  return d.decode(body, { stream: true }) + d.decode();
};

function streamed(body: Uint8Array, label: string, cuts: number[]): string {
  const d = createStreamDecoder(label);
  let at = 0;
  for (const c of [...cuts, body.length]) {
    d.push(body.subarray(at, c));
    at = c;
  }
  return d.end();
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

/** Sorted piece boundaries: every split of the first bytes (the BOM), then random ones. */
function cutsFor(len: number, r: () => number): number[][] {
  const out: number[][] = [[], [1], [2], [1, 2], [1, 1, 2], [0, 0, 3]];
  for (let k = 0; k < 12; k++) {
    const n = 1 + Math.floor(r() * 8);
    out.push(Array.from({ length: n }, () => Math.floor(r() * (len + 1))).sort((a, b) => a - b));
  }
  // Every single split point of short bodies.
  if (len <= 64) for (let i = 0; i <= len; i++) out.push([i]);
  return out.map((c) => c.map((x) => Math.min(x, len)));
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16 = (s: string, be: boolean, bom: boolean) => {
  const out: number[] = bom ? (be ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    out.push(...(be ? [u >> 8, u & 0xff] : [u & 0xff, u >> 8]));
  }
  return Uint8Array.from(out);
};
const TEXT = '<p>Crème brûlée € 5 — 日本語 😀 𝄞</p>\n<a href="/x">ü</a>';
// "日本語、ｶﾅ abc" in Shift_JIS (two-byte kanji, a half-width katakana, ASCII), and in EUC-JP.
const SJIS = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x81, 0x41, 0xb6, 0xc5, 0x20, 0x61, 0x62, 0x63];
const ISO2022 = [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42, 0x61, 0x62];

describe('createStreamDecoder: the same text as a one-piece decode, however the body is split', () => {
  const cases: [string, Uint8Array, string][] = [
    ['UTF-8', utf8(TEXT), 'utf-8'],
    ['UTF-8 with a BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]), 'utf-8'],
    ['a UTF-8 BOM under a windows-1252 label', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]), 'windows-1252'],
    ['UTF-8 ending inside a character', utf8(TEXT).subarray(0, utf8(TEXT).length - 2), 'utf-8'],
    ['UTF-8 with invalid bytes', new Uint8Array([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x61, 0xf0, 0x9f, 0x98, 0xff, 0x62]), 'utf-8'],
    ['UTF-16LE with a BOM', utf16(TEXT, false, true), 'utf-8'],
    ['UTF-16BE with a BOM', utf16(TEXT, true, true), 'windows-1252'],
    ['UTF-16LE by label', utf16(TEXT, false, false), 'utf-16le'],
    ['UTF-16BE by label, odd length', utf16(TEXT, true, false).subarray(0, 41), 'utf-16be'],
    ['windows-1252', Uint8Array.from({ length: 256 }, (_, i) => i), 'windows-1252'],
    ['ISO-8859-2', Uint8Array.from({ length: 256 }, (_, i) => i), 'iso-8859-2'],
    ['an unknown label (read as windows-1252)', Uint8Array.from({ length: 256 }, (_, i) => 255 - i), 'x-no-such-charset'],
    ['Shift_JIS', Uint8Array.from([...SJIS, ...SJIS, ...SJIS]), 'shift_jis'],
    ['Shift_JIS ending inside a character', Uint8Array.from([...SJIS, 0x93]), 'shift_jis'],
    ['ISO-2022-JP', Uint8Array.from([...ISO2022, ...ISO2022]), 'iso-2022-jp'],
    ['GB18030', Uint8Array.from([0xc4, 0xe3, 0xba, 0xc3, 0x81, 0x30, 0x81, 0x30, 0x61]), 'gb18030'],
    ['an empty body', new Uint8Array(0), 'utf-8'],
    ['one byte', new Uint8Array([0xef]), 'utf-8'],
    ['two bytes of a UTF-8 BOM', new Uint8Array([0xef, 0xbb]), 'utf-8'],
  ];
  for (const [name, body, label] of cases) {
    it(name, () => {
      const expected = oneShot(body, label);
      const r = rng(body.length + 7);
      for (const cuts of cutsFor(body.length, r)) expect(streamed(body, label, cuts), `${name} split at ${cuts.join(',')}`).toBe(expected);
    });
  }
  it('windows-1252 by the WHATWG table: 0x80 is €, 0x9F is Ÿ', () => {
    const d = createStreamDecoder('windows-1252');
    d.push(new Uint8Array([0x80, 0x41]));
    d.push(new Uint8Array([0x9f]));
    expect(d.end()).toBe('€AŸ');
  });
  it('random bytes in every kind of charset, random pieces', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const body = Uint8Array.from({ length: 1 + Math.floor(r() * 300) }, () => Math.floor(r() * 256));
      for (const label of ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'shift_jis', 'euc-jp', 'big5', 'gb18030', 'iso-2022-jp']) {
        const expected = oneShot(body, label);
        for (const cuts of cutsFor(body.length, r).slice(0, 10)) expect(streamed(body, label, cuts), `seed ${seed} ${label} ${cuts.join(',')}`).toBe(expected);
      }
    }
  });
});

describe('analyzeBytes: the same report from a streamed decode as from its own', () => {
  const FILLER = 'é'.repeat(150) + '😀'.repeat(40);
  const PAGE =
    '<!doctype html><html><head><title>Ünïcode</title><meta name="robots" content="index"></head><body><h1>Héllo</h1>' +
    `<!-- c --><p id="filler">${FILLER}</p><link rel="canonical" href="https://example.com/a">` +
    '<script type="application/ld+json">{"@type":"Product"}</script><a href="/one">one</a><h2>Gone</h2></body></html>';
  const bodies: [string, Uint8Array, string][] = [
    ['UTF-8', utf8(PAGE), 'utf-8'],
    ['UTF-8 with a BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(PAGE)]), 'utf-8'],
    ['UTF-16LE', utf16(PAGE, false, true), 'utf-16le'],
    ['windows-1252', Uint8Array.from(PAGE.replace(/[^\x00-\xff]/g, '?'), (c) => c.charCodeAt(0)), 'windows-1252'],
    ['Shift_JIS', Uint8Array.from([...utf8('<html><head><title>'), ...SJIS, ...utf8('</title></head><body><p>'), ...Array(60).fill(SJIS).flat(), ...utf8('</p><a href="/z">z</a></body></html>')]), 'shift_jis'],
  ];
  for (const [name, body, label] of bodies) {
    it(name, async () => {
      const r = rng(body.length);
      for (const limit of [200, 333, 420, 577]) {
        const own = await analyzeBytes({ body, headerBytes: 50, charset: label, limit, mediaType: 'text/html' });
        for (const cuts of cutsFor(body.length, r).slice(0, 8)) {
          const text = streamed(body, label, cuts);
          const given = await analyzeBytes({ body, headerBytes: 50, charset: label, limit, mediaType: 'text/html', text });
          expect(given, `${name} limit ${limit} split ${cuts.join(',')}`).toEqual(own);
        }
      }
    });
  }
});
