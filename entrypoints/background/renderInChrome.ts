import { browser } from 'wxt/browser';
import { renderWithCdp, RENDER_VIEWPORTS, type CdpSession, type RenderOptions, type RenderOutput } from '../../lib/render';

/** Window ids of renders under way, kept in session storage so a restarted worker closes what a stopped one left open. */
const OPEN_KEY = 'render:windows';

async function remember(windowId: number, add: boolean): Promise<void> {
  const got = ((await browser.storage.session.get(OPEN_KEY))[OPEN_KEY] as number[] | undefined) ?? [];
  const next = add ? [...new Set([...got, windowId])] : got.filter((id) => id !== windowId);
  await browser.storage.session.set({ [OPEN_KEY]: next });
}

/** Closes render windows a stopped worker left open (call once at start). */
export async function closeStaleRenderWindows(): Promise<void> {
  const got = ((await browser.storage.session.get(OPEN_KEY))[OPEN_KEY] as number[] | undefined) ?? [];
  for (const id of got) await browser.windows.remove(id).catch(() => undefined);
  if (got.length) await browser.storage.session.set({ [OPEN_KEY]: [] });
}

/**
 * One render in Chrome (Googlebot's, a visitor's or an experiment's — the rules come with the
 * options): a window of its own, not focused, sized to the agent's viewport, driven with
 * chrome.debugger (the DevTools protocol) by lib/render's renderWithCdp. The window closes when
 * the render ends, fails or is cancelled — including when the user dismisses the debugging banner
 * or closes the window — and the debugger detaches (so its banner goes away).
 */
export async function renderPassInChrome(opts: RenderOptions): Promise<RenderOutput> {
  const vp = RENDER_VIEWPORTS[opts.agent];
  const win = await browser.windows.create({ url: 'about:blank', focused: false, type: 'normal', width: Math.max(500, vp.width + 16), height: vp.height + 120 });
  const tabId = win?.tabs?.[0]?.id;
  const windowId = win?.id;
  if (windowId === undefined || tabId === undefined) throw new Error('The render window could not be opened');
  await remember(windowId, true);
  const target = { tabId };
  const cancel = new AbortController();
  const onCancel = () => cancel.abort();
  opts.signal?.addEventListener('abort', onCancel, { once: true });
  if (opts.signal?.aborted) cancel.abort();
  // The user closed the window or dismissed the "started debugging" banner: the render is cancelled.
  const onDetach = (source: chrome.debugger.Debuggee) => {
    if (source.tabId === tabId) cancel.abort();
  };
  const listeners = new Set<(source: chrome.debugger.Debuggee, method: string, params?: object) => void>();
  let attached = false;
  // A window or tab the rendered page opened all the same (the shim answers window.open with
  // null; a link with a target does not go through it): closed at once, and counted.
  let windowsClosed = 0;
  const onCreated = (tab: { id?: number; openerTabId?: number }) => {
    if (tab.openerTabId !== tabId || tab.id === undefined) return;
    windowsClosed++;
    void browser.tabs.remove(tab.id).catch(() => undefined);
  };
  browser.tabs.onCreated.addListener(onCreated);
  try {
    await chrome.debugger.attach(target, '1.3');
    attached = true;
    chrome.debugger.onDetach.addListener(onDetach);
    const cdp: CdpSession = {
      send: (method, params) => chrome.debugger.sendCommand(target, method, params) as never,
      on: (event, handler) => {
        const l = (source: chrome.debugger.Debuggee, method: string, params?: object) => {
          if (source.tabId === tabId && method === event) handler((params ?? {}) as Record<string, unknown>);
        };
        listeners.add(l);
        chrome.debugger.onEvent.addListener(l);
        return () => {
          listeners.delete(l);
          chrome.debugger.onEvent.removeListener(l);
        };
      },
    };
    const out = await renderWithCdp(cdp, { ...opts, signal: cancel.signal });
    out.result.page.windowsClosed += windowsClosed;
    return out;
  } finally {
    browser.tabs.onCreated.removeListener(onCreated);
    opts.signal?.removeEventListener('abort', onCancel);
    chrome.debugger.onDetach.removeListener(onDetach);
    for (const l of listeners) chrome.debugger.onEvent.removeListener(l);
    if (attached) await chrome.debugger.detach(target).catch(() => undefined);
    await browser.windows.remove(windowId).catch(() => undefined);
    await remember(windowId, false).catch(() => undefined);
  }
}
