import type { Report, Translate } from '../report';
import { googlebotUserAgent, type HopFetcher } from '../crawl';
import { checkPage, type CheckedPage } from './checkUrl';
import { createCrawl, type CrawlOptions } from './createCrawl';
import { crawlFindings } from './crawlFindings';
import type { BodyAnalyzer } from './analyzeBody';
import { SITE_CHECK_DEFAULTS } from './siteCheckDefaults';
import { createHostQueue, type HostSlot } from './createHostQueue';
import { createRunClock } from './createRunClock';
import { createTally } from './createTally';
import { createUrlIntake } from './createUrlIntake';
import { createSitemapDiscovery } from './createSitemapDiscovery';
import { robotsPerOrigin } from './robotsPerOrigin';
import type { QueuedUrl, SiteAgent, SiteCheck, SiteCheckProgress, SiteCheckSummary, SiteJob, SitemapStatus } from './types';
import { hostOf } from '../core';

export interface SiteCheckOptions {
  fetchHop: HopFetcher;
  /** URLs to check as they are (no sitemap). */
  urls?: string[];
  /** Sitemaps (or sitemap index files) to read. */
  sitemaps?: string[];
  /** With neither `urls` nor `sitemaps`: the site whose robots.txt `Sitemap:` lines name the sitemaps. */
  site?: string;
  agent?: SiteAgent;
  chromeVersion?: string;
  /** Run as this crawler of the catalog instead of Googlebot: its documented User-Agent on every request, robots.txt obeyed for it. */
  crawler?: { token: string; userAgent: string };
  /** Add every other crawler's verdict to each report (robots.others): robots.txt only, no extra requests. */
  otherCrawlers?: boolean;
  /** Byte limit for HTML and text (default 2,097,152; PDFs get 64 MB). */
  limit?: number;
  /** Requests at once per host (default 2). */
  concurrency?: number;
  /** URLs checked at most (default 50,000); the rest of the sitemaps is not read. */
  maxUrls?: number;
  /** Time per URL (default 10 s). */
  timeoutMs?: number;
  /** Time for the whole run, paused time not counted (default 30 min): then it stops with state 'timeLimit'. */
  maxTimeMs?: number;
  /** Fetch the URLs a sitemap may not list (another host, outside its folder) anyway; they are still listed. */
  followForeign?: boolean;
  translate: Translate;
  generator: string;
  onReport?: (report: Report) => void;
  onProgress?: (progress: SiteCheckProgress) => void;
  onSitemap?: (sitemap: SitemapStatus) => void;
  /** Analyses each body (default: analyzeBody in this thread; the command line hands a pool of worker threads). */
  analyze?: BodyAnalyzer;
  /**
   * Crawl: follow the links of the pages (from `crawl.from`, and of every URL given or listed) as
   * Googlebot does (createCrawl); the summary then holds the site's findings (`crawl`).
   */
  crawl?: CrawlOptions;
  /**
   * Runs after each URL's check, before `onReport` gets its report (the command line's render):
   * it may replace the report, and hand the links of Googlebot's render, which a crawl follows
   * (marked as only after rendering). The run ends once every one of them has.
   */
  afterCheck?: (report: Report) => Promise<{ report: Report; renderedLinks: readonly string[] | null }>;
  now?: () => number;
}

/** Requests at once across all hosts. */
export const MAX_PARALLEL = 32;
/** URLs waiting to be checked; the sitemap readers wait while this many are queued. */
const HIGH_WATER = 1000;

/**
 * Checks every URL of a site's sitemaps (or of a list) as Googlebot, one report per URL
 * (checkUrl), politely: sitemaps and URLs go through one host queue (createHostQueue) — at most
 * `concurrency` requests at once per host, one from the first 429 or 5xx on, as Googlebot slows
 * down for the whole host, and none while a Retry-After it waits out runs — with robots.txt
 * fetched once per origin (robotsPerOrigin). Sitemaps are streamed as they are checked
 * (createSitemapDiscovery: the reader waits while 1,000 URLs are queued); every URL goes in
 * through one intake (createUrlIntake: normalised, within its sitemap's scope, checked once, the
 * URL cap); the run's time, pause and cancel are its clock's (createRunClock), its counts the
 * tally's (createTally). The pages' bodies are dropped as soon as their report is built; the
 * caller keeps the reports it wants.
 */
export function startSiteCheck(opts: SiteCheckOptions): SiteCheck {
  const now = opts.now ?? Date.now;
  const agent = opts.agent ?? SITE_CHECK_DEFAULTS.agent;
  const userAgent = opts.crawler?.userAgent ?? googlebotUserAgent(agent === 'smartphone' ? 'mobile' : 'desktop', opts.chromeVersion);
  const perHost = Math.max(1, Math.floor(opts.concurrency ?? SITE_CHECK_DEFAULTS.concurrency));
  const maxUrls = Math.max(1, Math.floor(opts.maxUrls ?? SITE_CHECK_DEFAULTS.maxUrls));
  const maxTimeMs = Math.max(1, opts.maxTimeMs ?? SITE_CHECK_DEFAULTS.maxTimeMs);
  const followForeign = opts.followForeign === true;

  const clock = createRunClock({ maxTimeMs, now });
  const { signal } = clock;
  // Every request of the run ends with it: each is given the run's signal as its deadline's parent
  // (robots.txt, sitemaps, URLs), unlinked once the request is over.
  const { fetchHop } = opts;
  const tally = createTally({ followForeign, maxTimeMs });
  let discovering = true;
  const progress = (): SiteCheckProgress => tally.progress(clock.state, discovering, clock.activeMs());
  const emit = () => opts.onProgress?.(progress());

  const robots = robotsPerOrigin({ fetchHop, userAgent, now, signal });
  const queue = createHostQueue<SiteJob>({
    perHost,
    maxParallel: MAX_PARALLEL,
    now,
    start: (job, slot) => (job.kind === 'url' ? check(job.src, slot) : sitemaps.read(job, slot)),
  });
  const crawl = opts.crawl ? createCrawl({ ...opts.crawl, maxUrls, followForeign }) : null;
  /** Work started by a check that the run waits for (afterCheck). */
  const pending = new Set<Promise<void>>();
  const intake = createUrlIntake({
    maxUrls,
    followForeign,
    signal,
    sitemapsNamedFor: robots.sitemapsNamedFor,
    tally,
    enqueue: (src) => queue.add(hostOf(src.url) ?? '', 'url', { kind: 'url', src }),
    // The URLs queued are still checked; no more sitemaps are read.
    onCap: () => queue.drop('sitemap'),
    onTaken: crawl ? (src, fresh) => crawl.taken(src, fresh) : undefined,
  });
  /**
   * URLs a crawl found, waiting for room in the queue: kept as their strings (the link graph's
   * own) and depths, and fed in through the one intake while fewer than HIGH_WATER URLs wait —
   * as the sitemaps are read — so a page with thousands of links, or a wide site, does not
   * build a queue of thousands of jobs.
   */
  const foundUrls: string[] = [];
  const foundDepths: number[] = [];
  let foundNext = 0;
  const pump = () => {
    while (foundNext < foundUrls.length && queue.waiting('url') < HIGH_WATER && !intake.capped && !signal.aborted) {
      const url = foundUrls[foundNext]!;
      const depth = foundDepths[foundNext]!;
      foundNext++;
      if (!crawl?.queued(url)) void intake.add({ url, sitemap: null, line: null, depth }, null);
    }
    if (foundNext === foundUrls.length || intake.capped || signal.aborted) {
      foundUrls.length = 0;
      foundDepths.length = 0;
      foundNext = 0;
    } else if (foundNext >= 4096 && foundNext * 2 >= foundUrls.length) {
      foundUrls.splice(0, foundNext);
      foundDepths.splice(0, foundNext);
      foundNext = 0;
    }
  };
  const queueFound = (found: QueuedUrl[]) => {
    for (const u of found) {
      foundUrls.push(u.url);
      foundDepths.push(u.depth);
    }
    pump();
  };
  const sitemaps = createSitemapDiscovery({ fetchHop, userAgent, signal, now, queue, intake, tally, robots, highWater: HIGH_WATER, onSitemap: opts.onSitemap, onRead: emit });
  // Cancelled or out of time: nothing waiting starts, every wait ends; what runs ends with the signal.
  signal.addEventListener('abort', () => queue.close(), { once: true });

  const check = (src: QueuedUrl, slot: HostSlot) => {
    void checkPage(src, {
      fetchHop,
      agent,
      userAgent,
      limit: opts.limit ?? SITE_CHECK_DEFAULTS.limit,
      robotsFor: robots.robotsFor,
      translate: opts.translate,
      generator: opts.generator,
      signal,
      timeoutMs: opts.timeoutMs ?? SITE_CHECK_DEFAULTS.timeoutMs,
      // A Retry-After waited out holds the whole host, not only this URL.
      sleep: (ms) => queue.holdFor(slot.host, ms),
      now,
      crawler: opts.crawler?.token,
      otherCrawlers: opts.otherCrawlers,
      analyze: opts.analyze,
      links: crawl !== null,
    })
      .then((page: CheckedPage) => {
        if (signal.aborted) return;
        const { report } = page;
        tally.checked(report);
        const code = report.status?.code ?? 0;
        // Googlebot slows down for the whole host when it answers 429 or 5xx: so does the check.
        if (code === 429 || (code >= 500 && code < 600)) queue.slowDown(slot.host);
        const seen = crawl?.checked(src, page) ?? null;
        if (seen) queueFound(seen.queue);
        if (!opts.afterCheck) {
          tally.structured(report);
          return opts.onReport?.(report);
        }
        const after = opts
          .afterCheck(report)
          .then((got) => {
            if (crawl && seen && got.renderedLinks && !signal.aborted) queueFound(crawl.rendered(seen.page, src.depth, got.renderedLinks, seen.served));
            tally.structured(got.report);
            opts.onReport?.(got.report);
          })
          .catch((err: unknown) => {
            // The render failed: the check's own structured data still counts.
            tally.structured(report);
            tally.error(src.url, err);
          })
          .finally(() => {
            pending.delete(after);
            if (!signal.aborted) emit();
          });
        pending.add(after);
      })
      .catch((err: unknown) => {
        if (!signal.aborted) tally.failed(src.url, err);
      })
      .finally(() => {
        pump();
        slot.release();
        if (!signal.aborted) emit();
      });
  };

  /** The URLs given, then the sitemaps; resolves when every sitemap is read. */
  const discover = async () => {
    try {
      for (const url of [...(opts.crawl?.from ?? []), ...(opts.urls ?? [])]) {
        if (!(await intake.add({ url, sitemap: null, line: null, depth: 0 }, null))) break;
        await queue.room(HIGH_WATER);
      }
      const site = !opts.urls?.length && !opts.sitemaps?.length ? opts.site : undefined;
      await sitemaps.run({ sitemaps: opts.sitemaps, site });
    } catch (err) {
      tally.error(opts.site ?? '', err);
    } finally {
      discovering = false;
      emit();
    }
  };

  const run = async (): Promise<SiteCheckSummary> => {
    await discover();
    // A render may find links to check, and a check may start a render: until neither runs.
    for (;;) {
      await queue.idle();
      if (foundNext < foundUrls.length) {
        pump();
        continue;
      }
      if (!pending.size) break;
      await Promise.all([...pending]);
    }
    clock.finish();
    const state = clock.state;
    const summary: SiteCheckSummary = { progress: progress(), sitemaps: tally.sitemaps, problems: tally.problems, errors: tally.errors };
    if (crawl) {
      summary.crawl = await crawlFindings(crawl, {
        ended: state === 'cancelled' || state === 'timeLimit' ? state : 'done',
        sitemapsRead: tally.sitemaps.length > 0,
        rendered: opts.afterCheck !== undefined,
      });
    }
    opts.onProgress?.(summary.progress);
    return summary;
  };

  return {
    pause() {
      if (!clock.pause()) return;
      queue.pause();
      emit();
    },
    resume() {
      if (!clock.resume()) return;
      queue.resume();
      emit();
    },
    cancel() {
      clock.cancel();
    },
    progress,
    done: Promise.resolve().then(run),
  };
}
