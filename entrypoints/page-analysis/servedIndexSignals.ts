// The indexability check on the HTML as served (before any script ran). Part of the page-analysis
// script, injected only when the popup asks.
import { collectSignals, type PageSignals } from '../../lib/indexability';
import { sharedDocumentBytes } from './documentCopy';

/** Googlebot reads 2 MiB of HTML; reading the served HTML stops there too. */
const MAX_SERVED_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * The robots meta tags and canonical as served, before any script ran: the page's HTML read
 * again (from the HTTP cache when the browser kept it), cut at 2 MiB, parsed inertly. The copy is
 * the one the byte analysis uses too (read once per popup session).
 */
export async function servedIndexSignals(): Promise<PageSignals> {
  let copy;
  try {
    copy = await sharedDocumentBytes(location.href.split('#')[0]!);
  } catch (err) {
    if (err instanceof Error && err.message === 'bytes.error.readTimeout') throw new Error(`Reading the served HTML took longer than ${TIMEOUT_MS / 1000} s`);
    throw err;
  }
  const n = Math.min(copy.bytes.length, MAX_SERVED_BYTES);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(document.characterSet || 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // DOMParser documents are inert: no scripts run, nothing loads.
  const doc = new DOMParser().parseFromString(decoder.decode(copy.bytes.subarray(0, n)), 'text/html');
  return collectSignals(doc, 'served', location.href, { bytesRead: n, truncated: copy.bytes.length > MAX_SERVED_BYTES });
}
