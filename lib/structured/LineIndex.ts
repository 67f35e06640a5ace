/**
 * Line and column of offsets in a text, its line starts found only as far as an offset asks (the
 * items of a 200 kB page are often all in its head: the rest of the page is never searched).
 */
export class LineIndex {
  private readonly starts = [0];
  /** Where the search for the next line start goes on, or -1 once the text's end is reached. */
  private from = 0;

  constructor(private readonly text: string) {}

  /** The 0-based line of `at` (a character offset). */
  lineOf(at: number, fromLine = 0): number {
    const starts = this.starts;
    while (this.from >= 0 && starts[starts.length - 1]! <= at) {
      const nl = this.text.indexOf('\n', this.from);
      if (nl < 0) this.from = -1;
      else {
        starts.push(nl + 1);
        this.from = nl + 1;
      }
    }
    let lo = fromLine;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where line `line` (0-based) starts. */
  start(line: number): number {
    return this.starts[line]!;
  }
}
