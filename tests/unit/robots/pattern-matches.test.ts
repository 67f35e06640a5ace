import { describe, expect, it } from 'vitest';
import { patternMatches } from '../../../lib/robots';

/** Google's Matches() as written in robots.cc (position sets), the reference for the fast version. */
function googleMatches(path: Uint8Array, pattern: string): boolean {
  const n = path.length;
  const pos = new Int32Array(n + 1);
  let num = 1;
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern.charCodeAt(k);
    if (c === 36 && k + 1 === pattern.length) return pos[num - 1] === n;
    if (c === 42) {
      num = n - pos[0] + 1;
      for (let i = 1; i < num; i++) pos[i] = pos[i - 1] + 1;
    } else {
      let next = 0;
      for (let i = 0; i < num; i++) if (pos[i] < n && path[pos[i]] === c) pos[next++] = pos[i] + 1;
      num = next;
      if (num === 0) return false;
    }
  }
  return true;
}

// A deterministic generator, so a failure names a reproducible case.
function* cases(count: number) {
  let seed = 12345;
  const rnd = (k: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  const alphabet = ['/', 'a', 'b', '$', '.'];
  for (let i = 0; i < count; i++) {
    let path = '';
    for (let j = rnd(9); j > 0; j--) path += alphabet[rnd(alphabet.length)];
    let pattern = '';
    for (let j = rnd(8); j > 0; j--) pattern += [...alphabet, '*', '*'][rnd(alphabet.length + 2)];
    yield { path, pattern };
  }
}

describe('patternMatches', () => {
  it('agrees with Google\'s position-set algorithm on 20,000 generated path/pattern pairs', () => {
    const disagreements: string[] = [];
    for (const { path, pattern } of cases(20_000)) {
      const bytes = new TextEncoder().encode(path);
      if (patternMatches(bytes, pattern) !== googleMatches(bytes, pattern)) disagreements.push(`${JSON.stringify(path)} ~ ${JSON.stringify(pattern)}`);
    }
    expect(disagreements).toEqual([]);
  });
  it('answers hostile cases: 8,000 stars against a 200,000-byte path', () => {
    const path = new TextEncoder().encode('/' + 'a'.repeat(199_999));
    expect(patternMatches(path, '/' + '*a'.repeat(8000) + '*b')).toBe(false);
    expect(patternMatches(path, '/' + '*a'.repeat(8000) + '$')).toBe(true);
  });
  it('works on bytes: a non-ASCII path byte never equals an ASCII pattern char', () => {
    expect(patternMatches(new TextEncoder().encode('/é'), '/%C3%A9')).toBe(false);
    expect(patternMatches(new TextEncoder().encode('/%C3%A9x'), '/*A9*')).toBe(true);
  });
});
