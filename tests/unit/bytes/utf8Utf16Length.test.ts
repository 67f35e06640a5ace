import { describe, expect, it } from 'vitest';
import { utf8Utf16Length } from '../../../lib/bytes/utf8Utf16Length';
import { findCutoff } from '../../../lib/bytes';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const decodedLength = (b: Uint8Array, end: number) => new TextDecoder('utf-8').decode(b.subarray(0, end)).length;
const wellFormed = (b: Uint8Array, end: number) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, end));
    return true;
  } catch {
    return false;
  }
};

describe('utf8Utf16Length: the decoded length, counted', () => {
  it('equals the decoder on well-formed text of every sequence length, with and without a byte-order mark', () => {
    for (const s of ['', 'a', 'é', '€', '😀', 'aé€😀\u0000\u007f\u0080\u07ff\u0800\uffff', '\ufeffabc', '\ufeff\ufeff']) {
      const b = new TextEncoder().encode(s);
      expect(utf8Utf16Length(b, b.length)).toBe(decodedLength(b, b.length));
    }
  });

  it('is -1 exactly when the bytes are not well-formed, and the decoded length otherwise (20,000 random byte strings, every end)', () => {
    const r = rng(11);
    const alphabet = [0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xbb, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
    let valid = 0;
    let invalid = 0;
    for (let k = 0; k < 20_000; k++) {
      const b = new Uint8Array(1 + Math.floor(r() * 8)).map(() => alphabet[Math.floor(r() * alphabet.length)]!);
      for (let end = 0; end <= b.length; end++) {
        const n = utf8Utf16Length(b, end);
        if (wellFormed(b, end)) {
          valid++;
          expect(n).toBe(decodedLength(b, end));
        } else {
          invalid++;
          expect(n).toBe(-1);
        }
      }
    }
    expect(valid).toBeGreaterThan(5_000);
    expect(invalid).toBeGreaterThan(5_000);
  });

  it("findCutoff's charIndex is the decoder's on valid and broken UTF-8 at every cut", () => {
    const r = rng(5);
    const enc = new TextEncoder();
    for (let k = 0; k < 40; k++) {
      const parts: number[] = [];
      while (parts.length < 200) {
        if (k % 2 && r() < 0.05) parts.push([0x80, 0xe2, 0xf0, 0xc3, 0xff][Math.floor(r() * 5)]!);
        else parts.push(...enc.encode(['a', 'é', '€', '😀', '<p>'][Math.floor(r() * 5)]!));
      }
      const body = new Uint8Array(parts);
      for (let limit = 1; limit < body.length; limit += 2) {
        const c = findCutoff({ body, headerBytes: 0, charset: 'utf-8', limit });
        expect(c.charIndex).toBe(decodedLength(body, c.bodyBytesKept));
      }
    }
  });
});
