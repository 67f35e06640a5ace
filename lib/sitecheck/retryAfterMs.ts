import { headerValue, type Header } from '../core';
import { parseHttpDate } from '../caching';

/** The longest Retry-After the site check waits out (longer ones are reported, not waited for). */
export const RETRY_MAX_WAIT_MS = 30_000;

/**
 * Should the site check ask again, and after how long? Google's documentation says a 503 or 429
 * may carry Retry-After to tell the crawler when to come back, and that Googlebot then slows down
 * for the whole host; every other status — 5xx without it included — is what Googlebot gets on
 * this visit, so it is reported, not retried. So: once, for 429/503 with a Retry-After (seconds
 * or an HTTP-date) of at most 30 s; null otherwise.
 */
export function retryAfterMs(status: number, headers: readonly Header[], now: number): number | null {
  if (status !== 429 && status !== 503) return null;
  const v = headerValue(headers, 'retry-after')?.trim();
  if (!v) return null;
  let ms: number | null = null;
  if (/^\d{1,9}$/.test(v)) ms = Number(v) * 1000;
  else {
    const d = parseHttpDate(v);
    if (d) ms = Math.max(0, d.at - now);
  }
  return ms !== null && ms <= RETRY_MAX_WAIT_MS ? ms : null;
}
