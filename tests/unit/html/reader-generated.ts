// Seeded tag soup through every reader of lib/html, against parse5 (shared by the two halves of
// the 10,000 documents, which run side by side).
import { expect } from 'vitest';
import { actual, difference, expected } from '../../support/readerOracle';
import { generatedCase } from '../../support/readerCorpus';

/**
 * Documents `from`..`to`, each read twice: in one write (the reader's own pieces) and one byte at a
 * time in pieces of at most 8 characters, so that every byte offset is a boundary between two
 * writes and between two pieces — a tag, an attribute, a comment, a script, a character reference
 * or a UTF-8 sequence split at every place it can be.
 */
export function checkGenerated(from: number, to: number): void {
  const diffs: string[] = [];
  for (let seed = from; seed <= to; seed++) {
    const c = generatedCase(seed);
    const want = expected(c);
    for (const [chunk, piece] of [[c.body.length + 1, 32_768], [1, 8]] as const) {
      const d = difference(want, actual(c, chunk, piece));
      if (d) {
        diffs.push(`seed ${seed} (${c.encoding}, limit ${c.bodyLimit}, writes of ${chunk} bytes): ${JSON.stringify(c.html)}\n${d}`);
        break;
      }
    }
    if (diffs.length >= 3) break;
  }
  expect(diffs).toEqual([]);
}
