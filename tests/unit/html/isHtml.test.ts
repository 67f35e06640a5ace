import { describe, expect, it } from 'vitest';
import { isHtml } from '../../../lib/html';
import { mediaType } from '../../../lib/core/headers';

const ascii = (s: string) => new TextEncoder().encode(s);
const ofResponse = (contentType: string | null, head: Uint8Array) => isHtml(mediaType(contentType), head);

describe('isHtml: the one answer to "is this HTML?"', () => {
  it('trusts the media type', () => {
    expect(ofResponse('text/html; charset=utf-8', ascii('{}'))).toBe(true);
    expect(ofResponse('Text/HTML', ascii(''))).toBe(true);
    expect(ofResponse('application/xhtml+xml', ascii(''))).toBe(true);
    expect(ofResponse('application/json', ascii('<!doctype html>'))).toBe(false);
    expect(ofResponse('text/plain', ascii('<html>'))).toBe(false);
  });
  it('without one, reads the first bytes as MIME Sniffing does', () => {
    expect(ofResponse(null, ascii('  \n<!DOCTYPE html><p>x'))).toBe(true);
    expect(ofResponse(null, ascii('<html>'))).toBe(true);
    expect(ofResponse(null, ascii('<BODY class=x>'))).toBe(true);
    expect(ofResponse(null, ascii('<!-- a comment -->'))).toBe(true);
    expect(ofResponse(null, ascii('<p>x'))).toBe(true);
    expect(ofResponse(null, ascii('<pre>'))).toBe(false); // "<p" must end with a space or ">"
    expect(ofResponse(null, ascii('%PDF-1.7'))).toBe(false);
    expect(ofResponse(null, ascii('{"a":1}'))).toBe(false);
  });
  it('with neither, HTML (a browser reads an unlabeled document as HTML)', () => {
    expect(isHtml(null)).toBe(true);
    expect(isHtml(undefined, null)).toBe(true);
  });
});
