// The compare page's one state object and its effects: the comparison the background runs, the
// tab's rendered values read beside it, host access asked in a click, and the Chrome version the
// user sets. The views read it through hooks.ts.
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import type { CompareReply } from '../../utils/protocol';
import { sendToBackground, sendToTab } from '../../utils/messaging';
import { compareChromeVersion } from '../../utils/settings';
import { isChromeVersion } from '../../lib/crawl';
import { renderedValues, type Field } from '../../lib/compare';
import { hostPermissionPattern } from '../../lib/core';

export type CompareState =
  | { kind: 'running' }
  | { kind: 'done'; reply: Extract<CompareReply, { ok: true }>; rendered: Partial<Record<Field, string>> | null }
  | { kind: 'permission'; origin: string; denied: boolean }
  | { kind: 'notHttp' }
  | { kind: 'error'; message: string };

export interface ComparePage {
  /** The page compared (null: opened without one). */
  url: string | null;
  /** The tab that shows it, whose rendered DOM is read beside the comparison. */
  tabId: number | null;
  state: CompareState;
  /** The Chrome version field as typed (stored when it is a valid version). */
  chrome: string;
  /** Takes the page and tab from the address, reads the setting, and starts the first comparison. */
  init(url: string | null, tabId: number | null): void;
  run(): Promise<void>;
  /** Asks for access to `origin`: call it in the click, for the browser to show its prompt. */
  grant(origin: string): Promise<void>;
  setChrome(value: string): void;
}

/** The tab's rendered DOM (title, robots meta, canonical, hreflang), when the tab still shows this URL. */
async function readRendered(tabId: number | null, url: string): Promise<Partial<Record<Field, string>> | null> {
  if (tabId === null) return null;
  try {
    const live = await sendToTab(tabId, 'getIndexSignals', { where: 'live' });
    return live.url === url ? renderedValues(live) : null;
  } catch {
    return null;
  }
}

export const useComparePage = create<ComparePage>((set, get) => ({
  url: null,
  tabId: null,
  state: { kind: 'running' },
  chrome: '',
  init(url, tabId) {
    set({ url, tabId });
    void compareChromeVersion.getValue().then((chrome) => set({ chrome }));
    void get().run();
  },
  async run() {
    const { url, tabId } = get();
    if (!url) return;
    set({ state: { kind: 'running' } });
    try {
      const [reply, rendered] = await Promise.all([sendToBackground('compareAgents', { url }), readRendered(tabId, url)]);
      if (reply.ok) set({ state: { kind: 'done', reply, rendered } });
      else if (reply.reason === 'no-permission') set({ state: { kind: 'permission', origin: reply.origin, denied: false } });
      else set({ state: { kind: 'notHttp' } });
    } catch (err) {
      set({ state: { kind: 'error', message: err instanceof Error ? err.message : String(err) } });
    }
  },
  async grant(origin) {
    const ok = await browser.permissions.request({ origins: [hostPermissionPattern(origin)] }).catch(() => false);
    if (ok) await get().run();
    else set({ state: { kind: 'permission', origin, denied: true } });
  },
  setChrome(value) {
    set({ chrome: value });
    if (isChromeVersion(value)) void compareChromeVersion.setValue(value.trim());
  },
}));
