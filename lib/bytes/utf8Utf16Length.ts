/**
 * How many UTF-16 code units TextDecoder('utf-8') makes of bytes[0, end) — counted, not decoded,
 * so finding the cut of a 2 MB page allocates no 4 MB string — or -1 when the bytes are not
 * well-formed UTF-8 (a stray, overlong, surrogate or unfinished sequence: the caller decodes
 * then, as the decoder's replacement characters depend on how the sequence breaks). A leading
 * byte-order mark is not counted: the decoder drops it. Linear, one pass.
 */
export function utf8Utf16Length(bytes: Uint8Array, end: number): number {
  let n = 0;
  let i = end >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < end) {
    const b = bytes[i]!;
    if (b < 0x80) {
      n++;
      i++;
      continue;
    }
    // The second byte's range depends on the first (WHATWG UTF-8 decoder: no overlongs, no surrogates, ≤ U+10FFFF).
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return -1;
    if (i + len > end) return -1;
    const b1 = bytes[i + 1]!;
    if (b1 < lo || b1 > hi) return -1;
    for (let k = 2; k < len; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return -1;
    n += len === 4 ? 2 : 1;
    i += len;
  }
  return n;
}
