import type { SdExtract } from './types';

/** One row of the render page's side-by-side: an item type and how many items of it each view has. */
export interface StructuredViewRow {
  type: string;
  counts: Record<string, number>;
}

/**
 * The structured data of several views of one page (as served, Googlebot's render, a visitor's
 * render, the user's tab) side by side: per item type (its first type), how many items each view
 * has — so what Googlebot misses, or has alone, shows in one row.
 */
export function structuredViews(views: readonly { key: string; extract: SdExtract | null }[]): StructuredViewRow[] {
  const rows = new Map<string, StructuredViewRow>();
  for (const v of views) {
    if (!v.extract) continue;
    for (const it of v.extract.items) {
      const type = it.types[0] ?? '?';
      const row = rows.get(type) ?? { type, counts: Object.fromEntries(views.map((x) => [x.key, 0])) };
      row.counts[v.key] = (row.counts[v.key] ?? 0) + 1;
      rows.set(type, row);
    }
  }
  return [...rows.values()].sort((a, b) => (a.type < b.type ? -1 : 1));
}
