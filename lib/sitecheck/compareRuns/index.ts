// What changed since the last run: a baseline (an earlier run's JSON Lines, or a run the extension
// kept) against this run — per URL what got worse and what got better, URLs new or gone, and the
// site findings' cases that are new or gone, each with its values before and after.
export type * from './types';
export { urlFacts } from './urlFacts';
export { siteFacts } from './siteFacts';
export { findingCaseKey } from './findingCaseKey';
export { createRunSnapshot, type RunSnapshotBuilder } from './createRunSnapshot';
export { compareRuns } from './compareRuns';
export { createBaselineReader, BASELINE_MAX_BYTES, BASELINE_MAX_LINE_BYTES, BASELINE_MAX_PROBLEMS, type BaselineLimits, type BaselineProblem, type BaselineProblemCode, type BaselineRead, type BaselineReader } from './createBaselineReader';
export { readBaseline } from './readBaseline';
export { KEPT_RUNS } from './keptRuns';
