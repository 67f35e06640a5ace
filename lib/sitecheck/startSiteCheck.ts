import type { Verdict } from '../indexability/types';
import { parseRobotsReport } from '../robots/parseRobotsReport';
import { googlebotUserAgent } from '../compare/googlebotUserAgent';
import type { Report, Translate } from '../report';
import { checkUrl, type RobotsFacts } from './checkUrl';
import type { BodyAnalyzer } from './analyzeBody';
import { createRobotsReader, followRedirects, noHash, SITEMAP_REDIRECTS, type HopFetcher } from '../crawl';
import { readSitemap, type SitemapKind } from './readSitemap';
import { SITE_CHECK_DEFAULTS } from './siteCheckDefaults';
import { normalizeUrl } from './normalizeUrl';
import { acceptedByRobots, sitemapScope } from './sitemapScope';
import { SITEMAP_MAX_PROBLEMS } from './sitemapLimits';
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
  now?: () => number;
}

/** `cancelled`: cancel() was called; `timeLimit`: the run's time (maxTimeMs) was up. Both keep the counts so far. */
export type SiteCheckState = 'running' | 'paused' | 'done' | 'cancelled' | 'timeLimit';

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
  /** Sitemap problems so far (URLs not accepted from their sitemap included). */
  problems: number;
  /** URLs listed again (in the same or another sitemap, or spelled another way): checked once. */
  duplicates: number;
  /** URLs a sitemap may not list (another host, outside its folder): not fetched unless `followForeign`. */
  notAccepted: number;
  followForeign: boolean;
  /** Reports of URLs whose server (or robots.txt) gave no answer: refused, reset, or silent past the time limit alike. */
  unreachable: number;
  /** The run's time limit. */
  maxTimeMs: number;
  /** Structured data so far: items by type (and those with errors), errors, warnings, URLs whose items have errors (they count as problems of the run). */
  structured: { items: number; errors: number; warnings: number; urlsWithErrors: number; byType: Record<string, { items: number; withErrors: number }> };
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
  /** Read to its end with no fatal problem. */
  complete: boolean;
  problems: SitemapProblem[];
  /** Its URLs it may not list (the first 50 are in `problems`, with their lines). */
  notAccepted: number;
  /** Its URLs already listed (here or in another sitemap). */
  duplicates: number;
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

/** Report reasons that mean robots.txt gave no answer at all (as opposed to an HTTP error status). */
const ROBOTS_NO_ANSWER = new Set(['robotsUnreachableNetwork', 'robotsUnreachableTimeout']);

/** No answer from the server: the request failed or nothing complete came in time — however it failed, it counts the same. */
const unreachableReport = (r: Report) =>
  r.siteCheck?.error === 'network' || r.siteCheck?.error === 'timeout' || r.reasons.some((x) => ROBOTS_NO_ANSWER.has(x.code));

/**
 * Checks every URL of a site's sitemaps (or of a list) as Googlebot, one report per URL
 * (checkUrl), politely: at most `concurrency` requests at once per host — one from the first
 * 429 or 5xx on, as Googlebot slows down for the whole host — robots.txt fetched once per origin,
 * sitemaps streamed as they are checked (the reader waits while 1,000 URLs are queued) and read
 * `concurrency` at once per host, the pages' bodies dropped as soon as their report is built.
 * URLs are normalised (normalizeUrl) and checked once; a URL its sitemap may not list (another
 * host, outside its folder, no robots.txt `Sitemap:` line for it) is listed, not fetched. The run
 * stops at `maxTimeMs` (state 'timeLimit') or on cancel(), with the counts so far. The caller
 * keeps the reports it wants.
 */
export function startSiteCheck(opts: SiteCheckOptions): SiteCheck {
  const now = opts.now ?? Date.now;
  const agent = opts.agent ?? SITE_CHECK_DEFAULTS.agent;
  const userAgent = opts.crawler?.userAgent ?? googlebotUserAgent(agent === 'smartphone' ? 'mobile' : 'desktop', opts.chromeVersion);
  const perHost = Math.max(1, Math.floor(opts.concurrency ?? SITE_CHECK_DEFAULTS.concurrency));
  const maxUrls = Math.max(1, Math.floor(opts.maxUrls ?? SITE_CHECK_DEFAULTS.maxUrls));
  const maxTimeMs = Math.max(1, opts.maxTimeMs ?? SITE_CHECK_DEFAULTS.maxTimeMs);
  const followForeign = opts.followForeign === true;
  const run = new AbortController();
  const fetchHop: HopFetcher = (url, req) => opts.fetchHop(url, { ...req, signal: AbortSignal.any([req.signal, run.signal]) });

  let state: SiteCheckState = 'running';
  let discovering = true;
  let done = 0;
  let total = 0;
  let overLimit = 0;
  let duplicates = 0;
  let notAccepted = 0;
  let unreachable = 0;
  const byVerdict: Record<Verdict, number> = { indexable: 0, 'at-risk': 0, 'not-indexable': 0 };
  const structured: SiteCheckProgress['structured'] = { items: 0, errors: 0, warnings: 0, urlsWithErrors: 0, byType: {} };
  const countStructured = (r: Report) => {
    const sd = r.structuredData;
    if (!sd) return;
    structured.items += sd.counts.items;
    structured.errors += sd.counts.errors;
    structured.warnings += sd.counts.warnings;
    if (sd.counts.errors) structured.urlsWithErrors++;
    for (const it of sd.items) {
      const type = it.types[0] ?? '?';
      const c = (structured.byType[type] ??= { items: 0, withErrors: 0 });
      c.items++;
      if (it.verdict === 'errors') c.withErrors++;
    }
  };
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
      duplicates,
      notAccepted,
      followForeign,
      unreachable,
      maxTimeMs,
      structured: { ...structured, byType: Object.fromEntries(Object.entries(structured.byType).map(([k, v]) => [k, { ...v }])) },
    };
  };
  const emit = () => opts.onProgress?.(progress());
  const runProblem = (code: SitemapProblemCode, sitemap: string, params: SitemapProblem['params']) => {
    problemCount++;
    problems.push({ code, sitemap, line: null, params, fatal: true });
  };

  // The whole run's time: paused time is not counted (the timer stops with the run).
  let limitTimer: ReturnType<typeof setTimeout> | undefined;
  const armLimit = () => {
    clearTimeout(limitTimer);
    limitTimer = setTimeout(() => {
      if (state !== 'running' && state !== 'paused') return;
      if (activeMs() < maxTimeMs) return armLimit();
      state = 'timeLimit';
      run.abort();
      wake();
      // setTimeout holds at most 2^31 − 1 ms: a longer limit is re-armed when that much has passed.
    }, Math.min(2_147_483_647, Math.max(0, maxTimeMs - activeMs())));
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
  /** The sitemaps a host's robots.txt names (`Sitemap:` lines), normalised. */
  const namedBy = async (url: string): Promise<string[]> => ((await robotsFor(url)).parsed?.sitemaps ?? []).map((l) => normalizeUrl(l.url) ?? l.url);

  /** Queue a URL (once); waits while the queue is full. False: stop reading, the URL cap is reached. */
  const addUrl = async (src: UrlSource, status: SitemapStatus | null): Promise<boolean> => {
    if (capped || run.signal.aborted) return false;
    const key = normalizeUrl(src.url) ?? noHash(src.url);
    if (status) {
      const scope = sitemapScope(key, status.url);
      const chain = [status.url, ...(status.from.kind === 'index' ? [status.from.index] : [])];
      if (!scope.inside && !acceptedByRobots(await namedBy(key), chain)) {
        if (run.signal.aborted) return false;
        notAccepted++;
        status.notAccepted++;
        problemCount++;
        if (status.notAccepted <= SITEMAP_MAX_PROBLEMS) {
          const params = scope.reason === 'host' ? [key] : [key, scope.folder, `${originOf(key)}/robots.txt`];
          status.problems.push({ code: scope.reason === 'host' ? 'foreignHost' : 'outsideFolder', sitemap: status.url, line: src.line, params, fatal: false });
        }
        if (!followForeign) return true;
      }
    }
    if (seen.has(key)) {
      duplicates++;
      if (status) status.duplicates++;
      return true;
    }
    if (seen.size >= maxUrls) {
      capped = true;
      runProblem('urlCap', src.sitemap ?? '', [maxUrls]);
      return false;
    }
    seen.add(key);
    const host = hostOf(key);
    let h = hosts.get(host);
    if (!h) hosts.set(host, (h = { queue: [], active: 0, limit: perHost }));
    h.queue.push({ ...src, url: key });
    queued++;
    total++;
    wake();
    while (queued >= HIGH_WATER && !run.signal.aborted) await nextWake();
    return true;
  };

  // ── sitemaps: read `perHost` at once per host, each once ──
  const named = new Set<string>();
  const sitemapQueue: { url: string; from: SitemapStatus['from'] }[] = [];
  const sitemapsPerHost = new Map<string, number>();
  let sitemapsActive = 0;
  let discovered: () => void = () => undefined;
  const discoveryDone = new Promise<void>((r) => (discovered = r));
  /** Queue a sitemap unless it is already named; false when it was. */
  const addSitemap = (raw: string, from: SitemapStatus['from']): boolean => {
    const url = normalizeUrl(raw) ?? raw;
    if (named.has(url)) return false;
    named.add(url);
    sitemapQueue.push({ url, from });
    return true;
  };
  const pumpSitemaps = () => {
    for (let i = 0; i < sitemapQueue.length; ) {
      if (capped || run.signal.aborted) {
        sitemapQueue.length = 0;
        break;
      }
      const s = sitemapQueue[i]!;
      const host = hostOf(s.url);
      const busy = sitemapsPerHost.get(host) ?? 0;
      if (busy >= perHost) {
        i++;
        continue;
      }
      if (sitemaps.length >= MAX_SITEMAPS) {
        runProblem('tooManySitemaps', s.url, [MAX_SITEMAPS]);
        sitemapQueue.length = 0;
        break;
      }
      sitemapQueue.splice(i, 1);
      sitemapsPerHost.set(host, busy + 1);
      sitemapsActive++;
      readOne(s.url, s.from)
        .catch((err: unknown) => {
          errors.push({ url: s.url, error: err instanceof Error ? err.message : String(err) });
        })
        .finally(() => {
          sitemapsPerHost.set(host, (sitemapsPerHost.get(host) ?? 1) - 1);
          sitemapsActive--;
          pumpSitemaps();
          emit();
        });
    }
    if (sitemapsActive === 0 && sitemapQueue.length === 0) discovered();
  };

  const readOne = async (url: string, from: SitemapStatus['from']) => {
    const status: SitemapStatus = { url, from, status: null, kind: null, entries: 0, bytes: 0, gzip: false, complete: false, problems: [], notAccepted: 0, duplicates: 0 };
    sitemaps.push(status);
    const problem = (code: SitemapProblemCode, params: SitemapProblem['params'], line: number | null = null, fatal = true) => {
      problemCount++;
      status.problems.push({ code, sitemap: url, line, params, fatal });
    };
    // The sitemap's time counts from its request: the headers are part of it.
    const startedAt = now();
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
      opts.onSitemap?.(status);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (!followed.reply) {
      problem('redirects', [followed.hops.length]);
      opts.onSitemap?.(status);
      return;
    }
    status.status = followed.reply.status;
    if (followed.reply.status < 200 || followed.reply.status > 299) {
      await followed.reply.body?.cancel().catch(() => undefined);
      problem('http', [followed.reply.status]);
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
            if (!nested) problem('nestedIndex', [from.index]);
            nested = true;
            return false;
          }
          for (const e of entries) {
            const child = normalizeUrl(e.loc) ?? e.loc;
            if (child === url) problem('indexSelf', [], e.line, false);
            else if (addSitemap(child, { kind: 'index', index: url })) children++;
          }
          pumpSitemaps();
          return true;
        }
        for (const e of entries) if (!(await addUrl({ url: e.loc, sitemap: url, line: e.line }, status))) return false;
        return true;
      },
      { signal: run.signal, startedAt, now },
    );
    status.kind = read.kind;
    status.entries = read.entries;
    status.bytes = read.bytes;
    status.gzip = read.gzip;
    status.complete = read.complete;
    if (!run.signal.aborted) {
      status.problems.unshift(...read.problems);
      problemCount += read.problemCount;
      // An index with entries and not one new sitemap: say why nothing is read from it.
      if (read.kind === 'sitemapindex' && !nested && read.entries > 0 && children === 0) problem('indexNothingNew', [read.entries], null, false);
    }
    // By line, as the file reads (problems without a line last).
    status.problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    opts.onSitemap?.(status);
  };

  const discover = async () => {
    try {
      for (const u of opts.urls ?? []) if (!(await addUrl({ url: u, sitemap: null, line: null }, null))) break;
      for (const url of opts.sitemaps ?? []) addSitemap(url, { kind: 'given' });
      if (!opts.urls?.length && !opts.sitemaps?.length && opts.site) {
        const robots = await robotsFor(opts.site);
        const lines = robots.parsed?.sitemaps ?? [];
        if (robots.report.outcome.kind === 'disallow-all') runProblem('robotsUnreachable', robots.report.robotsUrl, [robots.report.robotsUrl]);
        else if (!lines.length) runProblem('noSitemap', robots.report.robotsUrl, [robots.report.robotsUrl]);
        for (const l of lines) addSitemap(l.url, { kind: 'robots', robotsUrl: robots.report.robotsUrl, line: l.line });
      }
      pumpSitemaps();
      // Also after a cancel or the time limit: the reads end at once (the run's signal), with what they read.
      await discoveryDone;
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
      analyze: opts.analyze,
    })
      .then((report) => {
        if (run.signal.aborted) return;
        done++;
        byVerdict[report.verdict]++;
        if (report.bytes?.truncated) overLimit++;
        if (unreachableReport(report)) unreachable++;
        countStructured(report);
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
    armLimit();
    const discovery = discover();
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
    await discovery;
    clearTimeout(limitTimer);
    if (state === 'running' || state === 'paused') state = 'done';
    const summary = { progress: progress(), sitemaps, problems, errors };
    opts.onProgress?.(summary.progress);
    return summary;
  };

  const controller: SiteCheck = {
    pause() {
      if (state !== 'running') return;
      state = 'paused';
      pausedAt = now();
      clearTimeout(limitTimer);
      emit();
    },
    resume() {
      if (state !== 'paused') return;
      state = 'running';
      if (pausedAt !== null) pausedMs += now() - pausedAt;
      pausedAt = null;
      armLimit();
      wake();
      emit();
    },
    cancel() {
      if (state !== 'running' && state !== 'paused') return;
      clearTimeout(limitTimer);
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
