import { describe, expect, it } from 'vitest';
import { startSiteCheck } from '../../../lib/sitecheck';
import { fakeSite, page, robots, t } from './helpers';

const O = 'https://a.example';

describe('crawl (smoke)', () => {
  it('follows links', async () => {
    const site = fakeSite({
      [`${O}/robots.txt`]: robots('User-agent: *\nDisallow: /blocked/\n'),
      [`${O}/`]: page('<title>Home</title><a href="/a">A page</a> <a href="/b" rel="nofollow">B</a> <a href="/blocked/x">X</a> <a href="/missing">M</a>'),
      [`${O}/a`]: page('<title>Home</title><a href="/">home</a><a href="https://other.example/">o</a>'),
    });
    const reports: string[] = [];
    const s = await startSiteCheck({ fetchHop: site, crawl: { from: [`${O}/`] }, translate: t, generator: 't', onReport: (r) => reports.push(r.url) }).done;
    expect(s.crawl!.facts(`${O}/a`)).toEqual({ depth: 1, discoveredFrom: { url: `${O}/`, anchorText: 'A page', offset: expect.any(Number), afterRendering: false }, inlinks: 1 });
  });
});
