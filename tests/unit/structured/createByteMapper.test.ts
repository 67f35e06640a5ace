import { describe, expect, it } from 'vitest';
import { resolveCharset } from '../../../lib/html';
import { createByteMapper } from '../../../lib/structured/createByteMapper';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('createByteMapper', () => {
  it('UTF-8: a surrogate pair at the boundary of the encoder pieces counts 4 bytes', () => {
    const text = `${'a'.repeat(65_535)}😀b€`;
    const body = utf8(text);
    const m = createByteMapper(body, text, resolveCharset('utf-8', body));
    expect(m.byteAt(65_535)).toBe(65_535);
    expect(m.byteAt(65_537)).toBe(65_539); // after the emoji (two UTF-16 units, four bytes)
    expect(m.byteAt(65_538)).toBe(65_540); // after "b"
    expect(m.byteAt(65_539)).toBe(65_543); // after "€" (three bytes)
    // Asked again from an earlier offset: the cursor starts over.
    expect(m.byteAt(1)).toBe(1);
  });
  it('UTF-8 with a byte-order mark: offsets count its three bytes', () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('ab')]);
    const m = createByteMapper(body, 'ab', resolveCharset('utf-8', body));
    expect(m.byteAt(1)).toBe(4);
  });
  it('UTF-16LE: two bytes per unit after the BOM', () => {
    const body = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x62, 0x00]);
    const m = createByteMapper(body, 'ab', resolveCharset('utf-8', body));
    expect(m.byteAt(1)).toBe(4);
  });
  it('EUC-KR: segments re-decoded with TextDecoder give exact offsets', () => {
    // "A가B" = 41 B0 A1 42
    const body = new Uint8Array([0x41, 0xb0, 0xa1, 0x42]);
    const text = new TextDecoder('euc-kr').decode(body);
    const m = createByteMapper(body, text, resolveCharset('euc-kr', body));
    expect([m.byteAt(0), m.byteAt(1), m.byteAt(2), m.byteAt(3)]).toEqual([0, 1, 3, 4]);
  });
});
