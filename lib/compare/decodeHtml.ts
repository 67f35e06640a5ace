import { charsetOf, mediaType } from '../core/headers';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** True when the response should be read as HTML: by its Content-Type, or by sniffing when it has none. */
export function isHtmlResponse(contentType: string | null, head: Uint8Array): boolean {
  const type = mediaType(contentType);
  if (type) return HTML_TYPES.has(type);
  const start = new TextDecoder('latin1').decode(head.subarray(0, 512)).trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}

/** The encoding a browser would pick: BOM, then the Content-Type charset, then a <meta charset> in the first 1024 bytes, then UTF-8. */
export function sniffCharset(contentType: string | null, bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const fromHeader = charsetOf(contentType);
  if (fromHeader && isKnownEncoding(fromHeader)) return fromHeader;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head);
  if (m && isKnownEncoding(m[1]!)) return m[1]!.toLowerCase();
  return 'utf-8';
}

function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** Decode HTML bytes (possibly cut mid-character: the last partial character becomes U+FFFD). */
export function decodeHtml(contentType: string | null, bytes: Uint8Array): string {
  return new TextDecoder(sniffCharset(contentType, bytes)).decode(bytes);
}
