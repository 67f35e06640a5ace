// The runner: sitemaps found and read, URLs checked politely, pause / resume / cancel, progress —
// on a fake clock (vitest's timers): every wait below is fake time, none is real.
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSiteCheck, type SiteCheckProgress } from '../../../lib/sitecheck';
import type { HopReply } from '../../../lib/crawl';
import type { Report } from '../../../lib/report';
import { fakeClock, fakeSite, finish, page, reply, robots, t, type Route } from './helpers';

const O = 'https://site.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xml = (s: string) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'application/xml' }], s);
const urlset = (paths: string[]) => `<urlset xmlns="${NS}">${paths.map((p) => `<url><loc>${O}${p}</loc></url>\n`).join('')}</urlset>`;

/** A page that answers when released, counting how many requests are in flight at once. */
function gate() {
  let inFlight = 0;
  let max = 0;
  const waiting: (() => void)[] = [];
  const route: Route = ({ signal }) =>
    new Promise<HopReply>((resolve, reject) => {
      inFlight++;
      max = Math.max(max, inFlight);
      // Like a real fetcher, an aborted request ends at once.
      signal.addEventListener('abort', () => {
        inFlight--;
        reject(new Error('aborted'));
      });
      waiting.push(() => {
        if (signal.aborted) return;
        inFlight--;
        resolve(reply(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<title>p</title>'));
      });
    });
  return { route, get max() { return max; }, get waiting() { return waiting.length; }, release: () => waiting.splice(0).forEach((f) => f()) };
}
/** Lets the fake clock run `ms`: every request, stream and timer due by then moves on. */
const tick = (ms = 5) => vi.advanceTimersByTimeAsync(ms);
/** A run's summary, the fake clock running until it ends. */
const ended = async <T>(done: Promise<T>) => (await finish(done, 10)).value;

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startSiteCheck', () => {
  it('finds the sitemap index through robots.txt, reads its children (one gzip), skips a nested index and duplicates', async () => {
    const fetchHop = fakeSite({
      [`${O}/robots.txt`]: robots(`User-agent: *\nDisallow: /private/\n\nSitemap: ${O}/index.xml\n`),
      [`${O}/index.xml`]: xml(`<sitemapindex xmlns="${NS}"><sitemap><loc>${O}/a.xml</loc></sitemap><sitemap><loc>${O}/b.xml.gz</loc></sitemap><sitemap><loc>${O}/nested.xml</loc></sitemap></sitemapindex>`),
      [`${O}/a.xml`]: xml(urlset(['/1', '/2', '/private/3'])),
      [`${O}/b.xml.gz`]: () => reply(200, 'OK', [{ name: 'Content-Type', value: 'application/gzip' }], gzipSync(urlset(['/2', '/4']))),
      [`${O}/nested.xml`]: xml(`<sitemapindex xmlns="${NS}"><sitemap><loc>${O}/deeper.xml</loc></sitemap></sitemapindex>`),
      [`${O}/1`]: page('<title>1</title>'),
      [`${O}/2`]: page('<title>2</title>', [{ name: 'X-Robots-Tag', value: 'noindex' }]),
      [`${O}/4`]: page('<title>4</title>'),
    });
    const reports: Report[] = [];
    const check = startSiteCheck({ fetchHop, site: `${O}/`, translate: t, generator: 'test', onReport: (r) => reports.push(r) });
    const summary = await ended(check.done);
    expect(summary.sitemaps.map((s) => [s.url, s.kind, s.entries, s.gzip, s.from.kind, s.problems.map((p) => p.code)])).toEqual([
      [`${O}/index.xml`, 'sitemapindex', 3, false, 'robots', []],
      [`${O}/a.xml`, 'urlset', 3, false, 'index', []],
      [`${O}/b.xml.gz`, 'urlset', 2, true, 'index', []],
      [`${O}/nested.xml`, 'sitemapindex', 1, false, 'index', ['nestedIndex']],
    ]);
    expect(summary.sitemaps[0]!.from).toEqual({ kind: 'robots', robotsUrl: `${O}/robots.txt`, line: 4 });
    expect(reports.map((r) => r.siteCheck!.requestedUrl).sort()).toEqual([`${O}/1`, `${O}/2`, `${O}/4`, `${O}/private/3`]);
    expect(fetchHop.calls.filter((c) => c.url === `${O}/robots.txt`)).toHaveLength(1);
    expect(fetchHop.calls.some((c) => c.url === `${O}/private/3` || c.url === `${O}/deeper.xml`)).toBe(false);
    expect(summary.progress).toMatchObject({ state: 'done', discovering: false, done: 4, total: 4, byVerdict: { indexable: 2, 'at-risk': 0, 'not-indexable': 2 }, overLimit: 0, problems: 1 });
    expect(reports.find((r) => r.siteCheck!.requestedUrl === `${O}/2`)!.siteCheck).toMatchObject({ sitemap: `${O}/a.xml`, sitemapLine: 2 });
  });

  it('no Sitemap: line, or robots.txt unreachable: one clear problem, nothing checked', async () => {
    const none = await ended(startSiteCheck({ fetchHop: fakeSite({ [`${O}/robots.txt`]: robots('User-agent: *\nAllow: /\n') }), site: O, translate: t, generator: 'test' }).done);
    expect(none.problems.map((p) => [p.code, p.params])).toEqual([['noSitemap', [`${O}/robots.txt`]]]);
    const down = await ended(startSiteCheck({ fetchHop: fakeSite({ [`${O}/robots.txt`]: () => reply(503, 'Service Unavailable', [], '') }), site: O, translate: t, generator: 'test' }).done);
    expect(down.problems.map((p) => p.code)).toEqual(['robotsUnreachable']);
    expect(down.progress.done).toBe(0);
  });

  it('a sitemap that answers 404 or will not connect is a problem of that sitemap', async () => {
    const s = await ended(
      startSiteCheck({
        fetchHop: fakeSite({ [`${O}/robots.txt`]: robots(''), [`${O}/down.xml`]: () => Promise.reject(new Error('ECONNRESET')) }),
        sitemaps: [`${O}/gone.xml`, `${O}/down.xml`],
        translate: t,
        generator: 'test',
      }).done,
    );
    expect(s.sitemaps.map((x) => [x.status, x.problems.map((p) => [p.code, p.params])])).toEqual([
      [404, [['http', [404]]]],
      [null, [['network', ['ECONNRESET']]]],
    ]);
  });

  it('at most `concurrency` requests per host at once; one from the first 503 on', async () => {
    const g = gate();
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots(''), [`https://other.example/robots.txt`]: robots('') };
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) {
      routes[`${O}/p${i}`] = g.route;
      urls.push(`${O}/p${i}`);
    }
    routes['https://other.example/x'] = g.route;
    urls.push('https://other.example/x');
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls, concurrency: 2, translate: t, generator: 'test' });
    await tick(20);
    // Two of site.example and the one of other.example.
    expect(g.waiting).toBe(3);
    while (check.progress().done < 7) {
      g.release();
      await tick();
    }
    await ended(check.done);
    expect(g.max).toBe(3);

    let busy = 0;
    let maxBusy = 0;
    const slowDown: Record<string, Route> = { [`${O}/robots.txt`]: robots('') };
    const list: string[] = [];
    for (let i = 0; i < 6; i++) {
      list.push(`${O}/q${i}`);
      slowDown[`${O}/q${i}`] = async () => {
        busy++;
        maxBusy = i >= 2 ? Math.max(maxBusy, busy) : maxBusy;
        await tick(10);
        busy--;
        return reply(i === 0 ? 503 : 200, i === 0 ? 'Service Unavailable' : 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<title>q</title>');
      };
    }
    await ended(startSiteCheck({ fetchHop: fakeSite(slowDown), urls: list, concurrency: 2, translate: t, generator: 'test' }).done);
    expect(maxBusy).toBe(1);
  });

  it('a sitemap being read counts among its host\'s requests: at most `concurrency` at once, sitemaps and pages together', async () => {
    const g = gate();
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots('') };
    const urls = ['/a', '/b', '/c'].map((p) => `${O}${p}`);
    for (const u of urls) routes[u] = g.route;
    let sitemapOpen = false;
    // The sitemap's headers come at once, its body after 1 s.
    routes[`${O}/s.xml`] = ({ signal }) => {
      sitemapOpen = true;
      const body = new ReadableStream<Uint8Array>({
        pull: (c) =>
          new Promise<void>((res) => {
            const timer = setTimeout(() => {
              c.enqueue(new TextEncoder().encode(urlset(['/d'])));
              c.close();
              sitemapOpen = false;
              res();
            }, 1_000);
            signal.addEventListener('abort', () => clearTimeout(timer));
          }),
      });
      return { status: 200, statusLine: 'HTTP/1.1 200 OK', headers: [{ name: 'Content-Type', value: 'application/xml' }], body };
    };
    routes[`${O}/d`] = g.route;
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls, sitemaps: [`${O}/s.xml`], concurrency: 2, translate: t, generator: 'test' });
    await tick(20);
    // Two pages of the three; the sitemap waits for a slot.
    expect([g.waiting, sitemapOpen]).toEqual([2, false]);
    g.release();
    await tick(20);
    // The third page and the sitemap.
    expect([g.waiting, sitemapOpen]).toEqual([1, true]);
    await tick(1_000);
    // The sitemap read, its page takes the slot it gave back.
    expect([g.waiting, sitemapOpen]).toEqual([2, false]);
    while (check.progress().done < 4 || check.progress().discovering) {
      g.release();
      await tick();
    }
    expect((await ended(check.done)).progress).toMatchObject({ done: 4, total: 4 });
    expect(g.max).toBe(2);
  });

  it('a Retry-After the check waits out holds the whole host: no other request goes to it meanwhile', async () => {
    const at: [string, number][] = [];
    const t0 = Date.now();
    let asked = 0;
    const html = [{ name: 'Content-Type', value: 'text/html' }];
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots(''),
      [`${O}/r`]: () => (asked++ === 0 ? reply(503, 'Service Unavailable', [{ name: 'Retry-After', value: '2' }], '') : reply(200, 'OK', html, '<title>r</title>')),
      [`${O}/x`]: () => new Promise<HopReply>((res) => setTimeout(() => res(reply(200, 'OK', html, '<title>x</title>')), 100)),
      [`${O}/y`]: page('<title>y</title>'),
    };
    const site = fakeSite(routes);
    const logged: typeof site = Object.assign((url: string, req: Parameters<typeof site>[1]) => {
      if (!url.endsWith('/robots.txt')) at.push([url.slice(O.length), Date.now() - t0]);
      return site(url, req);
    }, { calls: site.calls });
    const reports: Report[] = [];
    const s = await ended(startSiteCheck({ fetchHop: logged, urls: [`${O}/r`, `${O}/x`, `${O}/y`], concurrency: 2, translate: t, generator: 'test', onReport: (r) => reports.push(r) }).done);
    // Without the hold, /y would go at 100 ms, when /x is done.
    expect(at).toEqual([['/r', 0], ['/x', 0], ['/r', 2_000], ['/y', 2_000]]);
    expect(reports.find((r) => r.siteCheck!.requestedUrl === `${O}/r`)!.siteCheck).toMatchObject({ retries: 1 });
    expect(reports.find((r) => r.siteCheck!.requestedUrl === `${O}/r`)!.status!.code).toBe(200);
    expect(s.progress.done).toBe(3);
  });

  it('pause stops new requests, resume goes on, cancel ends the run without further reports', async () => {
    const g = gate();
    const routes: Record<string, Route> = { [`${O}/robots.txt`]: robots('') };
    const urls = Array.from({ length: 6 }, (_, i) => `${O}/p${i}`);
    for (const u of urls) routes[u] = g.route;
    const states: SiteCheckProgress['state'][] = [];
    let reports = 0;
    const check = startSiteCheck({ fetchHop: fakeSite(routes), urls, concurrency: 2, translate: t, generator: 'test', onReport: () => reports++, onProgress: (p) => states.push(p.state) });
    await tick(20);
    expect(g.waiting).toBe(2);
    check.pause();
    g.release();
    await tick(20);
    expect(reports).toBe(2);
    expect(g.waiting).toBe(0);
    expect(check.progress()).toMatchObject({ state: 'paused', done: 2, total: 6 });
    expect(check.progress().etaMs).not.toBeNull();
    check.resume();
    await tick(20);
    expect(g.waiting).toBe(2);
    check.cancel();
    const s = await ended(check.done);
    g.release();
    await tick(20);
    expect(reports).toBe(2);
    expect(s.progress).toMatchObject({ state: 'cancelled', done: 2, total: 6 });
    expect(states).toContain('paused');
  });

  it('the run\'s structured data totals count the items each report lists after its render (afterCheck), and the served ones when the render fails', async () => {
    const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Boot"}</script>';
    const fetchHop = fakeSite({ [`${O}/robots.txt`]: robots(''), [`${O}/s.xml`]: xml(urlset(['/1', '/2'])), [`${O}/1`]: page(`<title>1</title>${ld}`), [`${O}/2`]: page(`<title>2</title>${ld}`) });
    const reported: Report[] = [];
    const s = await ended(
      startSiteCheck({
        fetchHop,
        sitemaps: [`${O}/s.xml`],
        concurrency: 1,
        translate: t,
        generator: 'test',
        onReport: (r) => void reported.push(r),
        // The render of /1 adds a second Product (JSON-LD written by a script); that of /2 fails.
        afterCheck: async (r) => {
          if (r.url.endsWith('/2')) throw new Error('the browser went away');
          const sd = r.structuredData!;
          const added = { ...sd.items[0]!, status: 'rendered' as const, byte: null, responseByte: null };
          return { report: { ...r, structuredData: { ...sd, items: [...sd.items, added], counts: { ...sd.counts, items: 2, rendered: 1 } } }, renderedLinks: null };
        },
      }).done,
    );
    expect(reported.map((r) => [r.url, r.structuredData?.counts.items])).toEqual([[`${O}/1`, 2]]);
    expect(s.errors.map((e) => [e.url, e.error])).toEqual([[`${O}/2`, 'the browser went away']]);
    // /1 as reported (served + rendered) and /2's served item.
    expect(s.progress.structured.items).toBe(3);
    // A Product with a name only lacks what Google requires (offers, review or aggregateRating): each has errors.
    expect(s.progress.structured.byType).toEqual({ Product: { items: 3, withErrors: 3 } });
  });

  it('stops at maxUrls and says so', async () => {
    const s = await ended(
      startSiteCheck({
        fetchHop: fakeSite({ [`${O}/robots.txt`]: robots(''), [`${O}/s.xml`]: xml(urlset(['/1', '/2', '/3', '/4'])) }),
        sitemaps: [`${O}/s.xml`],
        maxUrls: 2,
        translate: t,
        generator: 'test',
      }).done,
    );
    expect(s.progress.total).toBe(2);
    expect(s.problems.map((p) => [p.code, p.params])).toEqual([['urlCap', [2]]]);
  });
});
