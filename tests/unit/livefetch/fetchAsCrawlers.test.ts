// Fetch as each crawler: every catalog crawler with a documented User-Agent and Googlebot for
// reference, at most 4 at a time, each compared with Googlebot's answer; challenge pages by their
// markers (each with its source), refusals by status, timeouts and 3 MB challenge pages within the limits.
import { describe, expect, it } from 'vitest';
import { fetchAsCrawlers, liveJobs, LIVE_FETCH_LIMITS } from '../../../lib/livefetch';
import { CRAWLER_CATALOG, evaluateCrawlers } from '../../../lib/crawlers';
import type { HopFetcher, HopReply, HopRequest } from '../../../lib/crawl';
import { answer, hang } from '../crawl/helpers';

const URL_ = 'https://site.test/page';
const PAGE = '<!doctype html><title>The page</title><h1>Hello</h1><p>Five words of real text.</p>';
const CHALLENGE = '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>';
const html = (body: string, status = 200, extra: { name: string; value: string }[] = []): HopReply => answer(status, 'X', [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }, ...extra], body);

/** A server that answers by User-Agent; counts requests at once. */
function byAgent(pick: (ua: string, req: HopRequest) => HopReply | Promise<HopReply>) {
  let now = 0;
  let max = 0;
  const agents: string[] = [];
  const hop: HopFetcher = async (_url, req) => {
    agents.push(req.userAgent);
    now++;
    max = Math.max(max, now);
    try {
      await new Promise((r) => setTimeout(r, 5));
      return await pick(req.userAgent, req);
    } finally {
      now--;
    }
  };
  return { hop, agents, max: () => max };
}

const row = (r: Awaited<ReturnType<typeof fetchAsCrawlers>>, token: string) => r.results.find((x) => x.token === token)!;

describe('fetchAsCrawlers', () => {
  it('asks as Googlebot and each crawler with a documented User-Agent (12 requests, at most 4 at once); the others say why not', async () => {
    const jobs = liveJobs();
    expect(jobs.length).toBe(CRAWLER_CATALOG.length + 1);
    expect(jobs.filter((j) => j.userAgent).length).toBe(12);
    expect(jobs.filter((j) => !j.userAgent).map((j) => [j.token, j.notFetched])).toEqual([
      ['ClaudeBot', 'noUserAgent'], ['Claude-SearchBot', 'noUserAgent'], ['Claude-User', 'noUserAgent'], ['Applebot-Extended', 'controlToken'], ['Bytespider', 'noUserAgent'],
    ]);
    const s = byAgent(() => html(PAGE));
    const r = await fetchAsCrawlers(URL_, s.hop);
    expect(s.agents.length).toBe(12);
    expect(s.max()).toBe(4);
    expect(r.results[0]).toMatchObject({ token: 'Googlebot', comparison: 'reference', status: 200, title: 'The page', words: 6, bytes: PAGE.length });
    expect(r.results.filter((x) => x.comparison === 'same').length).toBe(11);
    expect(row(r, 'ClaudeBot')).toMatchObject({ comparison: 'not-fetched', notFetched: 'noUserAgent', userAgent: null });
  });

  it('GPTBot gets 403 with a challenge page: "challenge", its markers with their sources; a finding because robots.txt allows it', async () => {
    const s = byAgent((ua) => (/GPTBot/.test(ua) ? html(CHALLENGE, 403, [{ name: 'cf-mitigated', value: 'challenge' }]) : html(PAGE)));
    const verdicts = evaluateCrawlers('User-agent: CCBot\nDisallow: /\n', URL_);
    const r = await fetchAsCrawlers(URL_, s.hop, { verdicts });
    const gpt = row(r, 'GPTBot');
    expect(gpt).toMatchObject({ comparison: 'challenge', status: 403, title: 'Just a moment...', words: 3 });
    expect(gpt.markers.map((m) => [m.id, m.vendor, m.source])).toEqual([
      ['cf-mitigated', 'Cloudflare', 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response'],
      ['cf-just-a-moment', 'Cloudflare', 'https://docs.rs/parse-book-source/0.5.0/parse_book_source/fetch/fn.is_challenge.html'],
    ]);
    expect(r.findings).toEqual([
      { code: 'allowedButRefused', severity: 'warning', token: 'GPTBot', params: ['GPTBot', 403, 'Cloudflare: cf-mitigated, <title>just a moment...</title>'] },
      { code: 'disallowedButServed', severity: 'info', token: 'CCBot', params: ['CCBot', 200, 2] },
    ]);
  });

  it('a refusal without a known marker is "blocked"; a page that differs says so with words and title; unknown never guessed', async () => {
    const s = byAgent((ua) => (/bingbot/.test(ua) ? html('<title>Forbidden</title>Go away', 403) : /CCBot/.test(ua) ? html('<title>Other</title><p>Another page</p>') : html(PAGE)));
    const r = await fetchAsCrawlers(URL_, s.hop);
    expect(row(r, 'bingbot')).toMatchObject({ comparison: 'blocked', status: 403, markers: [] });
    expect(row(r, 'CCBot')).toMatchObject({ comparison: 'different', title: 'Other', words: 2 });
  });

  it('a hanging answer ends at 10 s as a timeout; a 3 MB challenge page is read within 1 MiB kept and counted', async () => {
    const big = CHALLENGE.replace('</body>', '<!--' + 'x'.repeat(3 * 1024 * 1024) + '--></body>');
    const s = byAgent((ua, req) => (/Amazonbot/.test(ua) ? hang(req) : /meta-externalagent/.test(ua) ? html(big) : html(PAGE)));
    const r = await fetchAsCrawlers(URL_, s.hop, { limits: { timeoutMs: 300 } });
    expect(row(r, 'Amazonbot')).toMatchObject({ comparison: 'error', error: { code: 'timeout', params: [0.3] }, status: null });
    expect(row(r, 'Meta-ExternalAgent')).toMatchObject({ comparison: 'challenge', status: 200, bytes: big.length, complete: true });
    expect(LIVE_FETCH_LIMITS).toEqual({ concurrency: 4, timeoutMs: 10_000, keepBytes: 1_048_576, countCap: 16_777_216 });
  });

  it('the reference itself challenged: every comparison is with that page, and it is said', async () => {
    const s = byAgent(() => html(CHALLENGE, 503, [{ name: 'cf-mitigated', value: 'challenge' }]));
    const r = await fetchAsCrawlers(URL_, s.hop);
    expect(r.results[0]!.comparison).toBe('challenge');
    expect(r.findings[0]).toMatchObject({ code: 'referenceRefused', token: 'Googlebot', params: [503, 'Cloudflare: cf-mitigated, <title>just a moment...</title>'] });
  });
});
