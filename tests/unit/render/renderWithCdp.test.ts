// The render's driver against a scripted DevTools session and a fake site: which requests it
// answers, with what, and which it refuses — no browser needed.
import { describe, expect, it } from 'vitest';
import { createRobotsReader } from '../../../lib/crawl';
import { renderWithCdp, type CdpSession } from '../../../lib/render';
import { RENDER_END_MS } from '../../../lib/render/renderWithCdp';
import { base64ToBytes } from '../../../lib/core/base64';
import { answer, GOOGLEBOT, hang, server, text, type Answer } from '../crawl/helpers';

const O = 'https://site.example';
const ROBOTS = 'User-agent: Googlebot\nDisallow: /private/\n';

interface Sub {
  url: string;
  type: string;
  method?: string;
  frameId?: string;
}

interface FakeOptions {
  /** The page's script never returns: evaluations wait until Runtime.terminateExecution (or for ever, 'stuck'). */
  busy?: 'terminable' | 'stuck';
  /** Storage the page has at the end, per storage key. */
  databases?: string[];
  caches?: string[];
  /** Events the page fires once its document is answered. */
  after?: { event: string; params: Record<string, unknown> }[];
}

/** A page target that asks for the document, then for `subs`, then fires load; the DOM it ends with is `finalHtml`. */
function fakePage(subs: Sub[], finalHtml: string, o: FakeOptions = {}) {
  const handlers = new Map<string, Set<(p: Record<string, unknown>) => void>>();
  const calls: { method: string; params?: Record<string, unknown> }[] = [];
  const emit = (ev: string, p: Record<string, unknown>) => setTimeout(() => handlers.get(ev)?.forEach((h) => h(p)), 0);
  let n = 0;
  let terminated: () => void = () => undefined;
  const unblocked = new Promise<void>((r) => (terminated = r));
  const dbs = new Set(o.databases ?? []);
  const caches = new Set(o.caches ?? []);
  const cdp: CdpSession = {
    on(ev, h) {
      if (!handlers.has(ev)) handlers.set(ev, new Set());
      handlers.get(ev)!.add(h);
      return () => handlers.get(ev)!.delete(h);
    },
    async send(method, params) {
      calls.push({ method, params });
      if (method === 'Page.navigate') {
        emit('Fetch.requestPaused', { requestId: `r${n++}`, frameId: 'main', resourceType: 'Document', request: { url: String(params!.url), method: 'GET', headers: {} } });
        return { frameId: 'main' } as never;
      }
      if ((method === 'Fetch.fulfillRequest' || method === 'Fetch.failRequest') && params!.requestId === 'r0') {
        for (const s of subs) emit('Fetch.requestPaused', { requestId: `r${n++}`, frameId: s.frameId ?? 'main', resourceType: s.type, request: { url: s.url, method: s.method ?? 'GET', headers: { Accept: '*/*', Cookie: 'user=1' } } });
        for (const a of o.after ?? []) emit(a.event, a.params);
        setTimeout(() => emit('Page.loadEventFired', {}), 5);
      }
      if (method === 'Debugger.pause' && o.busy === 'terminable') terminated();
      if (method === 'Runtime.evaluate') {
        if (o.busy) await unblocked;
        // The render's synchronous request to delete what the page opened under its prefix.
        const del = /const P = ("[^"]*");[\s\S]*deleteDatabase/.exec(String(params!.expression));
        if (del) for (const d of [...dbs]) if (d.startsWith(JSON.parse(del[1]!) as string)) dbs.delete(d);
        if (String(params!.expression).includes('document,')) return { result: { value: { html: finalHtml, capped: false, url: 'https://site.example/p' } } } as never;
        return { result: { value: 0 } } as never;
      }
      if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'main', securityOrigin: O } } } as never;
      if (method === 'Storage.getStorageKeyForFrame') return { storageKey: `${O}/` } as never;
      if (method === 'CacheStorage.requestCacheNames') return { caches: [...caches].map((c) => ({ cacheId: `${O}|${c}`, cacheName: c })) } as never;
      if (method === 'CacheStorage.deleteCache') caches.delete(String(params!.cacheId).split('|')[1]!);
      return {} as never;
    },
  };
  return { cdp, calls, dbs, caches, answered: (method: string) => calls.filter((c) => c.method === method).map((c) => c.params!) };
}

function site(routes: Record<string, Answer>) {
  return server({ [`${O}/robots.txt`]: text(ROBOTS), ...routes });
}
const run = (cdp: CdpSession, hop: ReturnType<typeof site>, over: Partial<Parameters<typeof renderWithCdp>[1]> = {}) =>
  renderWithCdp(cdp, { url: `${O}/p`, agent: 'smartphone', userAgent: GOOGLEBOT, fetchHop: hop, robots: createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT }), idleMs: 20, ...over });

describe('renderWithCdp: every request of the render answered by Google’s policy', () => {
  it('the document gets only its first 2 MB, without Set-Cookie; a script is fetched as Googlebot; an image and a blocked script are never requested', async () => {
    const big = '<html><head><title>Big</title></head><body><a href="/a">a</a>' + 'x'.repeat(2_200_000) + '</body></html>';
    const hop = site({
      [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }, { name: 'Set-Cookie', value: 'server=1' }], big),
      [`${O}/app.js`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/javascript' }, { name: 'Set-Cookie', value: 'js=1' }], 'var x = 1;'),
    });
    const page = fakePage(
      [
        { url: `${O}/app.js`, type: 'Script' },
        { url: `${O}/img.png`, type: 'Image' },
        { url: `${O}/private/x.js`, type: 'Script' },
      ],
      '<html><head><title>Big</title></head><body><a href="/a">a</a><a href="/js">js</a></body></html>',
    );
    const { result } = await run(page.cdp, hop);
    expect(result.stoppedBecause).toBe('idle');
    const [doc, js] = page.answered('Fetch.fulfillRequest');
    const headerBytes = result.document!.headerBytes;
    expect(base64ToBytes(String(doc!.body)).length).toBe(2_097_152 - headerBytes);
    expect(result.document).toMatchObject({ status: 200, cutAt: 2_097_152 - headerBytes, bodyBytes: big.length });
    for (const f of [doc!, js!]) expect((f.responseHeaders as { name: string }[]).map((h) => h.name.toLowerCase())).not.toContain('set-cookie');
    expect(new TextDecoder().decode(base64ToBytes(String(js!.body)))).toBe('var x = 1;');
    expect(hop.calls.map((c) => [c.url, c.userAgent])).toEqual([
      [`${O}/robots.txt`, GOOGLEBOT],
      [`${O}/p`, GOOGLEBOT],
      [`${O}/app.js`, GOOGLEBOT],
    ]);
    expect(page.answered('Fetch.failRequest').map((p) => p.errorReason)).toEqual(['BlockedByClient', 'BlockedByClient']);
    expect(result.resources.map((r) => [r.url.replace(O, ''), r.kind, r.outcome, r.robots?.line ?? null])).toEqual([
      ['/p', 'document', 'cut', null],
      ['/app.js', 'script', 'loaded', null],
      ['/img.png', 'image', 'not-fetched', null],
      ['/private/x.js', 'script', 'blocked-robots', 2],
    ]);
    expect(result.rendered?.links.internal).toEqual([`${O}/a`, `${O}/js`]);
    // The agent's user agent and viewport, document.cookie kept away from the profile, the shims first.
    const sent = page.calls.map((c) => c.method);
    expect(sent.indexOf('Page.addScriptToEvaluateOnNewDocument')).toBeLessThan(sent.indexOf('Page.navigate'));
    expect(page.calls.find((c) => c.method === 'Emulation.setUserAgentOverride')!.params).toMatchObject({ userAgent: GOOGLEBOT });
    expect(page.calls.find((c) => c.method === 'Emulation.setDeviceMetricsOverride')!.params).toMatchObject({ width: 412, mobile: true });
    expect(page.calls.find((c) => c.method === 'Emulation.setDocumentCookieDisabled')!.params).toEqual({ disabled: true });
  });

  it('a resource over its own 2 MB is cut; the page’s Cookie header is never passed on', async () => {
    const hop = site({
      [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>'),
      [`${O}/big.js`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/javascript' }], 'x'.repeat(3_000_000)),
    });
    const seen: unknown[] = [];
    const spy: typeof hop = Object.assign(async (u: string, r: Parameters<typeof hop>[1]) => (seen.push(r.headers ?? []), hop(u, r)), { calls: hop.calls });
    const page = fakePage([{ url: `${O}/big.js`, type: 'Script' }], '<html><body>p</body></html>');
    const { result } = await run(page.cdp, spy);
    const big = result.resources.find((r) => r.url.endsWith('big.js'))!;
    expect(big).toMatchObject({ outcome: 'cut', status: 200 });
    expect(big.bytes).toBeGreaterThan(2_097_152);
    expect(big.keptBytes).toBe(2_097_152 - (17 + 31 + 2)); // status line, Content-Type, blank line
    expect(JSON.stringify(seen)).not.toMatch(/cookie/i);
  });

  it('a page whose served HTML says noindex is not rendered (Google would not), unless asked', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><head><meta name="robots" content="noindex"></head><body>n</body></html>') });
    const page = fakePage([], '<html><body>n</body></html>');
    const skipped = await run(page.cdp, hop);
    expect(skipped.result).toMatchObject({ stoppedBecause: 'noindex', skippedNoindex: true, rendered: null });
    expect(skipped.result.document!.noindex).toBe('robots: noindex');
    expect(page.calls.map((c) => c.method)).not.toContain('Page.navigate');
    const forced = await run(fakePage([], '<html><body>n</body></html>').cdp, hop, { force: true });
    expect(forced.result).toMatchObject({ stoppedBecause: 'idle', skippedNoindex: true, forced: true });
  });

  it('X-Robots-Tag googlebot: noindex counts; otherbot: noindex does not', async () => {
    const mk = (v: string) => site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }, { name: 'X-Robots-Tag', value: v }], '<html><body>n</body></html>') });
    expect((await run(fakePage([], '').cdp, mk('googlebot: noindex'))).result.stoppedBecause).toBe('noindex');
    expect((await run(fakePage([], '<html></html>').cdp, mk('otherbot: noindex'))).result.stoppedBecause).toBe('idle');
  });

  it('a page robots.txt disallows is never requested, never rendered', async () => {
    const hop = site({});
    const page = fakePage([], '');
    const { result } = await run(page.cdp, hop, { url: `${O}/private/p` });
    expect(result.stoppedBecause).toBe('robots-blocked');
    expect(result.resources[0]).toMatchObject({ outcome: 'blocked-robots', robots: { line: 2, rule: 'Disallow: /private/' } });
    expect(hop.calls.map((c) => c.url)).toEqual([`${O}/robots.txt`]);
  });

  it('a request that never ends: the time limit ends the render with what the page had', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>'), [`${O}/endless`]: hang });
    const page = fakePage([{ url: `${O}/endless`, type: 'XHR' }], '<html><body><p>so far</p></body></html>');
    const { result } = await run(page.cdp, hop, { timeLimitMs: 300 });
    expect(result.stoppedBecause).toBe('time-limit');
    expect(result.rendered?.words).toBe(2);
    expect(result.resources.find((r) => r.url.endsWith('/endless'))).toMatchObject({ outcome: 'timeout' });
  });

  it('cancelled: ends at once with what it has', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>'), [`${O}/endless`]: hang });
    const ctl = new AbortController();
    const page = fakePage([{ url: `${O}/endless`, type: 'XHR' }], '<html><body>p</body></html>');
    const p = run(page.cdp, hop, { signal: ctl.signal, timeLimitMs: 60_000 });
    setTimeout(() => ctl.abort(), 100);
    expect((await p).result.stoppedBecause).toBe('cancelled');
  });

  it('the render’s own IndexedDB databases (asked of the page synchronously) and caches (through the browser’s storage domain) are deleted at the end; the user’s stay', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>') });
    const page = fakePage([], '<html><body>p</body></html>', { databases: ['users-own'], caches: ['users-cache'] });
    // The shim names what the page creates under the render's prefix: add them once the prefix is known.
    const { result } = await run(page.cdp, hop, { renderId: 'r1' });
    expect(result.stoppedBecause).toBe('idle');
    const prefix = 'crawlscope-render:r1:';
    const shim = String(page.answered('Page.addScriptToEvaluateOnNewDocument')[0]!.source);
    expect(shim).toContain(JSON.stringify(prefix));
    const page2 = fakePage([], '<html><body>p</body></html>', { databases: ['users-own', `${prefix}app`], caches: ['users-cache', `${prefix}c`] });
    await run(page2.cdp, hop, { renderId: 'r1' });
    expect([...page2.dbs]).toEqual(['users-own']);
    expect([...page2.caches]).toEqual(['users-cache']);
    expect(page2.answered('CacheStorage.deleteCache')).toEqual([{ cacheId: `${O}|${prefix}c` }]);
  });

  it('a script that never returns: script execution is switched off and the script paused by the debugger, the page read, the render ended within its limit and RENDER_END_MS', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>'), [`${O}/endless`]: hang });
    const page = fakePage([{ url: `${O}/endless`, type: 'XHR' }], '<html><body><p>written before the loop</p></body></html>', { busy: 'terminable', databases: ['crawlscope-render:busy:x'] });
    const t0 = Date.now();
    const { result } = await run(page.cdp, hop, { timeLimitMs: 300, renderId: 'busy' });
    expect(Date.now() - t0).toBeLessThan(300 + RENDER_END_MS);
    expect(result.stoppedBecause).toBe('time-limit');
    expect(result.page.scriptStopped).toBe(true);
    expect(result.rendered?.words).toBe(4);
    const sent = page.calls.map((c) => c.method);
    expect(sent.indexOf('Debugger.enable')).toBeLessThan(sent.indexOf('Page.navigate'));
    expect(page.answered('Debugger.setBreakpointsActive')[0]).toEqual({ active: false });
    expect(sent.indexOf('Emulation.setScriptExecutionDisabled')).toBeLessThan(sent.indexOf('Debugger.pause'));
    expect(page.answered('Emulation.setScriptExecutionDisabled')[0]).toEqual({ value: true });
    expect([...page.dbs]).toEqual([]);
  });

  it('a page that never answers again, even stopped: the render still ends within its limit and RENDER_END_MS, with nothing read', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>') });
    const page = fakePage([], '<html><body>p</body></html>', { busy: 'stuck' });
    const t0 = Date.now();
    const { result } = await run(page.cdp, hop, { timeLimitMs: 300, idleMs: 10_000, screenshot: true });
    expect(Date.now() - t0).toBeLessThan(300 + RENDER_END_MS + 600);
    expect(result).toMatchObject({ stoppedBecause: 'time-limit', rendered: null });
    expect(result.page.scriptStopped).toBe(true);
  });

  it('an idle page is never paused', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>') });
    const page = fakePage([], '<html><body>p</body></html>');
    const { result } = await run(page.cdp, hop);
    expect(result.page.scriptStopped).toBe(false);
    expect(page.calls.map((c) => c.method)).not.toContain('Debugger.pause');
  });

  it('dialogs a frame opens are dismissed (a beforeunload prompt lets the page go) and noted; the shim answers the rest', async () => {
    const hop = site({ [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>') });
    const page = fakePage([], '<html><body>p</body></html>', {
      after: [
        { event: 'Page.javascriptDialogOpening', params: { type: 'confirm', message: 'Continue?' } },
        { event: 'Page.javascriptDialogOpening', params: { type: 'beforeunload', message: '' } },
      ],
    });
    const { result } = await run(page.cdp, hop);
    expect(page.answered('Page.handleJavaScriptDialog')).toEqual([{ accept: false }, { accept: true }]);
    expect(result.page.dialogs).toEqual([
      { type: 'confirm', message: 'Continue?' },
      { type: 'beforeunload', message: '' },
    ]);
    const shim = String(page.answered('Page.addScriptToEvaluateOnNewDocument')[0]!.source);
    for (const api of ["'alert'", "'confirm'", "'prompt'", "'open'", "'beforeunload'"]) expect(shim).toContain(api);
  });

  it('a JavaScript redirect is followed as Google follows one: the new document fetched as Googlebot, robots.txt first; a disallowed one answered 204 (the page stays)', async () => {
    const hop = site({
      [`${O}/p`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], '<html><body>p</body></html>'),
      [`${O}/next`]: () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }, { name: 'Set-Cookie', value: 'n=1' }], '<html><body>next</body></html>'),
    });
    const page = fakePage(
      [
        { url: `${O}/next`, type: 'Document' },
        { url: `${O}/private/secret`, type: 'Document' },
        { url: `${O}/frame`, type: 'Document', frameId: 'child' },
      ],
      '<html><body>next</body></html>',
    );
    const { result } = await run(page.cdp, hop);
    expect(result.page.navigations).toEqual([
      { url: `${O}/next`, outcome: 'followed' },
      { url: `${O}/private/secret`, outcome: 'blocked-robots' },
    ]);
    const answers = page.answered('Fetch.fulfillRequest');
    const next = answers.find((a) => a.requestId === 'r1')!;
    expect(new TextDecoder().decode(base64ToBytes(String(next.body)))).toBe('<html><body>next</body></html>');
    expect((next.responseHeaders as { name: string }[]).map((h) => h.name.toLowerCase())).not.toContain('set-cookie');
    expect(answers.find((a) => a.requestId === 'r2')).toMatchObject({ responseCode: 204 });
    expect(hop.calls.map((c) => c.url)).toEqual([`${O}/robots.txt`, `${O}/p`, `${O}/next`, `${O}/frame`]);
    expect(result.resources.filter((r) => r.kind === 'document').map((r) => [r.url.replace(O, ''), r.outcome])).toEqual([
      ['/p', 'loaded'],
      ['/next', 'loaded'],
      ['/private/secret', 'blocked-robots'],
      ['/frame', 'failed'],
    ]);
  });
});
