import { browser } from 'wxt/browser';
import { i18n, initI18n } from '#i18n';
import type { BackgroundProtocol } from '../../utils/protocol';
import { sendToTab } from '../../utils/messaging';
import { badgeRobotsOnLoad } from '../../utils/settings';
import { inspectable, hostPermissionPattern } from '../../lib/core';
import { robotsTxtUrl } from '../../lib/crawl';
import { badgeFor, indexabilityVerdict, type PageSignals, type Verdict } from '../../lib/indexability';
import { parseRobotsReport, type RobotsReport } from '../../lib/robots';
import { loadRecord } from './tabStore';
import { robotsReader } from './robots';

const action = () => browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;

const VERDICT_KEY = { indexable: 'indexable', 'at-risk': 'atRisk', 'not-indexable': 'notIndexable' } as const;

let i18nReady: Promise<unknown> | null = null;
const words = () => (i18nReady ??= initI18n().catch(() => undefined));

/**
 * The badge and its tooltip for one tab. Without robots.txt (`robotsKnown` false) only a verdict
 * that robots.txt cannot change is shown ("NO"); otherwise the badge is empty and the tooltip
 * says why — never a green "OK" that robots.txt might contradict.
 */
async function setBadge(tabId: number, verdict: Verdict, robotsKnown: boolean): Promise<void> {
  const b = badgeFor(verdict, robotsKnown);
  await words();
  const title = b ? i18n.t('badge.title', [i18n.tDynamic(`indexability.verdict.${VERDICT_KEY[verdict]}`)]) : i18n.t('badge.titleNoRobots');
  await Promise.all([
    action().setBadgeText({ tabId, text: b?.text ?? '' }),
    b ? action().setBadgeBackgroundColor({ tabId, color: b.color }) : null,
    b ? action().setBadgeTextColor?.({ tabId, color: '#ffffff' }) : null,
    action().setTitle({ tabId, title }),
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

async function recordSoon(tabId: number) {
  for (let i = 0; i < 5; i++) {
    const r = await loadRecord(tabId);
    if (r) return r;
    await sleep(200 * (i + 1));
  }
  return null;
}

/**
 * robots.txt for the page at load: the background's one reader — the cached report (24 h, as
 * Google), or, with the option on (the default), one fetch as Googlebot per site. Null when it is
 * not known: the option is off and nothing is cached, Crawlscope has no access to the site (a
 * request without it would fail and look like an unreachable file), or the read failed.
 */
async function robotsAtLoad(url: string): Promise<RobotsReport | null> {
  const target = robotsTxtUrl(url);
  if (!target) return null;
  const cached = await robotsReader.cached(url).catch(() => null);
  if (cached) return cached;
  if (!(await badgeRobotsOnLoad.getValue())) return null;
  const access = await browser.permissions.contains({ origins: [hostPermissionPattern(url)] }).catch(() => false);
  if (!access) return null;
  return robotsReader.get(url).catch(() => null);
}

/**
 * A verdict when a page finishes loading, from the same function as the popup's
 * (indexabilityVerdict): the recorded status and headers, one cheap DOM query (robots meta,
 * canonical) and robots.txt (robotsAtLoad). The popup's full verdict replaces it when it opens.
 */
async function quickBadge(tabId: number): Promise<void> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const tabUrl = tab?.url;
  if (!tab || !inspectable(tabUrl).ok) return;
  const [record, live] = await Promise.all([recordSoon(tabId), liveSignals(tabId)]);
  if (!record && !live) return;
  const url = record?.url ?? live?.url ?? tabUrl!;
  const report = await robotsAtLoad(url);
  const result = indexabilityVerdict({
    url,
    status: record ? { code: record.statusCode, line: record.statusLine } : null,
    headers: record?.headers ?? null,
    redirects: record?.redirects ?? [],
    // At load the DOM is the best stand-in for the served HTML (the popup compares both).
    served: live ? { ...live, where: 'served' } : null,
    live: null,
    robots: report ? { report, parsed: parseRobotsReport(report) } : null,
    bytes: null,
    now: Date.now(),
  });
  // A newer load of the tab started meanwhile: its own verdict comes.
  if (loads.get(tabId) !== tab.url) return;
  await setBadge(tabId, result.verdict, report !== null);
}

// One quick verdict per load, whichever event comes first schedules it.
const scheduled = new Map<number, ReturnType<typeof setTimeout>>();
/** The URL each tab is loading or showing, to drop a verdict that arrives after the next load began. */
const loads = new Map<number, string | undefined>();
function schedule(tabId: number, delayMs: number): void {
  clearTimeout(scheduled.get(tabId));
  scheduled.set(
    tabId,
    setTimeout(() => {
      scheduled.delete(tabId);
      void browser.tabs
        .get(tabId)
        .then((t) => {
          loads.set(tabId, t.url);
          return quickBadge(tabId);
        })
        .catch(() => undefined);
    }, delayMs),
  );
}

export function startBadges(): void {
  browser.tabs.onUpdated.addListener((tabId, info) => {
    if (info.status === 'loading') {
      clearTimeout(scheduled.get(tabId));
      loads.delete(tabId);
      void action().setBadgeText({ tabId, text: '' }).catch(() => undefined);
    } else if (info.status === 'complete') {
      schedule(tabId, 0);
    }
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    clearTimeout(scheduled.get(tabId));
    scheduled.delete(tabId);
    loads.delete(tabId);
  });
  // The main frame's response is complete: a fallback when 'complete' is late or missed.
  browser.webRequest.onCompleted.addListener(
    (d) => {
      if (d.tabId >= 0) schedule(d.tabId, 1500);
    },
    { urls: ['<all_urls>'], types: ['main_frame'] },
  );
}

/** The popup's verdict, once every step of it has ended; robots.txt in it or not. */
export async function showVerdictBadge({ tabId, verdict, robotsKnown }: BackgroundProtocol['showVerdictBadge']['req']): Promise<null> {
  await setBadge(tabId, verdict, robotsKnown);
  return null;
}
