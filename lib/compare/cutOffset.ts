import type { Header } from '../core/types';
import { countHeaderBytes } from '../bytes/countHeaderBytes';
import { GOOGLEBOT_BYTE_LIMIT } from './constants';

/**
 * Bytes of the status line and headers as HTTP/1.1 text ("HTTP/1.1 200\r\n", "Name: value\r\n"…,
 * "\r\n"), counted exactly as the byte-budget section counts them.
 */
export function headerBlockBytes(status: number, headers: readonly Header[]): number {
  return countHeaderBytes('', headers, status);
}

/**
 * Where Googlebot's 2 MB (headers included) cuts the body: the body offset of the first
 * byte it drops, or null when the whole body fits.
 */
export function cutOffset(headerBytes: number, bodyBytes: number, limit = GOOGLEBOT_BYTE_LIMIT): number | null {
  const room = Math.max(0, limit - headerBytes);
  return bodyBytes > room ? room : null;
}
