// The site check page's one store: it runs lib/sitecheck with the page's own requests as the
// crawler (runRequests: one scoped header rule for the whole run), and keeps what the page shows —
// one small row per URL. The full reports go to IndexedDB as they come (idbReportStore), and the
// JSON Lines export reads them back from there: the page's memory does not grow with the reports.
import { crawlerUserAgent } from '../../lib/crawlers';
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import { tDynamic } from '#i18n';
import { hostPermissionPattern } from '../../lib/core';
import { startRunRequests, type RunRequests } from './runRequests';
import { pageAnalysisPool, pageAnalysisThreads } from './analysisThreads';
import { bytesLimit } from '../../utils/settings';
import { idbReportStore, sweepReportsOfClosedPages } from './idbReportStore';
import { sendToBackground } from '../../utils/messaging';
import { reportLiveFetch, type Report } from '../../lib/report';
import type { LiveFetchReport } from '../../lib/livefetch';
import type { LlmsTxtReport } from '../../lib/llmstxt';
import {
  batchedReportSink,
  jsonlPieces,
  rowsToCsv,
  SITE_CHECK_DEFAULTS,
  siteRow,
  startSiteCheck,
  worstFirst,
  type SiteAgent,
  type SiteCheck,
  type ReportSink,
  type SiteCheckProgress,
  type SiteRow,
  type SitemapProblem,
  type SitemapStatus,
} from '../../lib/sitecheck';

export type Phase = 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'timeLimit';

interface SiteCheckPage {
  /** The origin the page was opened for (from ?url=), or null. */
  site: string | null;
  sitemap: string;
  agent: SiteAgent;
  /** Run as this crawler of the catalog instead of Googlebot (its documented User-Agent), or null. */
  crawler: string | null;
  concurrency: number;
  /** The whole run's time limit, in minutes. */
  maxTimeMinutes: number;
  /** Fetch the URLs a sitemap may not list anyway (they are still listed). */
  followForeign: boolean;
  /** The first this many URLs fetched are requested again as each crawler (0: none), through the background. */
  liveSample: number;
  /** Their live fetches, in the order they ended. */
  live: { url: string; report: LiveFetchReport | null; error: string | null }[];
  /** The site's llms.txt, read when the run starts (one request). */
  llms: LlmsTxtReport | null;
  limit: number;
  phase: Phase;
  progress: SiteCheckProgress | null;
  /** Rows as they arrive (the view sorts them worst first). */
  rows: SiteRow[];
  sitemaps: SitemapStatus[];
  problems: SitemapProblem[];
  errors: { url: string; error: string }[];
  inputError: string | null;
  /** Writing the reports to IndexedDB, or reading them back for the export, failed: why. */
  storeError: string | null;
  /** Workers that read the last run's bodies (0: the page read them itself). */
  analysisThreads: number;
  /**
   * Access to the site is missing (known before a run: the page asks at load and whenever the
   * grants change), or the user refused it when the run asked; null while it is granted.
   */
  access: { state: 'missing' | 'refused'; origins: string[] } | null;
  init: (url: string | null) => Promise<void>;
  set: (change: Partial<Pick<SiteCheckPage, 'sitemap' | 'agent' | 'crawler' | 'concurrency' | 'maxTimeMinutes' | 'followForeign' | 'liveSample'>>) => void;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  exportCsv: () => string;
  /** Every report of the run, read back from IndexedDB, one JSON line each. */
  exportJsonl: () => Promise<Blob>;
}

let check: SiteCheck | null = null;
/** A start is under way (from the click until its run has ended). */
let starting = false;
/** Where the run's reports go (IndexedDB): the export, never re-rendered. */
let reports: ReportSink | null = null;
/**
 * The page going away (closed, reloaded) takes its reports with it; a page kept for going back
 * (persisted) keeps them, as it keeps its table.
 */
addEventListener('pagehide', (e) => {
  if (!e.persisted) void reports?.clear().catch(() => undefined);
});

export const useSiteCheck = create<SiteCheckPage>((set, get) => {
  let pending: SiteRow[] = [];
  /** Is the site's access granted? Asked before any click, so that the click itself asks nothing before its request. */
  const checkAccess = async () => {
    const { site, access } = get();
    if (!site) return;
    const granted = await browser.permissions.contains({ origins: [hostPermissionPattern(site)] }).catch(() => true);
    if (granted) set({ access: null });
    else if (access?.state !== 'refused') set({ access: { state: 'missing', origins: [site] } });
  };
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let progressTimer: ReturnType<typeof setTimeout> | null = null;
  let latestProgress: SiteCheckProgress | null = null;
  const showProgress = () => {
    if (progressTimer) clearTimeout(progressTimer);
    progressTimer = null;
    const progress = latestProgress;
    if (!progress) return;
    set(progress.state === 'running' || progress.state === 'paused' ? { progress, phase: progress.state } : { progress });
  };
  // Rows are handed to React in batches, once a second: 10,000 results are not 10,000 renders, and a
  // growing table is laid out and painted again once a second, not at every result.
  const flush = () => {
    flushTimer = null;
    if (!pending.length) return;
    const add = pending;
    pending = [];
    set({ rows: [...get().rows, ...add] });
  };

  return {
    site: null,
    sitemap: '',
    agent: SITE_CHECK_DEFAULTS.agent,
    crawler: null,
    concurrency: SITE_CHECK_DEFAULTS.concurrency,
    maxTimeMinutes: SITE_CHECK_DEFAULTS.maxTimeMs / 60_000,
    followForeign: false,
    liveSample: 0,
    live: [],
    llms: null,
    limit: SITE_CHECK_DEFAULTS.limit,
    phase: 'idle',
    progress: null,
    rows: [],
    sitemaps: [],
    problems: [],
    errors: [],
    inputError: null,
    storeError: null,
    analysisThreads: 0,
    access: null,
    init: async (url) => {
      let site: string | null = null;
      try {
        const u = new URL(url ?? '');
        if (u.protocol === 'http:' || u.protocol === 'https:') site = u.origin;
      } catch {
        site = null;
      }
      // Reports left by a site check page that closed before it could remove them.
      void sweepReportsOfClosedPages().catch(() => undefined);
      set({ site, limit: await bytesLimit.getValue() });
      if (!site) return;
      await checkAccess();
      // The user may withdraw or give the grant while the page is open (the add-on manager, another page).
      browser.permissions.onAdded.addListener(() => void checkAccess());
      browser.permissions.onRemoved.addListener(() => void checkAccess());
    },
    set: (change) => set(change),
    start: async () => {
      const { site, sitemap, agent, crawler, concurrency, maxTimeMinutes, followForeign, limit, phase, liveSample } = get();
      const asCrawler = crawler ? crawlerUserAgent(crawler) : null;
      // Set before the first await: a second click while the access prompt or the run's rule is
      // still being set up (the phase not yet 'running') starts nothing.
      if (!site || starting || phase === 'running' || phase === 'paused') return;
      starting = true;
      try {
        const given = sitemap.trim();
        if (given) {
          let ok = false;
          try {
            ok = /^https?:$/.test(new URL(given).protocol);
          } catch {
            ok = false;
          }
          if (!ok) return set({ inputError: given });
        }
        // Asked inside the click's user gesture (no await before it): Firefox refuses a request once
        // the handler has awaited anything. Already granted (Chrome grants <all_urls> at install),
        // it resolves true at once, without a prompt.
        const wanted = [site, ...(given && new URL(given).origin !== site ? [new URL(given).origin] : [])];
        const asked = browser.permissions.request({ origins: [...new Set(wanted.map(hostPermissionPattern))] }).catch(() => false);
        if (!(await asked)) return set({ access: { state: 'refused', origins: wanted }, inputError: null });
        // The run's requests, from this page, through one header rule scoped to its tab.
        let requests: RunRequests;
        try {
          requests = await startRunRequests();
        } catch (err) {
          return set({ errors: [{ url: site, error: err instanceof Error ? err.message : String(err) }], inputError: null });
        }
        // The previous run's reports go when the next run starts.
        const previous = reports;
        reports = batchedReportSink(idbReportStore());
        const sink = reports;
        await previous?.clear().catch(() => undefined);
        pending = [];
        set({ phase: 'running', progress: null, rows: [], sitemaps: [], problems: [], errors: [], inputError: null, storeError: null, access: null, live: [], llms: null });
        // The site's llms.txt, for the summary (information, whatever it says).
        void sendToBackground('getLlmsTxt', { url: site }).then((llms) => set({ llms }), () => undefined);
        // The sample fetched as each crawler: its reports are stored once their live fetch has ended.
        let sampled = 0;
        const sampling = new Set<Promise<void>>();
        const sampleLive = (report: Report) => {
          const job = sendToBackground('fetchAsCrawlers', { url: report.url }).then(
            (got) => {
              const error = got.ok ? null : got.reason;
              set({ live: [...get().live, { url: report.url, report: got.ok ? got.report : null, error }] });
              sink.add(JSON.stringify(got.ok ? { ...report, liveFetch: reportLiveFetch(got.report, tDynamic) } : report));
            },
            (err: unknown) => {
              set({ live: [...get().live, { url: report.url, report: null, error: String(err) }] });
              sink.add(JSON.stringify(report));
            },
          );
          sampling.add(job);
          void job.finally(() => sampling.delete(job));
        };
        let summary;
        // The bodies are read in workers; this page keeps to the requests and the table.
        const threads = pageAnalysisThreads(concurrency);
        const pool = threads > 0 ? pageAnalysisPool(threads) : null;
        try {
          check = startSiteCheck({
            fetchHop: requests.fetchHop,
            analyze: pool?.analyze,
            site,
            sitemaps: given ? [given] : [],
            agent,
            crawler: asCrawler?.ok ? { token: asCrawler.token, userAgent: asCrawler.userAgent } : undefined,
            concurrency,
            maxTimeMs: maxTimeMinutes * 60_000,
            followForeign,
            limit,
            translate: tDynamic,
            generator: `Crawlscope ${browser.runtime.getManifest().version}`,
            onReport: (report) => {
              if (sampled < liveSample && report.status) {
                sampled++;
                sampleLive(report);
              } else sink.add(JSON.stringify(report));
              pending.push(siteRow(report));
              flushTimer ??= setTimeout(flush, 1000);
            },
            onProgress: (progress) => {
              // A change of state shows at once (the run's end once its header rule is gone: below);
              // the counts at most every 250 ms, not one render per URL.
              latestProgress = progress;
              const live = progress.state === 'running' || progress.state === 'paused';
              if (live && progress.state !== get().phase) return showProgress();
              progressTimer ??= setTimeout(showProgress, 250);
            },
            onSitemap: (s) => set({ sitemaps: [...get().sitemaps, { ...s }] }),
          });
          summary = await check.done;
        } finally {
          // Done, cancelled, timed out or failed: the run's header rule goes with it, and its workers.
          set({ analysisThreads: pool?.threads ?? 0 });
          pool?.close();
          await requests.end();
          if (progressTimer) clearTimeout(progressTimer);
          progressTimer = null;
        }
        flush();
        await Promise.all([...sampling]);
        await sink.flush().catch((err) => set({ storeError: String(err) }));
        set({ progress: summary.progress, phase: summary.progress.state, problems: summary.problems, errors: summary.errors, sitemaps: summary.sitemaps.map((s) => ({ ...s })) });
      } finally {
        starting = false;
      }
    },
    pause: () => check?.pause(),
    resume: () => check?.resume(),
    cancel: () => check?.cancel(),
    exportCsv: () => rowsToCsv([...get().rows, ...pending].sort(worstFirst)),
    exportJsonl: async () => {
      const parts: Blob[] = [];
      try {
        if (reports) for await (const piece of jsonlPieces(reports)) parts.push(new Blob([piece]));
      } catch (err) {
        set({ storeError: String(err) });
        throw err;
      }
      return new Blob(parts, { type: 'application/jsonl' });
    },
  };
});
