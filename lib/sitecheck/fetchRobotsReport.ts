import { headerValue } from '../core/headers';
import { readCapped } from '../core/readCapped';
import { ROBOTS_MAX_BYTES, ROBOTS_MAX_REDIRECTS, ROBOTS_TIMEOUT_MS, robotsTxtUrl, type RobotsFetchStep } from '../robots/robotsFetchPolicy';
import { ROBOTS_COUNT_CAP, robotsReadStep, robotsReportFrom, type RobotsFetched } from '../robots/robotsReportFrom';
import type { RobotsHop, RobotsReport } from '../robots/types';
import { followRedirects } from './followRedirects';
import type { SiteHopFetcher } from './types';

/**
 * robots.txt of the origin of `pageUrl`, fetched the way Google fetches it — as Googlebot, without
 * cookies, up to 5 redirects followed by hand, 10 s, the first 500 KiB kept and the rest counted —
 * and judged by Google's rules (lib/robots robotsFetchDecision): the same report the extension's
 * background builds, from an injected fetcher.
 */
export async function fetchRobotsReport(pageUrl: string, fetchHop: SiteHopFetcher, userAgent: string, now: () => number = Date.now): Promise<RobotsReport> {
  const target = robotsTxtUrl(pageUrl);
  if (!target) throw new Error(`Not an HTTP(S) URL: ${pageUrl}`);
  const { origin, robotsUrl } = target;
  const started = now();
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ROBOTS_TIMEOUT_MS);
  let step: RobotsFetchStep;
  let hops: RobotsHop[] = [];
  let loop = false;
  let finalUrl: string | null = null;
  let status: number | null = null;
  let contentType: string | null = null;
  let read: RobotsFetched['read'] = null;
  try {
    const got = await followRedirects(robotsUrl, fetchHop, { userAgent, signal: ctl.signal }, ROBOTS_MAX_REDIRECTS);
    hops = got.hops.map((h) => ({ url: h.url, status: h.status }));
    loop = got.loop;
    if (got.stop === 'too-many-redirects') step = { kind: 'too-many-redirects' };
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
        read = await readCapped(res.body, { keep: ROBOTS_MAX_BYTES, countCap: ROBOTS_COUNT_CAP, signal: ctl.signal });
        step = robotsReadStep(step, read);
      } else await res.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    step = ctl.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
  return robotsReportFrom({ origin, robotsUrl, startedAt: started, durationMs: now() - started, hops, loop, step, finalUrl, status, contentType, read });
}
