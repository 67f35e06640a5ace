import type { Header, RedirectHop } from '../core/types';
import { headerValue, mediaType } from '../core/headers';
import { analyzeBytes, COUNT_BOUND, findCutoff, KEEP_PAST_LIMIT, limitFor, sniffCharset } from '../bytes';
import { countHeaderBytes, noHash, type HopFetcher } from '../crawl';
import { fetchAsAgent, isHtmlResponse, type AgentFetch } from '../compare';
import { bytesInputFrom, indexabilityVerdict, type BytesInput, type FetchOutcome, type PageSignals } from '../indexability';
import { lintValidators } from '../caching';
import { evaluateReportForGoogle } from '../robots';
import { CRAWLER_CATALOG, evaluateReportForCrawlers } from '../crawlers';
import { ruleText } from '../indexability/robotsInputFrom';
import type { ParsedRobotsTxt, RobotsReport } from '../robots/types';
import { buildReport, type Report, type Translate } from '../report';
import { retryAfterMs } from './retryAfterMs';
import { servedSignals } from './servedSignals';
import { keptTextIsPrefix } from './keptTextIsPrefix';
import type { SiteAgent, UrlSource } from './types';
import { decodeText } from '../core/decodeText';

/** robots.txt of one origin, fetched once and parsed once. */
export interface RobotsFacts {
  report: RobotsReport;
  parsed: ParsedRobotsTxt | null;
}

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
}

export const URL_TIMEOUT_MS = 10_000;

const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|javascript|ecmascript|rss\+xml|atom\+xml)$)/;

export const googlebotVerdict = (robots: RobotsFacts, url: string) =>
  evaluateReportForGoogle(robots.report, url, robots.parsed ?? undefined).find((v) => v.token === 'Googlebot')!;

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

/** Googlebot's byte budget for one response: the cut, and (for HTML) what lies past it; a body not read to its end is a lower bound. */
async function bytesOf(f: AgentFetch, chosen: number): Promise<{ input: BytesInput; visible: Uint8Array; charset: string; html?: string }> {
  const ct = headerValue(f.headers, 'content-type');
  const mt = mediaType(ct);
  const { limit } = limitFor(mt, chosen);
  const headerBytes = countHeaderBytes(f.statusLine, f.headers, f.status);
  const kept = f.body ?? new Uint8Array(0);
  const charset = sniffCharset(ct, kept);
  if (isHtmlResponse(ct, kept)) {
    const bodyBytes = Math.max(kept.length, f.bodyBytes);
    if (headerBytes + bodyBytes <= limit) {
      // Nothing lies past the cut, so there is nothing to list: no element scan. The page's text,
      // decoded once, is the HTML the signals come from.
      const input: BytesInput = { complete: f.complete, limit, headerBytes, bodyBytes, truncated: false, cutOffset: null, lost: [] };
      return { input, visible: kept, charset, html: decodeText(kept, charset) };
    }
    let text = '';
    const report = await analyzeBytes({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes, mediaType: 'text/html' }, { onText: (t) => (text = t) });
    const c = report.cutoff;
    const visible = c.truncated ? kept.subarray(0, c.bodyBytesKept) : kept;
    return { input: bytesInputFrom(report, f.complete), visible, charset, ...(keptTextIsPrefix(c, kept, charset) ? { html: text.slice(0, c.charIndex) } : {}) };
  }
  if (mt === null || TEXT_TYPES.test(mt)) {
    // Text: the cut backs off to a whole character.
    const c = findCutoff({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes });
    const input = { complete: f.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated: c.truncated, cutOffset: c.truncated ? headerBytes + c.bodyBytesKept : null, lost: [] };
    return { input, visible: kept, charset };
  }
  // Bytes, not characters (a PDF, an image): the cut falls exactly at the limit.
  const truncated = headerBytes + f.bodyBytes > limit;
  const bodyKept = Math.min(f.bodyBytes, Math.max(0, limit - headerBytes));
  return { input: { complete: f.complete, limit, headerBytes, bodyBytes: f.bodyBytes, truncated, cutOffset: truncated ? headerBytes + bodyKept : null, lost: [] }, visible: kept, charset };
}

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
  const now = ctx.now ?? Date.now;
  const sleep = ctx.sleep ?? defaultSleep;
  const timeoutMs = ctx.timeoutMs ?? URL_TIMEOUT_MS;
  const started = now();
  const agentKind = ctx.agent === 'smartphone' ? 'mobile' : 'desktop';
  const hop: HopFetcher = (url, req) => ctx.fetchHop(url, ctx.signal ? { ...req, signal: AbortSignal.any([req.signal, ctx.signal]) } : req);

  // Googlebot's robots.txt rules — or those of the crawler the check runs as.
  const crawler = ctx.crawler;
  const allowed = (robots: RobotsFacts, url: string) => (crawler ? crawlerVerdict(robots, url, crawler).allowed : googlebotVerdict(robots, url).allowed);
  const first = await ctx.robotsFor(source.url);
  let f: AgentFetch | null = null;
  let retries = 0;
  if (allowed(first, source.url)) {
    for (;;) {
      f = await fetchAsAgent(source.url, agentKind, ctx.userAgent, hop, {
        limit: ctx.limit,
        keep: ctx.limit + KEEP_PAST_LIMIT,
        keepBody: true,
        countCap: COUNT_BOUND,
        timeoutMs,
        now,
        allowHop: async (url) => url === noHash(source.url) || allowed(await ctx.robotsFor(url), url),
      });
      const wait = f.error || f.blockedAt ? null : retryAfterMs(f.status, f.headers, now());
      if (wait === null || retries >= 1 || ctx.signal?.aborted) break;
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
      const p = f.error.params;
      outcome = { kind: 'failed', code: f.error.code, params: f.error.code === 'timeout' ? [p[0]!, timeoutMs / 1000] : p };
    } else {
      outcome = { kind: 'fetched', bodyEnd: f.bodyEnd ?? 'end', bodyBytes: f.bodyBytes, timeoutMs };
      const b = await bytesOf(f, ctx.limit);
      bytes = b.input;
      const ct = headerValue(f.headers, 'content-type');
      if (isHtmlResponse(ct, f.body ?? new Uint8Array(0))) {
        const html = b.html ?? decodeText(b.visible, b.charset);
        served = servedSignals(html, f.finalUrl, { bytesRead: b.visible.length, truncated: b.input.truncated });
      }
    }
  }
  const at = now();
  const result = indexabilityVerdict({ url: finalUrl, status, headers, redirects, served, live: null, robots, bytes, now: at, fetch: outcome });
  return buildReport(
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
}
