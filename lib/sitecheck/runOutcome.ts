import type { SiteCheckSummary } from './types';

/**
 * A run's outcome by one rule — the command line's exit code, which the README and --help state:
 * 0  every URL checked is indexable (within the byte limit) and every sitemap was read whole;
 * 1  a URL is not indexable or at risk (a server that could not be reached included), a URL's
 *    structured data has errors (at risk for its rich results, never blocking), or a sitemap has a
 *    problem: malformed, capped, not fetched, bad or not-accepted entries;
 * 2  nothing could be checked (no URL, or no server answered for any), or the run was cancelled
 *    or reached its time limit.
 * No answer counts the same however it failed: refused, reset, or silent until the time limit.
 */
export function runOutcome(s: SiteCheckSummary): 0 | 1 | 2 {
  const p = s.progress;
  if (p.state === 'cancelled' || p.state === 'timeLimit') return 2;
  const answered = p.done - p.unreachable - s.errors.length;
  if (answered <= 0) return 2;
  const failing = p.byVerdict['at-risk'] + p.byVerdict['not-indexable'] + p.overLimit + p.unreachable + s.errors.length + p.structured.urlsWithErrors;
  const sitemapTrouble = p.problems + p.notAccepted + s.problems.length + s.sitemaps.filter((m) => !m.complete || m.problems.length).length;
  return failing > 0 || sitemapTrouble > 0 ? 1 : 0;
}
