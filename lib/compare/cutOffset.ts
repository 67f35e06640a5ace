import type { Header } from '../core/types';
import { GOOGLEBOT_BYTE_LIMIT } from './constants';

/** Bytes of an HTTP/1.1 status line and header block as sent: "HTTP/1.1 200 OK\r\n" + "Name: value\r\n"… + "\r\n". */
export function headerBlockBytes(status: number, headers: readonly Header[]): number {
  const enc = new TextEncoder();
  let n = enc.encode(`HTTP/1.1 ${status}\r\n`).length + 2;
  for (const h of headers) n += enc.encode(`${h.name}: ${h.value}\r\n`).length;
  return n;
}

/**
 * Where Googlebot's 2 MB (headers included) cuts the body: the body offset of the first
 * byte it drops, or null when the whole body fits.
 */
export function cutOffset(headerBytes: number, bodyBytes: number, limit = GOOGLEBOT_BYTE_LIMIT): number | null {
  const room = Math.max(0, limit - headerBytes);
  return bodyBytes > room ? room : null;
}
