import type { AgentFetch } from '../crawl';
import { findChallengeMarkers, markerText } from './challengeMarkers';

const BLOCK_STATUS = new Set([401, 403, 407, 429, 451, 503]);

/**
 * Why this response looks like a block rather than the page: the status ("HTTP 403"), or a
 * challenge marker (lib/compare/challengeMarkers, each with its source) that the other agent's
 * answer does not carry; null when it looks like a real answer.
 */
export function detectBlock(f: AgentFetch, other: AgentFetch): string | null {
  if (f.error) return null;
  if (BLOCK_STATUS.has(f.status)) return `HTTP ${f.status}`;
  const theirs = new Set(findChallengeMarkers(other.headers, other.html).map((m) => m.id));
  const marker = findChallengeMarkers(f.headers, f.html).find((m) => !theirs.has(m.id));
  return marker ? markerText(marker) : null;
}
