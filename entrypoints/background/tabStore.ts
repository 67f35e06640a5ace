import { browser } from 'wxt/browser';
import type { MainFrameRecord } from '../../lib/core';

// storage.session survives service-worker restarts but not a browser restart: exactly the
// lifetime of a tab's record.
const key = (tabId: number) => `tab:${tabId}`;

export async function saveRecord(record: MainFrameRecord): Promise<void> {
  await browser.storage.session.set({ [key(record.tabId)]: record });
}

export async function loadRecord(tabId: number): Promise<MainFrameRecord | null> {
  const got = await browser.storage.session.get(key(tabId));
  return (got[key(tabId)] as MainFrameRecord | undefined) ?? null;
}

export async function forgetTab(tabId: number): Promise<void> {
  await browser.storage.session.remove(key(tabId));
}
