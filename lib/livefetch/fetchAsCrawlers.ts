import { headerValue, mediaType } from '../core';
import { readCapped } from '../core';
import { followRedirects } from '../crawl';
import { PAGE_REDIRECTS } from '../crawl';
import type { HopFetcher } from '../crawl';
import { CRAWLER_CATALOG } from '../crawlers';
import { crawlerUserAgent } from '../crawlers';
import type { OtherCrawlerVerdict } from '../crawlers';
import { googlebotUserAgent } from '../crawl';
import { decodeHtml } from '../crawl';
import { isHtml } from '../html';
import { extractPage } from '../compare';
import { findChallengeMarkers } from '../compare';
import { compareToReference } from './compareToReference';
import { liveFindings } from './liveFindings';
import type { Fetched, LiveFetchLimits, LiveFetchReport, LiveResult } from './types';

/**
 * The limits of a live fetch: 4 requests at once, 10 s for each (redirects and body), the first
 * 1 MiB of each body kept for the comparison and the rest counted up to 16 MiB.
 */
/** A site check fetches the first this many URLs as each crawler (the command line's --live-sample, the page's field). */
export const LIVE_SAMPLE_DEFAULT = 5;
export const LIVE_SAMPLE_MAX = 50;

export const LIVE_FETCH_LIMITS: LiveFetchLimits = { concurrency: 4, timeoutMs: 10_000, keepBytes: 1024 * 1024, countCap: 16 * 1024 * 1024 };

interface Job {
  token: string;
  operator: string;
  reference: boolean;
  userAgent: string | null;
  notFetched: LiveResult['notFetched'];
}

/** Googlebot Smartphone for reference, then every catalog crawler: with its documented User-Agent, or why it is not requested. */
export function liveJobs(chromeVersion?: string): Job[] {
  const jobs: Job[] = [{ token: 'Googlebot', operator: 'Google', reference: true, userAgent: googlebotUserAgent('mobile', chromeVersion), notFetched: null }];
  for (const c of CRAWLER_CATALOG) {
    const ua = crawlerUserAgent(c.token);
    jobs.push(
      ua.ok
        ? { token: c.token, operator: c.operator, reference: false, userAgent: ua.userAgent, notFetched: null }
        : { token: c.token, operator: c.operator, reference: false, userAgent: null, notFetched: ua.code === 'controlToken' ? 'controlToken' : 'noUserAgent' },
    );
  }
  return jobs;
}

/** FNV-1a of the kept bytes: "the same body" for answers that are not HTML. */
function hashBytes(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193) >>> 0;
  return h;
}

async function fetchOne(url: string, job: Job, hop: HopFetcher, limits: LiveFetchLimits, now: () => number, signal?: AbortSignal): Promise<Fetched> {
  const base: Fetched = {
    token: job.token, operator: job.operator, reference: job.reference, userAgent: job.userAgent, comparison: 'not-fetched', notFetched: job.notFetched,
    status: null, finalUrl: null, redirects: 0, bytes: 0, complete: false, contentType: null, title: null, words: null, markers: [], error: null, durationMs: 0,
    wordList: null, bodyHash: null,
  };
  if (!job.userAgent) return base;
  const started = now();
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), limits.timeoutMs);
  const onAbort = () => ctl.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let got;
    try {
      // No cookies: every HopFetcher sends none (lib/crawl).
      got = await followRedirects(url, hop, { policy: PAGE_REDIRECTS, request: { userAgent: job.userAgent, signal: ctl.signal } });
    } catch (e) {
      const code = ctl.signal.aborted ? 'timeout' : 'network';
      return { ...base, comparison: 'error', error: { code, params: code === 'timeout' ? [limits.timeoutMs / 1000] : [e instanceof Error ? e.message : String(e)] }, durationMs: now() - started };
    }
    const redirects = got.hops.length;
    if (!got.reply) {
      const stop = got.stop!;
      return { ...base, comparison: 'error', redirects, finalUrl: got.finalUrl, status: got.hops.at(-1)?.status ?? null, error: { code: stop.code, params: [got.finalUrl] }, durationMs: now() - started };
    }
    const res = got.reply;
    const body = await readCapped(res.body, { keep: limits.keepBytes, countCap: limits.countCap, signal: ctl.signal });
    const contentType = headerValue(res.headers, 'content-type');
    const html = isHtml(mediaType(contentType), body.bytes) ? decodeHtml(contentType, body.bytes) : null;
    const page = html !== null ? extractPage(html, got.finalUrl) : null;
    const markers = findChallengeMarkers(res.headers, html).map((m) => ({ id: m.id, vendor: m.vendor, where: m.where, name: m.name, source: m.source }));
    return {
      ...base,
      comparison: 'same',
      status: res.status,
      finalUrl: got.finalUrl,
      redirects,
      bytes: body.total,
      complete: body.end === 'end',
      contentType,
      title: page?.title ?? null,
      words: page ? page.words.length : null,
      wordList: page ? page.words : null,
      bodyHash: page ? null : hashBytes(body.bytes),
      markers,
      error: body.end === 'timeout' ? { code: 'bodyTimeout', params: [limits.timeoutMs / 1000] } : null,
      durationMs: now() - started,
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Runs `jobs` with at most `n` at once, results in the jobs' order. */
async function pool<T, R>(items: readonly T[], n: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

export interface FetchAsCrawlersOptions {
  chromeVersion?: string;
  /** The robots.txt verdicts of the catalog (CRAWLER_CATALOG order), for the findings; none: no findings about robots.txt. */
  verdicts?: readonly Pick<OtherCrawlerVerdict, 'effect' | 'line'>[];
  limits?: Partial<LiveFetchLimits>;
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * The page requested once with each catalog crawler's documented User-Agent and once as
 * Googlebot Smartphone for reference — no cookies, at most 4 at a time, each under 10 s and 1 MiB
 * kept (16 MiB counted), through the one crawl layer (a HopFetcher, redirects by lib/crawl) — and
 * each answer compared with Googlebot's. What it cannot prove: the requests leave from the user's
 * network, not the operators' addresses, so a server that checks verified-bot IP lists or reverse
 * DNS may answer the real crawler otherwise; and one request each, now, says nothing of other
 * times or pages.
 */
export async function fetchAsCrawlers(url: string, hop: HopFetcher, opts: FetchAsCrawlersOptions = {}): Promise<LiveFetchReport> {
  const now = opts.now ?? Date.now;
  const limits: LiveFetchLimits = { ...LIVE_FETCH_LIMITS, ...opts.limits };
  limits.concurrency = Math.max(1, Math.min(LIVE_FETCH_LIMITS.concurrency, limits.concurrency));
  const started = now();
  const fetched = await pool(liveJobs(opts.chromeVersion), limits.concurrency, (job) => fetchOne(url, job, hop, limits, now, opts.signal));
  const results = compareToReference(fetched);
  return { url, fetchedAt: started, durationMs: now() - started, limits, results, findings: liveFindings(results, opts.verdicts ?? null) };
}
