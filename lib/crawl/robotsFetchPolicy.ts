import { ROBOTS_REDIRECTS } from './redirectPolicy';
import type { RobotsMessage, RobotsOutcomeKind } from './types';

/** Google parses the first 500 KiB of a robots.txt and ignores the rest. */
export const ROBOTS_MAX_BYTES = 512_000;
/** Crawlscope gives up on a robots.txt fetch after 10 s (and calls the server unreachable). */
export const ROBOTS_TIMEOUT_MS = 10_000;
/** Google caches robots.txt for up to 24 hours; so does Crawlscope. */
export const ROBOTS_CACHE_MS = 24 * 60 * 60 * 1000;
/**
 * An unreachable robots.txt (5xx, 429, timeout, network error) is kept for 5 minutes only:
 * the user is most likely fixing the server and wants to see the new answer.
 */
export const ROBOTS_FAILURE_CACHE_MS = 5 * 60 * 1000;

/** Is a cached report still fresh at `now` (ms)? Reports from the future (clock changes) are not. */
export function robotsCacheFresh(report: { fetchedAt: number; outcome: { kind: RobotsOutcomeKind } }, now: number): boolean {
  const age = now - report.fetchedAt;
  if (age < 0) return false;
  return age < (report.outcome.kind === 'disallow-all' ? ROBOTS_FAILURE_CACHE_MS : ROBOTS_CACHE_MS);
}

/** `scheme://host[:port]/robots.txt` for a page URL, or null when the URL is not HTTP(S). */
export function robotsTxtUrl(pageUrl: string): { origin: string; robotsUrl: string } | null {
  let u: URL;
  try {
    u = new URL(pageUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return { origin: u.origin, robotsUrl: `${u.origin}/robots.txt` };
}

/** What the fetch of robots.txt came to (after the redirects were followed). */
export type RobotsFetchStep =
  | { kind: 'response'; status: number; contentType: string | null }
  | { kind: 'too-many-redirects' }
  | { kind: 'network-error'; message: string }
  | { kind: 'timeout' };

export interface RobotsFetchDecision extends RobotsMessage {
  kind: RobotsOutcomeKind;
  warnings: RobotsMessage[];
}

/** True for the types Google expects; anything else is still parsed, with a warning. */
function isPlainText(contentType: string | null): boolean {
  if (!contentType) return false;
  return contentType.split(';')[0].trim().toLowerCase() === 'text/plain';
}

/**
 * Google's rules for a robots.txt response:
 * 2xx → parse it (any content type; warn when not text/plain);
 * more than 5 redirects, or a 3xx left unresolved → not found → everything allowed;
 * 4xx except 429 → everything allowed; 429, 5xx, network errors, timeouts → unreachable,
 * Google stops crawling the site (after 12 h it uses its last good copy for up to 30 days).
 */
export function robotsFetchDecision(step: RobotsFetchStep): RobotsFetchDecision {
  switch (step.kind) {
    case 'too-many-redirects':
      return { kind: 'allow-all', code: 'tooManyRedirects', params: [ROBOTS_REDIRECTS.maxHops], warnings: [] };
    case 'timeout':
      return { kind: 'disallow-all', code: 'timeout', params: [ROBOTS_TIMEOUT_MS / 1000], warnings: [] };
    case 'network-error':
      return { kind: 'disallow-all', code: 'networkError', params: [step.message], warnings: [] };
    case 'response': {
      const { status, contentType } = step;
      const s = String(status);
      if (status >= 200 && status < 300) {
        const warnings: RobotsMessage[] = isPlainText(contentType)
          ? []
          : [{ code: 'notPlainText', params: [contentType ?? ''] }];
        return { kind: 'parse', code: 'fetched', params: [s], warnings };
      }
      if (status >= 300 && status < 400) return { kind: 'allow-all', code: 'redirectUnresolved', params: [s], warnings: [] };
      if (status === 429) return { kind: 'disallow-all', code: 'tooManyRequests', params: [s], warnings: [] };
      if (status >= 400 && status < 500) return { kind: 'allow-all', code: 'notFound', params: [s], warnings: [] };
      if (status >= 500 && status < 600) return { kind: 'disallow-all', code: 'serverError', params: [s], warnings: [] };
      return { kind: 'disallow-all', code: 'unexpectedStatus', params: [s], warnings: [] };
    }
  }
}
