import type { Verdict } from '../indexability';
import type { Report } from '../report';
import { SITEMAP_MAX_PROBLEMS } from './sitemapLimits';
import type { SiteCheckProgress, SiteCheckState, SiteCheckSummary, SitemapProblem, SitemapProblemCode, SitemapStatus } from './types';

/** Report reasons that mean robots.txt gave no answer at all (as opposed to an HTTP error status). */
const ROBOTS_NO_ANSWER = new Set(['robotsUnreachableNetwork', 'robotsUnreachableTimeout']);

/** No answer from the server: the request failed or nothing complete came in time — however it failed, it counts the same. */
const unreachableReport = (r: Report) =>
  r.siteCheck?.error === 'network' || r.siteCheck?.error === 'timeout' || r.reasons.some((x) => ROBOTS_NO_ANSWER.has(x.code));

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface Tally {
  /** The sitemaps read, in the order they were started. */
  readonly sitemaps: SitemapStatus[];
  /** Problems not tied to one sitemap. */
  readonly problems: SitemapProblem[];
  readonly errors: SiteCheckSummary['errors'];
  /** A URL went into the queue. */
  queued(): void;
  /** A URL's report. */
  checked(report: Report): void;
  /**
   * The structured data of a URL's report as it is reported: after its render, when the run
   * renders (the render can add items), so the run's totals count what the reports list.
   */
  structured(report: Report): void;
  /** A URL whose check failed unexpectedly: counted as done, its error kept. */
  failed(url: string, err: unknown): void;
  /** An error not tied to one URL's check (reading a sitemap, finding the sitemaps). */
  error(url: string, err: unknown): void;
  /** A URL listed again (by `sitemap`, or given again). */
  duplicate(sitemap: SitemapStatus | null): void;
  /** A URL `sitemap` may not list: counted, and the first 50 of each sitemap kept as its problems. */
  notAccepted(sitemap: SitemapStatus, problem: SitemapProblem): void;
  /** A sitemap is being read: it joins the list. */
  sitemapStarted(sitemap: SitemapStatus): void;
  /** A problem of one sitemap. */
  sitemapProblem(sitemap: SitemapStatus, code: SitemapProblemCode, params: SitemapProblem['params'], line?: number | null, fatal?: boolean): void;
  /** The sitemap reader's own problems (`kept` first in the sitemap's list, `count` all of them). */
  readerProblems(sitemap: SitemapStatus, kept: SitemapProblem[], count: number): void;
  /** A problem of the run (no sitemap found, the URL cap, too many sitemaps). */
  runProblem(code: SitemapProblemCode, sitemap: string, params: SitemapProblem['params']): void;
  progress(state: SiteCheckState, discovering: boolean, elapsedMs: number): SiteCheckProgress;
}

/** The run's counts, the sitemaps read, the problems and the errors: what the progress and the summary say. */
export function createTally(opts: { followForeign: boolean; maxTimeMs: number }): Tally {
  let done = 0;
  let total = 0;
  let overLimit = 0;
  let duplicates = 0;
  let notAccepted = 0;
  let unreachable = 0;
  let problemCount = 0;
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
  const sitemaps: SitemapStatus[] = [];
  const problems: SitemapProblem[] = [];
  const errors: SiteCheckSummary['errors'] = [];

  return {
    sitemaps,
    problems,
    errors,
    queued() {
      total++;
    },
    checked(report) {
      done++;
      byVerdict[report.verdict]++;
      if (report.bytes?.truncated) overLimit++;
      if (unreachableReport(report)) unreachable++;
    },
    structured: countStructured,
    failed(url, err) {
      done++;
      errors.push({ url, error: message(err) });
    },
    error(url, err) {
      errors.push({ url, error: message(err) });
    },
    duplicate(sitemap) {
      duplicates++;
      if (sitemap) sitemap.duplicates++;
    },
    notAccepted(sitemap, problem) {
      notAccepted++;
      problemCount++;
      if (++sitemap.notAccepted <= SITEMAP_MAX_PROBLEMS) sitemap.problems.push(problem);
    },
    sitemapStarted(sitemap) {
      sitemaps.push(sitemap);
    },
    sitemapProblem(sitemap, code, params, line = null, fatal = true) {
      problemCount++;
      sitemap.problems.push({ code, sitemap: sitemap.url, line, params, fatal });
    },
    readerProblems(sitemap, kept, count) {
      sitemap.problems.unshift(...kept);
      problemCount += count;
    },
    runProblem(code, sitemap, params) {
      problemCount++;
      problems.push({ code, sitemap, line: null, params, fatal: true });
    },
    progress(state, discovering, elapsedMs) {
      return {
        state,
        discovering,
        done,
        total,
        byVerdict: { ...byVerdict },
        overLimit,
        etaMs: done > 0 ? Math.round((elapsedMs / done) * (total - done)) : null,
        elapsedMs,
        sitemaps: sitemaps.length,
        problems: problemCount,
        duplicates,
        notAccepted,
        followForeign: opts.followForeign,
        unreachable,
        maxTimeMs: opts.maxTimeMs,
        structured: { ...structured, byType: Object.fromEntries(Object.entries(structured.byType).map(([k, v]) => [k, { ...v }])) },
      };
    },
  };
}
