import { describe, expect, it } from 'vitest';
import { analyzeBytes, describeRead, findCutoff, type NavigationSizes } from '../../../lib/bytes';


describe('findCutoff on a kept prefix (totalBodyBytes)', () => {
  it('counts the whole body but cuts inside the prefix', () => {
    const body = new TextEncoder().encode('a'.repeat(1500));
    const c = findCutoff({ body, headerBytes: 100, charset: 'utf-8', limit: 1000, totalBodyBytes: 5000 });
    expect(c.totalBytes).toBe(5100);
    expect(c.bodyBytes).toBe(5000);
    expect(c.truncated).toBe(true);
    expect(c.bodyBytesKept).toBe(900);
    expect(c.charIndex).toBe(900);
  });
  it('without totalBodyBytes the body length is the total (unchanged behaviour)', () => {
    const body = new TextEncoder().encode('a'.repeat(1500));
    const c = findCutoff({ body, headerBytes: 100, charset: 'utf-8', limit: 1000 });
    expect(c.totalBytes).toBe(1600);
    expect(c.bodyBytesKept).toBe(900);
  });
  it('analyzeBytes lists only what the prefix holds, with the full total', async () => {
    const head = '<!doctype html><title>T</title><body>' + '<p>x</p>'.repeat(200);
    const tail = '<link rel="canonical" href="/c">';
    const html = new TextEncoder().encode(head + tail);
    const r = await analyzeBytes({ body: html, totalBodyBytes: 9000, headerBytes: 0, charset: 'utf-8', limit: 1000, mediaType: 'text/html' });
    expect(r.cutoff.totalBytes).toBe(9000);
    expect(r.cutoff.bodyBytesKept).toBe(1000);
    const canonical = r.items.find((i) => i.kind === 'canonical')!;
    expect(canonical.status).toBe('lost');
    expect(canonical.bodyOffset).toBe(head.length);
  });
});

describe('describeRead: which copy, and does it match decodedBodySize', () => {
  const nav: NavigationSizes = { decodedBodySize: 2_999_697, transferSize: 3_000_000, responseStatus: 200, type: 'navigate', serviceWorker: false };
  it('a background copy of the same length', () => {
    const r = describeRead({ fetchedBytes: 2_999_697, keptBytes: 2_999_697, status: 200, capped: false, source: 'background', nav, ms: 5 });
    expect(r.code).toBe('bytes.read.same');
    expect(r.source).toBe('background');
    expect(r.notes).toEqual([]);
  });
  it('a prefix kept, the rest counted: a note with both figures', () => {
    const r = describeRead({ fetchedBytes: 5_000_000, keptBytes: 3_145_728, status: 200, capped: false, source: 'background', nav, ms: 5 });
    expect(r.code).toBe('bytes.read.differs');
    expect(r.notes).toEqual([{ code: 'bytes.read.prefixKept', params: [3_145_728, 5_000_000] }]);
  });
  it('a page copy refused with 403: the status differs', () => {
    const r = describeRead({ fetchedBytes: 9, keptBytes: 9, status: 403, capped: false, source: 'page', nav, ms: 1 });
    expect(r.code).toBe('bytes.read.differs');
    expect(r.notes).toEqual([{ code: 'bytes.read.statusDiffers', params: [403, 200] }]);
  });
  it('a copy that reached the count bound is never "the same"', () => {
    const r = describeRead({ fetchedBytes: 100, keptBytes: 50, status: 200, capped: true, source: 'background', nav: { ...nav, decodedBodySize: 100 }, ms: 1 });
    expect(r.code).toBe('bytes.read.differs');
    expect(r.notes[0]).toEqual({ code: 'bytes.read.capped', params: [100] });
  });
  it('no navigation entry', () => {
    const r = describeRead({ fetchedBytes: 10, keptBytes: 10, status: 200, capped: false, source: 'background', nav: null, ms: 1 });
    expect(r.code).toBe('bytes.read.noNavigation');
    expect(r.decodedBodySize).toBeNull();
  });
});
