import { browser } from 'wxt/browser';
import type { BackgroundHandler } from '../../utils/protocol';
import { compareChromeVersion } from '../../utils/settings';
import { googlebotUserAgent, createRobotsReader, robotsCacheEviction, type RobotsCache, type RobotsReport } from '../../lib/crawl';
import { extensionHopFetcher } from './extensionHopFetcher';

// One cached report per origin in storage.local: it survives worker restarts. The cache is kept
// small (lib/crawl robotsCacheEviction: 20 origins, 3 MB of bodies, oldest dropped first) because
// storage.local is shared and a robots.txt body can be 512,000 bytes.
const CACHE_PREFIX = 'robots:';

const storageCache: RobotsCache = {
  async get(origin) {
    const key = CACHE_PREFIX + origin;
    return ((await browser.storage.local.get(key))[key] as RobotsReport | undefined) ?? null;
  },
  async put(report) {
    const key = CACHE_PREFIX + report.origin;
    const all = await browser.storage.local.get(null);
    const others = Object.entries(all)
      .filter(([k]) => k.startsWith(CACHE_PREFIX) && k !== key)
      .map(([k, v]) => ({ key: k, fetchedAt: (v as RobotsReport).fetchedAt ?? 0, bytes: (v as RobotsReport).bytes ?? 0 }));
    const drop = robotsCacheEviction(others, report.bytes);
    if (drop.length) await browser.storage.local.remove(drop);
    await browser.storage.local.set({ [key]: report });
  },
};

/**
 * The background's one robots.txt reader: fetched as Googlebot Smartphone (the User-Agent of the
 * comparison's Chrome version setting) through the extension's hop fetcher — the scoped,
 * self-removing User-Agent rule, no cookies, redirects by hand — and cached per origin with
 * Google's lifetimes. The popup, the badge and the comparison all read it.
 */
export const robotsReader = createRobotsReader({
  fetchHop: extensionHopFetcher(),
  userAgent: async () => googlebotUserAgent('mobile', await compareChromeVersion.getValue()),
  cache: storageCache,
});

export const getRobots: BackgroundHandler<'getRobots'> = ({ url, refresh }) => robotsReader.get(url, { refresh });
