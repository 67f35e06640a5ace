import { browser } from 'wxt/browser';
import type { BackgroundProtocol } from '../../utils/protocol';
import type { RobotsHop, RobotsReport } from '../../lib/robots/types';
import {
  ROBOTS_MAX_BYTES,
  ROBOTS_MAX_REDIRECTS,
  ROBOTS_TIMEOUT_MS,
  robotsCacheFresh,
  robotsTxtUrl,
  type RobotsFetchStep,
} from '../../lib/robots/robotsFetchPolicy';
import { readCapped } from '../../lib/core/readCapped';
import { ROBOTS_COUNT_CAP, robotsReadStep, robotsReportFrom, type RobotsFetched } from '../../lib/robots/robotsReportFrom';

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
  let read: RobotsFetched['read'] = null;
  try {
    const res = await fetch(robotsUrl, { signal: ctrl.signal, redirect: 'follow', cache: 'no-store', credentials: 'omit' });
    finalUrl = res.url || robotsUrl;
    status = res.status;
    contentType = res.headers.get('content-type');
    if (res.redirected && hops.length === 0) hops.push({ url: robotsUrl, status: 0 });
    step = { kind: 'response', status: res.status, contentType };
    if (res.status >= 200 && res.status < 300) {
      read = await readCapped(res.body, { keep: ROBOTS_MAX_BYTES, countCap: ROBOTS_COUNT_CAP, signal: ctrl.signal });
      step = robotsReadStep(step, read);
    } else {
      await res.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    if (tooManyRedirects) step = { kind: 'too-many-redirects' };
    else if (timedOut) step = { kind: 'timeout' };
    else step = { kind: 'network-error', message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
  return robotsReportFrom({ origin, robotsUrl, startedAt: started, durationMs: Date.now() - started, hops, loop, step, finalUrl, status, contentType, read });
}
