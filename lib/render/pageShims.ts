import { serializeComposed } from './serializeComposed';
/**
 * The script the render runs in every document before the page's own scripts: what Google's
 * renderer is like ("Fix Search-related JavaScript problems"), and what keeps the render apart
 * from the user's browser profile.
 *
 * - Storage starts empty and is written nowhere: localStorage, sessionStorage and document.cookie
 *   are kept in memory for the render; IndexedDB and Cache Storage get names of their own
 *   (`<prefix><name>`), which are deleted when the render ends (renderDeleteDatabasesSource, and
 *   the browser's storage domain for caches) and hidden
 *   from the page, so the user's own databases are neither read nor written. The Cookie Store
 *   API is not offered.
 * - Permission requests are declined (notifications, geolocation, camera and microphone, the
 *   Permissions API says "denied").
 * - WebSocket, WebRTC and WebGL are not available; service workers are not registered.
 *
 * It is plain text (not a function's source) so that no bundler helper can leak into the page.
 */
export function renderShimSource(prefix: string): string {
  const P = JSON.stringify(prefix);
  return `(() => {
  const P = ${P};
  const def = (o, k, v) => { try { Object.defineProperty(o, k, { value: v, configurable: true, writable: true }); } catch (e) {} };
  const memoryStorage = () => {
    const m = new Map();
    const api = {
      getItem: (k) => (m.has(String(k)) ? m.get(String(k)) : null),
      setItem: (k, v) => { m.set(String(k), String(v)); },
      removeItem: (k) => { m.delete(String(k)); },
      clear: () => { m.clear(); },
      key: (i) => Array.from(m.keys())[i] ?? null,
      get length() { return m.size; },
    };
    return new Proxy(api, {
      get: (t, k) => (k in t ? t[k] : typeof k === 'string' && m.has(k) ? m.get(k) : undefined),
      set: (t, k, v) => { if (k in t) return false; m.set(String(k), String(v)); return true; },
      deleteProperty: (t, k) => { m.delete(String(k)); return true; },
      has: (t, k) => k in t || m.has(String(k)),
      ownKeys: () => Array.from(m.keys()),
      getOwnPropertyDescriptor: (t, k) => (m.has(String(k)) ? { value: m.get(String(k)), enumerable: true, configurable: true, writable: true } : undefined),
    });
  };
  def(window, 'localStorage', memoryStorage());
  def(window, 'sessionStorage', memoryStorage());

  const jar = new Map();
  try {
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() { return Array.from(jar, ([k, v]) => (k ? k + '=' + v : v)).join('; '); },
      set(text) {
        const parts = String(text).split(';');
        const first = parts.shift() || '';
        const eq = first.indexOf('=');
        const name = (eq < 0 ? '' : first.slice(0, eq)).trim();
        const value = (eq < 0 ? first : first.slice(eq + 1)).trim();
        const gone = parts.some((p) => { const [a, b = ''] = p.split('='); const n = a.trim().toLowerCase(); return (n === 'max-age' && Number(b) <= 0) || (n === 'expires' && Date.parse(b) < Date.now()); });
        if (gone) jar.delete(name); else jar.set(name, value);
      },
    });
  } catch (e) {}
  def(window, 'cookieStore', undefined);

  if (window.indexedDB) {
    const idb = window.indexedDB;
    const open = idb.open.bind(idb);
    const del = idb.deleteDatabase.bind(idb);
    const list = idb.databases ? idb.databases.bind(idb) : null;
    // The names this page opened, for the render's end (renderDeleteDatabasesSource): listing
    // them then is asynchronous, and the page's event loop is stopped by that time.
    const opened = new Set();
    try { Object.defineProperty(window, P + 'databases', { value: opened, enumerable: false, configurable: false, writable: false }); } catch (e) {}
    def(idb, 'open', (name, version) => { opened.add(P + String(name)); return version === undefined ? open(P + String(name)) : open(P + String(name), version); });
    def(idb, 'deleteDatabase', (name) => del(P + String(name)));
    if (list) def(idb, 'databases', () => list().then((all) => all.filter((d) => d.name.startsWith(P)).map((d) => ({ name: d.name.slice(P.length), version: d.version }))));
  }
  if (window.caches) {
    const c = window.caches;
    const own = (n) => P + String(n);
    const keys = c.keys.bind(c);
    const mine = () => keys().then((all) => all.filter((n) => n.startsWith(P)));
    def(c, 'open', ((f) => (n) => f(own(n)))(c.open.bind(c)));
    def(c, 'has', ((f) => (n) => f(own(n)))(c.has.bind(c)));
    def(c, 'delete', ((f) => (n) => f(own(n)))(c.delete.bind(c)));
    def(c, 'keys', () => mine().then((ns) => ns.map((n) => n.slice(P.length))));
    def(c, 'match', async (req, opts) => { for (const n of await mine()) { const hit = await (await c.open(n.slice(P.length))).match(req, opts); if (hit) return hit; } return undefined; });
  }
  if (navigator.serviceWorker) {
    try { def(Object.getPrototypeOf(navigator.serviceWorker), 'register', () => Promise.reject(new DOMException('Service workers are not available in this render', 'SecurityError'))); } catch (e) {}
  }

  const denied = () => Promise.resolve({ state: 'denied', status: 'denied', onchange: null, addEventListener() {}, removeEventListener() {} });
  if (navigator.permissions) def(navigator.permissions, 'query', denied);
  if (window.Notification) { def(window.Notification, 'requestPermission', () => Promise.resolve('denied')); try { Object.defineProperty(window.Notification, 'permission', { get: () => 'denied', configurable: true }); } catch (e) {} }
  if (navigator.geolocation) {
    const refuse = (ok, fail) => { if (typeof fail === 'function') setTimeout(() => fail({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }), 0); return 0; };
    def(navigator.geolocation, 'getCurrentPosition', refuse);
    def(navigator.geolocation, 'watchPosition', refuse);
  }
  if (navigator.mediaDevices) def(navigator.mediaDevices, 'getUserMedia', () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));

  for (const k of ['WebSocket', 'WebSocketStream', 'RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'WebTransport']) def(window, k, undefined);
  const noGl = (type) => /^(webgl|webgl2|experimental-webgl)$/i.test(String(type));
  for (const C of [window.HTMLCanvasElement, window.OffscreenCanvas]) {
    if (!C) continue;
    const get = C.prototype.getContext;
    def(C.prototype, 'getContext', function (type, ...rest) { return noGl(type) ? null : get.call(this, type, ...rest); });
  }
})();`;
}

/**
 * An expression that asks the browser to delete the IndexedDB databases this page (and its
 * same-origin frames) opened under `prefix`, and returns how many it asked for. Synchronous: it
 * works on a page whose scripts are stopped (no callback of the page's runs any more); a database
 * the page still holds open is deleted once the render's tab closes its connections.
 */
export function renderDeleteDatabasesSource(prefix: string): string {
  const P = JSON.stringify(prefix);
  return `(() => {
  const P = ${P};
  let n = 0;
  const visit = (w, depth) => {
    let names = null;
    try { names = w[P + 'databases']; } catch (e) { return; }
    if (names) for (const name of names) { try { Object.getPrototypeOf(w.indexedDB).deleteDatabase.call(w.indexedDB, name); n++; } catch (e) {} }
    if (depth < 8) for (let i = 0; i < w.frames.length; i++) visit(w.frames[i], depth + 1);
  };
  visit(window, 0);
  return n;
})()`;
}

/**
 * Where the debugger cannot set them (Firefox): navigator.userAgent and what goes with it, as the
 * agent's Chrome reports them (the HTTP User-Agent is set on the requests themselves).
 */
export function renderIdentityShimSource(userAgent: string, mobile: boolean): string {
  const ua = JSON.stringify(userAgent);
  // Googlebot's User-Agent is Chrome's: the rest of navigator says so too. A visitor's render in
  // Firefox keeps Firefox's own (its User-Agent is Firefox's, for the agent's device).
  const chrome = /Chrome\//.test(userAgent);
  const platform = JSON.stringify(mobile ? 'Linux armv8l' : 'Linux x86_64');
  return `(() => {
  const nav = Object.getPrototypeOf(navigator);
  const get = (k, v) => { try { Object.defineProperty(nav, k, { get: () => v, configurable: true }); } catch (e) {} };
  get('userAgent', ${ua});
  get('appVersion', ${ua}.replace(/^Mozilla\\//, ''));
  get('platform', ${platform});
  get('maxTouchPoints', ${mobile ? 5 : 0});${
    chrome
      ? `
  get('vendor', 'Google Inc.');
  get('oscpu', undefined);
  get('buildID', undefined);`
      : ''
  }
})();`;
}

/**
 * Where the debugger cannot listen (Firefox): the page's console.error / console.warn /
 * console.assert calls and its uncaught exceptions and unhandled rejections, kept (at most `max`)
 * in a property of the page's window named `key` that `readRenderConsole` reads. Messages the
 * browser itself writes (a failed request, a CSP report) are not seen.
 */
export function renderConsoleShimSource(key: string, max: number): string {
  const K = JSON.stringify(key);
  return `(() => {
  const out = [];
  try { Object.defineProperty(window, ${K}, { value: out, enumerable: false, configurable: false, writable: false }); } catch (e) { return; }
  const text = (args) => Array.from(args, (a) => { try { return a instanceof Error ? String(a.stack || a) : typeof a === 'object' ? JSON.stringify(a) : String(a); } catch (e) { return String(a); } }).join(' ').slice(0, 2000);
  const where = () => { const m = /(?:@|\\()((?:https?|file):[^\\s)]+?):(\\d+):\\d+\\)?\\s*$/m.exec(String(new Error().stack || '').split('\\n').slice(2).join('\\n')); return m ? { url: m[1], line: Number(m[2]) } : { url: null, line: null }; };
  const push = (e) => { if (out.length < ${max}) out.push(e); };
  for (const [name, level] of [['error', 'error'], ['warn', 'warning']]) {
    const real = console[name];
    console[name] = function (...args) { push({ level, text: text(args), ...where() }); return real.apply(this, args); };
  }
  const assert = console.assert;
  console.assert = function (ok, ...args) { if (!ok) push({ level: 'error', text: ('Assertion failed: ' + text(args)).slice(0, 2000), ...where() }); return assert.call(this, ok, ...args); };
  window.addEventListener('error', (e) => { if (e.error !== undefined || e.message) push({ level: 'exception', text: String((e.error && e.error.stack) || e.message || '').slice(0, 2000), url: e.filename || null, line: e.lineno || null }); });
  window.addEventListener('unhandledrejection', (e) => push({ level: 'exception', text: ('Uncaught (in promise) ' + String((e.reason && e.reason.stack) || e.reason)).slice(0, 2000), url: null, line: null }));
})();`;
}

/** What the page tried that a render answers itself, kept by renderPageLogShimSource. */
export interface RenderPageLog {
  /** alert / confirm / prompt / print calls, dismissed (confirm → false, prompt → null), as Google's renderer dismisses them. */
  dialogs: { type: 'alert' | 'confirm' | 'prompt' | 'print'; message: string }[];
  /** window.open calls, answered with null: no window is opened. */
  opened: string[];
  /** beforeunload handlers the page tried to set (ignored: a render never asks to stay). */
  beforeunload: number;
  /** How often the page read navigator.userAgent, userAgentData or appVersion. */
  userAgentReads: number;
}

/** Entries of each list kept per page. */
export const MAX_PAGE_LOG = 50;

/**
 * The render answers what would reach the user, and notes it, under a property of the page's
 * window named `key` (not enumerable) that readRenderPageLogSource reads:
 * - alert(), confirm() and prompt() are dismissed without a dialog (confirm gives false, prompt
 *   null) and print() does nothing — a render's window never shows a dialog to the user;
 * - window.open() opens nothing and gives null;
 * - beforeunload handlers are not set, so closing the render's window never asks;
 * - reads of navigator.userAgent (and userAgentData, appVersion) are counted: a page that reads
 *   them may answer Googlebot and a visitor differently (evidence for a difference's cause).
 * Run after renderIdentityShimSource where that one is used, so the counted getter is the agent's.
 */
export function renderPageLogShimSource(key: string): string {
  const K = JSON.stringify(key);
  return `(() => {
  const log = { dialogs: [], opened: [], beforeunload: 0, userAgentReads: 0 };
  try { Object.defineProperty(window, ${K}, { value: log, enumerable: false, configurable: false, writable: false }); } catch (e) { return; }
  const def = (o, k, v) => { try { Object.defineProperty(o, k, { value: v, configurable: true, writable: true }); } catch (e) {} };
  const note = (list, item) => { if (list.length < ${MAX_PAGE_LOG}) list.push(item); };
  const text = (m) => { try { return String(m === undefined ? '' : m).slice(0, 200); } catch (e) { return ''; } };
  def(window, 'alert', function alert(m) { note(log.dialogs, { type: 'alert', message: text(m) }); });
  def(window, 'confirm', function confirm(m) { note(log.dialogs, { type: 'confirm', message: text(m) }); return false; });
  def(window, 'prompt', function prompt(m) { note(log.dialogs, { type: 'prompt', message: text(m) }); return null; });
  def(window, 'print', function print() { note(log.dialogs, { type: 'print', message: '' }); });
  def(window, 'open', function open(u) { note(log.opened, text(u)); return null; });
  const add = EventTarget.prototype.addEventListener;
  def(EventTarget.prototype, 'addEventListener', function addEventListener(type, ...rest) {
    if (this === window && String(type).toLowerCase() === 'beforeunload') { log.beforeunload++; return undefined; }
    return add.call(this, type, ...rest);
  });
  try { Object.defineProperty(window, 'onbeforeunload', { get: () => null, set: () => { log.beforeunload++; }, configurable: true }); } catch (e) {}
  const nav = Object.getPrototypeOf(navigator);
  for (const k of ['userAgent', 'userAgentData', 'appVersion']) {
    let d = null;
    for (let o = nav; o && !d; o = Object.getPrototypeOf(o)) d = Object.getOwnPropertyDescriptor(o, k);
    if (!d || !d.get) continue;
    const get = d.get;
    try { Object.defineProperty(nav, k, { get() { log.userAgentReads++; return get.call(this); }, configurable: true }); } catch (e) {}
  }
})();`;
}

/** An expression (run in the page's own world) giving the page log kept under `key`, or null. */
export function readRenderPageLogSource(key: string): string {
  return `(() => { const l = window[${JSON.stringify(key)}]; return l ? JSON.parse(JSON.stringify(l)) : null; })()`;
}

/** A page log as read back from the page: only the expected shapes, capped (the page could have written anything there). */
export function pageLogFrom(value: unknown): RenderPageLog {
  const v = (value ?? {}) as Partial<Record<keyof RenderPageLog, unknown>>;
  const list = (x: unknown) => (Array.isArray(x) ? x.slice(0, MAX_PAGE_LOG) : []);
  const types = new Set(['alert', 'confirm', 'prompt', 'print']);
  return {
    dialogs: list(v.dialogs)
      .map((d) => d as { type?: unknown; message?: unknown })
      .filter((d) => types.has(String(d?.type)))
      .map((d) => ({ type: String(d.type) as RenderPageLog['dialogs'][number]['type'], message: String(d.message ?? '').slice(0, 200) })),
    opened: list(v.opened).map((u) => String(u).slice(0, 2000)),
    beforeunload: Number.isFinite(Number(v.beforeunload)) ? Math.max(0, Math.floor(Number(v.beforeunload))) : 0,
    userAgentReads: Number.isFinite(Number(v.userAgentReads)) ? Math.max(0, Math.floor(Number(v.userAgentReads))) : 0,
  };
}

/** The event a render's page is pushed with (detail: JSON of { html, capped, url }), for its tab's content script. */
export const RENDER_VIEW_EVENT = 'crawlscope-render-view';

/**
 * Where the render reads the page through the extension's scripting API (Firefox): the page's
 * serializer (serializeComposed) installed under `key` before the page's own scripts, so that the
 * page can be read at once — no content script to load first — in the page's own world. It also
 * pushes the page as it is at DOMContentLoaded and at load (RENDER_VIEW_EVENT, which the tab's
 * content script passes on), and before a timer or animation-frame callback of the page when it
 * has not pushed for a second: Firefox cannot stop a script that never returns, and a page whose
 * script starts such a loop can be read as it was just before.
 */
export function renderReaderShimSource(key: string, cap: number): string {
  const K = JSON.stringify(key);
  const E = JSON.stringify(RENDER_VIEW_EVENT);
  return `(() => {
  const __name = (f) => f;
  const serialize = ${serializeComposed.toString()};
  const read = (c) => ({ ...serialize(document, c), url: String(location.href) });
  try { Object.defineProperty(window, ${K}, { value: read, enumerable: false, configurable: false, writable: false }); } catch (e) {}
  let pushedAt = -1;
  const push = () => { pushedAt = Date.now(); try { document.dispatchEvent(new CustomEvent(${E}, { detail: JSON.stringify(read(${cap})) })); } catch (e) {} };
  window.addEventListener('DOMContentLoaded', push, { once: true });
  window.addEventListener('load', push, { once: true });
  // A page's timer callback may never return (and a slow resource can hold DOMContentLoaded back
  // past it): before one runs, the page is pushed if it never was, or not for a second.
  const wrap = (name) => {
    const orig = window[name];
    if (typeof orig !== 'function') return;
    const wrapped = function (cb, ...rest) {
      const f = cb;
      const run = typeof f === 'function' ? function (...a) { if (pushedAt < 0 || Date.now() - pushedAt >= 1000) push(); return f.apply(this, a); } : f;
      return orig.call(this, run, ...rest);
    };
    try { Object.defineProperty(window, name, { value: wrapped, configurable: true, writable: true }); } catch (e) {}
  };
  wrap('setTimeout');
  wrap('setInterval');
  wrap('requestAnimationFrame');
})();`;
}
