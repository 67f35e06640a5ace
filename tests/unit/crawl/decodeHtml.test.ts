import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../lib/crawl';
import { sniffCharset } from '../../../lib/bytes';

const bytes = (...xs: number[]) => new Uint8Array(xs);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniffCharset / decodeHtml', () => {
  it('BOM first, then the header, then <meta charset> in the first 1024 bytes, then UTF-8', () => {
    expect(sniffCharset('text/html; charset=windows-1252', bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('utf-8');
    expect(sniffCharset('text/html; charset=ISO-8859-1', ascii('<meta charset="utf-8">'))).toBe('iso-8859-1');
    expect(sniffCharset('text/html', ascii('<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">'))).toBe('shift_jis');
    expect(sniffCharset('text/html; charset=bogus', ascii('<p>'))).toBe('utf-8');
    expect(sniffCharset(null, ascii(' '.repeat(1100) + '<meta charset="windows-1252">'))).toBe('utf-8');
  });
  it('decodes a body cut inside a character with one replacement character at the end', () => {
    const cut = ascii('<p>é').subarray(0, 4); // "<p>" + the first byte of "é"
    expect(decodeHtml('text/html; charset=utf-8', cut)).toBe('<p>\uFFFD');
  });
});
