// The exit code by one rule (README, --help): 0 all indexable and every sitemap read whole; 1 a URL
// not indexable or at risk, or a sitemap problem; 2 nothing could be checked, cancelled, timed out.
// Each from a real run over a fake site; no answer counts the same however it failed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOutcome, startSiteCheck, type SiteCheckOptions } from '../../../lib/sitecheck';
import type { HopReply } from '../../../lib/crawl';
import { fakeClock, fakeSite, page, reply, robots, t, type Route } from './helpers';

const O = 'https://site.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xml = (s: string) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'application/xml' }], s);
const urlset = (urls: string[]) => `<urlset xmlns="${NS}">\n${urls.map((u) => `<url><loc>${u}</loc></url>\n`).join('')}</urlset>`;
const ok = page('<title>ok</title>');
const silent: Route = ({ signal }) => new Promise<HopReply>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
const refused: Route = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));

const outcome = async (routes: Record<string, Route>, opts: Partial<SiteCheckOptions>) =>
  runOutcome(await startSiteCheck({ fetchHop: fakeSite(routes), translate: t, generator: 'test', ...opts }).done);

afterEach(() => {
  vi.useRealTimers();
});

describe('runOutcome', () => {
  it('0: every URL indexable, every sitemap read whole', async () => {
    expect(await outcome({ [`${O}/robots.txt`]: robots(''), [`${O}/s.xml`]: xml(urlset([`${O}/a`, `${O}/b`])), [`${O}/a`]: ok, [`${O}/b`]: ok }, { sitemaps: [`${O}/s.xml`] })).toBe(0);
    // Duplicates are no problem: Google reads a URL once.
    expect(await outcome({ [`${O}/robots.txt`]: robots(''), [`${O}/s.xml`]: xml(urlset([`${O}/a`, `${O}/a`])), [`${O}/a`]: ok }, { sitemaps: [`${O}/s.xml`] })).toBe(0);
  });

  it('1: a URL not indexable or at risk', async () => {
    expect(await outcome({ [`${O}/robots.txt`]: robots(''), [`${O}/a`]: ok, [`${O}/gone`]: () => reply(404, 'Not Found', [], '') }, { urls: [`${O}/a`, `${O}/gone`] })).toBe(1);
  });

  it('1: a broken sitemap whose URLs before the break are fine; bad entries; a foreign URL; a sitemap that cannot be fetched next to one that can', async () => {
    const base = { [`${O}/robots.txt`]: robots(''), [`${O}/a`]: ok, [`${O}/b`]: ok };
    const broken = `<urlset xmlns="${NS}">\n<url><loc>${O}/a</loc></url>\n<url><loc>${O}/b</loc></url>\n<url><loc>${O}/c</loc>\n</urlset>\n`;
    expect(await outcome({ ...base, [`${O}/s.xml`]: xml(broken) }, { sitemaps: [`${O}/s.xml`] })).toBe(1);
    expect(await outcome({ ...base, [`${O}/s.xml`]: xml(urlset([`${O}/a`, 'not a url'])) }, { sitemaps: [`${O}/s.xml`] })).toBe(1);
    expect(await outcome({ ...base, [`${O}/s.xml`]: xml(urlset([`${O}/a`, 'https://other.example/x'])), 'https://other.example/robots.txt': robots('') }, { sitemaps: [`${O}/s.xml`] })).toBe(1);
    expect(await outcome({ ...base, [`${O}/s.xml`]: xml(urlset([`${O}/a`])) }, { sitemaps: [`${O}/s.xml`, `${O}/missing.xml`] })).toBe(1);
    // The URL cap: the rest is not read.
    expect(await outcome({ ...base, [`${O}/s.xml`]: xml(urlset([`${O}/a`, `${O}/b`])) }, { sitemaps: [`${O}/s.xml`], maxUrls: 1 })).toBe(1);
  });

  it('2: nothing could be checked — no sitemap, a sitemap that cannot be fetched, an index listing only itself', async () => {
    expect(await outcome({ [`${O}/robots.txt`]: robots('') }, { site: O })).toBe(2);
    expect(await outcome({ [`${O}/robots.txt`]: robots('') }, { sitemaps: [`${O}/missing.xml`] })).toBe(2);
    expect(await outcome({ [`${O}/i.xml`]: xml(`<sitemapindex xmlns="${NS}"><sitemap><loc>${O}/i.xml</loc></sitemap></sitemapindex>`) }, { sitemaps: [`${O}/i.xml`] })).toBe(2);
  });

  it('unreachable is unreachable however it failed: robots.txt refused or silent, the page refused or silent — alone 2, next to a checked URL 1', async () => {
    fakeClock();
    const P = 'https://down.example';
    const cases: Record<string, Record<string, Route>> = {
      robotsRefused: { [`${P}/robots.txt`]: refused },
      robotsSilent: { [`${P}/robots.txt`]: silent },
      pageRefused: { [`${P}/robots.txt`]: robots(''), [`${P}/x`]: refused },
      pageSilent: { [`${P}/robots.txt`]: robots(''), [`${P}/x`]: silent },
    };
    const results: Record<string, [number, number]> = {};
    for (const [name, routes] of Object.entries(cases)) {
      const alone = startSiteCheck({ fetchHop: fakeSite(routes), urls: [`${P}/x`], translate: t, generator: 'test' }).done;
      const withOk = startSiteCheck({ fetchHop: fakeSite({ ...routes, [`${O}/robots.txt`]: robots(''), [`${O}/a`]: ok }), urls: [`${P}/x`, `${O}/a`], translate: t, generator: 'test' }).done;
      await vi.advanceTimersByTimeAsync(60_000);
      const [a, b] = await Promise.all([alone, withOk]);
      expect(a.progress.unreachable, name).toBe(1);
      results[name] = [runOutcome(a), runOutcome(b)];
    }
    expect(results).toEqual({ robotsRefused: [2, 1], robotsSilent: [2, 1], pageRefused: [2, 1], pageSilent: [2, 1] });
  });

  it('2: cancelled, or the time limit reached — whatever was checked before', async () => {
    fakeClock();
    const routes = { [`${O}/robots.txt`]: robots(''), [`${O}/a`]: ok, [`${O}/slow`]: silent };
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls: [`${O}/a`, `${O}/slow`], translate: t, generator: 'test' });
    while (check.progress().done < 1) await vi.advanceTimersByTimeAsync(5);
    check.cancel();
    const cancelled = await check.done;
    expect([cancelled.progress.state, cancelled.progress.done, runOutcome(cancelled)]).toEqual(['cancelled', 1, 2]);

    const timed = startSiteCheck({ fetchHop: fakeSite(routes), urls: [`${O}/a`, `${O}/slow`], maxTimeMs: 5_000, translate: t, generator: 'test' }).done;
    await vi.advanceTimersByTimeAsync(5_000);
    const s = await timed;
    expect([s.progress.state, s.progress.done, runOutcome(s)]).toEqual(['timeLimit', 1, 2]);
  });
});
