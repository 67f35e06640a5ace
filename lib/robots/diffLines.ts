export type LineChange =
  | { kind: 'removed'; line: number; text: string }
  | { kind: 'added'; line: number; text: string }
  | { kind: 'replaced-block'; fromLines: [number, number]; toLines: [number, number] };

/** Cells of the line-by-line comparison table; past this, the changed block is reported whole. */
export const DIFF_MAX_CELLS = 4_000_000;

const splitLines = (s: string) => s.split(/\r\n|\r|\n/);

/**
 * Changed lines between two texts (the live robots.txt and an edited copy). `removed` lines are
 * numbered in `before`, `added` lines in `after` (1-based). Common head and tail are skipped; the
 * middle is compared with a longest-common-subsequence table when it is small enough, otherwise it
 * is reported as one replaced block — bounded work for any input.
 */
export function diffLines(before: string, after: string): LineChange[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 && m === 0) return [];
  if ((n + 1) * (m + 1) > DIFF_MAX_CELLS) {
    return [{ kind: 'replaced-block', fromLines: [head + 1, head + n], toLines: [head + 1, head + m] }];
  }
  // lcs[i][j] = LCS length of a[head+i..] and b[head+j..]
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[head + i] === b[head + j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const out: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      i++;
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
      out.push({ kind: 'removed', line: head + i + 1, text: a[head + i] });
      i++;
    } else {
      out.push({ kind: 'added', line: head + j + 1, text: b[head + j] });
      j++;
    }
  }
  return out;
}
