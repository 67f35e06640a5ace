import { describe, expect, it } from 'vitest';
import { evaluateIndexability, parseReport, robotsInputFrom, tokenVerdicts } from '../../../lib/indexability';
import type { RobotsReport } from '../../../lib/robots/types';

const report = (body: string | null, kind: 'parse' | 'allow-all' | 'disallow-all' = 'parse', status = 200): RobotsReport => ({
  origin: 'https://site.example', robotsUrl: 'https://site.example/robots.txt', fetchedAt: 0, durationMs: 1, fromCache: false,
  hops: [], finalUrl: 'https://site.example/robots.txt', status, contentType: 'text/plain', bytes: body?.length ?? 0,
  totalBytes: null, truncated: false, outcome: { kind, code: kind, params: [] }, warnings: [], body,
});

const BODY = 'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /blocked/\n\nUser-agent: Google-Extended\nDisallow: /\n';

describe('robotsInputFrom', () => {
  it('Googlebot blocked by line 5; Google-Extended blocked by its own group (line 8)', () => {
    const r = report(BODY);
    const parsed = parseReport(r);
    const input = robotsInputFrom(r, parsed, 'https://site.example/blocked/noindex.html', 'https://site.example/blocked/other.html');
    expect(input).toEqual({
      robotsUrl: 'https://site.example/robots.txt', fileStatus: 200, unreachable: null, allowed: false, line: 5, rule: 'Disallow: /blocked/', userAgent: 'googlebot',
      googleExtended: { allowed: false, line: 8, rule: 'Disallow: /' },
      canonicalAllowed: { url: 'https://site.example/blocked/other.html', allowed: false, line: 5, rule: 'Disallow: /blocked/' },
    });
    // Googlebot-Image has no group of its own: it falls back to Googlebot's
    expect(tokenVerdicts(r, parsed, 'https://site.example/blocked/x').find((v) => v.token === 'Googlebot-Image')).toEqual({ token: 'Googlebot-Image', allowed: false, group: 'fallback', line: 5, rule: 'Disallow: /blocked/' });
    expect(tokenVerdicts(r, parsed, 'https://site.example/open').find((v) => v.token === 'Googlebot')).toEqual({ token: 'Googlebot', allowed: true, group: 'own', line: null, rule: null });
  });
  it('an unreachable robots.txt (5xx) blocks the whole site, with its own reason', () => {
    const r = { ...report(null, 'disallow-all', 503), outcome: { kind: 'disallow-all' as const, code: 'serverError', params: ['503'] } };
    const input = robotsInputFrom(r, parseReport(r), 'https://site.example/a', null);
    expect(input.allowed).toBe(false);
    const v = evaluateIndexability({
      url: 'https://site.example/a', status: { code: 200, line: '' }, headers: [], redirects: [], served: null, live: null, robots: input, bytes: null, now: 0,
    });
    expect(v.verdict).toBe('not-indexable');
    expect(v.reasons[0]).toMatchObject({ code: 'robotsUnreachable', params: ['https://site.example/robots.txt', '503'] });
  });
  it('robots.txt that times out or cannot be fetched: the reason says which, never an empty status', () => {
    const verdictFor = (outcome: RobotsReport['outcome']) => {
      const r = { ...report(null, 'disallow-all', 200), status: null, outcome };
      const input = robotsInputFrom(r, parseReport(r), 'https://site.example/a', null);
      return evaluateIndexability({
        url: 'https://site.example/a', status: { code: 200, line: '' }, headers: [], redirects: [], served: null, live: null, robots: input, bytes: null, now: 0,
      }).reasons[0];
    };
    expect(verdictFor({ kind: 'disallow-all', code: 'timeout', params: [10] })).toMatchObject({ code: 'robotsUnreachableTimeout', params: ['https://site.example/robots.txt', 10] });
    expect(verdictFor({ kind: 'disallow-all', code: 'networkError', params: ['Failed to fetch'] })).toMatchObject({
      code: 'robotsUnreachableNetwork',
      params: ['https://site.example/robots.txt', 'Failed to fetch'],
    });
  });
  it('a 404 robots.txt allows everything', () => {
    const r = report(null, 'allow-all', 404);
    expect(robotsInputFrom(r, parseReport(r), 'https://site.example/a', null)).toMatchObject({ allowed: true, line: null, googleExtended: null });
  });
});
