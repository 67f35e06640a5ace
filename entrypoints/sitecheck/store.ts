// The site check page's one store: it runs lib/sitecheck with the page's own requests as the
// crawler (runRequests: one scoped header rule for the whole run), and keeps what the page shows —
// one small row per URL. The full reports go to IndexedDB as they come (idbReportStore), and the
// JSON Lines export reads them back from there: the page's memory does not grow with the reports.
// "Crawl from this page" runs the same check with lib/sitecheck's crawl (its link graph spills to
// IndexedDB past a threshold: idbEdgeSpill); its end brings the site's findings, each URL's depth,
// first link and inlinks, the link graph's CSV, and the run kept for comparing (runHistory).
import { crawlerUserAgent } from '../../lib/crawlers';
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import { tDynamic } from '#i18n';
import { hostPermissionPattern } from '../../lib/core';
import { startRunRequests, type RunRequests } from './runRequests';
import { pageAnalysisPool, pageAnalysisThreads } from './analysisThreads';
import { bytesLimit } from '../../utils/settings';
import { idbReportStore, sweepReportsOfClosedPages } from './idbReportStore';
import { idbEdgeSpill, sweepEdgesOfClosedPages, KEEP_EDGE_BLOCKS } from './idbEdgeSpill';
import { crawlRenderer } from './crawlRender';
import { forgetRuns, saveRun, savedRuns, savedSnapshot, RUNS_PER_SITE, type SavedRun } from './runHistory';
import { sendToBackground } from '../../utils/messaging';
import { reportLiveFetch, type Report } from '../../lib/report';
import type { LiveFetchReport } from '../../lib/livefetch';
import type { LlmsTxtReport } from '../../lib/llmstxt';
import {
  batchedReportSink,
  compareRuns,
  CRAWL_DEFAULT_MAX_DEPTH,
  linkCsvHeader,
  linkCsvLine,
  normalizeUrl,
  readBaseline,
  createRunSnapshot,
  withCrawlFacts,
  rowsToCsv,
  SITE_CHECK_DEFAULTS,
  siteRow,
  startSiteCheck,
  worstFirst,
  type SiteAgent,
  type SiteCheck,
  type CrawlEnd,
  type CrawlResult,
  type RunChanges,
  type RunSnapshot,
  type UrlCrawlFacts,
  type RunSnapshotBuilder,
  type BaselineProblem,
  type ReportSink,
  type SiteCheckProgress,
  type SiteRow,
  type SitemapProblem,
  type SitemapStatus,
} from '../../lib/sitecheck';

export type Phase = 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'timeLimit';
/** What a run does: check the sitemaps' URLs, or crawl from a page (following its links). */
export type RunMode = 'sitemap' | 'crawl';
/** The page's tabs: the URLs, the site's findings (a crawl), the comparison with an earlier run. */
export type PageTab = 'urls' | 'findings' | 'compare';

/** A comparison with an earlier run: what it was compared with, and what changed. */
export type Comparison =
  | { state: 'reading'; with: ComparedWith }
  | { state: 'done'; with: ComparedWith; changes: RunChanges; problems: BaselineProblem[]; problemCount: number }
  | { state: 'failed'; with: ComparedWith; error: string | null; problem: BaselineProblem | null };
export type ComparedWith = { kind: 'file'; name: string } | { kind: 'saved'; run: SavedRun };

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
  /** Fetch the URLs a sitemap may not list anyway (they are still listed); a crawl: follow links to other hosts. */
  followForeign: boolean;
  /** The first this many URLs fetched are requested again as each crawler (0: none), through the background. */
  liveSample: number;
  /** Their live fetches, in the order they ended. */
  live: { url: string; report: LiveFetchReport | null; error: string | null }[];
  /** The site's llms.txt, read when the run starts (one request). */
  llms: LlmsTxtReport | null;
  limit: number;
  /** The crawl's start page (the tab's URL, or one the user typed). */
  crawlFrom: string;
  /** URLs a run checks at most. */
  maxUrls: number;
  /** Links away from the start page a crawl still follows. */
  maxDepth: number;
  /** A crawl also renders each page as Googlebot and follows the links only JavaScript adds. */
  render: boolean;
  /** A crawl also reads the sitemaps (the one given, else those robots.txt names): orphans and the sitemap findings. */
  readSitemaps: boolean;
  /** The mode of the run shown (or under way). */
  mode: RunMode;
  tab: PageTab;
  /** A crawl's end: the site's findings and counts (the `{"site": …}` line), each URL's place in the link graph. */
  crawl: CrawlEnd | null;
  /** The runs of this site kept for comparing, newest first; null until read. */
  saved: SavedRun[] | null;
  /** The run shown, as kept (not offered to compare with itself), or null. */
  savedId: number | null;
  /** Runs kept per site. */
  runsPerSite: number;
  comparison: Comparison | null;
  phase: Phase;
  progress: SiteCheckProgress | null;
  /** Rows as they arrive (the view sorts them worst first). */
  rows: SiteRow[];
  sitemaps: SitemapStatus[];
  problems: SitemapProblem[];
  errors: { url: string; error: string }[];
  inputError: string | null;
  /** The crawl's start page is no http(s) URL: as typed. */
  startError: string | null;
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
  set: (
    change: Partial<Pick<SiteCheckPage, 'sitemap' | 'agent' | 'crawler' | 'concurrency' | 'maxTimeMinutes' | 'followForeign' | 'crawlFrom' | 'maxUrls' | 'maxDepth' | 'render' | 'readSitemaps' | 'tab' | 'liveSample'>>,
  ) => void;
  /** Checks the sitemaps' URLs ('sitemap'), or crawls from `crawlFrom` ('crawl'). */
  start: (mode?: RunMode) => Promise<void>;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  exportCsv: () => string;
  /** Every report of the run, read back from IndexedDB, one JSON line each (a crawl: with its facts, then the `{"site": …}` line). */
  exportJsonl: () => Promise<Blob>;
  /** A crawl's link graph as CSV (source, target, anchor text, nofollow, past the cut, only after rendering). */
  exportLinksCsv: () => Promise<Blob>;
  /** The facts of a URL in the crawl's link graph (its depth, first link, inlinks), or null. */
  factsOf: (url: string) => UrlCrawlFacts | null;
  /** Compares the run shown with a saved export (JSON Lines) or a run kept in IndexedDB. */
  compareWithFile: (file: File) => Promise<void>;
  compareWithSaved: (run: SavedRun) => Promise<void>;
  forgetSaved: () => Promise<void>;
}

let check: SiteCheck | null = null;
/** A file's bytes, a chunk at a time (the reader stops as soon as it needs no more). */
async function* chunksOf(file: Blob): AsyncIterable<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
/** The run's snapshot for comparing, built as its reports come (each URL's few facts, never the report). */
let runFacts: RunSnapshotBuilder = createRunSnapshot();
/** The run shown, as compared (made once it has ended). */
let runSnapshot: RunSnapshot | null = null;
/** The crawl's spill (its blocks in IndexedDB), dropped with the next run and with the page. */
let spill: ReturnType<typeof idbEdgeSpill> | null = null;
/** A start is under way (from the click until its run has ended). */
let starting = false;
/** Where the run's reports go (IndexedDB): the export, never re-rendered. */
let reports: ReportSink | null = null;
/**
 * The page going away (closed, reloaded) takes its reports with it; a page kept for going back
 * (persisted) keeps them, as it keeps its table.
 */
addEventListener('pagehide', (e) => {
  if (e.persisted) return;
  void reports?.clear().catch(() => undefined);
  void spill?.clear().catch(() => undefined);
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

  /** Compares the run shown (after) with an earlier one (before). */
  const compare = async (w: ComparedWith, before: () => Promise<{ run: RunSnapshot; problems: BaselineProblem[]; problemCount: number }>) => {
    const after = runSnapshot;
    if (!after) return;
    set({ comparison: { state: 'reading', with: w }, tab: 'compare' });
    try {
      const b = await before();
      set({ comparison: { state: 'done', with: w, changes: compareRuns(b.run, after), problems: b.problems, problemCount: b.problemCount } });
    } catch (err) {
      const problem = err && typeof err === 'object' && 'code' in err && 'params' in err ? (err as BaselineProblem) : null;
      set({ comparison: { state: 'failed', with: w, problem, error: problem ? null : err instanceof Error ? err.message : String(err) } });
    }
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
    crawlFrom: '',
    maxUrls: SITE_CHECK_DEFAULTS.maxUrls,
    maxDepth: CRAWL_DEFAULT_MAX_DEPTH,
    render: false,
    readSitemaps: true,
    mode: 'sitemap',
    tab: 'urls',
    crawl: null,
    saved: null,
    savedId: null,
    runsPerSite: RUNS_PER_SITE,
    comparison: null,
    phase: 'idle',
    progress: null,
    rows: [],
    sitemaps: [],
    problems: [],
    errors: [],
    inputError: null,
    startError: null,
    storeError: null,
    analysisThreads: 0,
    access: null,
    init: async (url) => {
      let site: string | null = null;
      let crawlFrom = '';
      try {
        const u = new URL(url ?? '');
        if (u.protocol === 'http:' || u.protocol === 'https:') {
          site = u.origin;
          u.hash = '';
          crawlFrom = u.href;
        }
      } catch {
        site = null;
      }
      // Reports and link blocks left by a site check page that closed before it could remove them.
      void sweepReportsOfClosedPages().catch(() => undefined);
      void sweepEdgesOfClosedPages().catch(() => undefined);
      set({ site, crawlFrom, limit: await bytesLimit.getValue() });
      if (!site) return;
      void savedRuns(site).then((saved) => set({ saved }), () => set({ saved: [] }));
      await checkAccess();
      // The user may withdraw or give the grant while the page is open (the add-on manager, another page).
      browser.permissions.onAdded.addListener(() => void checkAccess());
      browser.permissions.onRemoved.addListener(() => void checkAccess());
    },
    set: (change) => set(change),
    start: async (mode = 'sitemap') => {
      const { site, sitemap, agent, crawler, concurrency, maxTimeMinutes, followForeign, limit, phase, crawlFrom, maxUrls, maxDepth, render, readSitemaps, liveSample } = get();
      const asCrawler = crawler ? crawlerUserAgent(crawler) : null;
      // Set before the first await: a second click while the access prompt or the run's rule is
      // still being set up (the phase not yet 'running') starts nothing.
      if (!site || starting || phase === 'running' || phase === 'paused') return;
      starting = true;
      // What the access button starts again, once access is given.
      set({ mode });
      try {
        const crawling = mode === 'crawl';
        const given = crawling && !readSitemaps ? '' : sitemap.trim();
        const httpUrl = (u: string) => {
          try {
            return /^https?:$/.test(new URL(u).protocol);
          } catch {
            return false;
          }
        };
        if (given && !httpUrl(given)) return set({ inputError: given, startError: null });
        const from = crawling ? normalizeUrl(crawlFrom.trim()) : null;
        if (crawling && (!from || !httpUrl(from))) return set({ startError: crawlFrom.trim(), inputError: null });
        // Asked inside the click's user gesture (no await before it): Firefox refuses a request once
        // the handler has awaited anything. Already granted (Chrome grants <all_urls> at install),
        // it resolves true at once, without a prompt.
        const wanted = [...new Set([site, ...[given, from].filter((u): u is string => !!u).map((u) => new URL(u).origin)])];
        const asked = browser.permissions.request({ origins: [...new Set(wanted.map(hostPermissionPattern))] }).catch(() => false);
        if (!(await asked)) return set({ access: { state: 'refused', origins: wanted }, inputError: null, startError: null });
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
        await spill?.clear().catch(() => undefined);
        spill = crawling ? idbEdgeSpill() : null;
        runFacts = createRunSnapshot();
        runSnapshot = null;
        pending = [];
        set({ phase: 'running', mode, tab: 'urls', progress: null, rows: [], sitemaps: [], problems: [], errors: [], inputError: null, startError: null, storeError: null, access: null, crawl: null, comparison: null, savedId: null, live: [], llms: null });
        const renders = new AbortController();
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
            // A crawl reads the sitemaps only when asked (then the one given, else those robots.txt names).
            site: crawling && !readSitemaps ? undefined : site,
            sitemaps: given ? [given] : [],
            crawl: crawling && from ? { from: [from], maxDepth, spill: spill ?? undefined, keepBlocks: KEEP_EDGE_BLOCKS } : undefined,
            maxUrls,
            afterCheck:
              crawling && render
                ? crawlRenderer({
                    ask: {
                      start: (req) => sendToBackground('renderStart', req),
                      status: (id) => sendToBackground('renderStatus', { id }),
                      cancel: (id) => sendToBackground('renderCancel', { id }),
                    },
                    agent,
                    t: tDynamic,
                    signal: renders.signal,
                  })
                : undefined,
            agent,
            crawler: asCrawler?.ok ? { token: asCrawler.token, userAgent: asCrawler.userAgent } : undefined,
            concurrency,
            maxTimeMs: maxTimeMinutes * 60_000,
            followForeign,
            limit,
            translate: tDynamic,
            generator: `Crawlscope ${browser.runtime.getManifest().version}`,
            onReport: (report) => {
              runFacts.add(report);
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
          renders.abort();
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
        const crawl = summary.crawl ?? null;
        set({ progress: summary.progress, phase: summary.progress.state, problems: summary.problems, errors: summary.errors, sitemaps: summary.sitemaps.map((s) => ({ ...s })), crawl });
        // The run, kept for comparing with the next ones (at most RUNS_PER_SITE of this site).
        if (crawl) runFacts.site(crawl.result);
        runSnapshot = runFacts.snapshot(summary.progress.state === 'done');
        runFacts = createRunSnapshot();
        if (runSnapshot.urls.length) {
          await saveRun({ site, savedAt: Date.now(), state: summary.progress.state, crawl: crawl !== null, urls: runSnapshot.urls.length }, runSnapshot)
            .then(async (kept) => set({ saved: await savedRuns(site), savedId: kept.id }))
            .catch((err) => set({ storeError: String(err) }));
        }
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
      const crawl = get().crawl;
      // A crawl's reports gain their place in the link graph, known once it is over (by the URL
      // each report was asked for).
      const factsOf = (json: string) => {
        const asked = (JSON.parse(json) as Report).siteCheck?.requestedUrl;
        const u = asked ? normalizeUrl(asked) : null;
        return crawl && u ? crawl.facts(u) : null;
      };
      try {
        if (reports) {
          for await (const jsons of reports.read()) {
            const lines = crawl ? jsons.map((j) => withCrawlFacts(j, factsOf(j))) : jsons;
            parts.push(new Blob([lines.join('\n') + '\n']));
          }
        }
      } catch (err) {
        set({ storeError: String(err) });
        throw err;
      }
      // The crawl's last line: what the findings tab shows, as it is.
      if (crawl) parts.push(new Blob([JSON.stringify({ site: crawl.result }) + '\n']));
      return new Blob(parts, { type: 'application/jsonl' });
    },
    exportLinksCsv: async () => {
      const crawl = get().crawl;
      const parts: Blob[] = [];
      if (crawl) {
        try {
          parts.push(new Blob([linkCsvHeader()]));
          // A piece per few thousand links: the graph is read back block by block, never held as text.
          let lines: string[] = [];
          for await (const link of crawl.links()) {
            lines.push(linkCsvLine(link));
            if (lines.length >= 4096) {
              parts.push(new Blob(lines));
              lines = [];
            }
          }
          if (lines.length) parts.push(new Blob(lines));
        } catch (err) {
          set({ storeError: String(err) });
          throw err;
        }
      }
      return new Blob(parts, { type: 'text/csv' });
    },
    factsOf: (url) => {
      const crawl = get().crawl;
      const u = crawl ? normalizeUrl(url) : null;
      return crawl && u ? crawl.facts(u) : null;
    },
    compareWithFile: async (file) => {
      const w: ComparedWith = { kind: 'file', name: file.name };
      await compare(w, async () => {
        const read = await readBaseline(chunksOf(file));
        if (!read.ok) throw read.problem;
        return { run: read.run, problems: read.problems, problemCount: read.problemCount };
      });
    },
    compareWithSaved: async (run) => {
      const w: ComparedWith = { kind: 'saved', run };
      await compare(w, async () => {
        const snap = await savedSnapshot(run.id);
        if (!snap) throw new Error(tDynamic('sitecheck.compare.gone'));
        return { run: snap, problems: [], problemCount: 0 };
      });
    },
    forgetSaved: async () => {
      const site = get().site;
      if (!site) return;
      await forgetRuns(site).catch((err) => set({ storeError: String(err) }));
      set({ saved: await savedRuns(site).catch(() => []) });
    },
  };
});
