import { describe, expect, it } from 'vitest';
import { PieceDecoder } from '../../../lib/html/PieceDecoder';
import { resolveCharset } from '../../../lib/html/charset';
import { findCutoff } from '../../../lib/bytes/findCutoff';
import { rng } from '../../support/htmlSoup';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Every piece with the source offset of each of its characters (and of its end). */
function pieces(body: Uint8Array, label: string, chunk: number, pieceSize = 32_768, limit: number | null = null) {
  const out: { text: string; offsets: number[]; start: number; end: number; cutAfter: boolean }[] = [];
  const d: PieceDecoder = new PieceDecoder(
    resolveCharset(label, body),
    (text, start, end, cutAfter) => out.push({ text, offsets: [...Array(text.length + 1).keys()].map((i) => d.at(i)), start, end, cutAfter }),
    pieceSize,
    limit,
  );
  for (let i = 0; i < body.length; i += chunk) d.write(body.subarray(i, i + chunk));
  d.end();
  return { out, text: out.map((p) => p.text).join(''), cut: d.cut, exact: d.exact };
}

describe('PieceDecoder: bytes to text a piece at a time, with the source offset of every character', () => {
  it('UTF-8: a surrogate pair at the boundary of two pieces counts 4 bytes', () => {
    const text = `${'a'.repeat(65_535)}😀b€`;
    const { out, text: got } = pieces(utf8(text), 'utf-8', 65_536, 65_536);
    expect(got).toBe(text);
    // The emoji's 4 bytes never split: the first piece stops before it.
    const all = out.flatMap((p) => p.offsets.slice(0, -1));
    expect(all[65_535]).toBe(65_535);
    expect(all[65_537]).toBe(65_539); // after the emoji (two UTF-16 units, four bytes)
    expect(all[65_538]).toBe(65_540); // after "b"
    expect(out.at(-1)!.offsets.at(-1)).toBe(65_543); // after "€" (three bytes)
  });

  it('UTF-8 with a byte-order mark: offsets count its three bytes', () => {
    const { out, text } = pieces(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('ab')]), 'windows-1252', 1);
    expect(text).toBe('ab');
    expect(out.flatMap((p) => p.offsets.slice(0, -1))).toEqual([3, 4]);
  });

  it('UTF-16LE and BE: two bytes per unit after the BOM, a surrogate pair never split', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0x62, 0x00]); // a 😀 b
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0xd8, 0x3d, 0xde, 0x00, 0x00, 0x62]);
    for (const body of [le, be]) {
      for (const chunk of [1, 2, 3, 5]) {
        const { out, text } = pieces(body, 'utf-8', chunk, 8);
        expect(text).toBe('a😀b');
        expect(out.flatMap((p) => p.offsets.slice(0, -1))).toEqual([2, 4, 6, 8]);
        for (const p of out) expect(p.text.charCodeAt(p.text.length - 1) & 0xfc00).not.toBe(0xd800);
      }
    }
  });

  it('EUC-KR: offsets of a multi-byte charset are exact', () => {
    // "A가B" = 41 B0 A1 42
    const body = new Uint8Array([0x41, 0xb0, 0xa1, 0x42]);
    for (const chunk of [1, 2, 4]) {
      const { out, text, exact } = pieces(body, 'euc-kr', chunk);
      expect(text).toBe('A가B');
      expect(out.flatMap((p) => p.offsets.slice(0, -1))).toEqual([0, 1, 3]);
      expect(exact).toBe(true);
    }
  });

  it('broken UTF-8 decodes as the WHATWG decoder does (one U+FFFD per maximal bad sequence), at every chunking', () => {
    const body = new Uint8Array([0x61, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98, 0xc3, 0xa9, 0x80, 0xff, 0xed, 0xa0, 0x80, 0x63]);
    const want = new TextDecoder().decode(body);
    for (let chunk = 1; chunk <= body.length; chunk++) expect(pieces(body, 'utf-8', chunk, 8).text).toBe(want);
  });

  it('pieces never exceed the piece size, and the whole text comes out at every chunking', () => {
    const r = rng(7);
    const alphabet = ['a', 'é', '€', '😀', '<', '\r\n'];
    let s = '';
    for (let i = 0; i < 3000; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    const body = utf8(s);
    for (const [chunk, piece] of [[1, 8], [7, 16], [1000, 64], [body.length, 512]] as const) {
      const { out, text } = pieces(body, 'utf-8', chunk, piece);
      expect(text).toBe(s);
      for (const p of out) expect(p.end - p.start).toBeLessThanOrEqual(piece);
      // Each piece starts where the last one ended, and its characters' offsets are those of the bytes.
      let at = 0;
      for (const p of out) {
        expect(p.start).toBe(at);
        expect(p.offsets[0]).toBe(p.start);
        expect(p.offsets.at(-1)).toBe(p.end);
        at = p.end;
      }
    }
  });

  it('finds the cut as findCutoff does, and ends a piece right there', () => {
    const r = rng(11);
    const alphabet = ['a', 'é', '€', '😀', '\u00a0'];
    for (const [label, enc] of [['utf-8', utf8], ['windows-1252', (s: string) => new Uint8Array([...s].map((c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 0x3f)))]] as const) {
      let s = '';
      for (let i = 0; i < 200; i++) s += alphabet[Math.floor(r() * alphabet.length)];
      const body = enc(s);
      for (let limit = 0; limit <= body.length + 2; limit += 3) {
        const want = findCutoff({ body, headerBytes: 0, charset: label, limit });
        for (const chunk of [1, 5, body.length]) {
          const { out, cut } = pieces(body, label, chunk, 8, limit);
          expect(cut, `limit ${limit}, chunk ${chunk}`).toEqual({ truncated: want.truncated, kept: want.truncated ? want.bodyBytesKept : body.length });
          if (want.truncated) expect(out.find((p) => p.cutAfter)?.end).toBe(want.bodyBytesKept);
        }
      }
    }
  });
});
