// The run's tally: what the progress and the summary count.
import { describe, expect, it } from 'vitest';
import { createTally } from '../../../lib/sitecheck/createTally';
import type { Report } from '../../../lib/report';
import type { SitemapStatus } from '../../../lib/sitecheck';

const report = (verdict: Report['verdict'], extra: { truncated?: boolean; error?: 'network' | 'timeout' | null; reasons?: string[] } = {}) =>
  ({
    verdict,
    bytes: extra.truncated === undefined ? null : { truncated: extra.truncated },
    siteCheck: { error: extra.error ?? null },
    reasons: (extra.reasons ?? []).map((code) => ({ code })),
  }) as unknown as Report;

const sitemap = (url: string): SitemapStatus => ({ url, from: { kind: 'given' }, status: null, kind: null, entries: 0, bytes: 0, gzip: false, complete: false, problems: [], notAccepted: 0, duplicates: 0 });

describe('createTally', () => {
  it('verdicts, over the limit, unreachable however it failed, failures, the pace', () => {
    const t = createTally({ followForeign: false, maxTimeMs: 60_000 });
    for (let i = 0; i < 6; i++) t.queued();
    t.checked(report('indexable'));
    t.checked(report('at-risk', { truncated: true }));
    t.checked(report('not-indexable', { error: 'network' }));
    t.checked(report('not-indexable', { error: 'timeout' }));
    t.checked(report('not-indexable', { reasons: ['robotsUnreachableTimeout'] }));
    t.failed('https://site.example/x', new Error('boom'));
    t.error('https://site.example/s.xml', 'not an Error');
    const p = t.progress('running', true, 6_000);
    expect(p).toEqual({
      state: 'running',
      discovering: true,
      done: 6,
      total: 6,
      byVerdict: { indexable: 1, 'at-risk': 1, 'not-indexable': 3 },
      overLimit: 1,
      etaMs: 0,
      elapsedMs: 6_000,
      sitemaps: 0,
      problems: 0,
      duplicates: 0,
      notAccepted: 0,
      followForeign: false,
      unreachable: 3,
      maxTimeMs: 60_000,
      structured: { items: 0, errors: 0, warnings: 0, urlsWithErrors: 0, byType: {} },
    });
    expect(t.errors).toEqual([
      { url: 'https://site.example/x', error: 'boom' },
      { url: 'https://site.example/s.xml', error: 'not an Error' },
    ]);
    const u = createTally({ followForeign: true, maxTimeMs: 1 });
    expect(u.progress('paused', false, 0).etaMs).toBeNull();
    for (let i = 0; i < 4; i++) u.queued();
    u.checked(report('indexable'));
    expect(u.progress('running', false, 1_000).etaMs).toBe(3_000);
  });

  it('sitemap problems: counted all, the first 50 URLs not accepted kept; the reader\'s first; run problems apart', () => {
    const t = createTally({ followForeign: false, maxTimeMs: 1 });
    const s = sitemap('https://site.example/s.xml');
    t.sitemapStarted(s);
    for (let i = 0; i < 60; i++) t.notAccepted(s, { code: 'foreignHost', sitemap: s.url, line: i + 2, params: [`https://o.example/${i}`], fatal: false });
    t.sitemapProblem(s, 'indexNothingNew', [3], null, false);
    t.readerProblems(s, [{ code: 'badLoc', sitemap: s.url, line: 1, params: ['x'], fatal: false }], 7);
    t.duplicate(s);
    t.duplicate(null);
    t.runProblem('urlCap', s.url, [10]);
    expect(s.problems).toHaveLength(52);
    expect([s.problems[0]!.code, s.problems[1]!.line, s.problems.at(-1)!.code]).toEqual(['badLoc', 2, 'indexNothingNew']);
    expect([s.notAccepted, s.duplicates]).toEqual([60, 1]);
    expect(t.problems).toEqual([{ code: 'urlCap', sitemap: s.url, line: null, params: [10], fatal: true }]);
    expect(t.progress('done', false, 0)).toMatchObject({ sitemaps: 1, problems: 60 + 1 + 7 + 1, notAccepted: 60, duplicates: 2 });
  });
});
