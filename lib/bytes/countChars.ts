import type { ResolvedCharset } from './charset';

/**
 * The length (in UTF-16 code units) of the text body[0, end) decodes to with this charset, counted
 * from the bytes without decoding where that is exact; null where only decoding can tell.
 * - single-byte charsets: one character per byte;
 * - UTF-16: one code unit per two bytes (a pair is two units from four bytes; an unpaired
 *   surrogate becomes one U+FFFD); an odd byte count is left to the decoder;
 * - UTF-8 the caller knows to be valid (it decoded the body and met no U+FFFD): every byte that
 *   is not a continuation byte starts a character, and a 4-byte one (lead byte F0–F4) is two units.
 *   Invalid UTF-8 is left to the decoder (its replacement rules depend on the bytes that follow).
 * The byte-order mark decodes to nothing (a part of one is left to the decoder).
 */
export function countChars(body: Uint8Array, end: number, cs: ResolvedCharset, validUtf8: boolean): number | null {
  const from = cs.bomBytes;
  const to = Math.min(end, body.length);
  if (to === from || to <= 0) return 0;
  if (to < from) return null; // part of a byte-order mark: the decoder's replacement decides

  if (cs.kind === 'single-byte') return to - from;
  if (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') return (to - from) % 2 === 0 ? (to - from) / 2 : null;
  if (cs.kind !== 'utf-8' || !validUtf8) return null;
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = body[i]!;
    // 0x00–0x7F and 0xC2–0xF4 start a character (0x80–0xBF continue one); F0–F4 start a pair.
    if (b < 0x80) n++;
    else if (b >= 0xc0) n += b >= 0xf0 ? 2 : 1;
  }
  return n;
}
