// A PDF is not text: measured and cut at the byte against 64 MB, never decoded, and the tab's load
// timing (the browser's viewer page) is not compared with it.
import { describe, expect, it } from 'vitest';
import { analyzeBytes, describeRead, findCutoff, isTextMediaType, limitFor, navigationMeasuresBody, PDF_LIMIT } from '../../../lib/bytes';

describe('which bodies are text, and which the tab\'s timing measures', () => {
  it('isTextMediaType', () => {
    for (const t of [null, '', 'text/html', 'text/plain', 'application/xhtml+xml', 'image/svg+xml', 'application/ld+json', 'application/json', 'application/javascript', 'TEXT/CSS']) expect(isTextMediaType(t)).toBe(true);
    for (const t of ['application/pdf', 'image/png', 'application/octet-stream', 'font/woff2']) expect(isTextMediaType(t)).toBe(false);
  });
  it('navigationMeasuresBody: HTML, XHTML and plain text are shown as themselves; a PDF in a viewer', () => {
    for (const t of [null, 'text/html', 'application/xhtml+xml', 'text/plain']) expect(navigationMeasuresBody(t)).toBe(true);
    for (const t of ['application/pdf', 'image/png', 'application/json', 'application/xml']) expect(navigationMeasuresBody(t)).toBe(false);
  });
});

describe('the cut of a binary body', () => {
  // Byte 67,108,864 of the response falls inside a 3-byte UTF-8 sequence (E2 82 AC) of the body.
  const headerBytes = 132;
  const at = PDF_LIMIT - headerBytes;
  const body = new Uint8Array(at + 1024).fill(0x25);
  body.set([0xe2, 0x82, 0xac], at - 1);

  it('text is cut at a whole character; a PDF exactly at the limit\'s byte', () => {
    const text = findCutoff({ body, headerBytes, charset: 'utf-8', limit: PDF_LIMIT });
    expect(text.backedOff).toBe(1);
    const pdf = findCutoff({ body, headerBytes, charset: 'utf-8', limit: PDF_LIMIT, wholeCharacters: false, totalBodyBytes: 73_400_320 });
    expect(pdf).toMatchObject({ truncated: true, code: 'bytes.cut.truncated', bodyBytes: 73_400_320, totalBytes: 73_400_452, bodyBytesKept: at, backedOff: 0, charIndex: 0 });
  });

  it('analyzeBytes: a PDF over 64 MB is cut at response byte 67,108,864, with no element list and no decoding', async () => {
    const { limit } = limitFor('application/pdf', 2_097_152);
    const report = await analyzeBytes({ body, totalBodyBytes: 73_400_320, headerBytes, charset: 'utf-8', limit, mediaType: 'application/pdf' });
    expect(report.isHtml).toBe(false);
    expect(report.textLength).toBe(0);
    expect(report.items).toEqual([]);
    expect(headerBytes + report.cutoff.bodyBytesKept).toBe(67_108_864);
    expect(report.cutoff.backedOff).toBe(0);
  });
});

describe('describeRead: a PDF shown in the browser\'s viewer', () => {
  const viewer = { decodedBodySize: 601, transferSize: 300, responseStatus: 200, type: 'navigate', serviceWorker: false };
  it('says the viewer\'s page is not compared (not "differs from the loaded page")', () => {
    const r = describeRead({ fetchedBytes: 3_000_000, keptBytes: 3_000_000, status: 200, capped: false, source: 'page', nav: viewer, mediaType: 'application/pdf', ms: 4 });
    expect(r).toMatchObject({ code: 'bytes.read.viewer', fetchedBytes: 3_000_000, decodedBodySize: null, transferSize: null, complete: true, notes: [] });
    const none = describeRead({ fetchedBytes: 3_000_000, keptBytes: 3_000_000, status: 200, capped: false, source: 'background', nav: null, mediaType: 'application/pdf', ms: 4 });
    expect(none.code).toBe('bytes.read.viewer');
  });
  it('an HTML page is still compared with its timing', () => {
    const r = describeRead({ fetchedBytes: 601, keptBytes: 601, status: 200, capped: false, source: 'page', nav: viewer, mediaType: 'text/html', ms: 4 });
    expect(r.code).toBe('bytes.read.same');
  });
});
