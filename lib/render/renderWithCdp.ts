import type { Header } from '../core/types';
import { headerValue, headerValues, mediaType } from '../core/headers';
import { readCapped } from '../core/readCapped';
import { bytesToBase64 } from '../core/base64';
import { countHeaderBytes, followRedirects, noHash, PAGE_REDIRECTS, robotsTxtUrl, type HopFetcher, type HopReply, type RobotsReader, type RobotsReport } from '../crawl';
import { findCutoff, KEEP_PAST_LIMIT, RESOURCE_LIMIT, DEFAULT_LIMIT, sniffCharset } from '../bytes';
import { evaluateReportForGoogle, parseRobotsReport, type ParsedRobotsTxt } from '../robots';
import { ruleText } from '../indexability/robotsInputFrom';
import { parseRobotsDirectives } from '../indexability/parseRobotsDirectives';
import { compareRender } from './compareRender';
import { findScripts, type ScriptInSource } from './findScripts';
import { renderCleanupSource, renderShimSource } from './pageShims';
import { RENDER_READ_CAP, RENDER_IDLE_MS, RENDER_SCREENSHOT_MAX_HEIGHT, RENDER_TIME_LIMIT_MS, RENDER_VIEWPORTS, requestKindDecision, resourceKindOf } from './renderPolicy';
import { renderSnapshot } from './renderSnapshot';
import { serializeComposed } from './serializeComposed';
import type { RenderAgent, RenderConsoleEntry, RenderResource, RenderResult, RenderSnapshot, StoppedBecause } from './types';

/**
 * A DevTools-protocol session on one page: the extension's chrome.debugger on the render's own tab,
 * or puppeteer's CDPSession on the command line. `on` returns the function that removes the handler.
 */
export interface CdpSession {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  on(event: string, handler: (params: Record<string, unknown>) => void): () => void;
}

export interface RenderOptions {
  url: string;
  agent: RenderAgent;
  userAgent: string;
  /** Every request of the render goes through it, as Googlebot: no cookies, no redirect following. */
  fetchHop: HopFetcher;
  /** robots.txt for each origin the render asks (Google's fetch rules and cache). */
  robots: RobotsReader;
  /** The document's byte limit, headers included (default 2,097,152). */
  limit?: number;
  /** The user's tab as it shows the page (null for a typed URL). */
  browser?: RenderSnapshot | null;
  /** Render even when the served page says noindex or answers other than 200 (Google would not). */
  force?: boolean;
  /** Cancels the render: it ends with what it has ('cancelled'). */
  signal?: AbortSignal;
  timeLimitMs?: number;
  idleMs?: number;
  screenshot?: boolean;
  /** Names the render's own IndexedDB databases and caches (deleted at the end). */
  renderId?: string;
  now?: () => number;
  onProgress?: (p: { requests: number; inFlight: number; elapsedMs: number; phase: 'document' | 'rendering' | 'snapshot' }) => void;
}

export interface RenderOutput {
  result: RenderResult;
  /** A JPEG of the whole rendered page at the agent's viewport (base64), when asked and rendered. */
  screenshot: string | null;
}

/** What every render's own storage names start with; the cleanup deletes everything under it. */
export const RENDER_STORAGE_FAMILY = 'crawlscope-render:';
const MAX_CONSOLE = 200;
const MAX_RESOURCES = 2000;
const DOCUMENT_TIMEOUT_MS = 10_000;
/** Request headers a page's script may set that are passed on (never Cookie, never the agent's own). */
const PASS_HEADERS = /^(accept|content-type|x-[a-z0-9-]+|authorization|range|if-none-match|if-modified-since)$/i;
/** Response headers not given back to the page: cookies never reach it; the body is already decoded. */
const DROP_HEADERS = /^(set-cookie2?|content-encoding|content-length|transfer-encoding|connection|keep-alive)$/i;

type Robots = { allowed: boolean; robotsUrl: string; line: number | null; rule: string | null };

/** Googlebot's robots.txt verdict per URL, each origin's file read and parsed once per render. */
function robotsVerdicts(reader: RobotsReader): (url: string) => Promise<Robots> {
  const files = new Map<string, Promise<{ report: RobotsReport; parsed: ParsedRobotsTxt | null }>>();
  return async (url) => {
    const origin = robotsTxtUrl(url)?.origin ?? url;
    let file = files.get(origin);
    if (!file) files.set(origin, (file = reader.get(url).then((report) => ({ report, parsed: parseRobotsReport(report) }))));
    const { report, parsed } = await file;
    const v = evaluateReportForGoogle(report, url, parsed ?? undefined).find((x) => x.token === 'Googlebot')!;
    return { allowed: v.allowed, robotsUrl: report.robotsUrl, line: v.line, rule: ruleText(v.rule) };
  };
}

/** The served noindex Google sees before any script runs: a robots/googlebot meta tag, or X-Robots-Tag for Googlebot. */
function servedNoindex(snapshot: RenderSnapshot | null, headers: readonly Header[]): string | null {
  for (const value of headerValues(headers, 'x-robots-tag')) {
    const hit = parseRobotsDirectives(value, true).find((d) => (d.scope === null || d.scope === 'googlebot') && (d.name === 'noindex' || d.name === 'none'));
    if (hit) return `X-Robots-Tag: ${value}`;
  }
  const meta = snapshot?.robots.find((r) => /^(robots|googlebot):/i.test(r) && /(^|[\s,:])(noindex|none)(\s|,|$)/i.test(r.slice(r.indexOf(':') + 1)));
  return meta ?? null;
}

const responsePhrase = (statusLine: string) => statusLine.replace(/^HTTP\/[\d.]+\s+\d+\s*/, '').trim();

/**
 * Googlebot's render of one page, driven over the DevTools protocol on a page of the render's own:
 * the document fetched as Googlebot (robots.txt first, redirects by hand) and given to the page with
 * only its first 2 MB, headers included; every request the page then makes paused and answered by
 * the render — fetched as Googlebot when Google's renderer would fetch it and robots.txt allows it
 * (each under its own 2 MB, Set-Cookie dropped), refused otherwise; the user agent, viewport and
 * touch of the agent; storage that starts empty and writes nowhere (pageShims). It ends when the
 * network has been quiet RENDER_IDLE_MS after the load event, or at the time limit, or when
 * cancelled — always with what the page had become. The caller owns the page: it closes it.
 */
export async function renderWithCdp(cdp: CdpSession, opts: RenderOptions): Promise<RenderOutput> {
  const now = opts.now ?? Date.now;
  const started = now();
  const viewport = RENDER_VIEWPORTS[opts.agent];
  const timeLimitMs = opts.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const idleMs = opts.idleMs ?? RENDER_IDLE_MS;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const prefix = `${RENDER_STORAGE_FAMILY}${opts.renderId ?? String(started)}:`;
  const resources: RenderResource[] = [];
  const consoleEntries: RenderConsoleEntry[] = [];
  const abort = new AbortController();
  const signal = opts.signal ? AbortSignal.any([abort.signal, opts.signal]) : abort.signal;
  const base: Omit<RenderResult, 'stoppedBecause' | 'durationMs'> = {
    url: opts.url,
    finalUrl: noHash(opts.url),
    agent: opts.agent,
    userAgent: opts.userAgent,
    renderedAt: started,
    skippedNoindex: false,
    forced: !!opts.force,
    document: null,
    served: null,
    rendered: null,
    browser: opts.browser ?? null,
    resources,
    console: consoleEntries,
    differences: [],
    limits: { timeMs: timeLimitMs, idleMs, viewport: { width: viewport.width, height: viewport.height, mobile: viewport.mobile } },
    error: null,
  };
  const end = (stoppedBecause: StoppedBecause, extra: Partial<RenderResult> = {}): RenderOutput => ({
    result: { ...base, ...extra, stoppedBecause, durationMs: now() - started },
    screenshot: null,
  });
  const progress = (phase: 'document' | 'rendering' | 'snapshot', inFlight = 0) =>
    opts.onProgress?.({ requests: resources.length, inFlight, elapsedMs: now() - started, phase });

  const googlebotRobots = robotsVerdicts(opts.robots);
  // 1. The document, as Googlebot fetches it.
  progress('document');
  let finalUrl = noHash(opts.url);
  let reply: HopReply;
  let kept: Uint8Array;
  let bodyBytes: number;
  let headerBytes: number;
  let cutAt: number | null;
  let charset: string;
  let pastCut: ScriptInSource[] = [];
  const docCtl = new AbortController();
  const docTimer = setTimeout(() => docCtl.abort(), DOCUMENT_TIMEOUT_MS);
  const docSignal = AbortSignal.any([docCtl.signal, signal]);
  try {
    const first = await googlebotRobots(finalUrl);
    if (!first.allowed) {
      resources.push({ url: finalUrl, kind: 'document', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: first, error: null });
      return end('robots-blocked');
    }
    const blocks = new Map<string, Robots>();
    const got = await followRedirects(finalUrl, opts.fetchHop, {
      policy: PAGE_REDIRECTS,
      request: { userAgent: opts.userAgent, signal: docSignal },
      beforeHop: async (u) => {
        if (u === finalUrl) return true;
        const r = await googlebotRobots(u);
        if (!r.allowed) blocks.set(u, r);
        return r.allowed;
      },
    });
    if (got.stop?.code === 'refused') {
      resources.push({ url: got.stop.url, kind: 'document', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: blocks.get(got.stop.url) ?? null, error: null });
      return end('robots-blocked', { finalUrl: got.stop.url });
    }
    if (!got.reply) return end('error', { error: got.stop?.code ?? 'no response' });
    reply = got.reply;
    finalUrl = got.finalUrl;
    headerBytes = countHeaderBytes(reply.statusLine, reply.headers, reply.status);
    const read = await readCapped(reply.body, { keep: limit + KEEP_PAST_LIMIT, countCap: limit + KEEP_PAST_LIMIT, signal: docSignal });
    if (read.end === 'error') return end('error', { finalUrl, error: read.error ?? 'read error' });
    charset = sniffCharset(headerValue(reply.headers, 'content-type'), read.bytes);
    const cut = findCutoff({ body: read.bytes, headerBytes, charset, limit, totalBodyBytes: read.total });
    cutAt = cut.truncated ? cut.bodyBytesKept : null;
    kept = cut.truncated ? read.bytes.subarray(0, cut.bodyBytesKept) : read.bytes;
    bodyBytes = read.total;
    // What lies past the cut: its scripts never run for Google.
    pastCut = cutAt === null ? [] : findScripts(new TextDecoder(charset).decode(read.bytes), finalUrl, (s) => new TextEncoder().encode(s).length).filter((s) => s.byte >= cutAt!);
  } catch (err) {
    if (opts.signal?.aborted) return end('cancelled');
    return end('error', { finalUrl, error: docCtl.signal.aborted ? 'timeout' : err instanceof Error ? err.message : String(err) });
  } finally {
    clearTimeout(docTimer);
  }
  const html = new TextDecoder(charset).decode(kept);
  const isHtml = /html/i.test(mediaType(headerValue(reply.headers, 'content-type')) ?? 'text/html');
  const served = isHtml ? renderSnapshot(html, finalUrl) : null;
  const noindex = servedNoindex(served, reply.headers);
  base.finalUrl = finalUrl;
  base.served = served;
  base.document = { status: reply.status, headerBytes, bodyBytes, limit, cutAt, noindex };
  resources.push({ url: finalUrl, kind: 'document', method: 'GET', outcome: cutAt === null ? 'loaded' : 'cut', status: reply.status, bytes: bodyBytes, keptBytes: kept.length, robots: null, error: null });
  if (noindex && !opts.force) return end('noindex', { skippedNoindex: true });
  if (reply.status !== 200 && !opts.force) return end('error', { error: `HTTP ${reply.status}` });
  base.skippedNoindex = !!noindex;

  // 2. The render: every request answered by the policy.
  let inFlight = 0;
  let lastActivity = now();
  let loaded = false;
  let mainFrameId: string | null = null;
  let documentServed = false;
  const docHeaders = reply.headers.filter((h) => !DROP_HEADERS.test(h.name)).map((h) => ({ name: h.name, value: h.value }));
  const robotsCache = new Map<string, Promise<Robots>>();
  const robotsOf = (u: string) => {
    let p = robotsCache.get(u);
    if (!p) robotsCache.set(u, (p = googlebotRobots(u)));
    return p;
  };
  const record = (r: RenderResource) => {
    if (resources.length < MAX_RESOURCES) resources.push(r);
  };
  const settle = () => {
    inFlight--;
    lastActivity = now();
    progress('rendering', inFlight);
  };
  const fail = (requestId: string, reason = 'BlockedByClient') => cdp.send('Fetch.failRequest', { requestId, errorReason: reason }).catch(() => undefined);

  const onPaused = async (e: Record<string, unknown>) => {
    const requestId = String(e.requestId);
    const request = e.request as { url: string; method: string; headers: Record<string, string>; postData?: string };
    const kind = resourceKindOf(e.resourceType as string | undefined);
    const url = request.url;
    const method = request.method.toUpperCase();
    inFlight++;
    lastActivity = now();
    try {
      if (!/^https?:/i.test(url)) {
        await cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
        return;
      }
      // The document itself: the bytes Googlebot kept, and nothing more.
      if (kind === 'document' && !documentServed && (mainFrameId === null || e.frameId === mainFrameId) && noHash(url) === finalUrl) {
        documentServed = true;
        mainFrameId = (e.frameId as string | undefined) ?? null;
        await cdp.send('Fetch.fulfillRequest', {
          requestId,
          responseCode: reply.status,
          ...(responsePhrase(reply.statusLine) ? { responsePhrase: responsePhrase(reply.statusLine) } : {}),
          responseHeaders: docHeaders,
          body: bytesToBase64(kept),
        });
        return;
      }
      const decision = requestKindDecision(kind);
      if (decision !== 'fetch') {
        record({ url, kind, method, outcome: decision, status: null, bytes: null, keptBytes: null, robots: null, error: null });
        await fail(requestId);
        return;
      }
      const robots = await googlebotRobots(noHash(url));
      if (!robots.allowed) {
        record({ url, kind, method, outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots, error: null });
        await fail(requestId);
        return;
      }
      const headers: Header[] = Object.entries(request.headers ?? {})
        .filter(([k]) => PASS_HEADERS.test(k))
        .map(([name, value]) => ({ name, value }));
      let res: HopReply;
      try {
        res = await opts.fetchHop(url, {
          userAgent: opts.userAgent,
          signal,
          ...(method !== 'GET' ? { method } : {}),
          ...(headers.length ? { headers } : {}),
          ...(request.postData !== undefined ? { body: request.postData } : {}),
        });
      } catch (err) {
        record({ url, kind, method, outcome: signal.aborted ? 'timeout' : 'failed', status: null, bytes: null, keptBytes: null, robots: null, error: err instanceof Error ? err.message : String(err) });
        await fail(requestId, 'Failed');
        return;
      }
      const hb = countHeaderBytes(res.statusLine, res.headers, res.status);
      const body = await readCapped(res.body, { keep: Math.max(0, RESOURCE_LIMIT - hb), countCap: RESOURCE_LIMIT, signal });
      const over = hb + body.total > RESOURCE_LIMIT;
      record({
        url,
        kind,
        method,
        outcome: body.end === 'timeout' ? 'timeout' : over ? 'cut' : 'loaded',
        status: res.status,
        bytes: body.total,
        keptBytes: body.bytes.length,
        robots: null,
        error: body.end === 'error' ? body.error : null,
      });
      await cdp.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: res.status,
        ...(responsePhrase(res.statusLine) ? { responsePhrase: responsePhrase(res.statusLine) } : {}),
        responseHeaders: res.headers.filter((h) => !DROP_HEADERS.test(h.name)).map((h) => ({ name: h.name, value: h.value })),
        body: bytesToBase64(body.bytes),
      });
    } catch (err) {
      await fail(requestId, 'Failed');
      void err;
    } finally {
      settle();
    }
  };

  const offs: (() => void)[] = [];
  const pending: Promise<unknown>[] = [];
  offs.push(cdp.on('Fetch.requestPaused', (e) => void pending.push(onPaused(e))));
  offs.push(cdp.on('Page.loadEventFired', () => {
    loaded = true;
    lastActivity = now();
  }));
  offs.push(
    cdp.on('Runtime.consoleAPICalled', (e) => {
      const type = String(e.type);
      if (type !== 'error' && type !== 'warning' && type !== 'assert') return;
      if (consoleEntries.length >= MAX_CONSOLE) return;
      const args = (e.args as { value?: unknown; description?: string }[] | undefined) ?? [];
      const frame = (e.stackTrace as { callFrames?: { url: string; lineNumber: number }[] } | undefined)?.callFrames?.[0];
      consoleEntries.push({
        level: type === 'warning' ? 'warning' : 'error',
        text: args.map((a) => (a.value !== undefined ? String(a.value) : (a.description ?? ''))).join(' ').slice(0, 2000),
        url: frame?.url || null,
        line: frame ? frame.lineNumber + 1 : null,
      });
    }),
  );
  offs.push(
    cdp.on('Runtime.exceptionThrown', (e) => {
      if (consoleEntries.length >= MAX_CONSOLE) return;
      const d = e.exceptionDetails as { text?: string; url?: string; lineNumber?: number; exception?: { description?: string } } | undefined;
      consoleEntries.push({ level: 'exception', text: (d?.exception?.description ?? d?.text ?? '').slice(0, 2000), url: d?.url || null, line: d?.lineNumber !== undefined ? d.lineNumber + 1 : null });
    }),
  );

  let stopped: StoppedBecause = 'idle';
  let screenshot: string | null = null;
  let rendered: RenderSnapshot | null = null;
  try {
    await cdp.send('Page.enable');
    await cdp.send('Runtime.enable');
    await cdp.send('Network.enable').catch(() => undefined);
    await cdp.send('Network.setBypassServiceWorker', { bypass: true }).catch(() => undefined);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }).catch(() => undefined);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: opts.userAgent, ...(viewport.mobile ? { platform: 'Android' } : {}) });
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: viewport.deviceScaleFactor, mobile: viewport.mobile });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: viewport.mobile, ...(viewport.mobile ? { maxTouchPoints: 5 } : {}) }).catch(() => undefined);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true }).catch(() => undefined);
    // document.cookie never reaches the profile's jar (the shim keeps cookies in memory).
    await cdp.send('Emulation.setDocumentCookieDisabled', { disabled: true }).catch(() => undefined);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: renderShimSource(prefix), runImmediately: true });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    progress('rendering');
    const nav = await cdp.send<{ frameId?: string; errorText?: string }>('Page.navigate', { url: finalUrl });
    if (nav.frameId) mainFrameId ??= nav.frameId;
    if (nav.errorText) throw new Error(nav.errorText);

    // 3. Wait: quiet network after the load event, or the time limit, or a cancel.
    stopped = await new Promise<StoppedBecause>((resolve) => {
      const tick = setInterval(() => {
        if (opts.signal?.aborted) finish('cancelled');
        else if (now() - started >= timeLimitMs) finish('time-limit');
        else if (loaded && inFlight === 0 && now() - lastActivity >= idleMs) finish('idle');
      }, Math.min(100, idleMs));
      const onAbort = () => finish('cancelled');
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      function finish(why: StoppedBecause) {
        clearInterval(tick);
        opts.signal?.removeEventListener('abort', onAbort);
        resolve(why);
      }
    });

    // 4. What the page has become.
    progress('snapshot', inFlight);
    const fn = serializeComposed.toString();
    const got = await cdp.send<{ result?: { value?: { html: string; capped: boolean } } }>('Runtime.evaluate', {
      // A bundler's naming helper must not leak into the page.
      expression: `(() => { const __name = (f) => f; return (${fn})(document, ${RENDER_READ_CAP}); })()`,
      returnByValue: true,
    });
    const value = got.result?.value;
    if (value) rendered = renderSnapshot(value.html, finalUrl, value.capped);
    if (opts.screenshot && stopped !== 'cancelled') screenshot = await captureFullPage(cdp, viewport.deviceScaleFactor).catch(() => null);
  } catch (err) {
    base.error = err instanceof Error ? err.message : String(err);
    stopped = opts.signal?.aborted ? 'cancelled' : 'error';
  } finally {
    abort.abort();
    for (const off of offs) off();
    await cdp.send('Runtime.evaluate', { expression: renderCleanupSource(RENDER_STORAGE_FAMILY), awaitPromise: true }).catch(() => undefined);
    await cdp.send('Fetch.disable').catch(() => undefined);
  }
  const differences = rendered ? compareRender({ served, rendered, browser: opts.browser ?? null, resources, scriptsPastCut: pastCut }) : [];
  const result: RenderResult = { ...base, rendered, differences, stoppedBecause: stopped, durationMs: now() - started };
  return { result, screenshot };
}

/** A picture of the whole page in CSS pixels (JPEG: a tall page is megabytes as PNG, seconds to encode), at most RENDER_SCREENSHOT_MAX_HEIGHT tall. */
async function captureFullPage(cdp: CdpSession, deviceScaleFactor: number): Promise<string | null> {
  const m = await cdp.send<{ cssContentSize?: { width: number; height: number }; contentSize?: { width: number; height: number }; cssLayoutViewport?: { clientWidth: number } }>('Page.getLayoutMetrics');
  const size = m.cssContentSize ?? m.contentSize;
  if (!size) return null;
  const width = Math.max(1, Math.ceil(m.cssLayoutViewport?.clientWidth ?? size.width));
  const height = Math.max(1, Math.min(RENDER_SCREENSHOT_MAX_HEIGHT, Math.ceil(size.height)));
  const shot = await cdp.send<{ data: string }>('Page.captureScreenshot', { format: 'jpeg', quality: 80, optimizeForSpeed: true, captureBeyondViewport: true, clip: { x: 0, y: 0, width, height, scale: 1 / deviceScaleFactor } });
  return shot.data;
}
