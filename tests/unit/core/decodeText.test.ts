import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../lib/core/decodeText';

describe('decodeText: the text a browser makes of the bytes', () => {
  it('windows-1252 (and its aliases) by the WHATWG table: 0x80–0x9F are € ‚ ƒ „ … “ ” – — ™, not C1 controls', () => {
    const bytes = new Uint8Array([0x41, 0x80, 0x82, 0x83, 0x84, 0x85, 0x93, 0x94, 0x96, 0x97, 0x99, 0x81, 0xe9]);
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1', 'ascii', 'us-ascii']) {
      expect(decodeText(bytes, label), label).toBe('A€‚ƒ„…“”–—™\u0081é');
    }
  });

  it('every other encoding as one decode does (UTF-8 with its BOM dropped, UTF-16LE, Shift_JIS, broken UTF-8)', () => {
    const cases: [number[], string][] = [
      [[0xef, 0xbb, 0xbf, 0x61, 0xe2, 0x82, 0xac], 'utf-8'],
      [[0x61, 0xe2, 0x82], 'utf-8'],
      [[0x61, 0x00, 0xac, 0x20], 'utf-16le'],
      [[0x82, 0xa0, 0x41], 'shift_jis'],
      [[0x80, 0xff], 'iso-8859-2'],
    ];
    for (const [b, label] of cases) expect(decodeText(new Uint8Array(b), label), label).toBe(new TextDecoder(label).decode(new Uint8Array(b)));
  });
});
