import { fetchRobotsTxt } from './fetchRobotsTxt';
import { robotsCacheFresh, robotsTxtUrl, ROBOTS_TIMEOUT_MS } from './robotsFetchPolicy';
import type { HopFetcher, RobotsReport } from './types';

/** Where reports are kept between reads (the extension: storage.local). */
export interface RobotsCache {
  /** The stored report of an origin, or null. */
  get(origin: string): Promise<RobotsReport | null>;
  /** Stores a report; failing to store costs the cache, never the answer. */
  put(report: RobotsReport): Promise<void>;
}

export interface RobotsReaderOptions {
  fetchHop: HopFetcher;
  /** Googlebot's User-Agent, read at each fetch (a setting may change it). */
  userAgent: () => string | Promise<string>;
  /** Kept reports, served while fresh (24 h; 5 min for an unreachable file). None: every read fetches (in-flight reads still share). */
  cache?: RobotsCache | null;
  /** Ends every fetch of this reader (a cancelled run). */
  signal?: AbortSignal;
  timeoutMs?: number;
  now?: () => number;
}

export interface RobotsReader {
  /**
   * robots.txt for the origin of `url`: the cached report while fresh (`fromCache: true`), else
   * fetched as Googlebot — once, however many ask at the same time. `refresh` skips the cache.
   * Rejects only for a URL that is not HTTP(S) and for a request never sent (NotSentError), which
   * is not cached.
   */
  get(url: string, opts?: { refresh?: boolean }): Promise<RobotsReport>;
  /** The cached report for the origin of `url` while fresh, without fetching; null otherwise. */
  cached(url: string): Promise<RobotsReport | null>;
}

/**
 * The one robots.txt reader: Google's fetch (fetchRobotsTxt) behind a cache with Google's
 * lifetimes (robotsCacheFresh) and one fetch per origin at a time. The popup, the badge, the
 * comparison and the site check all read robots.txt through one.
 */
export function createRobotsReader(opts: RobotsReaderOptions): RobotsReader {
  const now = opts.now ?? Date.now;
  const cache = opts.cache ?? null;
  const inFlight = new Map<string, Promise<RobotsReport>>();

  const cached = async (url: string): Promise<RobotsReport | null> => {
    const target = robotsTxtUrl(url);
    if (!target || !cache) return null;
    const got = await cache.get(target.origin).catch(() => null);
    return got && robotsCacheFresh(got, now()) ? { ...got, fromCache: true } : null;
  };

  return {
    cached,
    async get(url, { refresh = false } = {}) {
      const target = robotsTxtUrl(url);
      if (!target) throw new Error(`Not an HTTP(S) URL: ${url}`);
      if (!refresh) {
        const hit = await cached(url);
        if (hit) return hit;
      }
      const running = inFlight.get(target.origin);
      if (running) return running;
      const job = (async () => {
        const userAgent = await opts.userAgent();
        const report = await fetchRobotsTxt(url, opts.fetchHop, { userAgent, signal: opts.signal, timeoutMs: opts.timeoutMs ?? ROBOTS_TIMEOUT_MS, now });
        await cache?.put(report).catch(() => undefined);
        return report;
      })().finally(() => inFlight.delete(target.origin));
      inFlight.set(target.origin, job);
      return job;
    },
  };
}
