import { parseRobotsReport, type RobotsFacts } from '../robots';
import { createRobotsReader, type HopFetcher } from '../crawl';
import { normalizeUrl } from './normalizeUrl';

export interface RobotsPerOrigin {
  /** robots.txt of the URL's origin: fetched once for the whole run, parsed once. */
  robotsFor(url: string): Promise<RobotsFacts>;
  /** The sitemaps the robots.txt of the URL's origin names (`Sitemap:` lines), normalised. */
  sitemapsNamedFor(url: string): Promise<string[]>;
}

const originOf = (u: string) => {
  try {
    return new URL(u).origin;
  } catch {
    return '';
  }
};

/** The run's robots.txt: one fetch and one parse per origin, shared by every check and sitemap of the run. */
export function robotsPerOrigin(opts: { fetchHop: HopFetcher; userAgent: string; now: () => number; signal?: AbortSignal }): RobotsPerOrigin {
  const reader = createRobotsReader({ fetchHop: opts.fetchHop, userAgent: () => opts.userAgent, now: opts.now, signal: opts.signal });
  const byOrigin = new Map<string, Promise<RobotsFacts>>();
  const robotsFor = (url: string): Promise<RobotsFacts> => {
    const origin = originOf(url);
    let p = byOrigin.get(origin);
    if (!p) {
      p = reader.get(url).then((report) => ({ report, parsed: parseRobotsReport(report) }));
      byOrigin.set(origin, p);
    }
    return p;
  };
  return {
    robotsFor,
    sitemapsNamedFor: async (url) => ((await robotsFor(url)).parsed?.sitemaps ?? []).map((l) => normalizeUrl(l.url) ?? l.url),
  };
}
