import { mediaType } from '../core';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** True when the response should be read as HTML: by its Content-Type, or by sniffing when it has none. */
export function isHtmlResponse(contentType: string | null, head: Uint8Array): boolean {
  const type = mediaType(contentType);
  if (type) return HTML_TYPES.has(type);
  const start = new TextDecoder('latin1').decode(head.subarray(0, 512)).trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}
