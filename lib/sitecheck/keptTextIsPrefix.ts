import type { Cutoff } from '../bytes';

/**
 * True when the kept bytes decode to exactly the first `charIndex` characters of the whole body's
 * text, so the kept HTML is a slice of the text already decoded rather than a second decode:
 * always in a single-byte charset; in UTF-8 when the byte after the cut starts afresh (not a
 * continuation byte), as the decoder then ends an unfinished sequence the same way at the cut and
 * in the whole text. Other charsets are decoded again.
 */
export function keptTextIsPrefix(c: Cutoff, kept: Uint8Array, charset: string): boolean {
  if (c.charset.encoding !== new TextDecoder(charset).encoding) return false;
  if (c.charset.kind === 'single-byte') return true;
  return c.charset.kind === 'utf-8' && (c.bodyBytesKept >= kept.length || (kept[c.bodyBytesKept]! & 0xc0) !== 0x80);
}
