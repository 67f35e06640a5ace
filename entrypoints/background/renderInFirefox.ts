import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { countHeaderBytes, noHash } from '../../lib/crawl';
import { RESOURCE_LIMIT } from '../../lib/bytes';
import { bytesToBase64, within } from '../../lib/core';
import { isRenderDocument, MAX_CONSOLE, RENDER_SCREENSHOT_MAX_HEIGHT, renderShimSource, renderSnapshot, requestKindDecision, startRender, pageLogFrom, renderReaderShimSource, renderConsoleShimSource, renderIdentityShimSource, renderPageLogShimSource, RENDER_END_MS, RENDER_READ_CAP, RENDER_RESOURCE_CAP, resourceKindOfWebRequest, visitorKindDecision, robotsApplies, cspAllowingScript, injectScriptAtStart, type RenderConsoleEntry, type RenderOptions, type RenderOutput, type RenderResource, type RenderSnapshot, type ResourceKind, type StoppedBecause } from '../../lib/render';
import { sendToTab } from '../../utils/messaging';
import type { BackgroundHandler } from '../../utils/protocol';

// Firefox's own WebExtension APIs (not in Chrome's types): containers, stream filters, captureTab.
interface StreamFilter {
  onstart: ((e: Event) => void) | null;
  ondata: ((e: { data: ArrayBuffer }) => void) | null;
  onstop: ((e: Event) => void) | null;
  onerror: ((e: Event) => void) | null;
  readonly error: string;
  write(data: Uint8Array | ArrayBuffer): void;
  close(): void;
  disconnect(): void;
}
type HttpHeaders = { name: string; value?: string }[];
interface RequestDetails {
  requestId: string;
  url: string;
  method: string;
  type: string;
  tabId: number;
  statusCode?: number;
  statusLine?: string;
  requestHeaders?: HttpHeaders;
  responseHeaders?: HttpHeaders;
  error?: string;
}
type Blocking = { cancel?: boolean; requestHeaders?: HttpHeaders; responseHeaders?: HttpHeaders };
interface WebRequestEvent<R> {
  addListener(cb: (d: RequestDetails) => R, filter: { urls: string[]; tabId?: number }, extra?: string[]): void;
  removeListener(cb: (d: RequestDetails) => R): void;
}
interface Gecko {
  contextualIdentities: {
    create(d: { name: string; color: string; icon: string }): Promise<{ cookieStoreId: string }>;
    remove(cookieStoreId: string): Promise<unknown>;
  };
  webRequest: {
    filterResponseData(requestId: string): StreamFilter;
    onBeforeRequest: WebRequestEvent<Blocking | Promise<Blocking>>;
    onBeforeSendHeaders: WebRequestEvent<Blocking>;
    onHeadersReceived: WebRequestEvent<Blocking>;
    onCompleted: WebRequestEvent<void>;
    onErrorOccurred: WebRequestEvent<void>;
  };
  windows: {
    create(d: Record<string, unknown>): Promise<{ id?: number; width?: number; height?: number; tabs?: { id?: number }[] }>;
    update(id: number, d: Record<string, unknown>): Promise<{ width?: number; height?: number }>;
    remove(id: number): Promise<void>;
    get(id: number): Promise<{ width?: number; height?: number }>;
  };
  tabs: {
    get(id: number): Promise<{ width?: number; height?: number; url?: string }>;
    update(id: number, d: { url: string }): Promise<unknown>;
    captureTab(id: number, o: { format: 'jpeg'; quality: number; rect: { x: number; y: number; width: number; height: number }; scale: number }): Promise<string>;
  };
}
const gecko = browser as unknown as Gecko;

/** Containers and windows of renders under way, in session storage: a restarted event page removes what a stopped one left. */
const OPEN_KEY = 'render:firefox';
type Open = { containers: string[]; windows: number[] };
async function remember(change: (o: Open) => Open): Promise<void> {
  const got = ((await browser.storage.session.get(OPEN_KEY))[OPEN_KEY] as Open | undefined) ?? { containers: [], windows: [] };
  await browser.storage.session.set({ [OPEN_KEY]: change(got) });
}

/** Removes the render windows and containers a stopped event page left (call once at start). */
export async function removeStaleRenderContainers(): Promise<void> {
  const got = (await browser.storage.session.get(OPEN_KEY))[OPEN_KEY] as Open | undefined;
  if (!got) return;
  for (const id of got.windows) await gecko.windows.remove(id).catch(() => undefined);
  for (const id of got.containers) await gecko.contextualIdentities.remove(id).catch(() => undefined);
  await browser.storage.session.remove(OPEN_KEY);
}

/** Request headers the render never sends: the browser's identity, cookies and language (Googlebot sends none). */
const STRIP_REQUEST = /^(user-agent|cookie|accept-language|sec-ch-ua.*)$/i;

/** SHA-256 of the inline shim, as a CSP hash source ('sha256-…'). */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `sha256-${bytesToBase64(digest)}`;
}

/**
 * The render in Firefox, with the same lib/render policy as Chrome's, applied without a debugger:
 *
 * - A container (contextualIdentities) made for this render: its own cookie jar and storage, so
 *   the user's cookies never reach the rendered page and nothing it writes reaches the user's
 *   profile; removed, with its window, when the render ends, fails, times out or is cancelled.
 * - A window of its own in that container, not focused, its content area sized to the agent's
 *   viewport (Firefox cannot emulate a device pixel ratio or a mobile viewport: the page sees the
 *   window's width at the screen's ratio).
 * - Blocking webRequest on that tab only: the document is answered (filterResponseData) with the
 *   bytes Googlebot kept — fetched through the crawl layer's hop fetcher as Googlebot, robots.txt
 *   first, cut at 2 MB with the headers — and nothing more; a kind Google's renderer does not fetch
 *   (images, video, fonts, beacons) or a URL robots.txt disallows is cancelled before it is sent;
 *   every other response passes through a stream filter that stops at its own 2 MB (headers
 *   included); User-Agent is Googlebot's, Cookie and Accept-Language are removed
 *   (onBeforeSendHeaders), Set-Cookie is dropped (onHeadersReceived).
 * - navigator.userAgent, empty in-memory storage, declined permissions, no WebSocket/WebRTC/WebGL
 *   and the console listener come from lib/render's page shims, written into the document's own
 *   bytes as its first script (after the doctype). Why not a content script: registered content
 *   scripts (scripting.registerContentScripts, even with world MAIN and runAt document_start)
 *   match URLs, not one tab — the user's own tab of the same site would get the shims while the
 *   render runs — and tabs.executeScript / scripting.executeScript on a loading tab races the
 *   page's first inline script. The document's bytes are the render's already, so the shim is
 *   simply the first thing the parser runs; the document's CSP is given the shim's hash.
 */
export async function renderPassInFirefox(opts: RenderOptions): Promise<RenderOutput> {
  const closed = new AbortController();
  const run = startRender({ ...opts, signal: opts.signal ? AbortSignal.any([opts.signal, closed.signal]) : closed.signal });
  const { now, viewport, rules } = run;
  const doc = await run.fetchDocument();
  if (!isRenderDocument(doc)) return doc;
  const { finalUrl } = doc;
  const consoleKey = `__crawlscopeRender${Math.random().toString(36).slice(2)}`;
  const logKey = `__crawlscopeRenderLog${Math.random().toString(36).slice(2)}`;
  const readerKey = `__crawlscopeRenderRead${Math.random().toString(36).slice(2)}`;
  const shim = [
    renderShimSource(run.prefix),
    renderIdentityShimSource(rules.userAgent, viewport.mobile),
    renderPageLogShimSource(logKey),
    renderReaderShimSource(readerKey, RENDER_READ_CAP),
    renderConsoleShimSource(consoleKey, MAX_CONSOLE),
    'document.currentScript && document.currentScript.remove();',
  ].join('\n');
  const page = injectScriptAtStart(doc.kept, shim);
  const shimHash = page.injected ? await hashSource(shim.replace(/<\/(script)/gi, '<\\/$1')) : null;

  const container = await gecko.contextualIdentities.create({ name: i18n.t('render.heading'), color: 'toolbar', icon: 'fingerprint' });
  const cookieStoreId = container.cookieStoreId;
  await remember((o) => ({ ...o, containers: [...o.containers, cookieStoreId] }));
  let windowId: number | undefined;
  try {
    const size = { url: 'about:blank', type: 'normal', width: viewport.width, height: viewport.height, cookieStoreId };
    const win = await gecko.windows.create({ ...size, focused: false }).catch(() => gecko.windows.create(size));
    windowId = win.id;
    const tabId = win.tabs?.[0]?.id;
    if (windowId === undefined || tabId === undefined) throw new Error('The render window could not be opened');
    const wid = windowId;
    await remember((o) => ({ ...o, windows: [...o.windows, wid] }));
    // The window's frame and toolbars take their share: size it again so the page gets the agent's
    // width and height. Firefox keeps a window at least 500 px wide, wider than a phone (412 px):
    // the Smartphone render is then 500 px wide, and its result says so (limits.viewport). Zooming
    // the tab would narrow its CSS viewport, but Firefox's zoom is per site (tabs.setZoomSettings
    // refuses "per-tab") and shared with the user's own tabs, so it is not used.
    // Twice: the first resize can land short while the window's toolbars settle.
    for (let i = 0; i < 2; i++) {
      const [tab, outer] = await Promise.all([gecko.tabs.get(tabId), gecko.windows.get(wid)]);
      if (!tab.width || !tab.height || (tab.width === viewport.width && tab.height === viewport.height)) break;
      await gecko.windows.update(wid, { width: (outer.width ?? viewport.width) + viewport.width - tab.width, height: (outer.height ?? viewport.height) + viewport.height - tab.height });
    }
    const sized = await gecko.tabs.get(tabId);
    if (sized.width && sized.height) run.noteViewport(sized.width, sized.height);
    return await drive(tabId);
  } finally {
    if (windowId !== undefined) await gecko.windows.remove(windowId).catch(() => undefined);
    await gecko.contextualIdentities.remove(cookieStoreId).catch(() => undefined);
    const wid = windowId;
    await remember((o) => ({ containers: o.containers.filter((c) => c !== cookieStoreId), windows: o.windows.filter((w) => w !== wid) })).catch(() => undefined);
  }

  async function drive(tabId: number): Promise<RenderOutput> {
    let inFlight = 0;
    let lastActivity = now();
    let loaded = false;
    /** The main frame's documents the render answers (the first, then each JavaScript redirect followed). */
    const documents = new Set<string>();
    type Entry = { url: string; kind: ResourceKind; method: string; status: number | null; headerBytes: number; seen: number; kept: number; done: boolean; filter: StreamFilter | null };
    const tracked = new Map<string, Entry>();
    const touch = () => {
      lastActivity = now();
      run.progress('rendering', inFlight);
    };
    const resource = (e: Pick<Entry, 'url' | 'kind' | 'method'>, rest: Partial<RenderResource> & Pick<RenderResource, 'outcome'>): RenderResource => ({
      url: e.url, kind: e.kind, method: e.method, status: null, bytes: null, keptBytes: null, robots: null, error: null, ...rest,
    });
    const done = (id: string, outcome: RenderResource['outcome'], error: string | null = null) => {
      const e = tracked.get(id);
      if (!e || e.done) return;
      e.done = true;
      run.record(resource(e, { outcome, status: e.status, bytes: e.seen, keptBytes: e.kept, error }));
      inFlight--;
      touch();
    };
    /** Passes a response through up to its own 2 MB, headers included; past that the page gets nothing more. */
    const filterResource = (id: string, e: Entry) => {
      const f = gecko.webRequest.filterResponseData(id);
      e.filter = f;
      f.ondata = ({ data }) => {
        const bytes = new Uint8Array(data);
        // Googlebot: each resource under its own 2 MB, headers included. A visitor: whole, up to a cap.
        const room = Math.max(0, (rules.cutResources ? RESOURCE_LIMIT : RENDER_RESOURCE_CAP) - e.headerBytes - e.kept);
        e.seen += bytes.length;
        lastActivity = now();
        if (bytes.length <= room) {
          f.write(bytes);
          e.kept += bytes.length;
          return;
        }
        if (room) f.write(bytes.subarray(0, room));
        e.kept += room;
        f.close();
        done(id, 'cut');
      };
      f.onstop = () => {
        f.close();
        done(id, 'loaded');
      };
      f.onerror = () => done(id, 'failed', f.error || 'stream error');
    };
    /** Answers a main-frame document request with bytes of the render's own (the shim first). */
    const serveDocument = (requestId: string, bytes: Uint8Array) => {
      documents.add(requestId);
      const f = gecko.webRequest.filterResponseData(requestId);
      f.onstart = () => {
        f.write(bytes);
        f.close();
      };
      f.onerror = () => run.fail(`document: ${f.error}`);
    };

    const onBeforeRequest = (d: RequestDetails): Blocking | Promise<Blocking> => {
      if (!/^https?:/i.test(d.url)) return {};
      lastActivity = now();
      const url = noHash(d.url);
      // The document itself: the bytes Googlebot kept (with the shim first), and nothing more.
      if (d.type === 'main_frame' && documents.size === 0 && url === finalUrl) {
        serveDocument(d.requestId, page.bytes);
        return {};
      }
      // The page moves its main frame (a JavaScript redirect): followed as Google follows one, the
      // new document fetched as the first was and given the shim; one that is not followed is
      // cancelled, and the page stays where it is.
      if (d.type === 'main_frame') {
        loaded = false;
        return run.fetchNavigation(url).then((nav) => {
          if (nav.outcome !== 'followed') {
            loaded = true;
            return { cancel: true };
          }
          serveDocument(d.requestId, injectScriptAtStart(nav.kept, shim).bytes);
          return {};
        });
      }
      const kind = resourceKindOfWebRequest(d.type);
      const method = d.method.toUpperCase();
      const again = tracked.get(d.requestId);
      if (again) {
        // A redirect of a request already under way: robots.txt is asked for the new URL too.
        tracked.delete(d.requestId);
        inFlight--;
      }
      const decision = rules.fetchAllKinds ? visitorKindDecision(kind) : requestKindDecision(kind);
      if (decision !== 'fetch') {
        run.record(resource({ url: d.url, kind, method }, { outcome: decision }));
        return { cancel: true };
      }
      inFlight++;
      touch();
      const entry: Entry = { url: d.url, kind, method, status: null, headerBytes: 0, seen: 0, kept: 0, done: false, filter: null };
      tracked.set(d.requestId, entry);
      if (!robotsApplies(rules, url)) {
        filterResource(d.requestId, entry);
        return {};
      }
      return run.robots(url).then(
        (robots) => {
          if (!robots.allowed) {
            entry.done = true;
            run.record(resource(entry, { outcome: 'blocked-robots', robots }));
            inFlight--;
            touch();
            return { cancel: true };
          }
          filterResource(d.requestId, entry);
          return {};
        },
        (err: unknown) => {
          done(d.requestId, 'failed', err instanceof Error ? err.message : String(err));
          return { cancel: true };
        },
      );
    };
    const onBeforeSendHeaders = (d: RequestDetails): Blocking => ({
      requestHeaders: [...(d.requestHeaders ?? []).filter((h) => !STRIP_REQUEST.test(h.name)), { name: 'User-Agent', value: rules.userAgent }],
    });
    const onHeadersReceived = (d: RequestDetails): Blocking => {
      let headers = (d.responseHeaders ?? []).filter((h) => !/^set-cookie2?$/i.test(h.name));
      const e = tracked.get(d.requestId);
      if (e && !e.done) {
        e.status = d.statusCode ?? null;
        e.headerBytes = countHeaderBytes(d.statusLine ?? '', headers.map((h) => ({ name: h.name, value: h.value ?? '' })), d.statusCode ?? 0);
      }
      if (documents.has(d.requestId) && shimHash) {
        headers = headers.map((h) => (/^content-security-policy$/i.test(h.name) && h.value ? { name: h.name, value: cspAllowingScript(h.value, shimHash) } : h));
      }
      return { responseHeaders: headers };
    };
    const onCompleted = (d: RequestDetails) => done(d.requestId, 'loaded');
    const onErrorOccurred = (d: RequestDetails) => done(d.requestId, 'failed', d.error ?? null);

    // What the page has become, read while it answers: Firefox cannot stop a script of the page
    // (there is no terminateExecution for an extension), and its content script shares the page's
    // thread, so a page whose script never returns cannot be read afterwards. The render reads the
    // page at its load event and again at growing intervals (1, 2, 4… s) while it answers, and
    // keeps the last view; the result says when it was read (page.snapshotAtMs).
    let lastView: { snapshot: RenderSnapshot; at: number } | null = null;
    // The page pushes itself at DOMContentLoaded and load (the shim, through the tab's content
    // script): a view that does not depend on the page answering later.
    const stopPushes = onPushedView(tabId, (v) => {
      const at = /^https?:/i.test(v.url) ? noHash(v.url) : finalUrl;
      lastView = { snapshot: renderSnapshot(v.html, at, v.capped), at: now() - run.started };
    });
    let reading = false;
    let nextRead = Infinity;
    let readGap = 1000;
    const readView = async (ms: number): Promise<RenderSnapshot | null> => {
      const got = await within(readPage(tabId, readerKey), ms);
      const at = /^https?:/i.test(got.url) ? noHash(got.url) : finalUrl;
      const snapshot = renderSnapshot(got.html, at, got.capped);
      lastView = { snapshot, at: now() - run.started };
      return snapshot;
    };
    const readNow = () => {
      if (reading) return;
      reading = true;
      readView(2000)
        .catch(() => null)
        .finally(() => {
          reading = false;
          nextRead = now() + readGap;
          readGap *= 2;
        });
    };
    const reader = setInterval(() => {
      if (loaded && now() >= nextRead) readNow();
    }, 100);

    const onUpdated = (id: number, change: { status?: string }, t: { url?: string }) => {
      if (id === tabId && change.status === 'complete' && documents.size > 0 && /^https?:/i.test(t.url ?? '')) {
        loaded = true;
        touch();
        nextRead = now();
      }
    };
    const onRemoved = (id: number) => {
      if (id === tabId) closed.abort();
    };
    // A tab the rendered page opened all the same (the shim answers window.open with null; a
    // link with a target does not go through it): closed at once, and counted.
    let windowsClosed = 0;
    const onCreated = (t: { id?: number; openerTabId?: number }) => {
      if (t.openerTabId !== tabId || t.id === undefined) return;
      windowsClosed++;
      void browser.tabs.remove(t.id).catch(() => undefined);
    };
    const filter = { urls: ['<all_urls>'], tabId };
    const wr = gecko.webRequest;
    wr.onBeforeRequest.addListener(onBeforeRequest, filter, ['blocking']);
    wr.onBeforeSendHeaders.addListener(onBeforeSendHeaders, filter, ['blocking', 'requestHeaders']);
    wr.onHeadersReceived.addListener(onHeadersReceived, filter, ['blocking', 'responseHeaders']);
    wr.onCompleted.addListener(onCompleted, filter);
    wr.onErrorOccurred.addListener(onErrorOccurred, filter);
    browser.tabs.onUpdated.addListener(onUpdated as never);
    browser.tabs.onRemoved.addListener(onRemoved);
    browser.tabs.onCreated.addListener(onCreated as never);

    let stopped: StoppedBecause = 'idle';
    let rendered: RenderSnapshot | null = null;
    let screenshot: string | null = null;
    try {
      run.progress('rendering');
      await gecko.tabs.update(tabId, { url: finalUrl });
      // 3. Wait: quiet network after the load event and a page that answers, or the time limit, or a cancel.
      stopped = await run.waitForEnd(
        () => ({ loaded, inFlight, lastActivity }),
        () => within(sendToTab(tabId, 'getPageFacts', {}), 500).then(
          () => true,
          () => false,
        ),
      );
    } catch (err) {
      run.fail(err instanceof Error ? err.message : String(err));
      stopped = run.opts.signal?.aborted ? 'cancelled' : 'error';
    }
    // 4. What the page has become, within RENDER_END_MS whatever the page does.
    clearInterval(reader);
    run.progress('snapshot', inFlight);
    const endBy = Math.max(now(), run.started + run.timeLimitMs) + RENDER_END_MS;
    const left = () => Math.max(0, endBy - now());
    try {
      if (stopped !== 'cancelled' || lastView === null) {
        rendered = await readView(Math.min(2000, left())).catch(() => null);
      }
      const busy = rendered === null && documents.size > 0;
      const last = lastView as { snapshot: RenderSnapshot; at: number } | null;
      if (!rendered && last) rendered = last.snapshot;
      run.notePage({ snapshotAtMs: last ? last.at : null, scriptStopped: busy, windowsClosed });
      if (!busy) {
        run.consoleEntries.push(...(await within(readConsole(tabId, consoleKey), Math.min(500, left())).catch(() => [])));
        const log = await within(readPageLog(tabId, logKey), Math.min(500, left())).catch(() => null);
        if (log) run.notePage({ ...log, scriptStopped: false, windowsClosed });
        if (run.opts.screenshot && stopped !== 'cancelled' && left() > 300) screenshot = await within(captureFullPage(tabId), left()).catch(() => null);
      }
    } finally {
      run.stopRequests();
      wr.onBeforeRequest.removeListener(onBeforeRequest);
      wr.onBeforeSendHeaders.removeListener(onBeforeSendHeaders);
      wr.onHeadersReceived.removeListener(onHeadersReceived);
      wr.onCompleted.removeListener(onCompleted);
      wr.onErrorOccurred.removeListener(onErrorOccurred);
      browser.tabs.onUpdated.removeListener(onUpdated as never);
      browser.tabs.onRemoved.removeListener(onRemoved);
      browser.tabs.onCreated.removeListener(onCreated as never);
      stopPushes();
      // What is still loading when the render ends has run out of time.
      for (const [id, e] of tracked) {
        if (e.done) continue;
        try {
          e.filter?.close();
        } catch {
          // already closed
        }
        done(id, 'timeout');
      }
    }
    return run.finish(stopped, rendered, screenshot);
  }
}

type PushedView = { url: string; html: string; capped: boolean };
/** The render tabs under way that listen for their page's pushed view (renderView). */
const pushListeners = new Map<number, (v: PushedView) => void>();

/** Listens for the views the page of render tab `tabId` pushes; returns the function that stops. */
function onPushedView(tabId: number, listen: (v: PushedView) => void): () => void {
  pushListeners.set(tabId, listen);
  return () => pushListeners.delete(tabId);
}

/** The background's renderView: a render tab's page as it pushed itself; anything else is ignored. */
export const renderView: BackgroundHandler<'renderView'> = async (view, sender) => {
  const tabId = sender?.tab?.id;
  if (tabId === undefined || typeof view?.html !== 'string') return null;
  pushListeners.get(tabId)?.({ url: String(view.url ?? ''), html: view.html, capped: view.capped === true });
  return null;
};

/** The page as it is now, read by the serializer the shim installed (in the page's own world). */
async function readPage(tabId: number, key: string): Promise<{ html: string; capped: boolean; url: string }> {
  const [got] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    world: 'MAIN',
    func: (k: string, cap: number) => {
      const read = (window as unknown as Record<string, unknown>)[k];
      return typeof read === 'function' ? (read as (c: number) => unknown)(cap) : null;
    },
    args: [key, RENDER_READ_CAP],
  });
  const v = got?.result as { html?: unknown; capped?: unknown; url?: unknown } | null | undefined;
  if (!v || typeof v.html !== 'string') throw new Error('The page could not be read');
  return { html: v.html, capped: v.capped === true, url: typeof v.url === 'string' ? v.url : '' };
}

/** The page log the shim kept (read in the page's own world). */
async function readPageLog(tabId: number, key: string) {
  const [got] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    world: 'MAIN',
    func: (k: string) => {
      const log = (window as unknown as Record<string, unknown>)[k];
      return log ? JSON.parse(JSON.stringify(log)) : null;
    },
    args: [key],
  });
  return pageLogFrom(got?.result);
}

/** The console entries the page shim kept (read in the page's own world). */
async function readConsole(tabId: number, key: string): Promise<RenderConsoleEntry[]> {
  const [got] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    world: 'MAIN',
    func: (k: string) => {
      const list = (window as unknown as Record<string, unknown>)[k];
      return Array.isArray(list) ? JSON.parse(JSON.stringify(list)) : [];
    },
    args: [key],
  });
  const list = (got?.result ?? []) as RenderConsoleEntry[];
  return list.slice(0, MAX_CONSOLE).map((e) => ({
    level: e.level === 'warning' || e.level === 'exception' ? e.level : 'error',
    text: String(e.text ?? '').slice(0, 2000),
    url: typeof e.url === 'string' ? e.url : null,
    line: typeof e.line === 'number' ? e.line : null,
  }));
}

/** The whole page (up to RENDER_SCREENSHOT_MAX_HEIGHT CSS pixels tall) as a JPEG: Firefox's captureTab draws a rect past the viewport. */
async function captureFullPage(tabId: number): Promise<string | null> {
  const [got] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: () => ({
      width: document.documentElement.clientWidth,
      height: Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
    }),
  });
  const size = got?.result as { width: number; height: number } | undefined;
  if (!size) return null;
  const rect = { x: 0, y: 0, width: Math.max(1, size.width), height: Math.max(1, Math.min(RENDER_SCREENSHOT_MAX_HEIGHT, size.height)) };
  const url = await gecko.tabs.captureTab(tabId, { format: 'jpeg', quality: 80, rect, scale: 1 });
  return url.slice(url.indexOf(',') + 1);
}
