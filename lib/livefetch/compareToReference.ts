import type { Fetched, LiveResult } from './types';

/** Statuses that refuse a crawler (as lib/compare's detectBlock reads them). */
export const REFUSAL_STATUS = new Set([401, 403, 407, 429, 451, 503]);

const sameWords = (a: string[] | null, b: string[] | null) => a !== null && b !== null && a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * Each answer beside Googlebot's: a challenge marker decides "challenge" (whoever got it, the
 * reference included); a refusal status Googlebot did not get is "blocked"; the same status,
 * final URL, title and words (or bytes) is "same"; anything else is "different" — never guessed
 * further.
 */
export function compareToReference(fetched: readonly Fetched[]): LiveResult[] {
  const ref = fetched.find((f) => f.reference) ?? null;
  return fetched.map(({ wordList, bodyHash, ...f }) => {
    if (f.comparison === 'not-fetched' || f.comparison === 'error') return f;
    let comparison: LiveResult['comparison'];
    if (f.markers.length) comparison = 'challenge';
    else if (f.reference) comparison = 'reference';
    else if (!ref || ref.status === null) comparison = 'different';
    else if (f.status !== null && REFUSAL_STATUS.has(f.status) && f.status !== ref.status) comparison = 'blocked';
    else {
      const same =
        f.status === ref.status &&
        f.finalUrl === ref.finalUrl &&
        f.title === ref.title &&
        (wordList !== null || ref.wordList !== null ? sameWords(wordList, ref.wordList) : bodyHash === ref.bodyHash);
      comparison = same ? 'same' : 'different';
    }
    return { ...f, comparison };
  });
}
