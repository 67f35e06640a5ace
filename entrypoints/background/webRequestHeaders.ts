import { browser, type Browser } from 'wxt/browser';
import type { Header } from '../../lib/core';

/**
 * Headers as webRequest reports them, names, order and repeats kept; a value given only as bytes
 * (binaryValue) is read as Latin-1, one byte a character, as HTTP/1.1 header text is counted.
 */
export const webRequestHeaders = (h: Browser.webRequest.HttpHeader[] | undefined): Header[] =>
  (h ?? []).map((x) => ({
    name: x.name,
    value: x.value ?? (x.binaryValue ? new TextDecoder('latin1').decode(new Uint8Array(x.binaryValue)) : ''),
  }));

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
