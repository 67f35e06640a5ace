// A headless Chromium with the extension that no DevTools client watches, driven over
// --remote-debugging-pipe: only an extension page is attached (to run the bench's code); the tab
// being measured is opened but never attached. Playwright attaches to every tab and enables the
// Network domain there, and Chromium then keeps a copy of each fetch() body of up to 10 MB for
// the inspector: re-reading a 2 or 10 MB page in such a tab takes about twice as long as for a
// user (the body stream closes 30–250 ms after its last byte). Rows that time a page's own fetch
// use this browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { chromiumArgs, chromiumPath, extensionDir } from '../tests/e2e/chromium';

type Json = Record<string, unknown>;

export interface UntracedBrowser {
  extensionId: string;
  /** Opens a tab at `url` (not attached) and resolves with its tab id once it has loaded. */
  openTab(url: string): Promise<number>;
  /** Evaluates `expression` (an async function's source, called with `arg`) in an extension page. */
  inExtension<T>(fn: (arg: never) => Promise<T>, arg: unknown): Promise<T>;
  /**
   * Opens `url` in a new tab and attaches to it with no domain enabled (no Network domain: its
   * fetches are not recorded), only to evaluate code in it: an extension page the bench drives.
   */
  openAttached(url: string): Promise<AttachedPage>;
  /**
   * CPU time (user + system, ms) of the browser's processes alive now, all their threads (those
   * that ended included), read from /proc; null where there is no /proc.
   */
  cpuMs(): number | null;
  /** A DevTools command to the browser itself (e.g. Tracing while developing). */
  browserSend(method: string, params?: Json): Promise<Json>;
  /** Listens to the browser's DevTools events (sessionless). */
  onEvent(fn: (method: string, params: Json) => void): void;
  close(): Promise<void>;
}

export interface AttachedPage {
  evaluate<T>(fn: (arg: never) => Promise<T>, arg: unknown): Promise<T>;
  /** A DevTools command in the page's session (e.g. a CPU profile while developing). */
  send(method: string, params?: Json): Promise<Json>;
  close(): Promise<void>;
}

export async function launchUntraced(): Promise<UntracedBrowser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-bench-untraced-'));
  const args = [...chromiumArgs(extensionDir()), '--headless=new', '--remote-debugging-pipe', `--user-data-dir=${dir}`, 'about:blank'];
  const proc: ChildProcess = spawn(chromiumPath(), args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toChrome = proc.stdio[3] as Writable;
  const fromChrome = proc.stdio[4] as Readable;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
  let buf = '';
  const listeners: ((method: string, params: Json) => void)[] = [];
  fromChrome.setEncoding('utf8');
  fromChrome.on('data', (d: string) => {
    buf += d;
    for (let z = buf.indexOf('\0'); z >= 0; z = buf.indexOf('\0')) {
      const msg = JSON.parse(buf.slice(0, z)) as { id?: number; method?: string; params?: Json; result?: Json; error?: { message: string } };
      buf = buf.slice(z + 1);
      if (msg.method) for (const l of listeners) l(msg.method, msg.params ?? {});
      const p = msg.id !== undefined ? pending.get(msg.id) : undefined;
      if (!p) continue;
      pending.delete(msg.id!);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result ?? {});
    }
  });
  const send = (method: string, params: Json = {}, sessionId?: string): Promise<Json> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      toChrome.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  // The extension's id, from its service worker.
  let extensionId = '';
  for (let i = 0; i < 300 && !extensionId; i++) {
    const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
    if (sw) extensionId = new URL(sw.url).host;
    else await new Promise((r) => setTimeout(r, 50));
  }
  if (!extensionId) throw new Error('The extension did not start in the untraced browser.');
  const { targetId } = (await send('Target.createTarget', { url: `chrome-extension://${extensionId}/options.html` })) as { targetId: string };
  const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
  const evaluateIn = async <T>(session: string, fn: (arg: never) => Promise<T>, arg: unknown): Promise<T> => {
    const r = (await send(
      'Runtime.evaluate',
      // tsx (esbuild) names inner functions with a __name() helper the page does not have.
      { expression: `((__name) => (${fn.toString()})(${JSON.stringify(arg)}))((f) => f)`, awaitPromise: true, returnByValue: true, userGesture: true },
      session,
    )) as { result: { value: T }; exceptionDetails?: { exception?: { description?: string }; text: string } };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  };
  const inExtension = <T>(fn: (arg: never) => Promise<T>, arg: unknown): Promise<T> => evaluateIn(sessionId, fn, arg);
  // The extension page must have loaded before it can run code that uses chrome.*.
  for (let i = 0; i < 200; i++) {
    const ok = await inExtension(async () => typeof chrome !== 'undefined' && !!chrome.tabs && document.readyState === 'complete', null).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    extensionId,
    inExtension,
    openTab: (url) =>
      inExtension(
        async (u: string) => {
          const tab = await chrome.tabs.create({ url: u, active: true });
          for (;;) {
            const t = await chrome.tabs.get(tab.id!);
            if (t.status === 'complete') return tab.id!;
            await new Promise((r) => setTimeout(r, 50));
          }
        },
        url,
      ),
    cpuMs: () => processCpuMs(dir),
    browserSend: (method, params) => send(method, params),
    onEvent: (fn) => void listeners.push(fn),
    openAttached: async (url) => {
      const { targetId: page } = (await send('Target.createTarget', { url })) as { targetId: string };
      const { sessionId: session } = (await send('Target.attachToTarget', { targetId: page, flatten: true })) as { sessionId: string };
      for (let i = 0; i < 200; i++) {
        // The new tab starts at about:blank (complete at once): wait for the page asked for.
        const ok = await evaluateIn(session, async (want: string) => location.href === want && document.readyState === 'complete', url).catch(() => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return {
        evaluate: (fn, arg) => evaluateIn(session, fn, arg),
        send: (method, params) => send(method, params, session),
        close: async () => void (await send('Target.closeTarget', { targetId: page })),
      };
    },
    close: async () => {
      const exited = new Promise<void>((r) => (proc.exitCode !== null ? r() : proc.once('exit', () => r())));
      send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => proc.kill(), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** CPU time (ms) of the processes whose command line names `marker` (the browser's profile folder: its children name it too). */
function processCpuMs(marker: string): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const tick = 10; // USER_HZ is 100 on Linux
  let ms = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(f[11]) + Number(f[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}
