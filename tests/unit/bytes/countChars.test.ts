import { describe, expect, it } from 'vitest';
import { findCutoff, resolveCharset } from '../../../lib/bytes';
import { countChars } from '../../../lib/bytes/countChars';

// What countChars must equal: the length of the text the platform decoder makes of body[0, end).
const decoded = (body: Uint8Array, end: number, label: string) =>
  new TextDecoder(resolveCharset(label, body).encoding).decode(body.subarray(0, end)).length;

// A small deterministic generator, so a failure names its seed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const PIECES = ['a', '<p>', ' ', '\n', 'é', 'ß', '€', '日本', '😀', '𝄞', '\u00a0', '\ufffd'];

describe('countChars: counted from the bytes, equal to decoding', () => {
  it('UTF-8: every whole-character prefix of texts with 1-, 2-, 3- and 4-byte characters (and a BOM)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed);
      let s = '';
      for (let i = 0; i < 60; i++) s += PIECES[Math.floor(r() * PIECES.length)];
      const body = seed % 4 === 0 ? new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(s)]) : utf8(s);
      const cs = resolveCharset('utf-8', body);
      for (let end = 0; end <= body.length; end++) {
        // Only whole-character ends are asked (the cut backs off to one); part of a BOM is the decoder's.
        const whole = end === body.length || (body[end]! & 0xc0) !== 0x80;
        if (!whole) continue;
        if (end > 0 && end < cs.bomBytes) {
          expect(countChars(body, end, cs)).toBeNull();
          continue;
        }
        expect(countChars(body, end, cs), `seed ${seed} end ${end}`).toBe(decoded(body, end, 'utf-8'));
      }
    }
  });
  it('windows-1252 and other single-byte charsets: one character per byte, whatever the byte', () => {
    const body = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    for (const label of ['windows-1252', 'iso-8859-7', 'koi8-r', 'windows-874']) {
      const cs = resolveCharset(label, body);
      expect(cs.kind).toBe('single-byte');
      for (const end of [0, 1, 127, 128, 129, 255, 256, 511, 512]) expect(countChars(body, end, cs), `${label} ${end}`).toBe(decoded(body, end, label));
    }
  });
  it('UTF-16LE and BE, with and without a BOM, pairs and unpaired surrogates: even byte counts', () => {
    const units = [0x61, 0xd83d, 0xde00, 0x65e5, 0xd800, 0x62, 0xdc00, 0x20, 0xdbff, 0xdfff, 0xd801];
    for (const be of [false, true]) {
      for (const bom of [false, true]) {
        const bytes: number[] = bom ? (be ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
        for (const u of units) bytes.push(...(be ? [u >> 8, u & 0xff] : [u & 0xff, u >> 8]));
        const body = Uint8Array.from(bytes);
        const label = be ? 'utf-16be' : 'utf-16le';
        const cs = resolveCharset(label, body);
        for (let end = 0; end <= body.length; end++) {
          const n = countChars(body, end, cs);
          if ((end - cs.bomBytes) % 2 !== 0 || (end > 0 && end < cs.bomBytes)) expect(n).toBeNull();
          else expect(n, `${label} bom ${bom} end ${end}`).toBe(decoded(body, end, label));
        }
      }
    }
  });
  it('leaves to the decoder what only it can tell: broken UTF-8, Shift_JIS, ISO-2022-JP', () => {
    const body = utf8('abc');
    expect(countChars(body, 3, resolveCharset('utf-8', body))).toBe(3);
    expect(countChars(new Uint8Array([0x61, 0x80, 0x62]), 3, resolveCharset('utf-8', body))).toBeNull();
    expect(countChars(body, 3, resolveCharset('shift_jis', body))).toBeNull();
    expect(countChars(body, 3, resolveCharset('iso-2022-jp', body))).toBeNull();
  });
});

describe('countChars on UTF-8: null exactly when the bytes are not well-formed', () => {
  const wellFormed = (b: Uint8Array, end: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, end));
      return true;
    } catch {
      return false;
    }
  };
  it('20,000 random byte strings of lead, continuation and never-valid bytes, every end', () => {
    const r = rng(11);
    const alphabet = [0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xbb, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
    let valid = 0;
    let invalid = 0;
    for (let k = 0; k < 20_000; k++) {
      const b = new Uint8Array(1 + Math.floor(r() * 8)).map(() => alphabet[Math.floor(r() * alphabet.length)]!);
      const cs = resolveCharset('utf-8', b);
      for (let end = cs.bomBytes; end <= b.length; end++) {
        const n = countChars(b, end, cs);
        if (wellFormed(b, end)) {
          valid++;
          expect(n).toBe(decoded(b, end, 'utf-8'));
        } else {
          invalid++;
          expect(n).toBeNull();
        }
      }
    }
    expect(valid).toBeGreaterThan(5_000);
    expect(invalid).toBeGreaterThan(5_000);
  });
});

describe('findCutoff: the same cut whether the kept part is decoded or counted', () => {
  it("charIndex is the decoder's on valid and broken UTF-8 at every cut", () => {
    const r = rng(5);
    for (let k = 0; k < 40; k++) {
      const parts: number[] = [];
      while (parts.length < 200) {
        if (k % 2 && r() < 0.05) parts.push([0x80, 0xe2, 0xf0, 0xc3, 0xff][Math.floor(r() * 5)]!);
        else parts.push(...utf8(['a', 'é', '€', '😀', '<p>'][Math.floor(r() * 5)]!));
      }
      const body = new Uint8Array(parts);
      for (let limit = 1; limit < body.length; limit += 2) {
        const c = findCutoff({ body, headerBytes: 0, charset: 'utf-8', limit });
        expect(c.charIndex).toBe(new TextDecoder().decode(body.subarray(0, c.bodyBytesKept)).length);
      }
    }
  });
  it('UTF-8 with a character straddling the limit, valid: charIndex counted equals charIndex decoded', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = rng(seed);
      let s = '';
      while (s.length < 700) s += PIECES[Math.floor(r() * (PIECES.length - 1))];
      const body = utf8(s);
      for (let limit = 300; limit < 340; limit++) {
        const c = findCutoff({ body, headerBytes: 17, charset: 'utf-8', limit });
        expect(c.charIndex, `seed ${seed} limit ${limit}`).toBe(new TextDecoder().decode(body.subarray(0, c.bodyBytesKept)).length);
      }
    }
  });
  it('windows-1252 and UTF-16LE: charIndex equals the decoded kept part', () => {
    const w = Uint8Array.from({ length: 600 }, (_, i) => (i * 37) % 256);
    const c1 = findCutoff({ body: w, headerBytes: 10, charset: 'windows-1252', limit: 400 });
    expect(c1.charIndex).toBe(new TextDecoder('windows-1252').decode(w.subarray(0, c1.bodyBytesKept)).length);
    const u = new Uint8Array([0xff, 0xfe, ...Array.from({ length: 600 }, (_, i) => (i % 2 ? 0xd8 + (i % 3) : i % 256))]);
    for (const limit of [300, 301, 302, 303]) {
      const c2 = findCutoff({ body: u, headerBytes: 0, charset: 'utf-16le', limit });
      expect(c2.charIndex, `limit ${limit}`).toBe(new TextDecoder('utf-16le').decode(u.subarray(0, c2.bodyBytesKept)).length);
    }
  });
});
