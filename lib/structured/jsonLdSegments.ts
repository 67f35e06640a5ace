import type { ResolvedCharset } from '../html';
import { createByteMapper, type ByteMapper } from './createByteMapper';
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
  /** Byte offsets within the block of its characters. */
  bytes: ByteMapper;
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
    const bytes = createByteMapper(body.subarray(b.tagStart, end), chars, { ...cs, bomBytes: 0 });
    segments.push({ from, to: length, byte: b.tagStart, bytes });
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
      lineStart = b.tagStart + bytes.byteAt(lastNl + 1);
    }
    pos = end;
  }
  return { text: parts.join(''), tokens, byteAt: segmentBytes(segments) };
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

/** byteAt over the segments, each its own cursor (offsets asked in increasing order are cheapest). */
function segmentBytes(segments: Segment[]): (at: number) => number {
  let k = 0;
  return (at) => {
    if (at < segments[k]!.from) k = 0;
    while (k < segments.length - 1 && at >= segments[k + 1]!.from) k++;
    const s = segments[k]!;
    // An offset between blocks (none is asked: every place is in a block) is placed at the end of the block before it.
    return s.byte + s.bytes.byteAt(Math.min(Math.max(at - s.from, 0), s.to - s.from));
  };
}
