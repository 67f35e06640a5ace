import type { BackgroundProtocol } from '../../utils/protocol';
import { canonicalNotChecked, type CanonicalTargetInput } from '../../lib/indexability';
import { followRedirects, noHash, PAGE_REDIRECTS, googlebotUserAgent } from '../../lib/crawl';
import { compareChromeVersion } from '../../utils/settings';
import { extensionHopFetcher } from './extensionHopFetcher';
import { deadline } from '../../lib/core';

const TIMEOUT_MS = 10_000;

/**
 * What the canonical URL answers Googlebot: its status and where redirects lead. Requested as
 * Googlebot Smartphone through the one crawl layer (the extension's hop fetcher: no cookies, never
 * from the HTTP cache; redirects by hand under a page's policy); the body is not read. A URL on
 * another host than the page's is requested only when the user asked for that check.
 */
export async function checkCanonicalTarget({ url, pageUrl, userAsked }: BackgroundProtocol['checkCanonicalTarget']['req']): Promise<CanonicalTargetInput> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  // Crawlscope contacts only the inspected site on its own; another host only when the user asks.
  const skipped = canonicalNotChecked(url, pageUrl, userAsked);
  if (skipped) return skipped;
  const time = deadline(TIMEOUT_MS);
  try {
    const userAgent = googlebotUserAgent('mobile', await compareChromeVersion.getValue());
    const got = await followRedirects(noHash(u.href), extensionHopFetcher(), { policy: PAGE_REDIRECTS, request: { userAgent, signal: time.signal } });
    await got.reply?.body?.cancel().catch(() => undefined);
    const last = got.hops[got.hops.length - 1];
    const status = got.reply?.status ?? last?.status ?? null;
    const error = got.stop && got.stop.code !== 'bad-redirect' ? got.stop.code : null;
    return { url, status, redirectedTo: got.hops.length ? got.finalUrl : null, error };
  } catch (err) {
    const msg = time.expired ? 'timeout' : err instanceof Error ? err.message : String(err);
    return { url, status: null, redirectedTo: null, error: msg };
  } finally {
    time.clear();
  }
}
