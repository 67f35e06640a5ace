import { sniffCharset } from '../html';
import { decodeText } from '../core';

/** Decode HTML bytes (possibly cut mid-character: the last partial character becomes U+FFFD). */
export function decodeHtml(contentType: string | null, bytes: Uint8Array): string {
  return decodeText(bytes, sniffCharset(contentType, bytes));
}
