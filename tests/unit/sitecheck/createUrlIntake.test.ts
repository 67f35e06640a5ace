// The one way into the run's queue: normalised, the sitemap's scope on the way in, once, the cap.
import { describe, expect, it } from 'vitest';
import { createUrlIntake } from '../../../lib/sitecheck/createUrlIntake';
import { createTally } from '../../../lib/sitecheck/createTally';
import type { QueuedUrl, SitemapStatus } from '../../../lib/sitecheck';

const O = 'https://site.example';
const sitemap = (url: string, from: SitemapStatus['from'] = { kind: 'given' }): SitemapStatus => ({ url, from, status: 200, kind: 'urlset', entries: 0, bytes: 0, gzip: false, complete: false, problems: [], notAccepted: 0, duplicates: 0 });

function intake(opts: { maxUrls?: number; followForeign?: boolean; named?: Record<string, string[]> } = {}) {
  const queued: QueuedUrl[] = [];
  const asked: string[] = [];
  const tally = createTally({ followForeign: opts.followForeign ?? false, maxTimeMs: 1 });
  const stop = new AbortController();
  let caps = 0;
  const i = createUrlIntake({
    maxUrls: opts.maxUrls ?? 100,
    followForeign: opts.followForeign ?? false,
    signal: stop.signal,
    sitemapsNamedFor: async (url) => {
      asked.push(url);
      return opts.named?.[new URL(url).origin] ?? [];
    },
    tally,
    enqueue: (u) => queued.push(u),
    onCap: () => caps++,
  });
  return { i, queued, asked, tally, stop, caps: () => caps };
}

const src = (url: string, sitemap: string | null = null, line: number | null = null, depth = 0): QueuedUrl => ({ url, sitemap, line, depth });

describe('createUrlIntake', () => {
  it('normalised, queued once (duplicates counted, by their sitemap too), with its source and depth', async () => {
    const x = intake();
    const s = sitemap(`${O}/sitemap.xml`);
    expect(await x.i.add(src(`${O}/caf\u00e9.html#top`, s.url, 3), s)).toBe(true);
    expect(await x.i.add(src('HTTPS://SITE.example:443/caf%c3%a9.html', s.url, 4), s)).toBe(true);
    expect(await x.i.add(src(`${O}/next`, `${O}/page`, null, 2), null)).toBe(true);
    expect(x.queued).toEqual([src(`${O}/caf%C3%A9.html`, s.url, 3), src(`${O}/next`, `${O}/page`, null, 2)]);
    expect([s.duplicates, x.tally.progress('running', true, 0).duplicates, x.tally.progress('running', true, 0).total]).toEqual([1, 1, 2]);
    // A URL inside its sitemap's folder needs no robots.txt.
    expect(x.asked).toEqual([]);
  });

  it('outside its sitemap: listed, not queued — unless the robots.txt of its host names the sitemap or its index, or followForeign', async () => {
    const x = intake({ named: { [O]: [`${O}/maps/index.xml`] } });
    const blog = sitemap(`${O}/blog/sitemap.xml`);
    expect(await x.i.add(src('https://other.example/a', blog.url, 2), blog)).toBe(true);
    expect(await x.i.add(src(`${O}/shop/b`, blog.url, 3), blog)).toBe(true);
    expect(x.queued).toEqual([]);
    expect(blog.problems.map((p) => [p.code, p.line, p.params])).toEqual([
      ['foreignHost', 2, ['https://other.example/a']],
      ['outsideFolder', 3, [`${O}/shop/b`, `${O}/blog/`, `${O}/robots.txt`]],
    ]);
    expect(x.asked).toEqual(['https://other.example/a', `${O}/shop/b`]);
    // Listed by a sitemap of an index its host's robots.txt names: accepted.
    const child = sitemap(`${O}/maps/child.xml`, { kind: 'index', index: `${O}/maps/index.xml` });
    await x.i.add(src(`${O}/shop/c`, child.url, 5), child);
    expect(x.queued.map((q) => q.url)).toEqual([`${O}/shop/c`]);
    expect(child.problems).toEqual([]);

    const f = intake({ followForeign: true });
    await f.i.add(src('https://other.example/a', blog.url, 2), sitemap(blog.url));
    expect(f.queued.map((q) => q.url)).toEqual(['https://other.example/a']);
    expect(f.tally.progress('running', true, 0)).toMatchObject({ notAccepted: 1, problems: 1, followForeign: true });
  });

  it('the cap: the first URL past it stops the intake, says so once; an aborted run takes nothing', async () => {
    const x = intake({ maxUrls: 2 });
    expect(await x.i.add(src(`${O}/1`), null)).toBe(true);
    expect(await x.i.add(src(`${O}/1`), null)).toBe(true);
    expect(await x.i.add(src(`${O}/2`), null)).toBe(true);
    expect(await x.i.add(src(`${O}/3`, `${O}/s.xml`), null)).toBe(false);
    expect(await x.i.add(src(`${O}/4`), null)).toBe(false);
    expect([x.i.capped, x.caps(), x.queued.length]).toEqual([true, 1, 2]);
    expect(x.tally.problems.map((p) => [p.code, p.sitemap, p.params])).toEqual([['urlCap', `${O}/s.xml`, [2]]]);

    const y = intake();
    y.stop.abort();
    expect(await y.i.add(src(`${O}/1`), null)).toBe(false);
    expect(y.queued).toEqual([]);
  });
});
