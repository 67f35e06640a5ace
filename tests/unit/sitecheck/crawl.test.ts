import { describe, expect, it } from 'vitest';
import { startSiteCheck } from '../../../lib/sitecheck';
import { fakeSite, page, robots, t, type Route } from './helpers';

const O = 'https://a.example';

describe('crawl (startSiteCheck with crawl)', () => {
  it('follows links: each URL its depth, first link with its anchor text, and inlinks', async () => {
    const site = fakeSite({
      [`${O}/robots.txt`]: robots('User-agent: *\nDisallow: /blocked/\n'),
      [`${O}/`]: page('<title>Home</title><a href="/a">A page</a> <a href="/b" rel="nofollow">B</a> <a href="/blocked/x">X</a> <a href="/missing">M</a>'),
      [`${O}/a`]: page('<title>Home</title><a href="/">home</a><a href="https://other.example/">o</a>'),
    });
    const s = await startSiteCheck({ fetchHop: site, crawl: { from: [`${O}/`] }, translate: t, generator: 't' }).done;
    expect(s.crawl!.facts(`${O}/a`)).toEqual({ depth: 1, discoveredFrom: { url: `${O}/`, anchorText: 'A page', offset: expect.any(Number), afterRendering: false }, inlinks: 1 });
    expect(s.crawl!.result.links).toMatchObject({ pages: 2, nofollow: 1, foreign: 1 });
    // Not followed: rel=nofollow, another host; robots.txt-blocked is checked (never requested).
    expect(site.calls.map((c) => c.url).sort()).toEqual([`${O}/`, `${O}/a`, `${O}/missing`, `${O}/robots.txt`]);
  });

  it('a page with 3,000 links: each target checked once, fed into the queue as it has room; none counted as listed again', async () => {
    const N = 3000;
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots('User-agent: *\nAllow: /\n'),
      // Every target twice: the second link to each is not handed over again.
      [`${O}/`]: page(Array.from({ length: N }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('') + Array.from({ length: N }, (_, i) => `<a href="/p/${i}#again">${i}</a>`).join('')),
    };
    for (let i = 0; i < N; i++) routes[`${O}/p/${i}`] = page(`<title>P${i}</title><a href="/">home</a><a href="/p/${(i + 1) % N}">next</a>`);
    const site = fakeSite(routes);
    let maxTotal = 0;
    const s = await startSiteCheck({
      fetchHop: site,
      crawl: { from: [`${O}/`] },
      concurrency: 8,
      translate: t,
      generator: 't',
      onProgress: (p) => (maxTotal = Math.max(maxTotal, p.total - p.done)),
    }).done;
    expect(s.progress.done).toBe(N + 1);
    expect(s.progress.duplicates).toBe(0);
    expect(site.calls.filter((c) => c.url.startsWith(`${O}/p/`)).length).toBe(N);
    // Never more than the queue's high-water mark (1,000) waiting, plus what runs.
    expect(maxTotal).toBeLessThanOrEqual(1000 + 32);
    expect(s.crawl!.facts(`${O}/p/5`)).toMatchObject({ depth: 1, inlinks: 2 });
  }, 60_000);

  it('a canonical to a page that is not indexable (404); hreflang to a 404 and to a page whose canonical is another URL: each with its tag', async () => {
    const site = fakeSite({
      [`${O}/robots.txt`]: robots('User-agent: *\nAllow: /\n'),
      [`${O}/`]: page('<title>Home</title><a href="/src">S</a> <a href="/en">E</a>'),
      [`${O}/src`]: page('<link rel="canonical" href="/gone"><title>Source</title>'),
      [`${O}/en`]: page('<link rel="alternate" hreflang="de" href="/de"><link rel="alternate" hreflang="fr" href="/fr"><link rel="alternate" hreflang="x-default" href="/en"><title>EN</title>'),
      [`${O}/fr`]: page('<link rel="canonical" href="/fr-main"><link rel="alternate" hreflang="en" href="/en"><title>FR</title>'),
      [`${O}/fr-main`]: page('<title>FR main</title>'),
    });
    const s = await startSiteCheck({ fetchHop: site, crawl: { from: [`${O}/`] }, translate: t, generator: 't' }).done;
    const f = (code: string) => s.crawl!.result.findings.find((x) => x.code === code);
    expect(f('canonicalNotIndexable')).toMatchObject({ severity: 'critical', count: 1, items: [{ url: `${O}/src`, target: `${O}/gone`, status: 404, tag: '<link rel="canonical" href="/gone">' }] });
    expect(f('hreflangNotOk')).toMatchObject({ severity: 'warning', count: 1, items: [{ url: `${O}/en`, target: `${O}/de`, lang: 'de', status: 404 }] });
    expect(f('hreflangNotCanonical')).toMatchObject({ severity: 'warning', count: 1, items: [{ url: `${O}/en`, target: `${O}/fr`, lang: 'fr', chain: [`${O}/fr`, `${O}/fr-main`] }] });
    expect(f('hreflangNotOk')!.items[0]!.tag).toContain('hreflang="de"');
  });
});
