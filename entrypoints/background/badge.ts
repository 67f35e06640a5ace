import { browser } from 'wxt/browser';
import type { BackgroundProtocol } from '../../utils/protocol';
import { sendToTab } from '../../utils/messaging';
import { inspectable } from '../../lib/core/inspectable';
import { badgeFor } from '../../lib/indexability/badgeFor';
import { indexabilityVerdict } from '../../lib/indexability/indexabilityVerdict';
import type { PageSignals, Verdict } from '../../lib/indexability/types';
import { loadRecord } from './tab-store';

const action = () => browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;

async function setBadge(tabId: number, verdict: Verdict): Promise<void> {
  const b = badgeFor(verdict);
  await Promise.all([
    action().setBadgeText({ tabId, text: b.text }),
    action().setBadgeBackgroundColor({ tabId, color: b.color }),
    action().setBadgeTextColor?.({ tabId, color: '#ffffff' }),
  ]).catch(() => undefined); // the tab may be gone
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The content script answers once it has run (document_idle); try a few times. */
async function liveSignals(tabId: number): Promise<PageSignals | null> {
  for (let i = 0; i < 4; i++) {
    const got = await sendToTab(tabId, 'getIndexSignals', { where: 'live' }).catch(() => null);
    if (got) return got;
    await sleep(250 * (i + 1));
  }
  return null;
}

/**
 * A quick verdict when a page finishes loading: the recorded status and headers plus one cheap
 * DOM query (robots meta, canonical). Nothing is fetched; robots.txt and the rest come when the
 * popup opens, and the popup's full verdict then replaces this one.
 */
async function recordSoon(tabId: number) {
  for (let i = 0; i < 5; i++) {
    const r = await loadRecord(tabId);
    if (r) return r;
    await sleep(200 * (i + 1));
  }
  return null;
}

async function quickBadge(tabId: number): Promise<void> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const tabUrl = tab?.url;
  if (!tab || !inspectable(tabUrl).ok) return;
  const [record, live] = await Promise.all([recordSoon(tabId), liveSignals(tabId)]);
  if (!record && !live) return;
  const url = record?.url ?? live?.url ?? tabUrl!;
  const result = indexabilityVerdict({
    url,
    status: record ? { code: record.statusCode, line: record.statusLine } : null,
    headers: record?.headers ?? null,
    redirects: record?.redirects ?? [],
    // At load the DOM is the best stand-in for the served HTML (the popup compares both).
    served: live ? { ...live, where: 'served' } : null,
    live: null,
    robots: null,
    bytes: null,
    now: Date.now(),
  });
  await setBadge(tabId, result.verdict);
}

// One quick verdict per load, whichever event comes first schedules it.
const scheduled = new Map<number, ReturnType<typeof setTimeout>>();
function schedule(tabId: number, delayMs: number): void {
  clearTimeout(scheduled.get(tabId));
  scheduled.set(
    tabId,
    setTimeout(() => {
      scheduled.delete(tabId);
      void quickBadge(tabId);
    }, delayMs),
  );
}

export function startBadges(): void {
  browser.tabs.onUpdated.addListener((tabId, info) => {
    if (info.status === 'loading') {
      clearTimeout(scheduled.get(tabId));
      void action().setBadgeText({ tabId, text: '' }).catch(() => undefined);
    } else if (info.status === 'complete') {
      schedule(tabId, 0);
    }
  });
  // The main frame's response is complete: a fallback when 'complete' is late or missed.
  browser.webRequest.onCompleted.addListener(
    (d) => {
      if (d.tabId >= 0) schedule(d.tabId, 1500);
    },
    { urls: ['<all_urls>'], types: ['main_frame'] },
  );
}

export async function showVerdictBadge({ tabId, verdict }: BackgroundProtocol['showVerdictBadge']['req']): Promise<null> {
  await setBadge(tabId, verdict);
  return null;
}
