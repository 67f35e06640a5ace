import { describe, expect, it } from 'vitest';
import { findCutoff } from '../../../lib/bytes';
import { countHeaderBytes } from '../../../lib/crawl';

const ascii = (n: number, ch = 'a') => new TextEncoder().encode(ch.repeat(n));
const concat = (...parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

describe('countHeaderBytes: HTTP/1.1 text', () => {
  it('counts the status line, Name: value CRLF per header and the final CRLF', () => {
    // "HTTP/1.1 200 OK\r\n" 17 + "Content-Type: text/html\r\n" 25 + "X-A: b\r\n" 8 + "\r\n" 2
    expect(countHeaderBytes('HTTP/1.1 200 OK', [{ name: 'Content-Type', value: 'text/html' }, { name: 'X-A', value: 'b' }])).toBe(52);
  });
  it('stands in HTTP/1.1 <status> when the browser reports no status line', () => {
    expect(countHeaderBytes('', [], 404)).toBe('HTTP/1.1 404\r\n\r\n'.length);
  });
  it('counts Latin-1 header text one byte per character', () => {
    expect(countHeaderBytes('HTTP/1.1 200 OK', [{ name: 'X', value: 'café' }])).toBe(17 + 9 + 2);
  });
});

describe('findCutoff: the default limit', () => {
  it('is 2,097,152 bytes including headers; exactly at the limit is kept whole', () => {
    const body = ascii(2_097_152 - 300);
    const r = findCutoff({ body, headerBytes: 300, charset: 'utf-8' });
    expect(r).toMatchObject({ truncated: false, totalBytes: 2_097_152, limit: 2_097_152, bodyBytesKept: 2_096_852, charIndex: 2_096_852, code: 'bytes.cut.within' });
  });
  it('one byte over the limit loses exactly one byte', () => {
    const body = ascii(2_097_152 - 300 + 1);
    const r = findCutoff({ body, headerBytes: 300, charset: 'utf-8' });
    expect(r).toMatchObject({ truncated: true, totalBytes: 2_097_153, bodyBytesKept: 2_096_852, backedOff: 0, charIndex: 2_096_852, code: 'bytes.cut.truncated' });
  });
  it('bigger headers push the cut earlier by exactly their size', () => {
    const body = ascii(3_000_000);
    const a = findCutoff({ body, headerBytes: 200, charset: 'utf-8' });
    const b = findCutoff({ body, headerBytes: 10_200, charset: 'utf-8' });
    expect(a.bodyBytesKept).toBe(2_096_952);
    expect(b.bodyBytesKept).toBe(2_086_952);
    expect(a.bodyBytesKept - b.bodyBytesKept).toBe(10_000);
  });
  it('headers alone over the limit keep no body at all', () => {
    const r = findCutoff({ body: ascii(10), headerBytes: 120, charset: 'utf-8', limit: 100 });
    expect(r).toMatchObject({ truncated: true, bodyBytesKept: 0, charIndex: 0, code: 'bytes.cut.headersOverLimit' });
  });
});

describe('findCutoff: backs off to a whole character', () => {
  it('UTF-8: a 3-byte € straddling the limit is dropped whole', () => {
    // limit 100, headers 20 → 80 body bytes; "a"×79 then € (E2 82 AC) occupies bytes 79..81.
    const body = concat(ascii(79), [0xe2, 0x82, 0xac], ascii(10, 'b'));
    const r = findCutoff({ body, headerBytes: 20, charset: 'UTF-8', limit: 100 });
    expect(r).toMatchObject({ truncated: true, bodyLimit: 80, bodyBytesKept: 79, backedOff: 1, charIndex: 79 });
  });
  it('UTF-8: a 4-byte emoji (two UTF-16 units) ending exactly at the limit is kept', () => {
    const body = concat(ascii(76), [0xf0, 0x9f, 0x98, 0x80], ascii(10, 'b'));
    const r = findCutoff({ body, headerBytes: 20, charset: 'utf-8', limit: 100 });
    expect(r).toMatchObject({ bodyBytesKept: 80, backedOff: 0, charIndex: 78 });
  });
  it('UTF-8: a byte-order mark is not text — charIndex excludes it', () => {
    const body = concat([0xef, 0xbb, 0xbf], ascii(100));
    const r = findCutoff({ body, headerBytes: 0, charset: 'windows-1252', limit: 50 });
    expect(r.charset.encoding).toBe('utf-8');
    expect(r.charset.code).toBe('bytes.charset.bom');
    expect(r).toMatchObject({ bodyBytesKept: 50, charIndex: 47 });
  });
  it('windows-1252: every byte is a character, so nothing backs off', () => {
    const body = concat(ascii(50), Array.from({ length: 60 }, (_, i) => 0x80 + i));
    const r = findCutoff({ body, headerBytes: 20, charset: 'windows-1252', limit: 100 });
    expect(r).toMatchObject({ bodyBytesKept: 80, backedOff: 0, charIndex: 80 });
    expect(r.charset.kind).toBe('single-byte');
  });
  it('windows-1252 by its Latin-1 label', () => {
    const r = findCutoff({ body: concat(ascii(10), [0xe9, 0xe9, 0xe9]), headerBytes: 0, charset: 'ISO-8859-1', limit: 12 });
    expect(r.charset.encoding).toBe('windows-1252');
    expect(r).toMatchObject({ bodyBytesKept: 12, charIndex: 12 });
  });
  it('Shift_JIS: a lead byte at the limit is dropped, even when trail bytes look like ASCII', () => {
    // "ab" + ソ (83 5C) + あ (82 A0) + ソ (83 5C): cut after 5 bytes falls after the lead 0x82.
    const body = new Uint8Array([0x61, 0x62, 0x83, 0x5c, 0x82, 0xa0, 0x83, 0x5c]);
    expect(findCutoff({ body, headerBytes: 0, charset: 'shift_jis', limit: 5 })).toMatchObject({ bodyBytesKept: 4, backedOff: 1, charIndex: 3 });
    expect(findCutoff({ body, headerBytes: 0, charset: 'Shift_JIS', limit: 6 })).toMatchObject({ bodyBytesKept: 6, backedOff: 0, charIndex: 4 });
    expect(findCutoff({ body, headerBytes: 0, charset: 'shift_jis', limit: 7 })).toMatchObject({ bodyBytesKept: 6, backedOff: 1, charIndex: 4 });
  });
  it('Shift_JIS: a long run of double-byte characters whose trail bytes are 0x5C', () => {
    // 1000 × ソ (83 5C): every even position is a boundary; 0x5C is ASCII "\" only as a lead.
    const run = new Uint8Array(2000);
    for (let i = 0; i < 2000; i += 2) run.set([0x83, 0x5c], i);
    const body = concat(ascii(5, ' '), run);
    const r = findCutoff({ body, headerBytes: 0, charset: 'shift_jis', limit: 1006 });
    // bytes 5..1004 are 500 whole characters; byte 1005 is the lead of the 501st.
    expect(r).toMatchObject({ bodyBytesKept: 1005, backedOff: 1, charIndex: 505 });
  });
  it('EUC-KR: 가 (B0 A1) straddling the limit', () => {
    const body = new Uint8Array([0x41, 0xb0, 0xa1, 0xb0, 0xa1]);
    expect(findCutoff({ body, headerBytes: 0, charset: 'euc-kr', limit: 4 })).toMatchObject({ bodyBytesKept: 3, charIndex: 2 });
  });
  it('GBK: 中 (D6 D0) straddling the limit', () => {
    const body = new Uint8Array([0x20, 0xd6, 0xd0, 0xd6, 0xd0, 0x20]);
    expect(findCutoff({ body, headerBytes: 0, charset: 'gbk', limit: 2 })).toMatchObject({ bodyBytesKept: 1, charIndex: 1 });
    expect(findCutoff({ body, headerBytes: 0, charset: 'gb2312', limit: 3 })).toMatchObject({ bodyBytesKept: 3, charIndex: 2 });
  });
  it('GB18030: a four-byte character whose second byte is a digit', () => {
    // € is A2 E3 in GB18030; U+00E9 é is 81 30 86 30 (four bytes).
    const body = new Uint8Array([0x20, 0x81, 0x30, 0x86, 0x30, 0x20]);
    for (const limit of [2, 3, 4]) {
      expect(findCutoff({ body, headerBytes: 0, charset: 'gb18030', limit })).toMatchObject({ bodyBytesKept: 1, charIndex: 1 });
    }
    expect(findCutoff({ body, headerBytes: 0, charset: 'gb18030', limit: 5 })).toMatchObject({ bodyBytesKept: 5, charIndex: 2 });
  });
  it('Big5: 中 (A4 A4) straddling the limit', () => {
    const body = new Uint8Array([0x3c, 0xa4, 0xa4, 0xa4, 0xa4]);
    expect(findCutoff({ body, headerBytes: 0, charset: 'big5', limit: 4 })).toMatchObject({ bodyBytesKept: 3, charIndex: 2 });
  });
  it('an unknown charset label is read as windows-1252 and says so', () => {
    const r = findCutoff({ body: ascii(10), headerBytes: 0, charset: 'x-klingon', limit: 5 });
    expect(r.charset).toMatchObject({ encoding: 'windows-1252', code: 'bytes.charset.unknown' });
    expect(r.bodyBytesKept).toBe(5);
  });
});

describe('findCutoff on hostile bytes: linear, whatever the body', () => {
  const limit = 2_097_152;
  it('2.2 MB of CJK text without one ASCII byte: the character across the limit is dropped whole', () => {
    const body = new TextEncoder().encode('中'.repeat(750_000)); // 3 bytes each
    const c = findCutoff({ body, headerBytes: 100, charset: 'utf-8', limit });
    const room = limit - 100;
    expect(c.bodyBytesKept).toBe(room - (room % 3));
    expect(c.backedOff).toBe(room % 3);
  });
  it('2.2 MB of one lead byte repeated (invalid UTF-8): only the unfinished last sequence is dropped', () => {
    const body = new Uint8Array(2_200_000).fill(0xe2);
    const c = findCutoff({ body, headerBytes: 100, charset: 'utf-8', limit });
    expect(c.bodyBytesKept).toBe(limit - 100 - 1);
  });
  it('2.2 MB of continuation bytes only (no character at all): the cut stays at the limit', () => {
    const body = new Uint8Array(2_200_000).fill(0x80);
    const c = findCutoff({ body, headerBytes: 100, charset: 'utf-8', limit });
    expect(c.bodyBytesKept).toBe(limit - 100);
    expect(c.backedOff).toBe(0);
  });
  it('Shift_JIS without a byte below 0x30: linear too', () => {
    const body = new Uint8Array(2_200_000).fill(0x82); // lead bytes only
    const c = findCutoff({ body, headerBytes: 100, charset: 'shift_jis', limit });
    expect(c.bodyBytesKept).toBeLessThanOrEqual(limit - 100);
    expect(limit - 100 - c.bodyBytesKept).toBeLessThan(4);
  });
});
