import { DEFAULT_LIMIT } from '../bytes';
import { URL_TIMEOUT_MS } from './checkUrl';
import type { SiteAgent } from './types';

/**
 * The site check's settings when the user picks none, and the range each may take: the runner
 * (startSiteCheck), the page's form and store, and the command line (its options and --help) all
 * read them here.
 */
export const SITE_CHECK_DEFAULTS = {
  agent: 'smartphone' as SiteAgent,
  /** Requests at once per host (one from the first 429 or 5xx on). */
  concurrency: 2,
  minConcurrency: 1,
  maxConcurrency: 16,
  /** Byte limit for HTML and text (PDFs: 64 MB, whatever the choice). */
  limit: DEFAULT_LIMIT,
  /** Time per URL, redirects and body included. */
  timeoutMs: URL_TIMEOUT_MS,
  minTimeoutMs: 1_000,
  maxTimeoutMs: 120_000,
  /** URLs checked at most; the rest of the sitemaps is not read. */
  maxUrls: 50_000,
  maxMaxUrls: 1_000_000,
  /** Time for the whole run (paused time not counted): then it stops, and says so with the counts so far. */
  maxTimeMs: 30 * 60_000,
  minMaxTimeMs: 1_000,
  maxMaxTimeMs: 24 * 3_600_000,
} as const;
