import { deadline, headerValue, readCapped } from '../core';
import { followRedirects } from './followRedirects';
import { isNotSent } from './NotSentError';
import { ROBOTS_REDIRECTS } from './redirectPolicy';
import { ROBOTS_MAX_BYTES, ROBOTS_TIMEOUT_MS, robotsTxtUrl, type RobotsFetchStep } from './robotsFetchPolicy';
import { ROBOTS_COUNT_CAP, robotsReadStep, robotsReportFrom, type RobotsFetched } from './robotsReportFrom';
import type { HopFetcher, RobotsHop, RobotsReport } from './types';

export interface FetchRobotsOptions {
  /** Googlebot's User-Agent: Google fetches robots.txt as Googlebot, and a server may answer by agent. */
  userAgent: string;
  /** Time for everything: all hops and the body (default 10 s). */
  timeoutMs?: number;
  /** Ends the fetch early (the caller went away): the answer is then 'timeout'. */
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * robots.txt of the origin of `pageUrl`, fetched the way Google fetches it — as Googlebot,
 * without cookies, redirects followed by hand under ROBOTS_REDIRECTS (5 hops), 10 s for all of
 * it, the first 500 KiB kept and the rest counted — and judged by Google's rules
 * (robotsFetchDecision). Never throws for anything a server does; throws only for a URL that is
 * not HTTP(S) and for a request the fetcher never sent (NotSentError: the tool's own missing access).
 */
export async function fetchRobotsTxt(pageUrl: string, fetchHop: HopFetcher, opts: FetchRobotsOptions): Promise<RobotsReport> {
  const target = robotsTxtUrl(pageUrl);
  if (!target) throw new Error(`Not an HTTP(S) URL: ${pageUrl}`);
  const { origin, robotsUrl } = target;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? ROBOTS_TIMEOUT_MS;
  const started = now();
  const time = deadline(timeoutMs, opts.signal);
  const signal = time.signal;
  let step: RobotsFetchStep;
  let hops: RobotsHop[] = [];
  let loop = false;
  let finalUrl: string | null = null;
  let status: number | null = null;
  let contentType: string | null = null;
  let read: RobotsFetched['read'] = null;
  try {
    const got = await followRedirects(robotsUrl, fetchHop, { policy: ROBOTS_REDIRECTS, request: { userAgent: opts.userAgent, signal } });
    hops = got.hops.map((h) => ({ url: h.url, status: h.status }));
    loop = got.loop;
    if (got.stop?.code === 'too-many-redirects' || got.stop?.code === 'redirect-loop') step = { kind: 'too-many-redirects' };
    else if (!got.reply) {
      // A redirect without a usable Location is the final answer, as a browser takes it.
      const last = got.hops[got.hops.length - 1]!;
      finalUrl = got.finalUrl;
      status = last.status;
      step = { kind: 'response', status: last.status, contentType: null };
    } else {
      const res = got.reply;
      finalUrl = got.finalUrl;
      status = res.status;
      contentType = headerValue(res.headers, 'content-type');
      step = { kind: 'response', status: res.status, contentType };
      if (res.status >= 200 && res.status < 300) {
        read = await readCapped(res.body, { keep: ROBOTS_MAX_BYTES, countCap: ROBOTS_COUNT_CAP, signal });
        step = robotsReadStep(step, read);
      } else await res.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    // Not the site's answer: never judged (nor cached) as an unreachable robots.txt.
    if (isNotSent(err)) throw err;
    step = signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
  } finally {
    time.clear();
  }
  const report = robotsReportFrom({ origin, robotsUrl, startedAt: started, durationMs: now() - started, hops, loop, step, finalUrl, status, contentType, read });
  return { ...report, userAgent: opts.userAgent };
}
