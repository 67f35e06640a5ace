import { describe, expect, it } from 'vitest';
import { fetchRobotsTxt, ROBOTS_MAX_BYTES } from '../../../lib/crawl';
import { answer, BROWSER, GOOGLEBOT, hang, moved, server, text, type Answer } from './helpers';

const O = 'https://site.example';
const now = () => 1_000;
const fetchAs = (routes: Record<string, Answer>, userAgent = GOOGLEBOT, timeoutMs?: number) => {
  const hop = server(routes);
  return { hop, report: fetchRobotsTxt(`${O}/some/page?x=1#y`, hop, { userAgent, now, timeoutMs }) };
};

/** A server that answers robots.txt by User-Agent, as WAFs and bot managers do. */
const byAgent = (forGooglebot: string, forOthers: string): Answer => (req) =>
  answer(200, 'OK', [{ name: 'Content-Type', value: 'text/plain' }], /Googlebot/.test(req.userAgent) ? forGooglebot : forOthers);

describe('fetchRobotsTxt (lib/crawl): robots.txt fetched as Google fetches it', () => {
  it('asks as Googlebot: a server that answers by User-Agent gives Google’s file', async () => {
    const routes = { [`${O}/robots.txt`]: byAgent('User-agent: *\nDisallow: /\n', 'User-agent: *\nAllow: /\n') };
    const g = fetchAs(routes);
    const r = await g.report;
    expect(g.hop.calls).toEqual([{ url: `${O}/robots.txt`, userAgent: GOOGLEBOT }]);
    expect(r.body).toBe('User-agent: *\nDisallow: /\n');
    expect(r.userAgent).toBe(GOOGLEBOT);
    const b = await fetchAs(routes, BROWSER).report;
    expect(b.body).toBe('User-agent: *\nAllow: /\n');
  });

  it('2xx is parsed (any type; a warning when not text/plain), with status, type, bytes and time', async () => {
    const r = await fetchAs({ [`${O}/robots.txt`]: text('User-agent: *\nDisallow: /x\n', 'text/html') }).report;
    expect(r).toMatchObject({ origin: O, robotsUrl: `${O}/robots.txt`, status: 200, contentType: 'text/html', bytes: 27, fetchedAt: 1_000, durationMs: 0, fromCache: false });
    expect(r.outcome).toEqual({ kind: 'parse', code: 'fetched', params: ['200'] });
    expect(r.warnings).toEqual([{ code: 'notPlainText', params: ['text/html'] }]);
  });

  it.each([
    [404, 'allow-all', 'notFound'],
    [410, 'allow-all', 'notFound'],
    [401, 'allow-all', 'notFound'],
    [429, 'disallow-all', 'tooManyRequests'],
    [500, 'disallow-all', 'serverError'],
    [503, 'disallow-all', 'serverError'],
  ])('HTTP %i: %s (%s), as Google treats it', async (status, kind, code) => {
    const r = await fetchAs({ [`${O}/robots.txt`]: () => answer(status, 'X', [], 'User-agent: *\nDisallow: /\n') }).report;
    expect(r.outcome).toEqual({ kind, code, params: [String(status)] });
    expect(r.body).toBeNull();
  });

  it('an unreachable server or one that never answers: everything disallowed', async () => {
    const down = await fetchAs({}).report;
    expect(down.outcome).toEqual({ kind: 'disallow-all', code: 'networkError', params: ['connect ECONNREFUSED'] });
    const slow = await fetchAs({ [`${O}/robots.txt`]: hang }, GOOGLEBOT, 30).report;
    expect(slow.outcome).toEqual({ kind: 'disallow-all', code: 'timeout', params: [10] });
  });

  it('follows 5 redirects as Googlebot (each hop recorded), not 6: then it is not found, everything allowed', async () => {
    const routes: Record<string, Answer> = { [`${O}/robots.txt`]: moved(301, '/r1') };
    for (let i = 1; i < 6; i++) routes[`${O}/r${i}`] = moved(302, `/r${i + 1}`);
    routes[`${O}/r5`] = text('User-agent: *\nDisallow: /five\n');
    const five = fetchAs(routes);
    const r5 = await five.report;
    expect(r5.hops.map((h) => [h.url, h.status])).toEqual([[`${O}/robots.txt`, 301], [`${O}/r1`, 302], [`${O}/r2`, 302], [`${O}/r3`, 302], [`${O}/r4`, 302]]);
    expect(r5.finalUrl).toBe(`${O}/r5`);
    expect(r5.outcome.kind).toBe('parse');
    expect(five.hop.calls.every((c) => c.userAgent === GOOGLEBOT)).toBe(true);
    routes[`${O}/r5`] = moved(302, '/r6');
    routes[`${O}/r6`] = text('User-agent: *\nDisallow: /six\n');
    const r6 = await fetchAs(routes).report;
    expect(r6.outcome).toEqual({ kind: 'allow-all', code: 'tooManyRedirects', params: [5] });
    expect(r6.body).toBeNull();
  });

  it('a redirect loop runs into the limit (allow all) and is named in a warning', async () => {
    const r = await fetchAs({ [`${O}/robots.txt`]: moved(301, '/b'), [`${O}/b`]: moved(301, '/robots.txt') }).report;
    expect(r.outcome.code).toBe('tooManyRedirects');
    expect(r.warnings).toContainEqual({ code: 'redirectLoop', params: [] });
  });

  it('a redirect to another origin is followed, and said', async () => {
    const r = await fetchAs({ [`${O}/robots.txt`]: moved(301, 'https://cdn.example/robots.txt'), 'https://cdn.example/robots.txt': text('User-agent: *\nAllow: /\n') }).report;
    expect(r.finalUrl).toBe('https://cdn.example/robots.txt');
    expect(r.warnings).toContainEqual({ code: 'redirectOtherOrigin', params: ['https://cdn.example'] });
  });

  it('a 3xx without a Location is the final answer (3xx: not found, allow all)', async () => {
    const r = await fetchAs({ [`${O}/robots.txt`]: moved(302, null) }).report;
    expect(r.outcome).toEqual({ kind: 'allow-all', code: 'redirectUnresolved', params: ['302'] });
  });

  it('keeps the first 500 KiB and counts the rest', async () => {
    const body = 'User-agent: *\nDisallow: /a\n' + '#'.repeat(ROBOTS_MAX_BYTES);
    const r = await fetchAs({ [`${O}/robots.txt`]: text(body) }).report;
    expect(r.bytes).toBe(ROBOTS_MAX_BYTES);
    expect(r.totalBytes).toBe(body.length);
    expect(r.truncated).toBe(true);
  });

  it('throws only for a URL that is not HTTP(S)', async () => {
    await expect(fetchRobotsTxt('file:///etc/passwd', server({}), { userAgent: GOOGLEBOT })).rejects.toThrow('Not an HTTP(S) URL');
  });
});
