import { charsetOf } from '../core';
import { resolveCharset } from './charset';

/**
 * The encoding a browser picks for an HTML body: a byte-order mark, then the Content-Type charset,
 * then a `<meta charset>` in the first 1024 bytes, then UTF-8. (A label browsers do not know is
 * skipped.) The result is a WHATWG encoding name, as `resolveCharset` gives.
 */
export function sniffCharset(contentType: string | null, bytes: Uint8Array): string {
  const bom = resolveCharset('utf-8', bytes);
  if (bom.bomBytes > 0) return bom.encoding;
  const fromHeader = charsetOf(contentType);
  if (fromHeader && knownEncoding(fromHeader)) return fromHeader;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head);
  if (m && knownEncoding(m[1]!)) return m[1]!.toLowerCase();
  return 'utf-8';
}

function knownEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}
