import type { BackgroundProtocol } from '../../utils/protocol';
import type { CanonicalTargetInput } from '../../lib/indexability/types';
import { canonicalNotChecked } from '../../lib/indexability';

const TIMEOUT_MS = 10_000;

/**
 * What the canonical URL answers: its status and where redirects lead. A plain GET without
 * cookies, never from the HTTP cache; the body is not read. A URL on another host than the page's
 * is requested only when the user asked for that check.
 */
export async function checkCanonicalTarget({ url, pageUrl, userAsked }: BackgroundProtocol['checkCanonicalTarget']['req']): Promise<CanonicalTargetInput> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  // Crawlscope contacts only the inspected site on its own; another host only when the user asks.
  const skipped = canonicalNotChecked(url, pageUrl, userAsked);
  if (skipped) return skipped;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(u.href, { credentials: 'omit', cache: 'no-store', redirect: 'follow', signal: ctrl.signal });
    await res.body?.cancel().catch(() => undefined);
    return { url, status: res.status, redirectedTo: res.redirected ? res.url : null, error: null };
  } catch (err) {
    const msg = ctrl.signal.aborted ? 'timeout' : err instanceof Error ? err.message : String(err);
    return { url, status: null, redirectedTo: null, error: msg };
  } finally {
    clearTimeout(timer);
  }
}
