import { DEFAULT_LIMIT } from './limits';
import { countChars } from './countChars';
import { endsOnWholeChar, resolveCharset, syncPointAtOrBefore, type ResolvedCharset } from '../html';

export interface CutoffInput {
  /** The uncompressed response body, as served. */
  body: Uint8Array;
  /** Response header bytes (see countHeaderBytes). */
  headerBytes: number;
  /** The charset the page is decoded with (document.characterSet or the Content-Type label). */
  charset: string;
  /** Bytes Googlebot keeps, headers included. Defaults to 2,097,152. */
  limit?: number;
  /**
   * The body's full length when `body` holds only its first bytes (a copy kept up to the limit
   * plus a margin, the rest only counted). Defaults to `body.length`; never less than it.
   */
  totalBodyBytes?: number;
  /**
   * False for a binary body (a PDF): there are no characters to keep whole, so the cut is at the
   * limit's byte exactly. Default true.
   */
  wholeCharacters?: boolean;
}

export type CutoffCode = 'bytes.cut.within' | 'bytes.cut.truncated' | 'bytes.cut.headersOverLimit';

export interface Cutoff {
  code: CutoffCode;
  /** Headers + body exceed the limit: Googlebot drops the rest. */
  truncated: boolean;
  /** Header bytes + body bytes. */
  totalBytes: number;
  headerBytes: number;
  bodyBytes: number;
  limit: number;
  /** Body bytes that fit under the limit (limit − headers, never negative, at most the body). */
  bodyLimit: number;
  /** Body bytes Googlebot keeps, backed off to the last whole character. */
  bodyBytesKept: number;
  /** Bytes of a character that straddles the limit, dropped with it (0 when the cut falls between characters). */
  backedOff: number;
  /** The cut as a UTF-16 index into the decoded document text (byte-order mark excluded). */
  charIndex: number;
  charset: ResolvedCharset;
}

/** The longest character of any WHATWG encoding (UTF-8, GB18030), in bytes. */
const MAX_CHAR_BYTES = 4;

/** Where Googlebot stops reading this response. Uses the platform TextDecoder for every charset. */
export function findCutoff({ body, headerBytes, charset, limit = DEFAULT_LIMIT, totalBodyBytes, wholeCharacters = true }: CutoffInput): Cutoff {
  const cs = resolveCharset(charset, body);
  const bodyBytes = Math.max(body.length, totalBodyBytes ?? 0);
  const totalBytes = headerBytes + bodyBytes;
  const truncated = totalBytes > limit;
  // A partial copy shorter than the limit cannot place the cut past its own end.
  const bodyLimit = Math.min(body.length, bodyBytes, Math.max(0, limit - headerBytes));
  let kept = bodyLimit;
  if (truncated && wholeCharacters && kept > cs.bomBytes) {
    // A character is at most 4 bytes in every WHATWG encoding: a cut inside one drops at most 3.
    // Bytes that end no character within that (invalid data) are not a character to keep whole:
    // the cut stays at the limit. Each try decodes only from the sync point, so this is linear.
    const from = syncPointAtOrBefore(body, kept, cs.kind, cs.bomBytes);
    for (let back = 0; back < MAX_CHAR_BYTES && kept - back >= from; back++) {
      if (endsOnWholeChar(body, from, kept - back, cs.encoding)) {
        kept -= back;
        break;
      }
    }
  }
  if (truncated && wholeCharacters && kept < cs.bomBytes) kept = 0;
  // A binary body is not text: no decoding (a 64 MB PDF is not turned into a string). Where the
  // bytes tell the count exactly (countChars), the kept part is not decoded a second time.
  const charIndex =
    kept === 0 || !wholeCharacters
      ? 0
      : (countChars(body, kept, cs) ?? new TextDecoder(cs.encoding).decode(body.subarray(0, kept)).length);
  return {
    code: !truncated ? 'bytes.cut.within' : headerBytes >= limit ? 'bytes.cut.headersOverLimit' : 'bytes.cut.truncated',
    truncated,
    totalBytes,
    headerBytes,
    bodyBytes,
    limit,
    bodyLimit,
    bodyBytesKept: kept,
    backedOff: bodyLimit - kept,
    charIndex,
    charset: cs,
  };
}
