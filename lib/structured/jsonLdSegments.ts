import type { ResolvedCharset } from '../html';
import { StructuredTokens } from './StructuredTokens';

/** A page's JSON-LD blocks as a short text that places them as the whole page would. */
export interface JsonLdSegments {
  /**
   * Each block (its start tag and content) at the line and column where it stands in the page, the
   * lines and columns before it filled with line feeds and spaces: a line index of this text gives
   * the page's own lines and columns.
   */
  text: string;
  /** The blocks, in offsets of `text`. */
  tokens: StructuredTokens;
  /** Body byte offset of an offset of `text` inside a block (called in increasing order). */
  byteAt(at: number): number;
}

interface Segment {
  /** Offset in `text` of the block's `<`, and just past its content. */
  from: number;
  to: number;
  /** Body byte offset of the block's `<`. */
  byte: number;
  chars: string;
}

const LF = 0x0a;

/**
 * The JSON-LD blocks a pass over the body's bytes found, read without decoding the page: each
 * block's bytes are decoded alone (a tag's `<` and the `<` of its end tag are whole characters in
 * every charset this takes), and its line and column come from the line feeds before it. A page's
 * blocks are often a few kB of a 200 kB page: decoding the whole page for them was a third of what
 * its structured data cost the site check.
 *
 * For UTF-8 and the single-byte charsets, in a page Googlebot keeps whole (nothing past a cut to
 * place), with JSON-LD only (microdata and RDFa need the whole text for their tree). Null otherwise,
 * and for a block that decodes with a replacement character (its bytes could not be placed from its
 * characters): the caller then decodes the page.
 */
export function jsonLdSegments(body: Uint8Array, byteTokens: StructuredTokens, cs: ResolvedCharset): JsonLdSegments | null {
  if (byteTokens.microdata || byteTokens.rdfa || !byteTokens.blocks.length) return null;
  const utf8 = cs.kind === 'utf-8';
  if (!utf8 && cs.kind !== 'single-byte') return null;
  const decoder = new TextDecoder(cs.encoding, { ignoreBOM: true });
  const tokens = new StructuredTokens(false);
  const segments: Segment[] = [];
  const parts: string[] = [];
  let length = 0;
  // The page so far: the byte scanned to, its line (1-based) and where that line starts.
  let pos = cs.bomBytes;
  let line = 1;
  let lineStart = cs.bomBytes;
  // The text so far: its last line and column (1-based).
  let tLine = 1;
  let tColumn = 1;
  for (const b of byteTokens.blocks) {
    const end = Math.min(b.contentEnd, body.length);
    if (b.tagStart < pos || b.contentStart > end) return null;
    for (let nl = body.indexOf(LF, pos); nl >= 0 && nl < b.tagStart; nl = body.indexOf(LF, nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    const column = columnOf(body, lineStart, b.tagStart, decoder, utf8) + 1;
    const tag = decoder.decode(body.subarray(b.tagStart, b.contentStart));
    const content = decoder.decode(body.subarray(b.contentStart, end));
    if (tag.includes('\ufffd') || content.includes('\ufffd')) return null;
    // Padding: line feeds to the block's line, spaces to its column (a block after another on the same line: only spaces).
    if (line < tLine || (line === tLine && column < tColumn)) return null;
    if (line > tLine) {
      parts.push('\n'.repeat(line - tLine));
      length += line - tLine;
      tLine = line;
      tColumn = 1;
    }
    if (column > tColumn) {
      parts.push(' '.repeat(column - tColumn));
      length += column - tColumn;
    }
    const from = length;
    const chars = tag + content;
    parts.push(chars);
    length += chars.length;
    segments.push({ from, to: length, byte: b.tagStart, chars });
    tokens.blocks.push({ tagStart: from, contentStart: from + tag.length, contentEnd: length, unterminated: b.unterminated });
    // Where the text ends now; the page's scan goes on from the block's end.
    const lastNl = chars.lastIndexOf('\n');
    if (lastNl < 0) tColumn = column + chars.length;
    else {
      let n = 0;
      for (let i = chars.indexOf('\n'); i >= 0; i = chars.indexOf('\n', i + 1)) n++;
      tLine += n;
      tColumn = chars.length - lastNl;
      line += n;
      lineStart = b.tagStart + byteLength(chars, 0, lastNl + 1, utf8);
    }
    pos = end;
  }
  return { text: parts.join(''), tokens, byteAt: segmentBytes(segments, utf8) };
}

/** UTF-16 units between two body bytes on one line (both on whole characters). */
function columnOf(body: Uint8Array, from: number, to: number, decoder: TextDecoder, utf8: boolean): number {
  if (!utf8) return to - from;
  let units = 0;
  for (let i = from; i < to; i++) {
    const c = body[i]!;
    // A byte that is not ASCII: the decoder says how many units (invalid bytes become U+FFFD).
    if (c >= 0x80) return decoder.decode(body.subarray(from, to)).length;
    units++;
  }
  return units;
}

/** UTF-8 (or single-byte) length of chars[from, to). */
function byteLength(chars: string, from: number, to: number, utf8: boolean): number {
  if (!utf8) return to - from;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = chars.charCodeAt(i);
    if (c < 0x80) n++;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** byteAt over the segments: a cursor (offsets asked in increasing order; a smaller one starts it again). */
function segmentBytes(segments: Segment[], utf8: boolean): (at: number) => number {
  let k = 0;
  let c = 0;
  let b = segments[0]!.byte;
  return (at) => {
    if (k >= segments.length || at < segments[k]!.from + c) {
      k = 0;
      c = 0;
      b = segments[0]!.byte;
    }
    while (k < segments.length - 1 && at >= segments[k + 1]!.from) {
      k++;
      c = 0;
      b = segments[k]!.byte;
    }
    const s = segments[k]!;
    // An offset between blocks (none is asked: every place is in a block) is placed at the end of the block before it.
    const target = Math.min(Math.max(at - s.from, 0), s.chars.length);
    if (target > c) {
      b += byteLength(s.chars, c, target, utf8);
      c = target;
    } else if (target < c) {
      c = target;
      b = s.byte + byteLength(s.chars, 0, target, utf8);
    }
    return b;
  };
}
