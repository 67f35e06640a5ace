import { browser } from 'wxt/browser';
import type { BackgroundProtocol } from '../../utils/protocol';
import type { RobotsHop, RobotsMessage, RobotsReport } from '../../lib/robots/types';
import {
  ROBOTS_MAX_BYTES,
  ROBOTS_MAX_REDIRECTS,
  ROBOTS_TIMEOUT_MS,
  robotsCacheFresh,
  robotsFetchDecision,
  robotsTxtUrl,
  type RobotsFetchStep,
} from '../../lib/robots/robotsFetchPolicy';
import { readCapped } from '../../lib/core/readCapped';

/**
 * Past the 500 KiB Google reads, the rest of the file is only counted (nothing kept), up to this
 * many bytes, so the popup can give its true size; beyond it the size is "at least".
 */
const ROBOTS_COUNT_CAP = 16 * 1024 * 1024;

// One cached report per origin in storage.local: it survives worker restarts. The cache is kept
// small — at most CACHE_LIMIT origins and CACHE_BYTES of bodies, oldest dropped first — because
// storage.local is shared and a robots.txt body can be 512,000 bytes.
const CACHE_PREFIX = 'robots:';
const CACHE_LIMIT = 20;
const CACHE_BYTES = 3_000_000;
const inFlight = new Map<string, Promise<RobotsReport>>();

export async function getRobots({ url, refresh }: BackgroundProtocol['getRobots']['req']): Promise<RobotsReport> {
  const target = robotsTxtUrl(url);
  if (!target) throw new Error(`Not an HTTP(S) URL: ${url}`);
  const key = CACHE_PREFIX + target.origin;
  if (!refresh) {
    const got = (await browser.storage.local.get(key))[key] as RobotsReport | undefined;
    if (got && robotsCacheFresh(got, Date.now())) {
      return { ...got, fromCache: true };
    }
  }
  const running = inFlight.get(target.origin);
  if (running) return running;
  const job = fetchRobots(target.origin, target.robotsUrl)
    .then(async (report) => {
      await store(key, report);
      return report;
    })
    .finally(() => inFlight.delete(target.origin));
  inFlight.set(target.origin, job);
  return job;
}

async function store(key: string, report: RobotsReport): Promise<void> {
  const all = await browser.storage.local.get(null);
  const others = Object.entries(all)
    .filter(([k]) => k.startsWith(CACHE_PREFIX) && k !== key)
    .map(([k, v]) => ({ key: k, at: (v as RobotsReport).fetchedAt ?? 0, bytes: (v as RobotsReport).bytes ?? 0 }))
    .sort((a, b) => b.at - a.at);
  // Keep the newest others while they fit beside the new report.
  let bytes = report.bytes;
  const drop: string[] = [];
  others.forEach((o, i) => {
    if (i + 1 < CACHE_LIMIT && bytes + o.bytes <= CACHE_BYTES) bytes += o.bytes;
    else drop.push(o.key);
  });
  if (drop.length) await browser.storage.local.remove(drop);
  // A full storage area only costs the cache, never the answer.
  await browser.storage.local.set({ [key]: report }).catch(() => undefined);
}

/**
 * The browser follows redirects itself (a 'manual' redirect hides the Location), so the hops
 * are read from webRequest; after the fifth hop the fetch is aborted, like Google stops.
 */
function watchRedirects(startUrl: string, onHop: (hop: RobotsHop, next: string) => void): () => void {
  let expected = startUrl;
  const listener = (d: { url: string; tabId: number; statusCode: number; redirectUrl: string }) => {
    if (d.tabId !== -1 || d.url !== expected) return;
    expected = d.redirectUrl;
    onHop({ url: d.url, status: d.statusCode }, d.redirectUrl);
  };
  browser.webRequest.onBeforeRedirect.addListener(listener, { urls: ['<all_urls>'] });
  return () => browser.webRequest.onBeforeRedirect.removeListener(listener);
}

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

async function fetchRobots(origin: string, robotsUrl: string): Promise<RobotsReport> {
  const started = Date.now();
  const ctrl = new AbortController();
  let timedOut = false;
  let tooManyRedirects = false;
  const hops: RobotsHop[] = [];
  const visited = new Set([robotsUrl]);
  let loop = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, ROBOTS_TIMEOUT_MS);
  const stopWatching = watchRedirects(robotsUrl, (hop, next) => {
    hops.push(hop);
    if (visited.has(next)) loop = true;
    visited.add(next);
    if (hops.length > ROBOTS_MAX_REDIRECTS) {
      tooManyRedirects = true;
      ctrl.abort();
    }
  });

  let step: RobotsFetchStep;
  let finalUrl: string | null = null;
  let status: number | null = null;
  let contentType: string | null = null;
  let body: Uint8Array | null = null;
  let seen = 0;
  let truncated = false;
  let sizeKnown = true;
  try {
    const res = await fetch(robotsUrl, { signal: ctrl.signal, redirect: 'follow', cache: 'no-store', credentials: 'omit' });
    finalUrl = res.url || robotsUrl;
    status = res.status;
    contentType = res.headers.get('content-type');
    if (res.redirected && hops.length === 0) hops.push({ url: robotsUrl, status: 0 });
    step = { kind: 'response', status: res.status, contentType };
    if (res.status >= 200 && res.status < 300) {
      const got = await readCapped(res.body, { keep: ROBOTS_MAX_BYTES, countCap: ROBOTS_COUNT_CAP, signal: ctrl.signal });
      // Google reads the first 500 KiB: a file whose first 500 KiB are still arriving when time is up
      // is unreachable; one that was only being counted past them is not.
      if (got.end === 'timeout' && got.bytes.length < ROBOTS_MAX_BYTES) throw new Error('timeout');
      if (got.end === 'error') throw new Error(got.error ?? 'read error');
      body = got.bytes;
      seen = got.total;
      truncated = got.total > ROBOTS_MAX_BYTES;
      sizeKnown = got.end === 'end';
    } else {
      await res.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    if (tooManyRedirects) step = { kind: 'too-many-redirects' };
    else if (timedOut) step = { kind: 'timeout' };
    else step = { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
    body = null;
  } finally {
    clearTimeout(timer);
    stopWatching();
  }

  const decision = robotsFetchDecision(step);
  const warnings: RobotsMessage[] = [...decision.warnings];
  if (finalUrl && new URL(finalUrl).origin !== origin) {
    warnings.push({ code: 'redirectOtherOrigin', params: [new URL(finalUrl).origin] });
  }
  if (loop) warnings.push({ code: 'redirectLoop', params: [] });
  const kept = body?.length ?? 0;
  const totalBytes = truncated ? seen : null;
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
    durationMs: Date.now() - started,
    fromCache: false,
    hops,
    finalUrl: step.kind === 'response' ? finalUrl : null,
    status: step.kind === 'response' ? status : null,
    contentType: step.kind === 'response' ? contentType : null,
    bytes: kept,
    totalBytes,
    totalIsLowerBound: truncated && !sizeKnown,
    truncated,
    outcome: { kind: decision.kind, code: decision.code, params: decision.params },
    warnings,
    // ignoreBOM keeps a BOM in the text: the parser skips it the way Google does.
    body: decision.kind === 'parse' && body ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(body) : null,
    bodyBase64,
  };
}
