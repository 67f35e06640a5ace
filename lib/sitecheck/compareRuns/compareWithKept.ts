import { compareRuns } from './compareRuns';
import type { KeptRun } from './keepRun';
import type { RunChanges, RunSnapshot } from './types';

/**
 * "Compare with an earlier run": the kept run `chosenId` (the baseline) against the current run.
 * null when no kept run has that id (it was dropped, or belongs to no site kept).
 */
export function compareWithKept(kept: readonly KeptRun[], chosenId: string, current: RunSnapshot): RunChanges | null {
  const chosen = kept.find((k) => k.id === chosenId);
  return chosen ? compareRuns(chosen.snapshot, current) : null;
}
