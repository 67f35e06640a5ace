import type { RunSnapshot } from './types';

/** Earlier runs kept per site for "Compare with an earlier run". */
export const KEPT_RUNS = 5;

/** One run as the extension keeps it: its snapshot, the site it checked and when it ended. */
export interface KeptRun {
  /** Unique among the kept runs (the store's key). */
  id: string;
  /** The site checked (its origin, or the start URL): runs are kept and compared per site. */
  site: string;
  /** When the run ended (ISO 8601). */
  endedAt: string;
  snapshot: RunSnapshot;
}

/**
 * The runs to keep once `run` is over: it, then the earlier runs of its site, newest first, at
 * most `max` of its site; other sites' runs are left as they are. A run with an id already kept
 * replaces it.
 */
export function keepRun(kept: readonly KeptRun[], run: KeptRun, max = KEPT_RUNS): KeptRun[] {
  const same = kept.filter((k) => k.site === run.site && k.id !== run.id).sort((a, b) => (a.endedAt < b.endedAt ? 1 : a.endedAt > b.endedAt ? -1 : 0));
  const others = kept.filter((k) => k.site !== run.site);
  return [run, ...same.slice(0, Math.max(0, max - 1)), ...others];
}
