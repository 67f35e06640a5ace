import type { ResolvedCharset } from '../html';

/** Maps UTF-16 indexes of the decoded text back to byte offsets in the body. */
export interface ByteMapper {
  /** Byte offset in the body where the character at `charIndex` starts. Cheapest when called in increasing order. */
  byteAt(charIndex: number): number;
  /** True when every offset is exact; false for stateful charsets (ISO-2022-JP), where offsets are estimates. */
  exact: boolean;
}

const SEGMENT = 512;

/**
 * Byte offsets for character offsets. UTF-8 without decoding errors and the fixed-width charsets are
 * computed directly; for the East Asian multi-byte charsets (and UTF-8 with invalid bytes) the body
 * is re-decoded in segments that start and end on bytes that are always whole characters.
 */
export function createByteMapper(body: Uint8Array, text: string, cs: ResolvedCharset): ByteMapper {
  const bom = cs.bomBytes;
  if (cs.kind === 'single-byte') return { byteAt: (c) => bom + c, exact: true };
  if (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') return { byteAt: (c) => bom + 2 * c, exact: true };
  if (cs.kind === 'stateful') {
    const ratio = text.length === 0 ? 1 : (body.length - bom) / text.length;
    return { byteAt: (c) => bom + Math.round(c * ratio), exact: false };
  }
  if (cs.kind === 'utf-8' && !text.includes('\ufffd')) return utf8Mapper(text, bom);
  return segmentMapper(body, cs.encoding, cs.kind === 'utf-8' ? 0x80 : 0x30, bom);
}

const PIECE = 65_536;

function utf8Mapper(text: string, bom: number): ByteMapper {
  let c = 0;
  let b = bom;
  // The platform encoder counts UTF-8 bytes far faster than a loop; pieces never split a surrogate pair.
  const enc = new TextEncoder();
  // Sized to the longest piece encoded so far (a page's items are often all in its head: a few kB, not 196).
  let scratch = new Uint8Array(0);
  return {
    exact: true,
    byteAt(target) {
      if (target < c) {
        c = 0;
        b = bom;
      }
      const end = Math.min(target, text.length);
      while (c < end) {
        let to = Math.min(end, c + PIECE);
        const last = text.charCodeAt(to - 1);
        if (to < text.length && last >= 0xd800 && last <= 0xdbff) to++;
        // At most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
        if (scratch.length < (to - c) * 3) scratch = new Uint8Array((to - c) * 3);
        b += enc.encodeInto(text.slice(c, to), scratch).written;
        c = to;
      }
      return b;
    },
  };
}

function segmentMapper(body: Uint8Array, encoding: string, bound: number, bom: number): ByteMapper {
  // Cursor at a whole-character position: (byte b, char c).
  let b = bom;
  let c = 0;
  const seg = new TextDecoder(encoding, { ignoreBOM: true });
  const nextSync = (from: number): number => {
    let p = Math.min(body.length, from + SEGMENT);
    while (p < body.length && body[p]! >= bound) p++;
    return p;
  };
  return {
    exact: true,
    byteAt(target) {
      if (target < c) {
        b = bom;
        c = 0;
      }
      for (;;) {
        if (c === target || b >= body.length) return b;
        const end = nextSync(b);
        const len = seg.decode(body.subarray(b, end)).length;
        if (c + len <= target) {
          b = end;
          c += len;
          continue;
        }
        // The target lies inside this segment: feed it byte by byte.
        const d = new TextDecoder(encoding, { ignoreBOM: true });
        let n = 0;
        let p = b;
        while (p < end && c + n < target) {
          n += d.decode(body.subarray(p, p + 1), { stream: true }).length;
          p++;
        }
        return p;
      }
    },
  };
}
