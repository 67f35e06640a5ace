import type { Header, RedirectHop } from '../core';
import { COUNT_BOUND } from '../bytes';
import { fetchAsAgent, noHash, type AgentFetch, type HopFetcher } from '../crawl';
import { indexabilityVerdict, ruleText, type BytesInput, type FetchOutcome, type PageSignals } from '../indexability';
import { lintValidators } from '../caching';
import { googlebotVerdict, type RobotsFacts } from '../robots';
import { CRAWLER_CATALOG, evaluateReportForCrawlers } from '../crawlers';
import { buildReport, type Report, type Translate } from '../report';
import { retryAfterMs } from './retryAfterMs';
import { openBodyAnalysis, type BodyAnalyzer, type BodySink } from './analyzeBody';
import type { PageLinks } from './LinkReader';
import type { SiteAgent, UrlSource } from './types';
import type { SdReport } from '../structured';

export interface CheckContext {
  fetchHop: HopFetcher;
  agent: SiteAgent;
  userAgent: string;
  /** The byte limit chosen for HTML and text (PDFs: 64 MB, whatever the choice). */
  limit: number;
  /** robots.txt for the URL's origin (the runner caches it per origin, as Google does). */
  robotsFor: (url: string) => Promise<RobotsFacts>;
  translate: Translate;
  generator: string;
  /** Cancels the check (the run was cancelled): the request is aborted. */
  signal?: AbortSignal;
  /** Time for the whole request, all redirects and the body (default 10 s). */
  timeoutMs?: number;
  /** Waits before a retry; resolves early when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** The catalog crawler the check runs as (`userAgent` is its): robots.txt is obeyed for it, not for Googlebot. */
  crawler?: string;
  /** Add every other crawler's verdict to the report (robots.others), from the same robots.txt. */
  otherCrawlers?: boolean;
  /**
   * Reads the body as it arrives (its bytes against the limit, the cut, the signals):
   * openBodyAnalysis in this thread unless another analyser is given (the command line's worker
   * threads). It owns each chunk it is handed: it may move it elsewhere.
   */
  analyze?: BodyAnalyzer;
  /** Read the page's links too (a crawl): `checkPage` returns them. */
  links?: boolean;
}

/** One URL checked, with what a crawl needs of its page besides the report. */
export interface CheckedPage {
  report: Report;
  /** The served page's links (only when asked, for an HTML page that was fetched), else null. */
  links: PageLinks | null;
  /** The title of the HTML Googlebot keeps, or null. */
  title: string | null;
}

export const URL_TIMEOUT_MS = 10_000;

/** A catalog crawler's verdict for the URL, from the same robots.txt. */
const crawlerVerdict = (robots: RobotsFacts, url: string, token: string) =>
  evaluateReportForCrawlers(robots.report, url, robots.parsed ?? undefined)[CRAWLER_CATALOG.findIndex((c) => c.token === token)]!;

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * One URL as Googlebot sees it, as one report in the report schema: robots.txt first (a URL
 * Googlebot may not crawl is reported with the deciding line and never requested), then the
 * request as Googlebot Smartphone or Desktop without cookies — redirects followed by hand (each
 * target checked against its own robots.txt), 10 s for everything, the body kept up to the limit
 * plus 1 MiB and counted up to 80 MiB — then the exact bytes against the limit, the cut and what
 * lies past it, the signals of the HTML Googlebot keeps, and the one indexability verdict. The
 * body is dropped when the report is built. Never throws for anything a server sends.
 */
export async function checkUrl(source: UrlSource, ctx: CheckContext): Promise<Report> {
  return (await checkPage(source, ctx)).report;
}

/** checkUrl, with the page's links (when `ctx.links`) and title. */
export async function checkPage(source: UrlSource, ctx: CheckContext): Promise<CheckedPage> {
  const now = ctx.now ?? Date.now;
  const sleep = ctx.sleep ?? defaultSleep;
  const timeoutMs = ctx.timeoutMs ?? URL_TIMEOUT_MS;
  const started = now();
  const agentKind = ctx.agent === 'smartphone' ? 'mobile' : 'desktop';

  // Googlebot's robots.txt rules — or those of the crawler the check runs as.
  const crawler = ctx.crawler;
  const allowed = (robots: RobotsFacts, url: string) => (crawler ? crawlerVerdict(robots, url, crawler).allowed : googlebotVerdict(robots, url).allowed);
  const first = await ctx.robotsFor(source.url);
  let f: AgentFetch | null = null;
  let retries = 0;
  /** The body's reader: it reads the final response's body as it streams (nothing of it is kept). */
  let sink: BodySink | null = null;
  const analyzer = ctx.analyze ?? openBodyAnalysis;
  if (allowed(first, source.url)) {
    for (;;) {
      sink = null;
      f = await fetchAsAgent(source.url, agentKind, ctx.userAgent, ctx.fetchHop, {
        signal: ctx.signal,
        limit: ctx.limit,
        keep: 0,
        keepBody: true,
        countCap: COUNT_BOUND,
        timeoutMs,
        now,
        allowHop: async (url) => url === noHash(source.url) || allowed(await ctx.robotsFor(url), url),
        onBody: (reply) => (sink = analyzer({ ...reply, limit: ctx.limit, now: now(), links: ctx.links })),
      });
      const wait = f.error || f.blockedAt ? null : retryAfterMs(f.status, f.headers, now());
      if (wait === null || retries >= 1 || ctx.signal?.aborted) break;
      (sink as BodySink | null)?.abort();
      retries++;
      await sleep(wait, ctx.signal);
    }
  }

  const redirects: RedirectHop[] = (f?.redirects ?? []).map((h) => ({ url: h.url, statusCode: h.status, statusLine: h.statusLine, location: h.location, headers: h.headers }));
  const finalUrl = f?.blockedAt ?? f?.finalUrl ?? noHash(source.url);
  const robots = await ctx.robotsFor(finalUrl);
  let outcome: FetchOutcome;
  let status: { code: number; line: string } | null = null;
  let headers: Header[] | null = null;
  let bytes: BytesInput | null = null;
  let served: PageSignals | null = null;
  let links: PageLinks | null = null;
  let structured: SdReport | null = null;
  if (!f || f.blockedAt) {
    const v = crawler ? crawlerVerdict(robots, finalUrl, crawler) : null;
    outcome = v && !v.allowed ? { kind: 'not-fetched', crawler: { token: crawler!, robotsUrl: robots.report.robotsUrl, line: v.line, rule: ruleText(v.rule) } } : { kind: 'not-fetched' };
  }
  else {
    if (f.status > 0) {
      status = { code: f.status, line: f.statusLine };
      headers = f.headers;
    }
    if (f.error) {
      (sink as BodySink | null)?.abort();
      const p = f.error.params;
      outcome = { kind: 'failed', code: f.error.code, params: f.error.code === 'timeout' ? [p[0]!, timeoutMs / 1000] : p };
    } else {
      outcome = { kind: 'fetched', bodyEnd: f.bodyEnd ?? 'end', bodyBytes: f.bodyBytes, timeoutMs };
      const s = (sink as BodySink | null) ?? analyzer({ statusLine: f.statusLine, status: f.status, headers: f.headers, finalUrl: f.finalUrl, limit: ctx.limit, now: now(), links: ctx.links });
      sink = null;
      const analysis = await s.end({ bodyBytes: f.bodyBytes, complete: f.complete });
      bytes = analysis.bytes;
      served = analysis.served;
      links = analysis.links ?? null;
      structured = analysis.structured ?? null;
    }
  }
  const at = now();
  const result = indexabilityVerdict({ url: finalUrl, status, headers, redirects, served, live: null, robots, bytes, now: at, fetch: outcome });
  const report = buildReport(
    {
      generator: ctx.generator,
      url: finalUrl,
      fetchedAt: status ? at : null,
      generatedAt: at,
      status,
      redirects,
      headers,
      result,
      robots,
      bytes,
      caching: headers ? { lint: lintValidators(headers, at), probes: [] } : null,
      compare: null,
      structuredData: structured,
      otherCrawlers: ctx.otherCrawlers || crawler !== undefined,
      siteCheck: {
        requestedUrl: source.url,
        sitemap: source.sitemap,
        sitemapLine: source.line,
        agent: ctx.agent,
        userAgent: ctx.userAgent,
        fetched: outcome.kind !== 'not-fetched',
        error: f?.error?.code ?? null,
        bodyComplete: outcome.kind === 'fetched' ? outcome.bodyEnd === 'end' : null,
        retries,
        durationMs: Math.max(0, at - started),
        ...(crawler ? { crawler } : {}),
      },
    },
    ctx.translate,
  );
  return { report, links, title: served ? served.title : null };
}
