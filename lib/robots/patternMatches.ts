import { binaryString } from './escapePattern';

/**
 * Google's robots.txt pattern match: anchored at the start of the path, `*` matches any run
 * (across "/"), `$` is special only at the end. `path` is the URL path's UTF-8 bytes, or a string
 * with one char per byte; `pattern` is a normalised (ASCII) rule value.
 *
 * Google keeps the set of path positions the pattern prefix can reach (O(path × pattern)). With
 * `*` as the only wildcard the same answer comes from placing each literal piece between stars at
 * its leftmost possible position (leftmost leaves the most room for the rest), so a pattern such as
 * `/*a*a*a*…b` costs a few `indexOf` calls instead of a pass over the path per character.
 */
export function patternMatches(path: Uint8Array | string, pattern: string): boolean {
  const s = typeof path === 'string' ? path : binaryString(path);
  const n = s.length;
  let end = pattern.length;
  const anchored = end > 0 && pattern.charCodeAt(end - 1) === 36; // "$" at the very end
  if (anchored) end--;
  let star = pattern.indexOf('*');
  if (star === -1 || star >= end) {
    // No wildcard: a prefix test, or an exact test when anchored (the pattern is the path and "$").
    return anchored ? n === end && pattern.startsWith(s) : s.startsWith(pattern);
  }
  // The first piece must sit at position 0 (compared in place: most patterns fail here).
  if (star > n) return false;
  for (let k = 0; k < star; k++) if (s.charCodeAt(k) !== pattern.charCodeAt(k)) return false;
  let at = star;
  // Collapse runs of stars; `from` = where the next piece starts in the pattern.
  let from = star + 1;
  for (;;) {
    while (from < end && pattern.charCodeAt(from) === 42) from++;
    star = pattern.indexOf('*', from);
    if (star === -1 || star >= end) break;
    const piece = pattern.slice(from, star);
    const found = s.indexOf(piece, at);
    if (found === -1) return false;
    at = found + piece.length;
    from = star + 1;
  }
  // The last piece (after the last star): anywhere after `at`, or ending exactly at the end if anchored.
  const last = pattern.slice(from, end);
  if (anchored) return n - last.length >= at && s.endsWith(last);
  return s.indexOf(last, at) !== -1;
}
