import type { SiteRow } from './siteRow';

const RANK = { 'not-indexable': 0, 'at-risk': 1, indexable: 2 } as const;

/**
 * Table order, worst first: not indexable, at risk, indexable; within each, pages over the byte
 * limit first (most over first), then by URL.
 */
export function worstFirst(a: SiteRow, b: SiteRow): number {
  return (
    RANK[a.verdict] - RANK[b.verdict] ||
    Number(b.truncated) - Number(a.truncated) ||
    (b.bytes ?? 0) - (b.limit ?? 0) - ((a.bytes ?? 0) - (a.limit ?? 0)) ||
    (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  );
}
