import { describe, expect, it } from 'vitest';
import { classifyProbe, lintValidators, parseHttpDate, planProbes } from '../../../lib/caching';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const codes = (l: ReturnType<typeof lintValidators>) => l.findings.map((f) => `${f.severity}:${f.code}`);

describe('parseHttpDate', () => {
  it('reads the three HTTP date forms and nothing else', () => {
    expect(parseHttpDate('Tue, 03 Mar 2026 10:00:00 GMT')).toEqual({ at: Date.UTC(2026, 2, 3, 10, 0, 0), format: 'imf' });
    expect(parseHttpDate('Tuesday, 03-Mar-26 10:00:00 GMT')).toEqual({ at: Date.UTC(2026, 2, 3, 10, 0, 0), format: 'obsolete' });
    expect(parseHttpDate('Tue Mar  3 10:00:00 2026')).toEqual({ at: Date.UTC(2026, 2, 3, 10, 0, 0), format: 'obsolete' });
    expect(parseHttpDate('2026-03-03T10:00:00Z')).toBeNull();
    expect(parseHttpDate('Tue, 03 Mar 2026 10:00:00 +0000')).toBeNull();
    expect(parseHttpDate('Sat, 31 Feb 2026 10:00:00 GMT')).toBeNull();
    expect(parseHttpDate('x'.repeat(100_000))).toBeNull();
  });
});

describe('lintValidators', () => {
  it('both validators valid: Google uses the ETag', () => {
    const l = lintValidators([{ name: 'ETag', value: '"small-v1"' }, { name: 'Last-Modified', value: 'Tue, 03 Mar 2026 10:00:00 GMT' }], NOW);
    expect(l.googleUses).toBe('etag');
    expect(l.etag).toEqual({ value: '"small-v1"', weak: false, valid: true });
    expect(l.lastModified).toEqual({ value: 'Tue, 03 Mar 2026 10:00:00 GMT', at: Date.UTC(2026, 2, 3, 10), format: 'imf', future: false });
    expect(codes(l)).toEqual(['ok:etagOk', 'ok:lastModifiedOk', 'info:googleUsesEtag']);
  });
  it('malformed and weak ETags, invalid and future dates', () => {
    expect(codes(lintValidators([{ name: 'etag', value: 'abc123' }], NOW))).toEqual(['risk:etagMalformed', 'risk:noUsableValidator']);
    const weak = lintValidators([{ name: 'ETag', value: 'W/"v2"' }], NOW);
    expect(weak.googleUses).toBe('etag');
    expect(codes(weak)).toEqual(['info:etagWeak']);
    const bad = lintValidators([{ name: 'Last-Modified', value: '2026-03-03' }], NOW);
    expect(bad.googleUses).toBeNull();
    expect(codes(bad)).toEqual(['risk:lastModifiedInvalid', 'risk:noUsableValidator']);
    const fut = lintValidators([{ name: 'Last-Modified', value: 'Fri, 01 Jan 2027 00:00:00 GMT' }], NOW);
    expect(codes(fut)).toEqual(['risk:lastModifiedFuture', 'risk:noUsableValidator']);
    expect(fut.findings[0]!.params).toEqual(['Fri, 01 Jan 2027 00:00:00 GMT', { date: Date.parse('2027-01-01T00:00:00.000Z') }]);
    const lmOnly = lintValidators([{ name: 'Last-Modified', value: 'Tue, 03 Mar 2026 10:00:00 GMT' }], NOW);
    expect(lmOnly.googleUses).toBe('last-modified');
    expect(codes(lmOnly)).toEqual(['ok:lastModifiedOk', 'info:preferEtag']);
  });
  it('no validators at all; Cache-Control and Vary notes', () => {
    const l = lintValidators([
      { name: 'Cache-Control', value: 'no-store' },
      { name: 'Vary', value: 'Accept-Encoding, User-Agent' },
    ], NOW);
    expect(codes(l)).toEqual(['risk:noValidators', 'info:cacheControlNoStore', 'info:varyUserAgent']);
    expect(codes(lintValidators([{ name: 'Vary', value: '*' }, { name: 'ETag', value: '"a"' }, { name: 'ETag', value: '"b"' }], NOW)))
      .toEqual(['risk:etagSeveral', 'ok:etagOk', 'risk:varyStar']);
  });
  it('plans one probe per usable validator', () => {
    const l = lintValidators([{ name: 'ETag', value: '"x"' }, { name: 'Last-Modified', value: 'Tue, 03 Mar 2026 10:00:00 GMT' }], NOW);
    expect(planProbes(l)).toEqual([
      { kind: 'if-none-match', header: 'If-None-Match', value: '"x"' },
      { kind: 'if-modified-since', header: 'If-Modified-Since', value: 'Tue, 03 Mar 2026 10:00:00 GMT' },
    ]);
    expect(planProbes(lintValidators([{ name: 'ETag', value: 'nope' }], NOW))).toEqual([]);
  });
});

describe('classifyProbe', () => {
  const inm = { kind: 'if-none-match' as const, header: 'If-None-Match' as const, value: '"v1"' };
  const resp = (status: number, etag: string | null = null, bodyBytes = 0) => ({ status, etag, lastModified: null, bodyBytes, durationMs: 5, redirectedTo: null });
  it('304 → not modified; 304 with another ETag → flagged; 200 → ignored; 500 → other', () => {
    expect(classifyProbe(inm, resp(304, '"v1"')).outcome).toBe('not-modified');
    expect(classifyProbe(inm, resp(304)).finding.code).toBe('probeNotModified');
    const changed = classifyProbe(inm, resp(304, '"v2"'));
    expect(changed.outcome).toBe('etag-changed');
    expect(changed.finding.params).toEqual(['If-None-Match', '"v1"', '"v2"']);
    const ignored = classifyProbe(inm, resp(200, '"v1"', 3411));
    expect(ignored.outcome).toBe('ignored');
    expect(ignored.finding).toEqual({ code: 'probeIgnored', severity: 'risk', params: ['If-None-Match', '200', 3411], sources: [{ kind: 'header', name: 'If-None-Match', value: '"v1"' }] });
    expect(classifyProbe(inm, resp(500)).finding.params).toEqual(['If-None-Match', '500']);
  });
  it('timeouts and errors are reported, not thrown', () => {
    expect(classifyProbe(inm, null, { timeout: true, error: 'aborted' }).outcome).toBe('timeout');
    const e = classifyProbe(inm, null, { timeout: false, error: 'Failed to fetch' });
    expect(e.outcome).toBe('error');
    expect(e.finding.params).toEqual(['If-None-Match', 'Failed to fetch']);
  });
});
