export type { Comparison, Field, Finding, FindingCode, Row, Severity, SideSummary, WhyCode } from './comparison';
export { FIELDS } from './comparison';
export { extractPage, type PageExtract } from './extractPage';
export { diffText, diffWords, MAX_HUNKS, type WordDiff, type WordHunk, type DiffLimits } from './diffWords';
export { detectBlock } from './detectBlock';
export { compareFetches } from './compareFetches';
export { summarizeComparison, type ComparisonSummary, type DifferenceBrief, type SideBrief } from './summarizeComparison';
export { renderedValues, type RenderedSignals } from './renderedValues';
export { splitWords } from './splitWords';
