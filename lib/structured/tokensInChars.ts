import type { ResolvedCharset } from '../html';
import { StructuredTokens, type JsonLdBlock } from './StructuredTokens';

/**
 * The JSON-LD blocks a pass over the body's bytes found (offsets in body bytes), in character
 * offsets of the decoded text — so a page's structured data is read without tokenizing the page a
 * second time. Exact for UTF-8 that decoded without a replacement character, the single-byte
 * charsets and UTF-16; null otherwise (the caller then reads the text's own tokens), and null for a
 * page with microdata or RDFa (their tree builder needs the tags' character offsets too).
 */
export function tokensInChars(byteTokens: StructuredTokens, body: Uint8Array, text: string, cs: ResolvedCharset): StructuredTokens | null {
  if (byteTokens.microdata || byteTokens.rdfa) return null;
  const out = new StructuredTokens(false);
  if (!byteTokens.blocks.length) return out;
  const toChar = charAt(body, text, cs);
  if (!toChar) return null;
  for (const b of byteTokens.blocks) {
    const block: JsonLdBlock = { tagStart: toChar(b.tagStart), contentStart: toChar(b.contentStart), contentEnd: toChar(b.contentEnd), unterminated: b.unterminated };
    out.blocks.push(block);
  }
  return out;
}

/** Character offset of a body byte offset (called in increasing order; a byte offset on a character's first byte). */
function charAt(body: Uint8Array, text: string, cs: ResolvedCharset): ((byte: number) => number) | null {
  const bom = cs.bomBytes;
  if (cs.kind === 'single-byte') return (b) => Math.max(0, b - bom);
  if (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') return (b) => Math.max(0, (b - bom) >> 1);
  if (cs.kind !== 'utf-8' || text.includes('\ufffd')) return null;
  // Valid UTF-8: every byte that is not a continuation byte starts a character, one UTF-16 unit,
  // two for a 4-byte sequence (a surrogate pair).
  let at = bom;
  let chars = 0;
  return (target) => {
    if (target < at) {
      at = bom;
      chars = 0;
    }
    const end = Math.min(target, body.length);
    for (; at < end; at++) {
      const c = body[at]!;
      if (c < 0x80) chars++;
      else if (c >= 0xc0) chars += c >= 0xf0 ? 2 : 1;
    }
    return chars;
  };
}
