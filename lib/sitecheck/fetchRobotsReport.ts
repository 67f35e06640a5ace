import { headerValue } from '../core/headers';
import { readCapped } from '../core/readCapped';
import { ROBOTS_MAX_BYTES, ROBOTS_MAX_REDIRECTS, ROBOTS_TIMEOUT_MS, robotsFetchDecision, robotsTxtUrl, type RobotsFetchStep } from '../robots/robotsFetchPolicy';
import type { RobotsHop, RobotsMessage, RobotsReport } from '../robots/types';
import { followRedirects } from './followRedirects';
import type { SiteHopFetcher } from './types';

/** Past the 500 KiB Google reads, the rest is only counted, up to this many bytes. */
const ROBOTS_COUNT_CAP = 16 * 1024 * 1024;

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(bin);
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

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
  let body: Uint8Array | null = null;
  let seen = 0;
  let truncated = false;
  let sizeKnown = true;
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
        const read = await readCapped(res.body, { keep: ROBOTS_MAX_BYTES, countCap: ROBOTS_COUNT_CAP, signal: ctl.signal });
        // A file whose first 500 KiB are still arriving when time is up is unreachable; one only being counted past them is not.
        if (read.end === 'timeout' && read.bytes.length < ROBOTS_MAX_BYTES) step = { kind: 'timeout' };
        else if (read.end === 'error') step = { kind: 'network-error', message: read.error ?? 'read error' };
        else {
          body = read.bytes;
          seen = read.total;
          truncated = read.total > ROBOTS_MAX_BYTES;
          sizeKnown = read.end === 'end';
        }
      } else await res.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    step = ctl.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
  if (step.kind !== 'response') body = null;

  const decision = robotsFetchDecision(step);
  const warnings: RobotsMessage[] = [...decision.warnings];
  if (finalUrl && new URL(finalUrl).origin !== origin) warnings.push({ code: 'redirectOtherOrigin', params: [new URL(finalUrl).origin] });
  if (loop) warnings.push({ code: 'redirectLoop', params: [] });
  if (decision.kind === 'parse' && truncated) {
    warnings.push(sizeKnown ? { code: 'truncated', params: [ROBOTS_MAX_BYTES, seen] } : { code: 'truncatedAtLeast', params: [ROBOTS_MAX_BYTES, seen] });
  }
  let bodyBase64: string | null = null;
  if (decision.kind === 'parse' && body && !isValidUtf8(body)) {
    warnings.push({ code: 'invalidUtf8', params: [] });
    bodyBase64 = toBase64(body);
  }
  return {
    origin,
    robotsUrl,
    fetchedAt: started,
    durationMs: now() - started,
    fromCache: false,
    hops,
    finalUrl: step.kind === 'response' ? finalUrl : null,
    status: step.kind === 'response' ? status : null,
    contentType: step.kind === 'response' ? contentType : null,
    bytes: body?.length ?? 0,
    totalBytes: truncated ? seen : null,
    totalIsLowerBound: truncated && !sizeKnown,
    truncated,
    outcome: { kind: decision.kind, code: decision.code, params: decision.params },
    warnings,
    // ignoreBOM keeps a BOM in the text: the parser skips it the way Google does.
    body: decision.kind === 'parse' && body ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(body) : null,
    bodyBase64,
  };
}
