/**
 * True when a render's differences can change how Google indexes the page: one critical or
 * warning difference (an info difference cannot). The command line's exit codes use it.
 */
export const changesIndexing = (differences: readonly { severity: string }[]): boolean => differences.some((d) => d.severity === 'critical' || d.severity === 'warning');
