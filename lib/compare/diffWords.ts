import { splitWords } from './splitWords';
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
  /** True when the words were aligned (an edit script); false when the inputs were too different and only word counts were compared. */
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

/** Maps strings to small integers, so the diff compares numbers. */
class Interner {
  private ids = new Map<string, number>();
  toIds(xs: readonly string[]): Int32Array {
    const out = new Int32Array(xs.length);
    for (let i = 0; i < xs.length; i++) {
      let id = this.ids.get(xs[i]!);
      if (id === undefined) this.ids.set(xs[i]!, (id = this.ids.size));
      out[i] = id;
    }
    return out;
  }
}

/** Collects hunks from edit scripts, keeping at most MAX_HUNKS and counting the rest. */
class Hunks {
  out: WordDiff = { exact: true, removedCount: 0, addedCount: 0, hunks: [], moreHunks: 0 };
  constructor(
    private desktop: readonly string[],
    private mobile: readonly string[],
  ) {}
  /** Add the hunks of `ops`, an edit script between desktop[x0…] and mobile[y0…]. */
  addOps(ops: Uint8Array, x0: number, y0: number): void {
    let x = x0;
    let y = y0;
    let i = 0;
    while (i < ops.length) {
      if (ops[i] === EQ) {
        x++;
        y++;
        i++;
        continue;
      }
      const sx = x;
      const sy = y;
      while (i < ops.length && ops[i] !== EQ) {
        if (ops[i] === DEL) x++;
        else y++;
        i++;
      }
      this.add(sx, sy, x - sx, y - sy);
    }
  }
  add(at: number, mobileAt: number, removed: number, added: number): void {
    this.out.removedCount += removed;
    this.out.addedCount += added;
    if (this.out.hunks.length >= MAX_HUNKS) {
      this.out.moreHunks++;
      return;
    }
    this.out.hunks.push({
      desktopAt: at,
      mobileAt,
      before: this.desktop.slice(Math.max(0, at - CONTEXT), at),
      removed: this.desktop.slice(at, at + Math.min(removed, MAX_HUNK_WORDS)),
      added: this.mobile.slice(mobileAt, mobileAt + Math.min(added, MAX_HUNK_WORDS)),
    });
  }
}

/**
 * Word-level diff of desktop → mobile. Common head and tail are stripped first, then
 * Myers' O((N+M)·D) algorithm runs with a cap on D and on the total steps, so hostile
 * input costs bounded time; past the caps the diff falls back to comparing word counts
 * (linear) and says so (`exact: false`).
 */
export function diffWords(desktop: readonly string[], mobile: readonly string[], limits: DiffLimits = {}): WordDiff {
  const maxEdits = limits.maxEdits ?? 2000;
  const maxSteps = limits.maxSteps ?? 40_000_000;
  const interner = new Interner();
  const A = interner.toIds(desktop);
  const B = interner.toIds(mobile);
  let pre = 0;
  while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
  let suf = 0;
  while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
  const ops = myers(A.subarray(pre, A.length - suf), B.subarray(pre, B.length - suf), maxEdits, maxSteps);
  if (!ops) return countDiff(desktop, mobile);
  const h = new Hunks(desktop, mobile);
  h.addOps(ops, pre, pre);
  return h.out;
}

/**
 * Diff of visible text given as blocks (paragraphs, headings…): blocks are aligned first
 * (patience diff: blocks that occur once on each side anchor the alignment, Myers fills
 * the gaps between anchors), then only the words of changed blocks are diffed. A page whose mobile version drops every tenth section is thousands
 * of word edits but only a few hundred block edits. Falls back to `diffWords` when the
 * blocks do not align within the caps; a changed region too large to align word by word
 * is reported as replaced.
 */
export function diffText(desktopBlocks: readonly string[], mobileBlocks: readonly string[], limits: DiffLimits = {}): WordDiff {
  const split = (blocks: readonly string[]) => {
    const words: string[] = [];
    const starts = new Int32Array(blocks.length + 1);
    for (let i = 0; i < blocks.length; i++) {
      starts[i] = words.length;
      splitWords(blocks[i]!, words);
    }
    starts[blocks.length] = words.length;
    return { words, starts };
  };
  const d = split(desktopBlocks);
  const m = split(mobileBlocks);
  const maxEdits = limits.maxEdits ?? 2000;
  const maxSteps = limits.maxSteps ?? 40_000_000;
  const blockIds = new Interner();
  const ops = patience(blockIds.toIds(desktopBlocks), blockIds.toIds(mobileBlocks), maxEdits, maxSteps);
  if (!ops) return diffWords(d.words, m.words, limits);

  const wordIds = new Interner();
  const h = new Hunks(d.words, m.words);
  let bi = 0;
  let bj = 0;
  let i = 0;
  let steps = 0;
  while (i < ops.length) {
    if (ops[i] === EQ) {
      bi++;
      bj++;
      i++;
      continue;
    }
    const si = bi;
    const sj = bj;
    while (i < ops.length && ops[i] !== EQ) {
      if (ops[i] === DEL) bi++;
      else bj++;
      i++;
    }
    const x0 = d.starts[si]!;
    const y0 = m.starts[sj]!;
    const a = wordIds.toIds(d.words.slice(x0, d.starts[bi]!));
    const b = wordIds.toIds(m.words.slice(y0, m.starts[bj]!));
    const sub = steps < maxSteps ? myers(a, b, maxEdits, maxSteps - steps) : null;
    steps += a.length + b.length;
    if (sub) h.addOps(sub, x0, y0);
    else h.add(x0, y0, a.length, b.length);
  }
  return h.out;
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

/**
 * Patience alignment: items unique on both sides are matched in the longest increasing
 * run of positions (O(n log n)); the gaps between those anchors are aligned with Myers.
 * Null when a gap cannot be aligned within the limits.
 */
function patience(A: Int32Array, B: Int32Array, maxEdits: number, maxSteps: number): Uint8Array | null {
  // Equal head and tail need no work (an identical page costs one pass).
  let pre = 0;
  while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
  let suf = 0;
  while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
  const a = A.subarray(pre, A.length - suf);
  const b = B.subarray(pre, B.length - suf);
  const count = new Map<number, number>();
  const posB = new Map<number, number>();
  for (const x of a) count.set(x, (count.get(x) ?? 0) + 1);
  for (let j = 0; j < b.length; j++) {
    const x = b[j]!;
    const c = count.get(x);
    if (c === undefined) continue;
    // 1 = once in a; 1000+ marks "seen in b"; a second sighting in b disqualifies.
    if (c === 1) {
      count.set(x, 1000);
      posB.set(x, j);
    } else if (c === 1000) count.set(x, -1);
  }
  // Anchors in a's order: (i, j) with the item unique on both sides.
  const ai: number[] = [];
  const aj: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (count.get(a[i]!) === 1000) {
      ai.push(i);
      aj.push(posB.get(a[i]!)!);
    }
  }
  // Longest increasing subsequence of aj (patience sorting).
  const tails: number[] = [];
  const prev = new Int32Array(aj.length).fill(-1);
  for (let k = 0; k < aj.length; k++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (aj[tails[mid]!]! < aj[k]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const chain: number[] = [];
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) chain.push(k);
  chain.reverse();

  const ops: number[] = new Array<number>(pre).fill(EQ);
  let x = 0;
  let y = 0;
  let steps = 0;
  const gap = (toX: number, toY: number): boolean => {
    const sub = myers(a.subarray(x, toX), b.subarray(y, toY), maxEdits, maxSteps - steps);
    steps += toX - x + toY - y;
    if (!sub || steps > maxSteps) return false;
    for (const op of sub) ops.push(op);
    x = toX;
    y = toY;
    return true;
  };
  for (const k of chain) {
    if (!gap(ai[k]!, aj[k]!)) return null;
    ops.push(EQ);
    x++;
    y++;
  }
  if (!gap(a.length, b.length)) return null;
  for (let i = 0; i < suf; i++) ops.push(EQ);
  return Uint8Array.from(ops);
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
