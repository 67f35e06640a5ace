/**
 * Shapes of lib/livefetch: the page requested once as each catalog crawler (its documented
 * User-Agent) and once as Googlebot for reference, and how each answer compares with Googlebot's.
 */
import type { MessageParam } from '../i18n';

/** How one crawler's answer compares with Googlebot's. */
export type LiveComparison =
  /** Googlebot's own answer, the reference. */
  | 'reference'
  /** Same status, final URL, title and words (or the same bytes for a body that is not HTML). */
  | 'same'
  /** Something differs: the status, the final URL, the title or the words. */
  | 'different'
  /** A challenge or block page a marker recognises (lib/compare/challengeMarkers), with its source. */
  | 'challenge'
  /** A refusal status (401, 403, 407, 429, 451, 503) Googlebot did not get, and no marker says whose. */
  | 'blocked'
  /** No answer: timeout, network error, a redirect problem. */
  | 'error'
  /** Not requested: the crawler sends no requests (a control token) or its operator documents no User-Agent. */
  | 'not-fetched';

export interface LiveMarker {
  id: string;
  vendor: string;
  where: 'header' | 'body';
  name: string;
  source: string;
}

export interface LiveResult {
  /** The robots.txt token ('Googlebot' for the reference). */
  token: string;
  operator: string;
  reference: boolean;
  /** The User-Agent sent, or null when not requested. */
  userAgent: string | null;
  comparison: LiveComparison;
  /** Why it was not requested (comparison 'not-fetched'). */
  notFetched: 'noUserAgent' | 'controlToken' | null;
  /** HTTP status of the last answer; null when none came. */
  status: number | null;
  finalUrl: string | null;
  redirects: number;
  /** Body bytes read (a lower bound unless `complete`). */
  bytes: number;
  complete: boolean;
  contentType: string | null;
  /** The page's <title>, and its visible words (HTML only; null otherwise). */
  title: string | null;
  words: number | null;
  markers: LiveMarker[];
  /** What failed, for comparison 'error'. */
  error: { code: string; params: MessageParam[] } | null;
  durationMs: number;
}

export type LiveFindingCode = 'allowedButRefused' | 'disallowedButServed' | 'referenceRefused';

export interface LiveFinding {
  code: LiveFindingCode;
  severity: 'warning' | 'info';
  token: string;
  params: MessageParam[];
}

export interface LiveFetchLimits {
  /** Requests at once. */
  concurrency: number;
  /** Time for each request, its redirects and body. */
  timeoutMs: number;
  /** Body bytes kept for the comparison; more are counted up to `countCap`. */
  keepBytes: number;
  countCap: number;
}

export interface LiveFetchReport {
  url: string;
  fetchedAt: number;
  durationMs: number;
  limits: LiveFetchLimits;
  /** Googlebot first, then CRAWLER_CATALOG order. */
  results: LiveResult[];
  findings: LiveFinding[];
}

/** One answer as the comparison needs it, with what only the comparison uses. */
export interface Fetched extends LiveResult {
  wordList: string[] | null;
  bodyHash: number | null;
}
