/**
 * A parameter of a coded result (`{ code, params }`) that the UI turns into words: text as it is,
 * a number (a count, a byte offset, a line) that the UI formats in its language and that chooses
 * plural forms, or a moment in time (ms since the epoch) that the UI formats as a date.
 */
export type MessageParam = string | number | { date: number };

/** A parameter as plain text for exports (JSON, CSV): numbers as digits, dates in ISO 8601. */
export function paramText(p: MessageParam): string {
  if (typeof p === 'string') return p;
  if (typeof p === 'number') return String(p);
  return Number.isFinite(p.date) ? new Date(p.date).toISOString() : '';
}

/** Turns a code (+ params) into words: what engines take to word their results (lib/report's Translate is the same). */
export type TranslateFn = (key: string, params?: readonly MessageParam[]) => string;
