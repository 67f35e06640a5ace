import { actual, difference, expected, type OracleCase } from '../../support/readerOracle';

/** The first difference between the reader and parse5 at any of the chunkings (writes of so many bytes, pieces of at most so many), or null; `got` sees each of the reader's answers. */
export function check(c: OracleCase, chunkings: readonly (readonly [number, number])[] = [[c.body.length + 1, 32_768], [1, 8]], got?: (a: ReturnType<typeof actual>) => void): string | null {
  const want = expected(c);
  for (const [chunk, piece] of chunkings) {
    const a = actual(c, chunk, piece);
    got?.(a);
    const d = difference(want, a);
    if (d) return `writes of ${chunk} bytes, pieces of ${piece}: ${d}`;
  }
  return null;
}
