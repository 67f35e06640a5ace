/** Google's five IP-range files, in the order a prefix listed twice is attributed. */
export const RANGE_FILE_NAMES = [
  'common-crawlers',
  'special-crawlers',
  'user-triggered-fetchers',
  'user-triggered-fetchers-google',
  'user-triggered-agents',
] as const;

export type RangeFileName = (typeof RANGE_FILE_NAMES)[number];

/** Where Google publishes them (since March 2026; the old /search/apis/ipranges/ URLs answer with no prefixes). */
export const GOOGLE_RANGES_BASE = 'https://developers.google.com/static/crawling/ipranges/';

/** A downloaded copy older than this is refreshed when the tool opens. */
export const RANGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The URL of one file under a base (Google's, or a test stand-in). */
export function rangeFileUrl(name: string, base: string = GOOGLE_RANGES_BASE): string {
  return new URL(`${name}.json`, base.endsWith('/') ? base : `${base}/`).toString();
}

/** True when a copy fetched at `fetchedAt` (ms, or null for never) should be refreshed at `now`. */
export function rangesNeedRefresh(fetchedAt: number | null, now: number): boolean {
  if (fetchedAt === null || !Number.isFinite(fetchedAt)) return true;
  // A clock that went backwards also warrants a fresh copy.
  return now - fetchedAt >= RANGES_MAX_AGE_MS || now < fetchedAt;
}
