/** A run of words present on one side only, with the words just before it for context. */
export interface WordHunk {
  /** Index in the desktop words where the run starts. */
  desktopAt: number;
  /** Index in the mobile words where the run starts. */
  mobileAt: number;
  before: string[];
  /** Words only in the desktop HTML (missing on mobile). */
  removed: string[];
  /** Words only in the mobile HTML. */
  added: string[];
}

export interface WordDiff {
  /** True when the diff is a shortest edit script; false when the inputs were too different and only word counts were compared. */
  exact: boolean;
  removedCount: number;
  addedCount: number;
  hunks: WordHunk[];
  /** Hunks left out of `hunks` (over MAX_HUNKS). */
  moreHunks: number;
}

export interface DiffLimits {
  /** Largest edit distance tried before falling back (Myers' D). */
  maxEdits?: number;
  /** Upper bound on inner-loop steps before falling back. */
  maxSteps?: number;
}

export const MAX_HUNKS = 100;
const MAX_HUNK_WORDS = 200;
const CONTEXT = 5;

/**
 * Word-level diff of desktop → mobile. Common head and tail are stripped first, then
 * Myers' O((N+M)·D) algorithm runs with a cap on D and on the total steps, so hostile
 * input costs bounded time; past the caps the diff falls back to comparing word counts
 * (linear) and says so (`exact: false`).
 */
export function diffWords(desktop: readonly string[], mobile: readonly string[], limits: DiffLimits = {}): WordDiff {
  const maxEdits = limits.maxEdits ?? 2000;
  const maxSteps = limits.maxSteps ?? 40_000_000;
  const ids = new Map<string, number>();
  const toIds = (words: readonly string[]) => {
    const out = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      let id = ids.get(words[i]!);
      if (id === undefined) ids.set(words[i]!, (id = ids.size));
      out[i] = id;
    }
    return out;
  };
  const A = toIds(desktop);
  const B = toIds(mobile);
  let pre = 0;
  while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
  let suf = 0;
  while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
  const a = A.subarray(pre, A.length - suf);
  const b = B.subarray(pre, B.length - suf);
  const ops = myers(a, b, maxEdits, maxSteps);
  if (!ops) return countDiff(desktop, mobile);

  const hunks: WordHunk[] = [];
  let removedCount = 0;
  let addedCount = 0;
  let moreHunks = 0;
  let x = 0;
  let y = 0;
  let i = 0;
  while (i < ops.length) {
    if (ops[i] === EQ) {
      x++;
      y++;
      i++;
      continue;
    }
    const startX = x;
    const startY = y;
    let removed = 0;
    let added = 0;
    while (i < ops.length && ops[i] !== EQ) {
      if (ops[i] === DEL) {
        x++;
        removed++;
      } else {
        y++;
        added++;
      }
      i++;
    }
    removedCount += removed;
    addedCount += added;
    if (hunks.length >= MAX_HUNKS) {
      moreHunks++;
      continue;
    }
    const at = pre + startX;
    hunks.push({
      desktopAt: at,
      mobileAt: pre + startY,
      before: desktop.slice(Math.max(0, at - CONTEXT), at),
      removed: desktop.slice(at, at + Math.min(removed, MAX_HUNK_WORDS)),
      added: mobile.slice(pre + startY, pre + startY + Math.min(added, MAX_HUNK_WORDS)),
    });
  }
  return { exact: true, removedCount, addedCount, hunks, moreHunks };
}

const EQ = 0;
const DEL = 1;
const INS = 2;

/** Shortest edit script a → b as a list of EQ/DEL/INS, or null past the limits. */
function myers(a: Int32Array, b: Int32Array, maxEdits: number, maxSteps: number): Uint8Array | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    return new Uint8Array(n + m).fill(n === 0 ? INS : DEL);
  }
  const max = Math.min(n + m, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let steps = 0;
  let found = -1;
  outer: for (let d = 0; d <= max; d++) {
    // Keep only the diagonals d can reach: O(D²) memory in all.
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      steps += 1 + x - x0;
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break outer;
      }
    }
    if (steps > maxSteps) return null;
  }
  if (found < 0) return null;

  const ops: number[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const w = trace[d]!; // v before round d; index k ↔ w[k + d + 1]
    const at = (k: number) => w[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push(EQ);
      x--;
      y--;
    }
    if (d > 0) ops.push(x === prevX ? INS : DEL);
    x = prevX;
    y = prevY;
  }
  return Uint8Array.from(ops.reverse());
}

/** Linear fallback: which words occur more often on one side. */
function countDiff(desktop: readonly string[], mobile: readonly string[]): WordDiff {
  const counts = new Map<string, number>();
  for (const w of desktop) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const w of mobile) counts.set(w, (counts.get(w) ?? 0) - 1);
  const removed: string[] = [];
  const added: string[] = [];
  let removedCount = 0;
  let addedCount = 0;
  for (const [w, c] of counts) {
    if (c > 0) {
      removedCount += c;
      if (removed.length < MAX_HUNK_WORDS) removed.push(w);
    } else if (c < 0) {
      addedCount -= c;
      if (added.length < MAX_HUNK_WORDS) added.push(w);
    }
  }
  const hunks = removed.length || added.length ? [{ desktopAt: 0, mobileAt: 0, before: [], removed, added }] : [];
  return { exact: false, removedCount, addedCount, hunks, moreHunks: 0 };
}
