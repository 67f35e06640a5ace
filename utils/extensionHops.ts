import { browser } from 'wxt/browser';
import { webRequestHops, type WebRequestHops } from '../lib/crawl';

/**
 * The extensionʼs hop fetching in one context (lib/crawl webRequestHops): the background's (tab -1)
 * or an extension page's in a tab (the site check's), made once per context, so that the context
 * has one set of webRequest listeners — registered only while one of its requests is watched.
 */

/**
 * The extraInfoSpec for onHeadersReceived / onBeforeRedirect that shows every response header:
 * Chrome hides some (Set-Cookie among them) unless asked with 'extraHeaders'; Firefox has no such
 * option and shows them all. Without it the header bytes of one response would differ between
 * the tab's record and Crawlscope's own requests.
 */
export function responseHeaderOptions(): string[] {
  const opts = (browser.webRequest as unknown as { OnHeadersReceivedOptions?: Record<string, string> }).OnHeadersReceivedOptions;
  return opts && 'EXTRA_HEADERS' in opts ? ['responseHeaders', 'extraHeaders'] : ['responseHeaders'];
}

/** This extension's own origin host: chrome-extension://<id>, moz-extension://<uuid>. */
export const ownExtensionHost = () => new URL(browser.runtime.getURL('/')).hostname;

let made: { tabId: number; hops: WebRequestHops } | null = null;

/** The context's one WebRequestHops; `tabId` is -1 in the background, the page's tab in a page. */
export function extensionHops(tabId: number): WebRequestHops {
  if (made && made.tabId !== tabId) throw new Error(`This context fetches as tab ${made.tabId}, not ${tabId}.`);
  made ??= {
    tabId,
    hops: webRequestHops({
      api: { webRequest: browser.webRequest, declarativeNetRequest: browser.declarativeNetRequest, permissions: browser.permissions },
      fetch: (url, init) => fetch(url, init),
      tabId,
      ownHost: ownExtensionHost(),
      responseHeaderOptions: responseHeaderOptions(),
    }),
  };
  return made.hops;
}
