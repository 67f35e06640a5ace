import { browser } from 'wxt/browser';
import { headerValue, type Header, type MainFrameRecord, type RedirectHop } from '../../lib/core';
import { forgetTab, saveRecord } from './tabStore';
import { webRequestHeaders } from '../../lib/crawl';
import { responseHeaderOptions } from '../../utils/extensionHops';

interface Pending {
  tabId: number;
  requestedUrl: string;
  redirects: RedirectHop[];
  /** Headers of the most recent response of this request (3xx or final). */
  last: { url: string; statusCode: number; statusLine: string; headers: Header[] } | null;
}

// Only in memory while a navigation is in flight; the finished record goes to storage.session.
const pending = new Map<string, Pending>();

/**
 * Per tab, the navigation whose final headers have arrived but whose body has not finished (a
 * big page, or one that streams for ever): the popup can use its status and headers at once.
 * Kept in memory only — no storage write on ordinary browsing beyond the one per finished load.
 */
const arriving = new Map<number, MainFrameRecord>();

type Waiter = (record: MainFrameRecord) => void;
const waiters = new Map<number, Set<Waiter>>();

function announce(record: MainFrameRecord): void {
  const ws = waiters.get(record.tabId);
  if (!ws) return;
  waiters.delete(record.tabId);
  for (const w of ws) w(record);
}

/** The record whose body is still arriving for this tab, if any. */
export function arrivingRecord(tabId: number): MainFrameRecord | null {
  return arriving.get(tabId) ?? null;
}

/**
 * Resolves with the next record (headers arrived, or the load finished) of a tab, or null after
 * `ms`. Lets a popup opened during a load wait for it without polling.
 */
export function nextRecord(tabId: number, ms: number): Promise<MainFrameRecord | null> {
  return new Promise((resolve) => {
    const set = waiters.get(tabId) ?? new Set<Waiter>();
    waiters.set(tabId, set);
    const done: Waiter = (r) => {
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => {
      set.delete(done);
      resolve(null);
    }, ms);
    set.add(done);
  });
}

const isRedirect = (status: number, headers: Header[]) =>
  [301, 302, 303, 307, 308].includes(status) && headerValue(headers, 'location') !== null;


const filter = { urls: ['<all_urls>'], types: ['main_frame' as const] };

/**
 * The in-flight record of a request. A worker that the browser (re)started in the middle of a
 * navigation missed its first events: start the record from whatever event arrives first, so the
 * final response is still recorded (only hops seen before the restart are lost).
 */
function pendingFor(d: { requestId: string; tabId: number; url: string }): Pending | null {
  if (d.tabId < 0) return null;
  let p = pending.get(d.requestId);
  if (!p) {
    p = { tabId: d.tabId, requestedUrl: d.url, redirects: [], last: null };
    pending.set(d.requestId, p);
  }
  return p;
}


export function startRecordingMainFrames(): void {
  browser.webRequest.onBeforeRequest.addListener(
    (d) => {
      pendingFor(d);
      return undefined;
    },
    filter,
  );

  browser.webRequest.onHeadersReceived.addListener(
    (d) => {
      const p = pendingFor(d);
      if (p) {
        p.last = {
          url: d.url,
          statusCode: d.statusCode,
          statusLine: d.statusLine ?? '',
          headers: webRequestHeaders(d.responseHeaders),
        };
        if (!isRedirect(d.statusCode, p.last.headers)) {
          const record: MainFrameRecord = {
            tabId: p.tabId,
            requestedUrl: p.requestedUrl,
            url: d.url,
            statusCode: d.statusCode,
            statusLine: p.last.statusLine,
            headers: p.last.headers,
            redirects: [...p.redirects],
            ip: null,
            fromCache: false,
            completedAt: Date.now(),
            error: null,
            complete: false,
          };
          arriving.set(p.tabId, record);
          announce(record);
        }
      }
      return undefined;
    },
    filter,
    responseHeaderOptions() as never,
  );

  browser.webRequest.onBeforeRedirect.addListener(
    (d) => {
      const p = pendingFor(d);
      if (!p) return;
      const headers = p.last && p.last.url === d.url ? p.last.headers : webRequestHeaders(d.responseHeaders);
      p.redirects.push({
        url: d.url,
        statusCode: d.statusCode,
        statusLine: d.statusLine ?? '',
        location: d.redirectUrl || headerValue(headers, 'location') || '',
        headers,
      });
      p.last = null;
    },
    filter,
    ['responseHeaders'],
  );

  browser.webRequest.onCompleted.addListener(
    (d) => {
      const p = pendingFor(d);
      pending.delete(d.requestId);
      if (!p) return;
      const record: MainFrameRecord = {
        tabId: p.tabId,
        requestedUrl: p.requestedUrl,
        url: d.url,
        statusCode: d.statusCode,
        statusLine: d.statusLine ?? p.last?.statusLine ?? '',
        headers: p.last?.headers ?? webRequestHeaders(d.responseHeaders),
        redirects: p.redirects,
        ip: d.ip ?? null,
        fromCache: d.fromCache,
        completedAt: Date.now(),
        error: null,
        complete: true,
      };
      arriving.delete(p.tabId);
      void saveRecord(record).then(() => announce(record));
    },
    filter,
    ['responseHeaders'],
  );

  browser.webRequest.onErrorOccurred.addListener(
    (d) => {
      const p = pending.get(d.requestId);
      pending.delete(d.requestId);
      if (!p) return;
      // A download or a navigation the user aborted is not a page: keep the earlier record.
      if (arriving.get(p.tabId)?.requestedUrl === p.requestedUrl) arriving.delete(p.tabId);
      if (d.error === 'net::ERR_ABORTED' || d.error === 'NS_BINDING_ABORTED') return;
      const record: MainFrameRecord = {
        tabId: p.tabId,
        requestedUrl: p.requestedUrl,
        url: d.url,
        statusCode: p.last?.statusCode ?? 0,
        statusLine: p.last?.statusLine ?? '',
        headers: p.last?.headers ?? [],
        redirects: p.redirects,
        ip: d.ip ?? null,
        fromCache: d.fromCache,
        completedAt: Date.now(),
        error: d.error,
        complete: true,
      };
      void saveRecord(record).then(() => announce(record));
    },
    filter,
  );

  browser.tabs.onRemoved.addListener((tabId) => {
    arriving.delete(tabId);
    void forgetTab(tabId);
  });
}
