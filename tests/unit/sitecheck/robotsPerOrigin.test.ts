// The run's robots.txt: one fetch and one parse per origin, however many checks ask at once.
import { describe, expect, it } from 'vitest';
import { robotsPerOrigin } from '../../../lib/sitecheck/robotsPerOrigin';
import { fakeSite, robots } from './helpers';

describe('robotsPerOrigin', () => {
  it('one fetch per origin for the whole run, shared by every URL of it; the Sitemap: lines normalised', async () => {
    const fetchHop = fakeSite({
      'https://site.example/robots.txt': robots('User-agent: *\nDisallow: /private/\nSitemap: HTTPS://SITE.example:443/a/../map.xml\n'),
      'https://other.example/robots.txt': robots('User-agent: *\nAllow: /\n'),
    });
    const r = robotsPerOrigin({ fetchHop, userAgent: 'Googlebot-test', now: Date.now });
    const [a, b] = await Promise.all([r.robotsFor('https://site.example/x'), r.robotsFor('https://site.example/private/y')]);
    expect(a).toBe(b);
    expect(a.parsed?.groups).toHaveLength(1);
    expect(await r.sitemapsNamedFor('https://site.example/z')).toEqual(['https://site.example/map.xml']);
    expect(await r.sitemapsNamedFor('https://other.example/')).toEqual([]);
    expect(fetchHop.calls).toEqual([
      { url: 'https://site.example/robots.txt', userAgent: 'Googlebot-test' },
      { url: 'https://other.example/robots.txt', userAgent: 'Googlebot-test' },
    ]);
  });
});
