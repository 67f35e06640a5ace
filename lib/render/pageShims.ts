/**
 * The script the render runs in every document before the page's own scripts: what Google's
 * renderer is like ("Fix Search-related JavaScript problems"), and what keeps the render apart
 * from the user's browser profile.
 *
 * - Storage starts empty and is written nowhere: localStorage, sessionStorage and document.cookie
 *   are kept in memory for the render; IndexedDB and Cache Storage get names of their own
 *   (`<prefix><name>`), which are deleted when the render ends (RENDER_CLEANUP_SOURCE) and hidden
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
    def(idb, 'open', (name, version) => (version === undefined ? open(P + String(name)) : open(P + String(name), version)));
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

/** Deletes what the render's page created under `prefix` (IndexedDB databases, caches); run before the render's tab closes. */
export function renderCleanupSource(prefix: string): string {
  const P = JSON.stringify(prefix);
  return `(async () => {
  const P = ${P};
  let n = 0;
  try {
    const list = indexedDB.databases ? await Object.getPrototypeOf(indexedDB).databases.call(indexedDB) : [];
    for (const d of list) if (d.name && d.name.startsWith(P)) { await new Promise((r) => { const q = Object.getPrototypeOf(indexedDB).deleteDatabase.call(indexedDB, d.name); q.onsuccess = q.onerror = q.onblocked = () => r(); }); n++; }
  } catch (e) {}
  try {
    const proto = Object.getPrototypeOf(caches);
    for (const k of await proto.keys.call(caches)) if (k.startsWith(P)) { await proto.delete.call(caches, k); n++; }
  } catch (e) {}
  return n;
})()`;
}

/**
 * Where the debugger cannot set them (Firefox): navigator.userAgent and what goes with it, as the
 * agent's Chrome reports them (the HTTP User-Agent is set on the requests themselves).
 */
export function renderIdentityShimSource(userAgent: string, mobile: boolean): string {
  const ua = JSON.stringify(userAgent);
  const platform = JSON.stringify(mobile ? 'Linux armv8l' : 'Linux x86_64');
  return `(() => {
  const nav = Object.getPrototypeOf(navigator);
  const get = (k, v) => { try { Object.defineProperty(nav, k, { get: () => v, configurable: true }); } catch (e) {} };
  get('userAgent', ${ua});
  get('appVersion', ${ua}.replace(/^Mozilla\\//, ''));
  get('platform', ${platform});
  get('vendor', 'Google Inc.');
  get('oscpu', undefined);
  get('buildID', undefined);
  get('maxTouchPoints', ${mobile ? 5 : 0});
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
