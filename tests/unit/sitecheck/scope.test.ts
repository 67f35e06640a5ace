// Sitemap scope as Google applies it (sitemaps.org "Sitemap file location"; Google's sitemap
// guide): a URL on another host, or outside the sitemap's folder without a robots.txt Sitemap:
// line naming the sitemap, is listed with its line and not fetched; URLs normalised and checked once.
import { describe, expect, it } from 'vitest';
import { acceptedByRobots, normalizeUrl, sitemapFolder, sitemapScope, startSiteCheck } from '../../../lib/sitecheck';
import { fakeSite, page, reply, robots, t, type Route } from './helpers';

const O = 'https://site.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xml = (s: string) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'application/xml' }], s);
const urlset = (urls: string[]) => `<urlset xmlns="${NS}">\n${urls.map((u) => `<url><loc>${u}</loc></url>\n`).join('')}</urlset>`;

describe('normalizeUrl', () => {
  it('one spelling: scheme and host case, the default port, percent-encoding (café.html = caf%C3%A9.html = caf%c3%a9.html), unreserved escapes, no fragment', () => {
    expect(normalizeUrl('HTTP://Site.EXAMPLE:80/a')).toBe('http://site.example/a');
    expect(normalizeUrl('https://site.example:443/')).toBe('https://site.example/');
    expect(normalizeUrl('https://site.example:8443/')).toBe('https://site.example:8443/');
    const forms = ['https://site.example/caf\u00e9.html', 'https://site.example/caf%C3%A9.html', 'https://site.example/caf%c3%a9.html', 'https://SITE.example/caf%c3%a9.html#top'];
    expect(new Set(forms.map(normalizeUrl))).toEqual(new Set(['https://site.example/caf%C3%A9.html']));
    expect(normalizeUrl('https://site.example/%7euser/a%2fb?q=%41%2F')).toBe('https://site.example/~user/a%2Fb?q=A%2F');
    expect(normalizeUrl('https://site.example/a/../b/./c')).toBe('https://site.example/b/c');
    expect([normalizeUrl('ftp://site.example/'), normalizeUrl('/relative'), normalizeUrl('http://')]).toEqual([null, null, null]);
  });
});

describe('sitemapScope', () => {
  it('its host (scheme, host and port) and its folder', () => {
    const sm = `${O}/catalog/sitemap.xml`;
    expect(sitemapFolder(sm)).toBe(`${O}/catalog/`);
    expect(sitemapScope(`${O}/catalog/show?item=23`, sm)).toEqual({ inside: true });
    expect(sitemapScope(`${O}/catalog/deeper/x`, sm)).toEqual({ inside: true });
    expect(sitemapScope(`${O}/images/x.png`, sm)).toEqual({ inside: false, reason: 'folder', folder: `${O}/catalog/` });
    expect(sitemapScope(`${O}/catalog`, sm)).toEqual({ inside: false, reason: 'folder', folder: `${O}/catalog/` });
    for (const other of ['http://site.example/catalog/a', 'https://www.site.example/catalog/a', 'https://site.example:8443/catalog/a'])
      expect(sitemapScope(other, sm)).toEqual({ inside: false, reason: 'host', folder: `${O}/catalog/` });
    expect(sitemapScope(`${O}/anything`, `${O}/sitemap.xml`)).toEqual({ inside: true });
    expect(acceptedByRobots([`${O}/catalog/sitemap.xml`], [sm])).toBe(true);
    expect(acceptedByRobots([`${O}/sitemap.xml`], [sm, `${O}/sitemap.xml`])).toBe(true);
    expect(acceptedByRobots([`${O}/other.xml`], [sm])).toBe(false);
  });
});

describe('the runner applies it', () => {
  it('a foreign host and a URL outside the folder: listed with the sitemap and line, never fetched; --follow-foreign fetches them, still listed', async () => {
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots('User-agent: *\nAllow: /\n'),
      ['https://other.example/robots.txt']: robots('User-agent: *\nAllow: /\n'),
      [`${O}/blog/sitemap.xml`]: xml(urlset([`${O}/blog/a`, 'https://other.example/blog/b', `${O}/shop/c`])),
      [`${O}/blog/a`]: page('<title>a</title>'),
      ['https://other.example/blog/b']: page('<title>b</title>'),
      [`${O}/shop/c`]: page('<title>c</title>'),
    };
    const fetchHop = fakeSite(routes);
    const s = await startSiteCheck({ fetchHop, sitemaps: [`${O}/blog/sitemap.xml`], translate: t, generator: 'test' }).done;
    const sm = s.sitemaps[0]!;
    expect(sm.problems.map((p) => [p.code, p.line, p.params, p.fatal, p.sitemap])).toEqual([
      ['foreignHost', 3, ['https://other.example/blog/b'], false, `${O}/blog/sitemap.xml`],
      ['outsideFolder', 4, [`${O}/shop/c`, `${O}/blog/`, `${O}/robots.txt`], false, `${O}/blog/sitemap.xml`],
    ]);
    expect([sm.notAccepted, s.progress.notAccepted, s.progress.done]).toEqual([2, 2, 1]);
    const pages = fetchHop.calls.map((c) => c.url).filter((u) => !u.endsWith('/robots.txt') && !u.endsWith('.xml'));
    expect(pages).toEqual([`${O}/blog/a`]);

    const follow = fakeSite(routes);
    const f = await startSiteCheck({ fetchHop: follow, sitemaps: [`${O}/blog/sitemap.xml`], followForeign: true, translate: t, generator: 'test' }).done;
    expect(f.sitemaps[0]!.problems.map((p) => p.code)).toEqual(['foreignHost', 'outsideFolder']);
    expect(f.progress).toMatchObject({ done: 3, notAccepted: 2, followForeign: true });
  });

  it('a URL outside the folder is accepted when its host’s robots.txt names the sitemap (or the index that listed it) in a Sitemap: line', async () => {
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots(`User-agent: *\nAllow: /\nSitemap: ${O}/blog/sitemap.xml\nSitemap: HTTPS://SITE.example/maps/index.xml\n`),
      [`${O}/blog/sitemap.xml`]: xml(urlset([`${O}/shop/c`])),
      [`${O}/maps/index.xml`]: xml(`<sitemapindex xmlns="${NS}"><sitemap><loc>${O}/maps/child.xml</loc></sitemap></sitemapindex>`),
      [`${O}/maps/child.xml`]: xml(urlset([`${O}/shop/d`])),
      [`${O}/other/sitemap.xml`]: xml(urlset([`${O}/shop/e`])),
      [`${O}/shop/c`]: page('<title>c</title>'),
      [`${O}/shop/d`]: page('<title>d</title>'),
    };
    const s = await startSiteCheck({ fetchHop: fakeSite(routes), sitemaps: [`${O}/blog/sitemap.xml`, `${O}/maps/index.xml`, `${O}/other/sitemap.xml`], translate: t, generator: 'test' }).done;
    expect(s.sitemaps.map((m) => [m.url, m.notAccepted, m.problems.map((p) => p.code)])).toEqual([
      [`${O}/blog/sitemap.xml`, 0, []],
      [`${O}/maps/index.xml`, 0, []],
      [`${O}/other/sitemap.xml`, 1, ['outsideFolder']],
      [`${O}/maps/child.xml`, 0, []],
    ]);
    expect(s.progress).toMatchObject({ done: 2, notAccepted: 1 });
  });

  it('duplicates by spelling: café.html, caf%C3%A9.html, HTTP://SITE.example:443/… — fetched once, the rest counted', async () => {
    const cafe = `${O}/caf%C3%A9.html`;
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots(''),
      [`${O}/sitemap.xml`]: xml(urlset([`${O}/caf\u00e9.html`, cafe, 'HTTPS://SITE.example:443/caf%c3%a9.html', `${O}/other.html`])),
      [`${O}/more.xml`]: xml(urlset([`${O}/other.html#top`])),
      [cafe]: page('<title>café</title>'),
      [`${O}/other.html`]: page('<title>other</title>'),
    };
    const fetchHop = fakeSite(routes);
    const s = await startSiteCheck({ fetchHop, sitemaps: [`${O}/sitemap.xml`, `${O}/more.xml`], translate: t, generator: 'test' }).done;
    expect(s.progress).toMatchObject({ done: 2, total: 2, duplicates: 3, byVerdict: { indexable: 2, 'at-risk': 0, 'not-indexable': 0 } });
    // The two sitemaps are read at once: which one met other.html first is the network's choice.
    expect(s.sitemaps.reduce((n, m) => n + m.duplicates, 0)).toBe(3);
    expect(s.sitemaps[0]!.duplicates).toBeGreaterThanOrEqual(2);
    expect(fetchHop.calls.filter((c) => c.url === cafe)).toHaveLength(1);
  });

  it('an index that lists only itself, or only sitemaps already read: says why there is nothing to check', async () => {
    const routes: Record<string, Route> = {
      [`${O}/robots.txt`]: robots(''),
      [`${O}/index.xml`]: xml(`<sitemapindex xmlns="${NS}">\n<sitemap><loc>${O}/index.xml</loc></sitemap>\n</sitemapindex>`),
      [`${O}/again.xml`]: xml(`<sitemapindex xmlns="${NS}">\n<sitemap><loc>${O}/index.xml</loc></sitemap>\n<sitemap><loc>HTTPS://site.example/again.xml</loc></sitemap>\n</sitemapindex>`),
    };
    const s = await startSiteCheck({ fetchHop: fakeSite(routes), sitemaps: [`${O}/index.xml`, `${O}/again.xml`], translate: t, generator: 'test' }).done;
    expect(s.sitemaps.map((m) => m.problems.map((p) => [p.code, p.line, p.params]))).toEqual([
      [['indexSelf', 2, []], ['indexNothingNew', null, [1]]],
      [['indexSelf', 3, []], ['indexNothingNew', null, [2]]],
    ]);
    expect(s.progress).toMatchObject({ done: 0, total: 0 });
  });
});
