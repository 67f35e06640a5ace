// Run control on a fake clock: a sitemap's own time limit to the millisecond (its headers
// included), child sitemaps read concurrently within the per-host limit, the whole run's time
// limit (paused time not counted), cancel — each ending with the counts so far.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressText, startSiteCheck, type SiteCheckSummary } from '../../../lib/sitecheck';
import type { HopReply } from '../../../lib/crawl';
import { fakeClock, fakeSite, finish as runFor, page, reply, robots, t, type Route } from './helpers';
import { say } from '../../support/say';

const O = 'https://site.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xmlHead = [{ name: 'Content-Type', value: 'application/xml' }];
const enc = new TextEncoder();

/** A request that never answers; it ends (rejects) only when aborted, as a real one does. */
const silent: Route = ({ signal }) => new Promise<HopReply>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
/** Answers after `ms` of the (fake) clock. */
const after = (ms: number, r: Route): Route => (req) => new Promise<HopReply>((resolve) => setTimeout(() => resolve(r(req)), ms));

/** A sitemap whose headers come after 500 ms and then one <url> a second, forever. */
function dripping(paths: (i: number) => string): Route {
  return after(500, () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(enc.encode(`<urlset xmlns="${NS}">\n`));
      },
      pull(ctl) {
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            ctl.enqueue(enc.encode(`<url><loc>${O}${paths(i++)}</loc></url>\n`));
            resolve();
          }, 1_000),
        );
      },
    });
    return { status: 200, statusLine: 'HTTP/1.1 200 OK', headers: xmlHead, body };
  });
}

const english = (key: string, params: Parameters<typeof say>[1] = []) => say(key, params);
const duration = (ms: number) => `${ms / 1000} s`;

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

async function finish(done: Promise<SiteCheckSummary>, step = 100) {
  const { value, ms } = await runFor(done, step);
  return { summary: value, ms };
}

describe('run control', () => {
  it('a dripping sitemap ends at its 60 s to the millisecond, headers included; the URLs read before it are checked', async () => {
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots(''), [`${O}/drip.xml`]: dripping((i) => `/p${i}`) };
    for (let i = 0; i < 70; i++) routes[`${O}/p${i}`] = page('<title>p</title>');
    let readAt = 0;
    const t0 = Date.now();
    const check = startSiteCheck({ fetchHop: fakeSite(routes), sitemaps: [`${O}/drip.xml`], translate: t, generator: 'test', onSitemap: () => (readAt = Date.now()) });
    const { summary } = await finish(check.done, 50);
    // 0.5 s for the headers, then 59.5 s of one <url> a second: the 59 whole ones that came in time.
    expect(readAt - t0).toBe(60_000);
    const s = summary.sitemaps[0]!;
    expect(s.problems.map((p) => [p.code, p.params, p.fatal])).toEqual([['timeout', [60], true]]);
    expect([s.entries, s.complete]).toEqual([59, false]);
    expect(summary.progress).toMatchObject({ state: 'done', done: 59, total: 59 });
  });

  it('an index of 10 sitemaps that never answer: read 2 at a time (the per-host limit), 50 s in all, not 100 s; 10 at a time: 10 s', async () => {
    for (const [concurrency, seconds] of [[2, 50], [10, 10]] as const) {
      let open = 0;
      let most = 0;
      const never: Route = (req) => {
        open++;
        most = Math.max(most, open);
        req.signal.addEventListener('abort', () => open--, { once: true });
        return silent(req);
      };
      const children = Array.from({ length: 10 }, (_, i) => `${O}/s${i}.xml`);
      const routes: Record<string, Route> = {
        [`${O}/index.xml`]: () => reply(200, 'OK', xmlHead, `<sitemapindex xmlns="${NS}">${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join('')}</sitemapindex>`),
      };
      for (const c of children) routes[c] = never;
      const check = startSiteCheck({ fetchHop: fakeSite(routes), sitemaps: [`${O}/index.xml`], concurrency, translate: t, generator: 'test' });
      const { summary, ms } = await finish(check.done);
      expect(ms).toBe(seconds * 1000);
      expect(most).toBe(concurrency);
      expect(summary.sitemaps.slice(1).map((s) => s.problems.map((p) => [p.code, p.params]))).toEqual(children.map(() => [['timeout', [10]]]));
      expect(summary.progress).toMatchObject({ state: 'done', done: 0 });
    }
  });

  it('the whole run stops at its time limit — paused time not counted — and says so with the counts so far', async () => {
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots('') };
    const urls = Array.from({ length: 10 }, (_, i) => `${O}/slow${i}`);
    for (const u of urls) routes[u] = after(2_000, page('<title>slow</title>'));
    const t0 = Date.now();
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls, concurrency: 1, maxTimeMs: 5_000, translate: t, generator: 'test' });
    await vi.advanceTimersByTimeAsync(1_000);
    check.pause();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check.progress().state).toBe('paused');
    check.resume();
    const { summary } = await finish(check.done, 50);
    // 5 s of running: the pages answered at 2 s and 4 s (the one in flight during the pause finished then; none started).
    expect(Date.now() - t0).toBe(25_000);
    expect(summary.progress).toMatchObject({ state: 'timeLimit', done: 2, total: 10, maxTimeMs: 5_000 });
    const w = progressText(summary.progress, t, duration);
    expect(w.ended).toBe(t('sitecheck.ended.timeLimit', [duration(5_000), 2, 10]));
    expect(progressText(summary.progress, english, duration).ended).toBe(say('sitecheck.ended.timeLimit', ['5 s', 2, 10]));
  });

  it('cancel: the summary says cancelled, with the counts so far; a sitemap being read ends at once', async () => {
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots(''), [`${O}/drip.xml`]: dripping((i) => `/p${i}`) };
    for (let i = 0; i < 10; i++) routes[`${O}/p${i}`] = page('<title>p</title>');
    const check = startSiteCheck({ fetchHop: fakeSite(routes), sitemaps: [`${O}/drip.xml`], translate: t, generator: 'test' });
    await vi.advanceTimersByTimeAsync(3_600);
    check.cancel();
    const { summary, ms } = await finish(check.done, 10);
    expect(ms).toBeLessThanOrEqual(10);
    expect(summary.progress).toMatchObject({ state: 'cancelled', done: 3, total: 3 });
    expect(summary.sitemaps[0]).toMatchObject({ entries: 3, complete: false, problems: [] });
    expect(progressText(summary.progress, english, duration).ended).toBe(say('sitecheck.ended.cancelled', [3, 3]));
  });

  it('cancel ends the requests in flight at once — a robots.txt and a URL that never answer', async () => {
    const seen: AbortSignal[] = [];
    const watch = (r: Route): Route => (req) => (seen.push(req.signal), r(req));
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots(''), [`${O}/a`]: watch(silent), [`https://other.example/robots.txt`]: watch(silent) };
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls: [`${O}/a`, 'https://other.example/b'], translate: t, generator: 'test' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.map((s) => s.aborted)).toEqual([false, false]);
    check.cancel();
    const { summary, ms } = await finish(check.done, 10);
    expect(ms).toBeLessThanOrEqual(10);
    expect(seen.map((s) => s.aborted)).toEqual([true, true]);
    expect(summary.progress).toMatchObject({ state: 'cancelled' });
  });
});
