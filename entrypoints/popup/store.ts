import { create } from 'zustand';
import { browser } from 'wxt/browser';
import type { TabSnapshot } from '../../utils/protocol';
import { sendToBackground } from '../../utils/messaging';

interface PopupState {
  tabId: number | null;
  snapshot: TabSnapshot | null;
  error: string | null;
  loading: boolean;
  load: (tabParam: string | null) => Promise<void>;
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

export const usePopup = create<PopupState>((set) => ({
  tabId: null,
  snapshot: null,
  error: null,
  loading: false,
  load: async (tabParam) => {
    set({ loading: true, error: null });
    try {
      const tabId = await resolveTabId(tabParam);
      set({ tabId });
      const snapshot = await sendToBackground('getTabSnapshot', { tabId });
      set({ snapshot, loading: false });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err), loading: false });
    }
  },
}));
