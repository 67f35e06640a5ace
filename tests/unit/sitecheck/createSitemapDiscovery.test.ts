// Sitemap discovery through the run's queue: each sitemap named once and read within its host's
// limit, at most 500, the reader's slot lent to the checks while the queue is full, a sitemap's
// 429/5xx slowing its host down for its Retry-After — on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostQueue } from '../../../lib/sitecheck/createHostQueue';
import { createTally } from '../../../lib/sitecheck/createTally';
import { createUrlIntake } from '../../../lib/sitecheck/createUrlIntake';
import { createSitemapDiscovery, MAX_SITEMAPS } from '../../../lib/sitecheck/createSitemapDiscovery';
import { robotsPerOrigin } from '../../../lib/sitecheck/robotsPerOrigin';
import type { SiteJob } from '../../../lib/sitecheck';
import { fakeClock, fakeSite, finish, reply, robots, type Route } from './helpers';

const O = 'https://site.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xml = (s: string) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'application/xml' }], s);
const urlset = (paths: string[]) => `<urlset xmlns="${NS}">\n${paths.map((p) => `<url><loc>${O}${p}</loc></url>\n`).join('')}</urlset>`;
const index = (urls: string[]) => `<sitemapindex xmlns="${NS}">\n${urls.map((u) => `<sitemap><loc>${u}</loc></sitemap>\n`).join('')}</sitemapindex>`;

/** The discovery wired as the runner wires it; a URL job takes `checkMs` of the clock. */
function parts(routes: Record<string, Route>, { perHost = 2, highWater = 1000, checkMs = 0 } = {}) {
  const fetchHop = fakeSite(routes);
  const stop = new AbortController();
  const tally = createTally({ followForeign: false, maxTimeMs: 1 });
  const started: { what: string; at: number; host: string }[] = [];
  let inFlight = 0;
  let most = 0;
  let mostWaiting = 0;
  const t0 = Date.now();
  const queue = createHostQueue<SiteJob>({
    perHost,
    maxParallel: 32,
    start: (job, slot) => {
      started.push({ what: job.kind === 'url' ? job.src.url : job.url, at: Date.now() - t0, host: slot.host });
      if (job.kind === 'sitemap') return discovery.read(job, slot);
      inFlight++;
      most = Math.max(most, queue.active);
      setTimeout(() => {
        inFlight--;
        slot.release();
      }, checkMs);
    },
  });
  const robotsTxt = robotsPerOrigin({ fetchHop, userAgent: 'Googlebot', now: Date.now });
  const intake = createUrlIntake({
    maxUrls: 50_000,
    followForeign: false,
    signal: stop.signal,
    sitemapsNamedFor: robotsTxt.sitemapsNamedFor,
    tally,
    enqueue: (src) => {
      queue.add(new URL(src.url).host, 'url', { kind: 'url', src });
      mostWaiting = Math.max(mostWaiting, queue.waiting('url'));
    },
  });
  const discovery = createSitemapDiscovery({ fetchHop, userAgent: 'Googlebot', signal: stop.signal, now: Date.now, queue, intake, tally, robots: robotsTxt, highWater });
  return { fetchHop, queue, tally, discovery, started, stop, most: () => most, mostWaiting: () => mostWaiting, inFlight: () => inFlight };
}

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSitemapDiscovery', () => {
  it('each sitemap named once, however spelled; the robots.txt of a site names them; an index\'s own index is not read', async () => {
    const p = parts({
      [`${O}/robots.txt`]: robots(`Sitemap: ${O}/index.xml\nSitemap: HTTPS://SITE.example:443/index.xml\n`),
      [`${O}/index.xml`]: xml(index([`${O}/a.xml`, `${O}/A/../a.xml`, `${O}/nested.xml`])),
      [`${O}/a.xml`]: xml(urlset(['/1'])),
      [`${O}/nested.xml`]: xml(index([`${O}/deeper.xml`])),
    });
    await finish(p.discovery.run({ site: O }), 10);
    expect(p.tally.sitemaps.map((s) => [s.url, s.from.kind, s.problems.map((x) => x.code)])).toEqual([
      [`${O}/index.xml`, 'robots', []],
      [`${O}/a.xml`, 'index', []],
      [`${O}/nested.xml`, 'index', ['nestedIndex']],
    ]);
    expect(p.fetchHop.calls.map((c) => c.url).filter((u) => u.endsWith('.xml'))).toEqual([`${O}/index.xml`, `${O}/a.xml`, `${O}/nested.xml`]);
  });

  it(`at most ${MAX_SITEMAPS} sitemaps a run: the first one past it is named in one problem, the rest not read`, async () => {
    const many = (tag: string) => Array.from({ length: 300 }, (_, i) => `${O}/${tag}${i}.xml`);
    const p = parts({ [`${O}/i1.xml`]: xml(index(many('a'))), [`${O}/i2.xml`]: xml(index(many('b'))) });
    await finish(p.discovery.run({ sitemaps: [`${O}/i1.xml`, `${O}/i2.xml`] }), 10);
    expect(p.tally.sitemaps).toHaveLength(MAX_SITEMAPS);
    expect(p.fetchHop.calls).toHaveLength(MAX_SITEMAPS);
    expect(p.tally.problems.map((x) => [x.code, x.params])).toEqual([['tooManySitemaps', [MAX_SITEMAPS]]]);
    expect(p.queue.waiting('sitemap')).toBe(0);
  });

  it('one request at once per host: the reader lends its slot to the checks while the queue is full, and reads on after', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `/p${i}`);
    const p = parts({ [`${O}/robots.txt`]: robots(''), [`${O}/s.xml`]: xml(urlset(paths)) }, { perHost: 1, highWater: 8, checkMs: 100 });
    const { ms } = await finish(p.discovery.run({ sitemaps: [`${O}/s.xml`] }), 10);
    await finish(p.queue.idle(), 10);
    expect(p.started.map((s) => s.what)).toEqual([`${O}/s.xml`, ...paths.map((x) => `${O}${x}`)]);
    // The sitemap's slot is the host's one: never a check beside it, nor two checks at once.
    expect(p.most()).toBe(1);
    expect(p.mostWaiting()).toBe(8);
    // It lends its slot with 8 waiting and comes back with 3 (fewer than half): 8 URLs, then 5 per
    // 5 checks — its 40th URL read after 35 checks, the last 5 checked after it.
    expect(ms).toBe(35 * 100);
    expect(p.tally.sitemaps[0]).toMatchObject({ entries: 40, complete: true });
  });

  it('a sitemap answered 503 with Retry-After: its host gets one request at once, and none for those seconds', async () => {
    const p = parts({ [`${O}/busy.xml`]: () => reply(503, 'Service Unavailable', [{ name: 'Retry-After', value: '3' }], '') }, { perHost: 2, checkMs: 500 });
    // The answer comes at once; the URLs are added 10 ms later.
    await finish(p.discovery.run({ sitemaps: [`${O}/busy.xml`] }), 10);
    expect(p.tally.sitemaps[0]!.problems.map((x) => [x.code, x.params])).toEqual([['http', [503]]]);
    for (const u of ['/a', '/b']) p.queue.add('site.example', 'url', { kind: 'url', src: { url: `${O}${u}`, sitemap: null, line: null, depth: 0 } });
    p.queue.add('other.example', 'url', { kind: 'url', src: { url: 'https://other.example/c', sitemap: null, line: null, depth: 0 } });
    await finish(p.queue.idle(), 10);
    expect(p.started.slice(1).map((s) => [s.what, s.at])).toEqual([
      ['https://other.example/c', 10],
      [`${O}/a`, 3_000],
      [`${O}/b`, 3_500],
    ]);
  });
});
