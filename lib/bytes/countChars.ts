import type { ResolvedCharset } from '../html';

/**
 * The length (in UTF-16 code units) of the text body[0, end) decodes to with this charset, counted
 * from the bytes without decoding where that is exact; null where only decoding can tell.
 * - single-byte charsets: one character per byte;
 * - UTF-16: one code unit per two bytes (a pair is two units from four bytes; an unpaired
 *   surrogate becomes one U+FFFD); an odd byte count is left to the decoder;
 * - well-formed UTF-8, checked while counting (WHATWG's ranges: no overlong, surrogate or
 *   unfinished sequence, nothing past U+10FFFF): one unit per character, two for a 4-byte one.
 *   Anything else is left to the decoder (its replacement rules depend on the bytes that follow).
 * The byte-order mark decodes to nothing (a part of one is left to the decoder).
 */
export function countChars(body: Uint8Array, end: number, cs: ResolvedCharset): number | null {
  const from = cs.bomBytes;
  const to = Math.min(end, body.length);
  if (to === from || to <= 0) return 0;
  if (to < from) return null; // part of a byte-order mark: the decoder's replacement decides

  if (cs.kind === 'single-byte') return to - from;
  if (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') return (to - from) % 2 === 0 ? (to - from) / 2 : null;
  if (cs.kind !== 'utf-8') return null;
  let n = 0;
  let i = from;
  while (i < to) {
    const b = body[i]!;
    if (b < 0x80) {
      n++;
      i++;
      continue;
    }
    // The second byte's range depends on the first.
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return null;
    if (i + len > to) return null;
    const b1 = body[i + 1]!;
    if (b1 < lo || b1 > hi) return null;
    for (let k = 2; k < len; k++) if ((body[i + k]! & 0xc0) !== 0x80) return null;
    n += len === 4 ? 2 : 1;
    i += len;
  }
  return n;
}
