// The popup's one state object: the tab's report and the user's actions. The facts are gathered by
// gather.ts through the browser's messenger (below) — the only popup code that sends messages;
// views read this store through hooks.ts and compute what they show with derive.ts.
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import { messagesUnder, uiLocale } from '#i18n';
import { hasHostAccess, requestHostAccess } from './hostAccess';
import { createGatherer, errText } from './gather';
import { browserMessenger } from './browserMessenger';
import type { TabReport } from './types';


interface PopupState {
  tabId: number | null;
  /** The tab could not be read at all (no such tab, …). */
  error: string | null;
  /**
   * Crawlscope's access to websites: 'missing' when the user withdrew it and this tab is hidden
   * from Crawlscope because of it, 'refused' when asked and not given; null before the first look.
   */
  hostAccess: 'granted' | 'missing' | 'refused' | null;
  /** Asks for access to websites (call it straight from the click); on a grant the report starts again. */
  askHostAccess: () => void;
  report: TabReport | null;
  /** Reads the tab and creates its report; the facts are then gathered in the background (`gathered`). */
  open: (tabParam: string | null) => Promise<void>;
  /** Resolves when every step of the current report has ended. */
  gathered: Promise<void>;
  load: (tabParam: string | null) => Promise<void>;
  reloadTab: () => Promise<void>;
  refetchRobots: () => void;
  findCut: () => void;
  toggleOverlay: () => void;
  probe: (withCookies: boolean) => void;
  /** The user asks to check a canonical on another host (one GET to that host, no cookies). */
  checkCanonicalElsewhere: () => void;
  fetchLive: () => void;
  loadLlms: () => void;
  checkLlmsLinks: () => void;
}

async function resolveTabId(tabParam: string | null): Promise<number> {
  if (tabParam !== null) {
    const id = Number(tabParam);
    if (!Number.isInteger(id) || id < 0) throw new Error(`Invalid tab id "${tabParam}"`);
    return id;
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error('No active tab');
  return tab.id;
}

/** Resolves when the tab has finished loading (or after 30 s). */
function tabLoaded(tabId: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(finish, 30_000);
    function finish() {
      clearTimeout(timer);
      browser.tabs.onUpdated.removeListener(onUpdated);
      resolve();
    }
    function onUpdated(id: number, info: { status?: string }) {
      if (id === tabId && info.status === 'complete') finish();
    }
    browser.tabs.onUpdated.addListener(onUpdated);
  });
}

export const usePopup = create<PopupState>((set, get) => {
  /** The tabParam of the last open(), to start the report again after a grant. */
  let opened: string | null = null;
  const gatherer = createGatherer(browserMessenger, { get: () => get().report, set: (report) => set({ report }) });

  return {
    tabId: null,
    error: null,
    report: null,
    hostAccess: null,
    open: async (tabParam) => {
      set({ error: null });
      opened = tabParam;
      try {
        const tabId = await resolveTabId(tabParam);
        set({ tabId });
        const [report, access] = await Promise.all([gatherer.createReport(tabId), hasHostAccess()]);
        // Without the grant the browser hides the tab's address: that, not the page, is why it cannot be inspected.
        set({ hostAccess: access || report.snapshot.url !== null ? 'granted' : 'missing' });
        // The report is in place before its first step starts, so every step's result lands in it.
        set({ report });
        set({ gathered: report.snapshot.inspectable.ok ? gatherer.gather(report).catch((err: unknown) => set({ error: errText(err) })) : Promise.resolve() });
      } catch (err) {
        set({ error: errText(err) });
      }
    },
    askHostAccess: () => {
      // Started inside the click's user gesture (no await before it).
      requestHostAccess().then(
        (granted) => (granted ? get().open(opened) : set({ hostAccess: 'refused' })),
        (err: unknown) => set({ hostAccess: 'refused', error: errText(err) }),
      );
    },
    gathered: Promise.resolve(),
    load: async (tabParam) => {
      await get().open(tabParam);
      await get().gathered;
    },
    reloadTab: async () => {
      const tabId = get().tabId;
      if (tabId === null) return;
      const done = tabLoaded(tabId);
      await browser.tabs.reload(tabId);
      await done;
      await get().load(String(tabId));
    },
    refetchRobots: () => void gatherer.refetchRobots(),
    findCut: () => void gatherer.findCut(),
    toggleOverlay: () => {
      const text = { locale: uiLocale(), messages: { ...messagesUnder('bytes.overlay.'), ...messagesUnder('bytes.kind.') } };
      void gatherer.toggleOverlay(text);
    },
    probe: (withCookies) => gatherer.probe(withCookies),
    checkCanonicalElsewhere: () => gatherer.checkCanonicalElsewhere(),
    fetchLive: () => void gatherer.fetchLive(),
    loadLlms: () => void gatherer.loadLlms(),
    checkLlmsLinks: () => void gatherer.checkLlmsLinks(),
  };
});
