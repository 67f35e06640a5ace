import { describe, expect, it } from 'vitest';
import { robotsReadStep, robotsReportFrom, type RobotsFetched } from '../../../lib/crawl';

const base = (over: Partial<RobotsFetched>): RobotsFetched => ({
  origin: 'https://site.example',
  robotsUrl: 'https://site.example/robots.txt',
  startedAt: 1000,
  durationMs: 12,
  hops: [],
  loop: false,
  step: { kind: 'response', status: 200, contentType: 'text/plain' },
  finalUrl: 'https://site.example/robots.txt',
  status: 200,
  contentType: 'text/plain',
  read: null,
  ...over,
});
const bytes = (n: number, fill = 0x23) => new Uint8Array(n).fill(fill);

describe('robotsReportFrom: one report, however robots.txt was fetched', () => {
  it('past 500 KiB: the true size when read to the end, "at least" when counting stopped', () => {
    const whole = robotsReportFrom(base({ read: { bytes: bytes(512_000), total: 2_097_189, end: 'end', error: null } }));
    expect(whole).toMatchObject({ bytes: 512_000, totalBytes: 2_097_189, truncated: true, totalIsLowerBound: false });
    expect(whole.warnings).toEqual([{ code: 'truncated', params: [512_000, 2_097_189] }]);
    const cut = robotsReportFrom(base({ read: { bytes: bytes(512_000), total: 16_842_752, end: 'cap', error: null } }));
    expect(cut).toMatchObject({ totalBytes: 16_842_752, totalIsLowerBound: true });
    expect(cut.warnings).toEqual([{ code: 'truncatedAtLeast', params: [512_000, 16_842_752] }]);
  });
  it('invalid UTF-8 keeps the exact bytes; a redirect to another origin and a loop are said', () => {
    const r = robotsReportFrom(base({ read: { bytes: new Uint8Array([0x41, 0xe9, 0x0a]), total: 3, end: 'end', error: null }, finalUrl: 'https://cdn.example/robots.txt', loop: true }));
    expect(r.warnings.map((w) => w.code)).toEqual(['redirectOtherOrigin', 'redirectLoop', 'invalidUtf8']);
    expect(r.bodyBase64).toBe(btoa('A\u00e9\n'));
  });
  it('a body whose first 500 KiB were still arriving at the time limit is unreachable; one only being counted is not', () => {
    const step = { kind: 'response', status: 200, contentType: 'text/plain' } as const;
    expect(robotsReadStep(step, { bytes: bytes(1000), total: 1000, end: 'timeout', error: null })).toEqual({ kind: 'timeout' });
    expect(robotsReadStep(step, { bytes: bytes(512_000), total: 900_000, end: 'timeout', error: null })).toEqual(step);
    const r = robotsReportFrom(base({ step: { kind: 'timeout' }, read: { bytes: bytes(10), total: 10, end: 'timeout', error: null } }));
    expect(r).toMatchObject({ status: null, body: null, bytes: 0, outcome: { kind: 'disallow-all', code: 'timeout', params: [10] } });
  });
});
