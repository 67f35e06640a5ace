/**
 * True when a render's differences can change how Google indexes the page: one critical or
 * warning difference (an info difference cannot). The command line's exit codes use it.
 */
export const changesIndexing = (differences: readonly { severity: string }[]): boolean => differences.some((d) => d.severity === 'critical' || d.severity === 'warning');

/** Differences that say Googlebot misses content a visitor sees (what its render lacks, or is nearly empty). */
const MISSING = new Set(['nearlyEmpty', 'linksMissing', 'headingsMissing', 'textMissing', 'jsonLdMissing', 'hreflangMissing', 'titleDiffers', 'canonicalDiffers']);

/** True when Googlebot's render lacks content a visitor's has, enough to change indexing (a critical or warning difference of that kind). */
export const missesContent = (differences: readonly { code: string; severity: string }[]): boolean =>
  differences.some((d) => MISSING.has(d.code) && (d.severity === 'critical' || d.severity === 'warning'));
