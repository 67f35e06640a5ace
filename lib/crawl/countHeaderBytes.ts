import type { Header } from '../core';

function byteLength(s: string): number {
  // HTTP/1.1 header text is bytes; values the browser hands us as Latin-1 text are one byte each.
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x100) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The response headers counted as HTTP/1.1 text: the status line, `Name: value\r\n` per header,
 * and the blank line (`\r\n`) that ends them. HTTP/2 and /3 send headers compressed; Google counts
 * headers towards the limit but does not say in which form, so this is the plain-text count.
 * An empty status line (the browser did not report one) is counted as `HTTP/1.1 <status>`.
 */
export function countHeaderBytes(statusLine: string, headers: readonly Header[], statusCode = 200): number {
  const line = statusLine.trim() || `HTTP/1.1 ${statusCode}`;
  let n = byteLength(line) + 2;
  for (const h of headers) n += byteLength(h.name) + 2 + byteLength(h.value) + 2;
  return n + 2;
}
