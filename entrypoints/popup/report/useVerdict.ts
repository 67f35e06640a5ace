import { useMemo } from 'react';
import { indexabilityVerdict, type IndexabilityResult } from '../../../lib/indexability';
import { verdictInput } from './derive';
import type { TabReport } from './types';

/** The verdict of the report as it stands: the one verdict function over the one report object. */
export function useVerdict(r: TabReport): IndexabilityResult {
  return useMemo(
    () => indexabilityVerdict(verdictInput(r, Date.now())),
    // Recomputed when any input of the verdict changes.
    [r.url, r.response, r.live, r.served, r.robots, r.bytes, r.canonical, r.snapshot],
  );
}
