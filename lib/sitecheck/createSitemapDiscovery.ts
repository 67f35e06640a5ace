import { followRedirects, SITEMAP_REDIRECTS, type HopFetcher } from '../crawl';
import type { HostQueue, HostSlot } from './createHostQueue';
import type { Tally } from './createTally';
import type { UrlIntake } from './createUrlIntake';
import type { RobotsPerOrigin } from './robotsPerOrigin';
import { normalizeUrl } from './normalizeUrl';
import { readSitemap } from './readSitemap';
import { retryAfterMs } from './retryAfterMs';
import type { SiteJob, SitemapStatus } from './types';
import { hostOf, deadline } from '../core';

/** Sitemaps read in one run at most (a sitemap index may name 50,000). */
export const MAX_SITEMAPS = 500;
/** Waiting for a sitemap's response headers. */
export const SITEMAP_HEADERS_MS = 10_000;

export interface SitemapDiscoveryOptions {
  /** The run's fetcher (it ends with the run). */
  fetchHop: HopFetcher;
  userAgent: string;
  /** The run's: a sitemap being read stops when it aborts. */
  signal: AbortSignal;
  now: () => number;
  /** The run's queue: sitemaps are read through it, within their host's limit, and their URLs checked through it. */
  queue: HostQueue<SiteJob>;
  intake: UrlIntake;
  tally: Tally;
  robots: RobotsPerOrigin;
  /** URLs waiting in the queue at which a reader waits (its slot given back) until half as many wait. */
  highWater: number;
  /** A sitemap was read (or given up). */
  onSitemap?: (sitemap: SitemapStatus) => void;
  /** After each sitemap: the progress changed. */
  onRead?: () => void;
}

export interface SitemapDiscovery {
  /**
   * Names the first sitemaps — `sitemaps`, or those of the `Sitemap:` lines of the robots.txt of
   * `site` — and resolves when every sitemap named (an index's included) is read, or dropped
   * because the run ended.
   */
  run(seeds: { sitemaps?: readonly string[]; site?: string }): Promise<void>;
  /** Reads a sitemap job the queue started; releases its slot when done. */
  read(job: Extract<SiteJob, { kind: 'sitemap' }>, slot: HostSlot): void;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The sitemaps of a run, each named once (normalised) and read once through the run's queue:
 * given, named by robots.txt, or listed by an index (an index listed by an index is not read).
 * Each sitemap's URLs go to the intake as they are read; while the queue holds `highWater` URLs
 * the reader waits with its slot given back. Every problem goes to the tally, with its line.
 */
export function createSitemapDiscovery(opts: SitemapDiscoveryOptions): SitemapDiscovery {
  const { queue, intake, tally, signal, now, userAgent } = opts;
  const named = new Set<string>();
  /** Too many sitemaps: no more are read. */
  let full = false;
  const ended = () => intake.capped || signal.aborted || full;

  /** Queues a sitemap unless it is already named; false when it was. */
  const name = (raw: string, from: SitemapStatus['from']): boolean => {
    const url = normalizeUrl(raw) ?? raw;
    if (named.has(url)) return false;
    named.add(url);
    if (!ended()) queue.add(hostOf(url) ?? '', 'sitemap', { kind: 'sitemap', url, from });
    return true;
  };

  const readOne = async (url: string, from: SitemapStatus['from'], slot: HostSlot) => {
    const status: SitemapStatus = { url, from, status: null, kind: null, entries: 0, bytes: 0, gzip: false, complete: false, problems: [], notAccepted: 0, duplicates: 0 };
    tally.sitemapStarted(status);
    // The sitemap's time counts from its request: the headers are part of it.
    const startedAt = now();
    // The run's end stops the request; its body's read stops with the run by itself (readSitemap's signal).
    const headers = deadline(SITEMAP_HEADERS_MS, signal);
    let followed;
    try {
      followed = await followRedirects(url, opts.fetchHop, { policy: SITEMAP_REDIRECTS, request: { userAgent, signal: headers.signal } });
    } catch (err) {
      if (!signal.aborted) {
        if (headers.expired) tally.sitemapProblem(status, 'timeout', [SITEMAP_HEADERS_MS / 1000]);
        else tally.sitemapProblem(status, 'network', [message(err)]);
      }
      opts.onSitemap?.(status);
      return;
    } finally {
      headers.clear();
    }
    if (!followed.reply) {
      tally.sitemapProblem(status, 'redirects', [followed.hops.length]);
      opts.onSitemap?.(status);
      return;
    }
    const code = followed.reply.status;
    status.status = code;
    if (code < 200 || code > 299) {
      // A host that answers 429 or 5xx gets one request at once from now on, and none during its Retry-After.
      if (code === 429 || (code >= 500 && code < 600)) {
        queue.slowDown(slot.host);
        const wait = retryAfterMs(code, followed.reply.headers, now());
        if (wait !== null) void queue.holdFor(slot.host, wait);
      }
      await followed.reply.body?.cancel().catch(() => undefined);
      tally.sitemapProblem(status, 'http', [code]);
      opts.onSitemap?.(status);
      return;
    }
    let nested = false;
    let children = 0;
    const read = await readSitemap(
      followed.reply.body,
      url,
      async (entries, kind) => {
        if (kind === 'sitemapindex') {
          if (from.kind === 'index') {
            if (!nested) tally.sitemapProblem(status, 'nestedIndex', [from.index]);
            nested = true;
            return false;
          }
          for (const e of entries) {
            const child = normalizeUrl(e.loc) ?? e.loc;
            if (child === url) tally.sitemapProblem(status, 'indexSelf', [], e.line, false);
            else if (name(child, { kind: 'index', index: url })) children++;
          }
          return true;
        }
        for (const e of entries) {
          if (!(await intake.add({ url: e.loc, sitemap: url, line: e.line, depth: 0 }, status))) return false;
          if (queue.waiting('url') >= opts.highWater) await slot.away(() => queue.room(Math.ceil(opts.highWater / 2)));
        }
        return true;
      },
      { signal, startedAt, now },
    );
    status.kind = read.kind;
    status.entries = read.entries;
    status.bytes = read.bytes;
    status.gzip = read.gzip;
    status.complete = read.complete;
    if (!signal.aborted) {
      tally.readerProblems(status, read.problems, read.problemCount);
      // An index with entries and not one new sitemap: say why nothing is read from it.
      if (read.kind === 'sitemapindex' && !nested && read.entries > 0 && children === 0) tally.sitemapProblem(status, 'indexNothingNew', [read.entries], null, false);
    }
    // By line, as the file reads (problems without a line last).
    status.problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    opts.onSitemap?.(status);
  };

  return {
    async run({ sitemaps = [], site }) {
      for (const url of sitemaps) name(url, { kind: 'given' });
      if (site) {
        const robots = await opts.robots.robotsFor(site);
        const lines = robots.parsed?.sitemaps ?? [];
        if (robots.report.outcome.kind === 'disallow-all') tally.runProblem('robotsUnreachable', robots.report.robotsUrl, [robots.report.robotsUrl]);
        else if (!lines.length) tally.runProblem('noSitemap', robots.report.robotsUrl, [robots.report.robotsUrl]);
        for (const l of lines) name(l.url, { kind: 'robots', robotsUrl: robots.report.robotsUrl, line: l.line });
      }
      // Also after a cancel or the time limit: the reads end at once (the run's signal), with what they read.
      await queue.idle('sitemap');
    },
    read(job, slot) {
      if (ended()) return slot.release();
      if (tally.sitemaps.length >= MAX_SITEMAPS) {
        full = true;
        tally.runProblem('tooManySitemaps', job.url, [MAX_SITEMAPS]);
        queue.drop('sitemap');
        return slot.release();
      }
      void readOne(job.url, job.from, slot)
        .catch((err: unknown) => tally.error(job.url, err))
        .finally(() => {
          slot.release();
          opts.onRead?.();
        });
    },
  };
}
