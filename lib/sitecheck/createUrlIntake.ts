import { noHash } from '../crawl';
import { normalizeUrl } from './normalizeUrl';
import { acceptedByRobots, sitemapScope } from './sitemapScope';
import type { Tally } from './createTally';
import type { QueuedUrl, SitemapStatus } from './types';

export interface UrlIntakeOptions {
  /** URLs checked at most; the first one past it stops the intake with the run problem `urlCap`. */
  maxUrls: number;
  /** Queue the URLs a sitemap may not list anyway (they are still listed). */
  followForeign: boolean;
  /** The run's: once it aborts, nothing more is taken. */
  signal: AbortSignal;
  /** The normalised `Sitemap:` lines of the robots.txt of a URL's origin. */
  sitemapsNamedFor: (url: string) => Promise<string[]>;
  tally: Tally;
  /** Puts a URL taken in (normalised, first time seen) into the run's queue. */
  enqueue: (url: QueuedUrl) => void;
  /** Called once, when the cap is reached. */
  onCap?: () => void;
  /** Every URL taken (normalised): queued now (`fresh`), or listed again by a sitemap. */
  onTaken?: (url: QueuedUrl, fresh: boolean) => void;
}

export interface UrlIntake {
  /**
   * Takes a URL into the run — given (`sitemap` null) or listed by a sitemap — by the run's rules:
   * normalised (normalizeUrl); from a sitemap, inside that sitemap's scope or named by the
   * robots.txt of its host (else listed as not accepted and, unless `followForeign`, not queued);
   * queued once (a URL seen before is a duplicate); at most `maxUrls`. Resolves false when the
   * caller should stop adding (the cap is reached or the run has ended), true otherwise.
   */
  add(src: QueuedUrl, sitemap: SitemapStatus | null): Promise<boolean>;
  /** The cap was reached. */
  readonly capped: boolean;
}

/** The one way into the run's queue, with the scope rules applied on the way in. */
export function createUrlIntake(opts: UrlIntakeOptions): UrlIntake {
  const seen = new Set<string>();
  let capped = false;
  return {
    get capped() {
      return capped;
    },
    async add(src, sitemap) {
      if (capped || opts.signal.aborted) return false;
      const key = normalizeUrl(src.url) ?? noHash(src.url);
      if (sitemap) {
        const scope = sitemapScope(key, sitemap.url);
        const chain = [sitemap.url, ...(sitemap.from.kind === 'index' ? [sitemap.from.index] : [])];
        if (!scope.inside && !acceptedByRobots(await opts.sitemapsNamedFor(key), chain)) {
          if (opts.signal.aborted) return false;
          const params = scope.reason === 'host' ? [key] : [key, scope.folder, `${new URL(key).origin}/robots.txt`];
          opts.tally.notAccepted(sitemap, { code: scope.reason === 'host' ? 'foreignHost' : 'outsideFolder', sitemap: sitemap.url, line: src.line, params, fatal: false });
          if (!opts.followForeign) return true;
        }
      }
      if (seen.has(key)) {
        opts.tally.duplicate(sitemap);
        if (sitemap) opts.onTaken?.({ ...src, url: key }, false);
        return true;
      }
      if (seen.size >= opts.maxUrls) {
        capped = true;
        opts.tally.runProblem('urlCap', src.sitemap ?? '', [opts.maxUrls]);
        opts.onCap?.();
        return false;
      }
      seen.add(key);
      opts.tally.queued();
      const taken = { ...src, url: key };
      opts.onTaken?.(taken, true);
      opts.enqueue(taken);
      return true;
    },
  };
}
