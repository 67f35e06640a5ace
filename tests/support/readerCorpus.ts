// The documents the reader is checked on against parse5: the hand-written hard cases, and seeded
// tag soup in each encoding the reader decodes differently (UTF-8, broken UTF-8, windows-1252,
// UTF-16LE and BE with their byte-order marks).
import { rng, soup } from './htmlSoup';
import type { OracleCase } from './readerOracle';

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** UTF-16 with its byte-order mark. */
export function utf16(s: string, be = false): Uint8Array {
  const u = new Uint8Array(s.length * 2 + 2);
  u[0] = be ? 0xfe : 0xff;
  u[1] = be ? 0xff : 0xfe;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    u[2 + 2 * i + (be ? 1 : 0)] = c & 0xff;
    u[2 + 2 * i + (be ? 0 : 1)] = c >> 8;
  }
  return u;
}

const CP1252_HIGH: Record<number, number> = { 0x20ac: 0x80, 0x201a: 0x82, 0x2026: 0x85, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2013: 0x96, 0x2014: 0x97 };
/** windows-1252 (a character it lacks becomes "?"). */
export function cp1252(s: string): Uint8Array {
  return new Uint8Array([...s].map((c) => {
    const x = c.codePointAt(0)!;
    return CP1252_HIGH[x] ?? (x < 256 ? x : 0x3f);
  }));
}

export type Encoding = 'utf-8' | 'broken utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export const ENCODINGS: readonly Encoding[] = ['utf-8', 'broken utf-8', 'windows-1252', 'utf-16le', 'utf-16be'];

/** A document's bytes in one encoding, with the label it is served with (a BOM wins over it). */
export function encode(html: string, enc: Encoding, r: () => number = Math.random): { body: Uint8Array; charset: string } {
  switch (enc) {
    case 'utf-8':
      return { body: utf8(html), charset: 'utf-8' };
    case 'broken utf-8': {
      // One byte replaced by a lead or continuation byte out of place.
      const body = utf8(html);
      if (body.length) body[Math.floor(r() * body.length)] = [0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff][Math.floor(r() * 6)]!;
      return { body, charset: 'utf-8' };
    }
    case 'windows-1252':
      return { body: cp1252(html), charset: 'windows-1252' };
    case 'utf-16le':
      return { body: utf16(html), charset: 'utf-8' };
    case 'utf-16be':
      return { body: utf16(html, true), charset: 'windows-1252' };
  }
}

/** Generated document `seed`: tag soup in an encoding that rotates with the seed, with a limit anywhere from before the first byte to past the last. */
export function generatedCase(seed: number): OracleCase & { html: string; encoding: Encoding } {
  const r = rng(seed);
  const html = soup(r);
  const encoding = ENCODINGS[seed % ENCODINGS.length]!;
  const { body, charset } = encode(html, encoding, r);
  return { html, encoding, body, charset, bodyLimit: Math.floor(r() * (body.length + 4)) };
}
