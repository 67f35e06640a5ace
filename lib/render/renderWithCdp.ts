import { readCapped, bytesToBase64, within, type Header } from '../core';
import { noHash, countHeaderBytes, type HopReply } from '../crawl';
import { RESOURCE_LIMIT } from '../bytes';
import { pageLogFrom, readRenderPageLogSource, renderDeleteDatabasesSource, renderPageLogShimSource, renderShimSource } from './pageShims';
import { RENDER_READ_CAP, RENDER_RESOURCE_CAP, RENDER_SCREENSHOT_MAX_HEIGHT, requestKindDecision, resourceKindOf, visitorKindDecision } from './renderPolicy';
import { robotsApplies } from './renderRules';
import { renderSnapshot } from './renderSnapshot';
import { serializeComposed } from './serializeComposed';
import { DROP_HEADERS, isRenderDocument, MAX_CONSOLE, PASS_HEADERS, responsePhrase, startRender, type RenderOptions, type RenderOutput } from './renderRun';
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
 * The end of a render, whatever the page does, in at most this long after its time limit: stop
 * the page's scripts, read what it has become, delete its storage, take its picture. Each step
 * gets what is left of it; what does not fit is left out (the picture first) and said.
 */
export const RENDER_END_MS = 3_000;
/** A page that does not answer a trivial evaluation this fast is running a script that has not returned. */
const BUSY_PROBE_MS = 700;
/** Any protocol call of the render answers within this, or counts as failed (a page can stall its renderer). */
const CALL_MS = 5_000;

/**
 * Googlebot's render of one page, driven over the DevTools protocol on a page of the render's own:
 * the document fetched as Googlebot (robots.txt first, redirects by hand) and given to the page with
 * only its first 2 MB, headers included; every request the page then makes paused and answered by
 * the render — fetched as Googlebot when Google's renderer would fetch it and robots.txt allows it
 * (each under its own 2 MB, Set-Cookie dropped), refused otherwise; the user agent, viewport and
 * touch of the agent; storage that starts empty and writes nowhere (pageShims). Dialogs are
 * dismissed, window.open opens nothing, a JavaScript redirect is followed as Google follows it
 * (fetched as the document was) and noted. It ends when the network has been quiet
 * RENDER_IDLE_MS after the load event (and the page answers), or at the time limit, or when
 * cancelled — always with what the page had become: a script that never returns is stopped
 * (script execution switched off, the script under way paused by the debugger) so that the page
 * can be read, and every call after that has RENDER_END_MS in all. The caller owns the page: it
 * closes it.
 */
export async function renderWithCdp(cdp: CdpSession, opts: RenderOptions): Promise<RenderOutput> {
  const run = startRender(opts);
  const { now, viewport, signal, consoleEntries, prefix, rules } = run;
  const call = <T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, ms = CALL_MS) => within(cdp.send<T>(method, params), ms);
  const logKey = `__crawlscopeRenderLog${Math.random().toString(36).slice(2)}`;
  // The page is made ready while the document is fetched: every setting at once (the protocol
  // applies them in the order they are sent), nothing the page does before it is navigated.
  const optional = (p: Promise<unknown>) => p.catch(() => undefined);
  const setup = Promise.all([
    call('Page.enable'),
    call('Runtime.enable'),
    optional(call('Network.enable')),
    optional(call('Network.setBypassServiceWorker', { bypass: true })),
    optional(call('Network.setCacheDisabled', { cacheDisabled: true })),
    call('Emulation.setUserAgentOverride', { userAgent: rules.userAgent, ...(viewport.mobile ? { platform: 'Android' } : {}) }),
    call('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: viewport.deviceScaleFactor, mobile: viewport.mobile }),
    optional(call('Emulation.setTouchEmulationEnabled', { enabled: viewport.mobile, ...(viewport.mobile ? { maxTouchPoints: 5 } : {}) })),
    optional(call('Emulation.setFocusEmulationEnabled', { enabled: true })),
    // document.cookie never reaches the profile's jar (the shim keeps cookies in memory).
    optional(call('Emulation.setDocumentCookieDisabled', { disabled: true })),
    // The debugger, so that a script that never returns can be paused at the end (an extension may
    // not terminate one: Runtime.terminateExecution is refused to it). Breakpoints off: a
    // `debugger;` statement of the page does not stop the render.
    optional(call('Debugger.enable')),
    optional(call('Debugger.setBreakpointsActive', { active: false })),
    call('Page.addScriptToEvaluateOnNewDocument', { source: `${renderShimSource(prefix)}\n${renderPageLogShimSource(logKey)}`, runImmediately: true }),
    call('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] }),
  ]);
  setup.catch(() => undefined);
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
  const dialogs: { type: 'alert' | 'confirm' | 'prompt' | 'print' | 'beforeunload'; message: string }[] = [];
  const docHeaders = reply.headers.filter((h) => !DROP_HEADERS.test(h.name)).map((h) => ({ name: h.name, value: h.value }));
  const record = run.record;
  const settle = () => {
    inFlight--;
    lastActivity = now();
    run.progress('rendering', inFlight);
  };

  const fail = (requestId: string, reason = 'BlockedByClient') => call('Fetch.failRequest', { requestId, errorReason: reason }).catch(() => undefined);
  /** Answers a paused request with a response of ours (headers Googlebot would not pass on dropped). */
  const fulfill = (requestId: string, r: HopReply, body: Uint8Array, headers = r.headers) =>
    call('Fetch.fulfillRequest', {
      requestId,
      responseCode: r.status,
      ...(responsePhrase(r.statusLine) ? { responsePhrase: responsePhrase(r.statusLine) } : {}),
      responseHeaders: headers.filter((h) => !DROP_HEADERS.test(h.name)).map((h) => ({ name: h.name, value: h.value })),
      body: bytesToBase64(body),
    });

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
        await call('Fetch.continueRequest', { requestId }).catch(() => undefined);
        return;
      }
      // The document itself: the bytes Googlebot kept, and nothing more.
      if (kind === 'document' && !documentServed && (mainFrameId === null || e.frameId === mainFrameId) && noHash(url) === finalUrl) {
        documentServed = true;
        mainFrameId = (e.frameId as string | undefined) ?? null;
        await call('Fetch.fulfillRequest', {
          requestId,
          responseCode: reply.status,
          ...(responsePhrase(reply.statusLine) ? { responsePhrase: responsePhrase(reply.statusLine) } : {}),
          responseHeaders: docHeaders,
          body: bytesToBase64(kept),
        });
        return;
      }
      // The page moves its main frame (a JavaScript redirect): followed as Google follows one, the
      // new document fetched as the first was. One that is not followed leaves the page where it
      // is: 204 No Content ends a navigation without replacing the document.
      if (kind === 'document' && documentServed && e.frameId === mainFrameId) {
        loaded = false;
        const nav = await run.fetchNavigation(url);
        if (nav.outcome === 'followed') await fulfill(requestId, nav.reply, nav.kept);
        else await call('Fetch.fulfillRequest', { requestId, responseCode: 204, responseHeaders: [], body: '' });
        if (nav.outcome !== 'followed') loaded = true;
        return;
      }
      const decision = rules.fetchAllKinds ? visitorKindDecision(kind) : requestKindDecision(kind);
      if (decision !== 'fetch') {
        record({ url, kind, method, outcome: decision, status: null, bytes: null, keptBytes: null, robots: null, error: null });
        await fail(requestId);
        return;
      }
      const robots = robotsApplies(rules, noHash(url)) ? await run.robots(noHash(url)) : null;
      if (robots && !robots.allowed) {
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
          userAgent: rules.userAgent,
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
      // Googlebot: each resource under its own 2 MB, headers included. A visitor: whole, up to a cap.
      const cap = rules.cutResources ? RESOURCE_LIMIT : RENDER_RESOURCE_CAP;
      const body = await readCapped(res.body, { keep: Math.max(0, cap - hb), countCap: cap, signal });
      const over = hb + body.total > cap;
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
      await fulfill(requestId, res, body.bytes);
    } catch (err) {
      await fail(requestId, 'Failed');
      void err;
    } finally {
      settle();
    }
  };

  const offs: (() => void)[] = [];
  offs.push(cdp.on('Fetch.requestPaused', (e) => void onPaused(e)));
  offs.push(
    cdp.on('Page.loadEventFired', () => {
      loaded = true;
      lastActivity = now();
    }),
  );
  // A dialog the shim did not catch (a frame it did not reach): dismissed, as Google's renderer
  // dismisses them; a beforeunload prompt lets the page go.
  offs.push(
    cdp.on('Page.javascriptDialogOpening', (e) => {
      const type = String(e.type);
      if (type === 'alert' || type === 'confirm' || type === 'prompt' || type === 'beforeunload') dialogs.push({ type, message: String(e.message ?? '').slice(0, 200) });
      void call('Page.handleJavaScriptDialog', { accept: type === 'beforeunload' }).catch(() => undefined);
    }),
  );
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
  let started = false;
  try {
    await setup;
    run.progress('rendering');
    started = true;
    const nav = await call<{ frameId?: string; errorText?: string }>('Page.navigate', { url: finalUrl });
    if (nav.frameId) mainFrameId ??= nav.frameId;
    if (nav.errorText) throw new Error(nav.errorText);

    // 3. Wait: quiet network after the load event, or the time limit, or a cancel.
    stopped = await run.waitForEnd(
      () => ({ loaded, inFlight, lastActivity }),
      () => call('Runtime.evaluate', { expression: '0', returnByValue: true }, BUSY_PROBE_MS).then(
        () => true,
        () => false,
      ),
    );
  } catch (err) {
    run.fail(err instanceof Error ? err.message : String(err));
    stopped = opts.signal?.aborted ? 'cancelled' : 'error';
  }
  // 4. What the page has become, within RENDER_END_MS whatever the page does.
  run.progress('snapshot', inFlight);
  run.stopRequests();
  if (started) {
    // Whatever the page does, the end takes at most RENDER_END_MS past the time limit; a page that
    // went quiet early may use the time it left over (a large page takes a while to read).
    const endBy = Math.max(now(), run.started + run.timeLimitMs) + RENDER_END_MS;
    const left = () => endBy - now();
    const scriptStopped = await stopScripts(call, left);
    rendered = await readView(call, left, finalUrl).catch(() => null);
    if (rendered) run.notePage({ snapshotAtMs: now() - run.started });
    const log = pageLogFrom(await call<{ result?: { value?: unknown } }>('Runtime.evaluate', { expression: readRenderPageLogSource(logKey), returnByValue: true }, Math.min(1000, left())).then((r) => r.result?.value).catch(() => null));
    run.notePage({ ...log, dialogs: [...log.dialogs, ...dialogs].slice(0, 50), scriptStopped });
    await deleteRenderStorage(call, left, prefix);
    if (opts.screenshot && stopped !== 'cancelled' && left() > 500) screenshot = await captureFullPage(call, viewport.deviceScaleFactor, left).catch(() => null);
  }
  for (const off of offs) off();
  await call('Fetch.disable', undefined, 500).catch(() => undefined);
  return run.finish(stopped, rendered, screenshot);
}

type Call = <T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, ms?: number) => Promise<T>;

/**
 * Stops the page's scripts so that it can be read: script execution off (no timer, event or new
 * script of the page runs again), then, when the page still does not answer — a script that never
 * returns —, the debugger pauses the script under way (the page is then read while paused; its
 * tab closes after). Returns whether one had to be.
 */
async function stopScripts(call: Call, left: () => number): Promise<boolean> {
  await call('Emulation.setScriptExecutionDisabled', { value: true }, Math.min(1000, left())).catch(() => undefined);
  const probe = call('Runtime.evaluate', { expression: '0', returnByValue: true }, left());
  probe.catch(() => undefined);
  try {
    await within(probe, Math.min(BUSY_PROBE_MS, left()));
    return false;
  } catch {
    await call('Debugger.pause', undefined, Math.min(1000, left())).catch(() => undefined);
    await within(probe, Math.min(1500, left())).catch(() => undefined);
    return true;
  }
}

/** The page as it is now, shadow DOM flattened, read against the URL it shows (a JavaScript redirect moves it). */
async function readView(call: Call, left: () => number, fallbackUrl: string): Promise<RenderSnapshot | null> {
  const fn = serializeComposed.toString();
  const got = await call<{ result?: { value?: { html: string; capped: boolean; url: string } } }>(
    'Runtime.evaluate',
    {
      // A bundler's naming helper must not leak into the page.
      expression: `(() => { const __name = (f) => f; return { ...(${fn})(document, ${RENDER_READ_CAP}), url: String(location.href) }; })()`,
      returnByValue: true,
    },
    Math.max(500, left() - 1000),
  );
  const value = got.result?.value;
  if (!value || typeof value.html !== 'string') return null;
  const at = /^https?:/i.test(value.url) ? noHash(value.url) : fallbackUrl;
  return renderSnapshot(value.html, at, !!value.capped);
}

/**
 * Deletes the render's own IndexedDB databases and caches (named under `prefix` by the shim):
 * the databases by the names the page opened (asked of the browser synchronously: the page's
 * scripts are stopped by now), the caches through the browser's storage domain in every frame's
 * storage. Nothing the rendered page wrote stays in the profile.
 */
async function deleteRenderStorage(call: Call, left: () => number, prefix: string): Promise<void> {
  await call('Runtime.evaluate', { expression: renderDeleteDatabasesSource(prefix), returnByValue: true }, Math.min(1000, left())).catch(() => undefined);
  type Frame = { frame: { id: string; securityOrigin?: string }; childFrames?: Frame[] };
  const tree = await call<{ frameTree: Frame }>('Page.getFrameTree', undefined, Math.min(1000, left())).catch(() => null);
  const frames: Frame['frame'][] = [];
  const walk = (f: Frame | undefined) => {
    if (!f) return;
    frames.push(f.frame);
    for (const c of f.childFrames ?? []) walk(c);
  };
  walk(tree?.frameTree);
  const keys = new Set<string>();
  for (const f of frames) {
    const key = await call<{ storageKey?: string }>('Storage.getStorageKeyForFrame', { frameId: f.id }, Math.min(500, left())).catch(() => null);
    if (key?.storageKey) keys.add(key.storageKey);
    else if (f.securityOrigin && /^https?:/.test(f.securityOrigin)) keys.add(`${f.securityOrigin}/`);
  }
  for (const storageKey of keys) {
    const caches = await call<{ caches?: { cacheId: string; cacheName: string }[] }>('CacheStorage.requestCacheNames', { storageKey }, Math.min(1000, left())).catch(() => null);
    for (const c of caches?.caches ?? []) if (c.cacheName.startsWith(prefix)) await call('CacheStorage.deleteCache', { cacheId: c.cacheId }, Math.min(1000, left())).catch(() => undefined);
  }
}

/** A picture of the whole page in CSS pixels (JPEG: a tall page is megabytes as PNG, seconds to encode), at most RENDER_SCREENSHOT_MAX_HEIGHT tall. */
async function captureFullPage(call: Call, deviceScaleFactor: number, left: () => number): Promise<string | null> {
  const m = await call<{ cssContentSize?: { width: number; height: number }; contentSize?: { width: number; height: number }; cssLayoutViewport?: { clientWidth: number } }>('Page.getLayoutMetrics', undefined, left());
  const size = m.cssContentSize ?? m.contentSize;
  if (!size) return null;
  const width = Math.max(1, Math.ceil(m.cssLayoutViewport?.clientWidth ?? size.width));
  const height = Math.max(1, Math.min(RENDER_SCREENSHOT_MAX_HEIGHT, Math.ceil(size.height)));
  const shot = await call<{ data: string }>('Page.captureScreenshot', { format: 'jpeg', quality: 80, optimizeForSpeed: true, captureBeyondViewport: true, clip: { x: 0, y: 0, width, height, scale: 1 / deviceScaleFactor } }, left());
  return shot.data;
}
