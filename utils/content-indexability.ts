// Content-script side of the indexability check. Runs only when the popup asks (never on load).
import { collectSignals } from '../lib/indexability/collectSignals';
import type { PageSignals } from '../lib/indexability/types';

/** Googlebot reads 2 MiB of HTML; reading the served HTML stops there too. */
const MAX_SERVED_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

export function liveIndexSignals(): PageSignals {
  return collectSignals(document, 'live', location.href);
}

/**
 * The robots meta tags and canonical as served, before any script ran: the page's HTML read
 * again (from the HTTP cache when the browser kept it), cut at 2 MiB, parsed inertly.
 */
export async function servedIndexSignals(): Promise<PageSignals> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(location.href, { cache: 'force-cache', credentials: 'include', signal: ctrl.signal });
    const reader = res.body?.getReader();
    const chunks: Uint8Array[] = [];
    let n = 0;
    let truncated = false;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, MAX_SERVED_BYTES - n);
      chunks.push(take < value.length ? value.subarray(0, take) : value);
      n += take;
      if (n >= MAX_SERVED_BYTES) {
        truncated = true;
        await reader.cancel();
        break;
      }
    }
    const bytes = new Uint8Array(n);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(document.characterSet || 'utf-8');
    } catch {
      decoder = new TextDecoder('utf-8');
    }
    // DOMParser documents are inert: no scripts run, nothing loads.
    const doc = new DOMParser().parseFromString(decoder.decode(bytes), 'text/html');
    return collectSignals(doc, 'served', location.href, { bytesRead: n, truncated });
  } catch (err) {
    if (ctrl.signal.aborted) throw new Error(`Reading the served HTML took longer than ${TIMEOUT_MS / 1000} s`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
