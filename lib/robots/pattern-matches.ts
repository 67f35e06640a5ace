let scratch = new Int32Array(256);

/**
 * Google's robots.txt pattern match: anchored at the start of the path, `*` matches any run
 * (across "/"), `$` is special only at the end. `path` is UTF-8 bytes; `pattern` is a normalised
 * (ASCII) rule value. Keeps the set of path positions the pattern prefix can reach, so the work is
 * O(path × pattern) even for `/*a*a*a*…b` — no backtracking.
 */
export function patternMatches(path: Uint8Array, pattern: string): boolean {
  const n = path.length;
  const m = pattern.length;
  if (pattern.indexOf('*') === -1) {
    // No wildcard: a prefix test, or an exact test when it ends in "$".
    const exact = m > 0 && pattern.charCodeAt(m - 1) === 36;
    const len = exact ? m - 1 : m;
    if (len > n || (exact && len !== n)) return false;
    for (let i = 0; i < len; i++) if (path[i] !== pattern.charCodeAt(i)) return false;
    return true;
  }
  if (scratch.length < n + 1) scratch = new Int32Array(Math.max(n + 1, scratch.length * 2));
  const pos = scratch;
  pos[0] = 0;
  let num = 1;
  for (let k = 0; k < m; k++) {
    const c = pattern.charCodeAt(k);
    if (c === 36 && k + 1 === m) return pos[num - 1] === n;
    if (c === 42) {
      num = n - pos[0] + 1;
      for (let i = 1; i < num; i++) pos[i] = pos[i - 1] + 1;
    } else {
      let next = 0;
      for (let i = 0; i < num; i++) {
        const p = pos[i];
        if (p < n && path[p] === c) pos[next++] = p + 1;
      }
      num = next;
      if (num === 0) return false;
    }
  }
  return true;
}
