import type { Verdict } from '../indexability/types';
import { parseRobotsReport } from '../robots/parseRobotsReport';
import { googlebotUserAgent } from '../compare/googlebotUserAgent';
import type { Report, Translate } from '../report';
import { checkUrl, type RobotsFacts } from './checkUrl';
import { createRobotsReader, followRedirects, noHash, SITEMAP_REDIRECTS, type HopFetcher } from '../crawl';
import { readSitemap, type SitemapKind } from './readSitemap';
import { SITE_CHECK_DEFAULTS } from './siteCheckDefaults';
import type { SiteAgent, SitemapProblem, SitemapProblemCode, UrlSource } from './types';

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
  translate: Translate;
  generator: string;
  onReport?: (report: Report) => void;
  onProgress?: (progress: SiteCheckProgress) => void;
  onSitemap?: (sitemap: SitemapStatus) => void;
  now?: () => number;
}

export type SiteCheckState = 'running' | 'paused' | 'done' | 'cancelled';

export interface SiteCheckProgress {
  state: SiteCheckState;
  /** Sitemaps are still being read: `total` may grow. */
  discovering: boolean;
  done: number;
  total: number;
  byVerdict: Record<Verdict, number>;
  /** Reports whose bytes are over the limit. */
  overLimit: number;
  /** Time left at the pace so far (paused time not counted), or null before the first result. */
  etaMs: number | null;
  elapsedMs: number;
  sitemaps: number;
  /** Sitemap problems so far. */
  problems: number;
}

/** One sitemap as it was read. */
export interface SitemapStatus {
  url: string;
  /** Where it was named: given, a robots.txt `Sitemap:` line, or a sitemap index. */
  from: { kind: 'given' } | { kind: 'robots'; robotsUrl: string; line: number } | { kind: 'index'; index: string };
  status: number | null;
  kind: SitemapKind | null;
  entries: number;
  bytes: number;
  gzip: boolean;
  problems: SitemapProblem[];
}

export interface SiteCheckSummary {
  progress: SiteCheckProgress;
  sitemaps: SitemapStatus[];
  /** Problems not tied to one sitemap (no sitemap found, the URL cap). */
  problems: SitemapProblem[];
  /** URLs whose check failed unexpectedly (a bug, never a server's answer), with the error. */
  errors: { url: string; error: string }[];
}

/** The controller of a running site check. */
export interface SiteCheck {
  pause(): void;
  resume(): void;
  cancel(): void;
  progress(): SiteCheckProgress;
  /** Resolves when every URL is checked, or soon after cancel(). */
  done: Promise<SiteCheckSummary>;
}

/** Requests at once across all hosts. */
export const MAX_PARALLEL = 32;
/** Sitemaps read in one run at most (a sitemap index may name 50,000). */
export const MAX_SITEMAPS = 500;
/** URLs waiting to be checked; the sitemap reader waits while this many are queued. */
const HIGH_WATER = 1000;
/** Waiting for a sitemap's response headers. */
const SITEMAP_HEADERS_MS = 10_000;

const hostOf = (u: string) => {
  try {
    return new URL(u).host;
  } catch {
    return '';
  }
};
const originOf = (u: string) => {
  try {
    return new URL(u).origin;
  } catch {
    return '';
  }
};

/**
 * Checks every URL of a site's sitemaps (or of a list) as Googlebot, one report per URL
 * (checkUrl), politely: at most `concurrency` requests at once per host — one from the first
 * 429 or 5xx on, as Googlebot slows down for the whole host — robots.txt fetched once per origin,
 * sitemaps streamed as they are checked (the reader waits while 1,000 URLs are queued), the
 * pages' bodies dropped as soon as their report is built. The caller keeps the reports it wants.
 */
export function startSiteCheck(opts: SiteCheckOptions): SiteCheck {
  const now = opts.now ?? Date.now;
  const agent = opts.agent ?? SITE_CHECK_DEFAULTS.agent;
  const userAgent = opts.crawler?.userAgent ?? googlebotUserAgent(agent === 'smartphone' ? 'mobile' : 'desktop', opts.chromeVersion);
  const perHost = Math.max(1, Math.floor(opts.concurrency ?? SITE_CHECK_DEFAULTS.concurrency));
  const maxUrls = Math.max(1, Math.floor(opts.maxUrls ?? SITE_CHECK_DEFAULTS.maxUrls));
  const run = new AbortController();
  const fetchHop: HopFetcher = (url, req) => opts.fetchHop(url, { ...req, signal: AbortSignal.any([req.signal, run.signal]) });

  let state: SiteCheckState = 'running';
  let discovering = true;
  let done = 0;
  let total = 0;
  let overLimit = 0;
  const byVerdict: Record<Verdict, number> = { indexable: 0, 'at-risk': 0, 'not-indexable': 0 };
  const started = now();
  let pausedAt: number | null = null;
  let pausedMs = 0;
  const sitemaps: SitemapStatus[] = [];
  const problems: SitemapProblem[] = [];
  const errors: SiteCheckSummary['errors'] = [];
  let problemCount = 0;

  const hosts = new Map<string, { queue: UrlSource[]; active: number; limit: number }>();
  let queued = 0;
  let active = 0;
  const seen = new Set<string>();
  let capped = false;

  let wakers: (() => void)[] = [];
  const wake = () => {
    const w = wakers;
    wakers = [];
    for (const f of w) f();
  };
  const nextWake = () => new Promise<void>((r) => wakers.push(r));

  const activeMs = () => now() - started - pausedMs - (pausedAt === null ? 0 : now() - pausedAt);
  const progress = (): SiteCheckProgress => {
    const elapsed = activeMs();
    const left = total - done;
    return {
      state,
      discovering,
      done,
      total,
      byVerdict: { ...byVerdict },
      overLimit,
      etaMs: done > 0 ? Math.round((elapsed / done) * left) : null,
      elapsedMs: elapsed,
      sitemaps: sitemaps.length,
      problems: problemCount,
    };
  };
  const emit = () => opts.onProgress?.(progress());
  const runProblem = (code: SitemapProblemCode, sitemap: string, params: SitemapProblem['params']) => {
    problemCount++;
    problems.push({ code, sitemap, line: null, params, fatal: true });
  };

  // robots.txt once per origin for the whole run, parsed once.
  const robotsReader = createRobotsReader({ fetchHop, userAgent: () => userAgent, now });
  const robotsCache = new Map<string, Promise<RobotsFacts>>();
  const robotsFor = (url: string): Promise<RobotsFacts> => {
    const origin = originOf(url);
    let p = robotsCache.get(origin);
    if (!p) {
      p = robotsReader.get(url).then((report) => ({ report, parsed: parseRobotsReport(report) }));
      robotsCache.set(origin, p);
    }
    return p;
  };

  /** Queue a URL (once); waits while the queue is full. False: stop reading, the URL cap is reached. */
  const addUrl = async (src: UrlSource): Promise<boolean> => {
    if (capped || run.signal.aborted) return false;
    const key = noHash(src.url);
    if (seen.has(key)) return true;
    if (seen.size >= maxUrls) {
      capped = true;
      runProblem('urlCap', src.sitemap ?? '', [maxUrls]);
      return false;
    }
    seen.add(key);
    const host = hostOf(key);
    let h = hosts.get(host);
    if (!h) hosts.set(host, (h = { queue: [], active: 0, limit: perHost }));
    h.queue.push(src);
    queued++;
    total++;
    wake();
    while (queued >= HIGH_WATER && !run.signal.aborted) await nextWake();
    return true;
  };

  const readOne = async (url: string, from: SitemapStatus['from'], queue: { url: string; from: SitemapStatus['from'] }[]) => {
    const status: SitemapStatus = { url, from, status: null, kind: null, entries: 0, bytes: 0, gzip: false, problems: [] };
    sitemaps.push(status);
    const problem = (code: SitemapProblemCode, params: SitemapProblem['params']) => {
      problemCount++;
      status.problems.push({ code, sitemap: url, line: null, params, fatal: true });
    };
    const headers = new AbortController();
    const timer = setTimeout(() => headers.abort(), SITEMAP_HEADERS_MS);
    let followed;
    try {
      followed = await followRedirects(url, fetchHop, { policy: SITEMAP_REDIRECTS, request: { userAgent, signal: headers.signal } });
    } catch (err) {
      if (!run.signal.aborted) {
        if (headers.signal.aborted) problem('timeout', [SITEMAP_HEADERS_MS / 1000]);
        else problem('network', [err instanceof Error ? err.message : String(err)]);
      }
      return;
    } finally {
      clearTimeout(timer);
    }
    if (!followed.reply) {
      problem('redirects', [followed.hops.length]);
      return;
    }
    status.status = followed.reply.status;
    if (followed.reply.status < 200 || followed.reply.status > 299) {
      await followed.reply.body?.cancel().catch(() => undefined);
      problem('http', [followed.reply.status]);
      return;
    }
    let nested = false;
    const read = await readSitemap(
      followed.reply.body,
      url,
      async (entries, kind) => {
        if (kind === 'sitemapindex') {
          if (from.kind === 'index') {
            if (!nested) problem('nestedIndex', [from.index]);
            nested = true;
            return false;
          }
          for (const e of entries) queue.push({ url: e.loc, from: { kind: 'index', index: url } });
          return true;
        }
        for (const e of entries) if (!(await addUrl({ url: e.loc, sitemap: url, line: e.line }))) return false;
        return true;
      },
      { signal: run.signal },
    );
    status.kind = read.kind;
    status.entries = read.entries;
    status.bytes = read.bytes;
    status.gzip = read.gzip;
    if (!run.signal.aborted) {
      status.problems.unshift(...read.problems);
      problemCount += read.problemCount;
    }
    opts.onSitemap?.(status);
  };

  const discover = async () => {
    try {
      for (const u of opts.urls ?? []) if (!(await addUrl({ url: u, sitemap: null, line: null }))) break;
      const queue: { url: string; from: SitemapStatus['from'] }[] = (opts.sitemaps ?? []).map((url) => ({ url, from: { kind: 'given' } }));
      if (!opts.urls?.length && !opts.sitemaps?.length && opts.site) {
        const robots = await robotsFor(opts.site);
        const lines = robots.parsed?.sitemaps ?? [];
        if (robots.report.outcome.kind === 'disallow-all') runProblem('robotsUnreachable', robots.report.robotsUrl, [robots.report.robotsUrl]);
        else if (!lines.length) runProblem('noSitemap', robots.report.robotsUrl, [robots.report.robotsUrl]);
        for (const l of lines) queue.push({ url: l.url, from: { kind: 'robots', robotsUrl: robots.report.robotsUrl, line: l.line } });
      }
      const named = new Set<string>();
      for (let i = 0; i < queue.length && !capped && !run.signal.aborted; i++) {
        const s = queue[i]!;
        if (named.has(s.url)) continue;
        named.add(s.url);
        if (sitemaps.length >= MAX_SITEMAPS) {
          runProblem('tooManySitemaps', s.url, [MAX_SITEMAPS]);
          break;
        }
        await readOne(s.url, s.from, queue);
        emit();
      }
    } catch (err) {
      errors.push({ url: opts.site ?? '', error: err instanceof Error ? err.message : String(err) });
    } finally {
      discovering = false;
      wake();
      emit();
    }
  };

  const launch = (host: { queue: UrlSource[]; active: number; limit: number }, src: UrlSource) => {
    active++;
    host.active++;
    queued--;
    checkUrl(src, {
      fetchHop,
      agent,
      userAgent,
      limit: opts.limit ?? SITE_CHECK_DEFAULTS.limit,
      robotsFor,
      translate: opts.translate,
      generator: opts.generator,
      signal: run.signal,
      timeoutMs: opts.timeoutMs ?? SITE_CHECK_DEFAULTS.timeoutMs,
      now,
      crawler: opts.crawler?.token,
      otherCrawlers: opts.otherCrawlers,
    })
      .then((report) => {
        if (run.signal.aborted) return;
        done++;
        byVerdict[report.verdict]++;
        if (report.bytes?.truncated) overLimit++;
        const code = report.status?.code ?? 0;
        // Googlebot slows down for the whole host when it answers 429 or 5xx: so does the check.
        if (code === 429 || (code >= 500 && code < 600)) host.limit = 1;
        opts.onReport?.(report);
      })
      .catch((err: unknown) => {
        if (run.signal.aborted) return;
        done++;
        errors.push({ url: src.url, error: err instanceof Error ? err.message : String(err) });
      })
      .finally(() => {
        active--;
        host.active--;
        wake();
        if (!run.signal.aborted) emit();
      });
  };

  const schedule = async (): Promise<SiteCheckSummary> => {
    void discover();
    for (;;) {
      if (run.signal.aborted) break;
      if (state === 'running') {
        for (const h of hosts.values()) {
          while (active < MAX_PARALLEL && h.active < h.limit && h.queue.length) launch(h, h.queue.shift()!);
        }
      }
      if (!discovering && queued === 0 && active === 0) break;
      await nextWake();
    }
    while (active > 0) await nextWake();
    if (state !== 'cancelled') state = 'done';
    const summary = { progress: progress(), sitemaps, problems, errors };
    opts.onProgress?.(summary.progress);
    return summary;
  };

  const controller: SiteCheck = {
    pause() {
      if (state !== 'running') return;
      state = 'paused';
      pausedAt = now();
      emit();
    },
    resume() {
      if (state !== 'paused') return;
      state = 'running';
      if (pausedAt !== null) pausedMs += now() - pausedAt;
      pausedAt = null;
      wake();
      emit();
    },
    cancel() {
      if (state === 'done' || state === 'cancelled') return;
      if (pausedAt !== null) pausedMs += now() - pausedAt;
      pausedAt = null;
      state = 'cancelled';
      run.abort();
      wake();
    },
    progress,
    done: Promise.resolve().then(schedule),
  };
  return controller;
}
