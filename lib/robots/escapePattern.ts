const HEX = '0123456789ABCDEF';

const isHex = (b: number) => (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102);
const upperHex = (b: number) => (b >= 97 && b <= 102 ? b - 32 : b);

/**
 * Normalises a rule value the way Google does before matching: `%xx` escapes are upper-cased and
 * every byte ≥ 0x80 is %-encoded, so the result is ASCII (and its length is its UTF-8 length).
 * Works on the UTF-8 bytes [start, end) of `bytes`.
 */
export function escapePatternBytes(bytes: Uint8Array, start = 0, end = bytes.length, bin?: string): string {
  let simple = true;
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b >= 0x80 || (b === 37 && i + 2 < end && isHex(bytes[i + 1]) && isHex(bytes[i + 2]) && (bytes[i + 1] >= 97 || bytes[i + 2] >= 97))) {
      simple = false;
      break;
    }
  }
  if (simple) return bin !== undefined ? bin.slice(start, end) : binaryString(bytes, start, end);
  let out = '';
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b === 37 && i + 2 < end && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out += '%' + String.fromCharCode(upperHex(bytes[i + 1]), upperHex(bytes[i + 2]));
      i += 2;
    } else if (b >= 0x80) {
      out += '%' + HEX[b >> 4] + HEX[b & 15];
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}

/** Google's MaybeEscapePattern for a rule value given as text (UTF-8 encoded first). */
export function escapePattern(value: string): string {
  return escapePatternBytes(new TextEncoder().encode(value));
}

const CHUNK = 8192;

/** A string with one char per byte (char code = byte value). */
export function binaryString(bytes: Uint8Array, start = 0, end = bytes.length): string {
  if (end - start <= CHUNK) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  let out = '';
  for (let i = start; i < end; i += CHUNK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + CHUNK)) as unknown as number[]);
  }
  return out;
}
