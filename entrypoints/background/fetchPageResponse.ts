import type { BackgroundProtocol } from '../../utils/protocol';
import { deadline, type MainFrameRecord } from '../../lib/core';
import { followRedirects, noHash, PAGE_REDIRECTS } from '../../lib/crawl';
import { bytesIncludeCookies } from '../../utils/settings';
import { extensionHopFetcher } from './extensionHopFetcher';

const TIMEOUT_MS = 10_000;

/**
 * The page's response fetched again by Crawlscope, when the tab's own response was not seen (the
 * page loaded before Crawlscope started, came from the back/forward cache, or its address was
 * changed with the History API): a GET of that URL from the extension, with the browser's own
 * headers — no cookies unless the user allowed them in the options, never from the HTTP cache,
 * 10 s — through the extension's one hop fetcher and the one redirect follower (a page's policy:
 * 10 hops, a loop stops), so the status lines, headers and hops are read from webRequest exactly
 * as for every other request. Only the headers are waited for: the body is cancelled, so a page
 * that streams for ever still answers.
 */
export async function fetchPageResponse({ url }: BackgroundProtocol['fetchPageResponse']['req']): Promise<BackgroundProtocol['fetchPageResponse']['res']> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  const requested = noHash(u.href);
  const withCookies = await bytesIncludeCookies.getValue();
  const time = deadline(TIMEOUT_MS);
  const requestedAt = Date.now();
  try {
    const hop = extensionHopFetcher({ asAgent: false, includeCookies: withCookies, ip: true });
    const got = await followRedirects(requested, hop, { policy: PAGE_REDIRECTS, request: { userAgent: navigator.userAgent, signal: time.signal } });
    await got.reply?.body?.cancel().catch(() => undefined);
    const redirects = got.hops.map((h) => ({ url: h.url, statusCode: h.status, statusLine: h.statusLine, location: h.location, headers: h.headers }));
    // A chain that never ends is what a browser calls too many redirects; a 3xx without a usable Location is the answer itself.
    const last = got.reply ?? null;
    const endHop = got.stop ? redirects.pop()! : null;
    const record: MainFrameRecord = {
      tabId: -1,
      requestedUrl: requested,
      url: got.finalUrl,
      statusCode: last?.status ?? endHop!.statusCode,
      statusLine: last ? last.statusLine || `HTTP/1.1 ${last.status}` : endHop!.statusLine,
      headers: last?.headers ?? endHop!.headers,
      redirects,
      ip: last?.ip ?? null,
      fromCache: false,
      completedAt: Date.now(),
      error: got.stop?.code === 'redirect-loop' || got.stop?.code === 'too-many-redirects' ? 'net::ERR_TOO_MANY_REDIRECTS' : null,
      complete: true,
    };
    return { record, withCookies, requestedAt };
  } catch (err) {
    // The popup turns 'timeout' into words; other errors are the browser's own message.
    throw new Error(time.expired ? 'timeout' : err instanceof Error ? err.message : String(err));
  } finally {
    time.clear();
  }
}
