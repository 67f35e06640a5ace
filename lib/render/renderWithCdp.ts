import { readCapped, bytesToBase64, type Header } from '../core';
import { noHash, countHeaderBytes, type HopReply } from '../crawl';
import { RESOURCE_LIMIT } from '../bytes';
import { renderCleanupSource, renderShimSource } from './pageShims';
import { RENDER_READ_CAP, RENDER_SCREENSHOT_MAX_HEIGHT, requestKindDecision, resourceKindOf } from './renderPolicy';
import { renderSnapshot } from './renderSnapshot';
import { serializeComposed } from './serializeComposed';
import { DROP_HEADERS, isRenderDocument, MAX_CONSOLE, PASS_HEADERS, RENDER_STORAGE_FAMILY, responsePhrase, startRender, type RenderOptions, type RenderOutput } from './renderRun';
import type { RenderSnapshot, StoppedBecause } from './types';

export { RENDER_STORAGE_FAMILY, type RenderOptions, type RenderOutput } from './renderRun';

/**
 * A DevTools-protocol session on one page: the extension's chrome.debugger on the render's own tab,
 * or puppeteer's CDPSession on the command line. `on` returns the function that removes the handler.
 */
export interface CdpSession {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  on(event: string, handler: (params: Record<string, unknown>) => void): () => void;
}

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
  const run = startRender(opts);
  const { now, viewport, signal, consoleEntries, prefix } = run;
  // 1. The document, as Googlebot fetches it.
  const doc = await run.fetchDocument();
  if (!isRenderDocument(doc)) return doc;
  const { finalUrl, reply, kept } = doc;

  // 2. The render: every request answered by the policy.
  let inFlight = 0;
  let lastActivity = now();
  let loaded = false;
  let mainFrameId: string | null = null;
  let documentServed = false;
  const docHeaders = reply.headers.filter((h) => !DROP_HEADERS.test(h.name)).map((h) => ({ name: h.name, value: h.value }));
  const record = run.record;
  const settle = () => {
    inFlight--;
    lastActivity = now();
    run.progress('rendering', inFlight);
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
      const robots = await run.robots(noHash(url));
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
    run.progress('rendering');
    const nav = await cdp.send<{ frameId?: string; errorText?: string }>('Page.navigate', { url: finalUrl });
    if (nav.frameId) mainFrameId ??= nav.frameId;
    if (nav.errorText) throw new Error(nav.errorText);

    // 3. Wait: quiet network after the load event, or the time limit, or a cancel.
    stopped = await run.waitForEnd(() => ({ loaded, inFlight, lastActivity }));

    // 4. What the page has become.
    run.progress('snapshot', inFlight);
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
    run.fail(err instanceof Error ? err.message : String(err));
    stopped = opts.signal?.aborted ? 'cancelled' : 'error';
  } finally {
    run.stopRequests();
    for (const off of offs) off();
    await cdp.send('Runtime.evaluate', { expression: renderCleanupSource(RENDER_STORAGE_FAMILY), awaitPromise: true }).catch(() => undefined);
    await cdp.send('Fetch.disable').catch(() => undefined);
  }
  return run.finish(stopped, rendered, screenshot);
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
