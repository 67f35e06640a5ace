import { findCutoff, type Cutoff } from '../bytes';
import { createByteMapper } from './createByteMapper';
import { decodeText } from '../core';
import { extractStructuredData, type ExtractInput } from './extractStructuredData';
import type { SdExtract } from './types';
import type { StructuredTokens } from './StructuredTokens';
import { tokensInChars } from './tokensInChars';
import { jsonLdSegments } from './jsonLdSegments';

export interface BytesToRead {
  /** The body as received (the limit plus what lies past it, as kept). */
  body: Uint8Array;
  headerBytes: number;
  /** The charset label (Content-Type or the document's). */
  charset: string;
  limit: number;
  /** Body bytes received in all (when more than `body` holds). */
  totalBodyBytes?: number;
  baseUrl?: string | null;
  treeOf?: ExtractInput['treeOf'];
  /** The body already decoded (the caller decoded it for another reader): not decoded again. */
  text?: string;
  /** The cut already found for these bytes. */
  cutoff?: Cutoff;
  tokens?: ExtractInput['tokens'];
  /** The tokens a pass over these same bytes found (offsets in body bytes): JSON-LD blocks are placed from them, no second scan. */
  byteTokens?: StructuredTokens;
}

/**
 * The structured data of a response as served: the cut found as Googlebot finds it (headers
 * included, a whole character), the body decoded once, every item placed at its body byte — an
 * item past the cut is lost with its byte.
 */
export function structuredFromBytes(r: BytesToRead): SdExtract & { cutoff: Cutoff } {
  const cutoff = r.cutoff ?? findCutoff({ body: r.body, headerBytes: r.headerBytes, charset: r.charset, limit: r.limit, totalBodyBytes: r.totalBodyBytes });
  // JSON-LD only, nothing cut: its blocks are decoded alone, the page is not (jsonLdSegments).
  const segments = r.text === undefined && r.byteTokens && !cutoff.truncated ? jsonLdSegments(r.body, r.byteTokens, cutoff.charset) : null;
  if (segments) {
    const ex = extractStructuredData({ html: segments.text, source: 'served', cut: null, baseUrl: r.baseUrl ?? null, byteAt: segments.byteAt, headerBytes: r.headerBytes, offsetsExact: true, treeOf: r.treeOf, tokens: segments.tokens });
    return { ...ex, cutoff };
  }
  const text = r.text ?? decodeText(r.body, cutoff.charset.encoding);
  const mapper = createByteMapper(r.body, text, cutoff.charset);
  const ex = extractStructuredData({
    html: text,
    source: 'served',
    cut: cutoff.truncated ? cutoff.charIndex : null,
    baseUrl: r.baseUrl ?? null,
    byteAt: (c) => mapper.byteAt(c),
    headerBytes: r.headerBytes,
    offsetsExact: mapper.exact,
    treeOf: r.treeOf,
    tokens: r.tokens ?? (r.byteTokens ? (tokensInChars(r.byteTokens, r.body, text, cutoff.charset) ?? undefined) : undefined),
  });
  return { ...ex, cutoff };
}
