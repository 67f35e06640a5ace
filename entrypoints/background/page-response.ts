import { browser, type Browser } from 'wxt/browser';
import type { BackgroundProtocol } from '../../utils/protocol';
import type { Header, MainFrameRecord, RedirectHop } from '../../lib/core/types';
import { bytesIncludeCookies } from '../../utils/settings';

const TIMEOUT_MS = 10_000;
/** How long to wait for a webRequest event that lags behind its fetch. */
const EVENT_WAIT_MS = 2000;

const toHeaders = (h: Browser.webRequest.HttpHeader[] | undefined): Header[] =>
  (h ?? []).map((x) => ({ name: x.name, value: x.value ?? '' }));

/**
 * The page's response fetched again by Crawlscope, when the tab's own response was not seen (the
 * page loaded before Crawlscope started, came from the back/forward cache, or its address was
 * changed with the History API): a GET of that URL from the extension — no cookies unless the user
 * allowed them in the options, never from the HTTP cache, 10 s — whose status line, headers and
 * redirect hops are read from webRequest exactly as the recorder reads a tab's. Only the headers
 * are waited for: the body is cancelled, so a page that streams for ever still answers.
 */
export async function fetchPageResponse({ url }: BackgroundProtocol['fetchPageResponse']['req']): Promise<BackgroundProtocol['fetchPageResponse']['res']> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  u.hash = '';
  const withCookies = await bytesIncludeCookies.getValue();
  const redirects: RedirectHop[] = [];
  let expected = u.href;
  let final: { url: string; statusCode: number; statusLine: string; headers: Header[]; ip: string | null } | null = null;
  let sawHeaders!: () => void;
  const headersSeen = new Promise<void>((r) => (sawHeaders = r));
  const onHeaders = (d: Browser.webRequest.OnHeadersReceivedDetails) => {
    if (d.tabId !== -1 || d.url !== expected) return undefined;
    final = { url: d.url, statusCode: d.statusCode, statusLine: d.statusLine ?? '', headers: toHeaders(d.responseHeaders), ip: null };
    return undefined;
  };
  const onRedirect = (d: Browser.webRequest.OnBeforeRedirectDetails) => {
    if (d.tabId !== -1 || d.url !== expected) return;
    const headers = final?.url === d.url ? final.headers : toHeaders(d.responseHeaders);
    redirects.push({ url: d.url, statusCode: d.statusCode, statusLine: d.statusLine ?? '', location: d.redirectUrl, headers });
    expected = d.redirectUrl;
    final = null;
  };
  const onResponseStarted = (d: Browser.webRequest.OnResponseStartedDetails) => {
    if (d.tabId !== -1 || d.url !== expected) return;
    if (final) final.ip = d.ip ?? null;
    sawHeaders();
  };
  const filter = { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] as Browser.webRequest.ResourceType[] };
  browser.webRequest.onHeadersReceived.addListener(onHeaders, filter, ['responseHeaders']);
  browser.webRequest.onBeforeRedirect.addListener(onRedirect, filter, ['responseHeaders']);
  browser.webRequest.onResponseStarted.addListener(onResponseStarted, filter);
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  const requestedAt = Date.now();
  try {
    const res = await fetch(u.href, { cache: 'no-store', credentials: withCookies ? 'include' : 'omit', redirect: 'follow', signal: ctrl.signal });
    await res.body?.cancel().catch(() => undefined);
    if (!final) await Promise.race([headersSeen, new Promise((r) => setTimeout(r, EVENT_WAIT_MS))]);
    const seen = final as { url: string; statusCode: number; statusLine: string; headers: Header[]; ip: string | null } | null;
    const record: MainFrameRecord = {
      tabId: -1,
      requestedUrl: u.href,
      url: res.url || seen?.url || u.href,
      statusCode: res.status,
      statusLine: seen && seen.statusCode === res.status ? seen.statusLine : `HTTP/1.1 ${res.status} ${res.statusText}`.trim(),
      headers: seen && seen.statusCode === res.status ? seen.headers : [...res.headers].map(([name, value]) => ({ name, value })),
      redirects,
      ip: seen?.ip ?? null,
      fromCache: false,
      completedAt: Date.now(),
      error: null,
      complete: true,
    };
    return { record, withCookies, requestedAt };
  } catch (err) {
    // The popup turns 'timeout' into words; other errors are the browser's own message.
    throw new Error(ctrl.signal.aborted ? 'timeout' : err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
    browser.webRequest.onHeadersReceived.removeListener(onHeaders);
    browser.webRequest.onBeforeRedirect.removeListener(onRedirect);
    browser.webRequest.onResponseStarted.removeListener(onResponseStarted);
  }
}
