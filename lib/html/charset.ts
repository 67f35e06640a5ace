/** WHATWG encodings in which every byte is one character. */
const SINGLE_BYTE = new Set([
  'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u',
  'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254',
  'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic',
]);
/** Multi-byte encodings in which a byte below 0x30 is never part of a longer character. */
const ASCII_SYNC = new Set(['shift_jis', 'euc-jp', 'euc-kr', 'gbk', 'gb18030', 'big5']);

export type CharsetKind = 'utf-8' | 'single-byte' | 'utf-16le' | 'utf-16be' | 'multi-byte' | 'stateful';

export interface ResolvedCharset {
  /** The WHATWG encoding name TextDecoder uses. */
  encoding: string;
  kind: CharsetKind;
  /** Bytes of byte-order mark at the start of the body (they decode to nothing). */
  bomBytes: number;
  /** 'bytes.charset.declared' | 'bytes.charset.bom' (a BOM overrides the label) | 'bytes.charset.unknown' (label not recognised: read as windows-1252, as browsers do). */
  code: 'bytes.charset.declared' | 'bytes.charset.bom' | 'bytes.charset.unknown';
  label: string;
}

function kindOf(encoding: string): CharsetKind {
  if (encoding === 'utf-8') return 'utf-8';
  if (encoding === 'utf-16le') return 'utf-16le';
  if (encoding === 'utf-16be') return 'utf-16be';
  if (SINGLE_BYTE.has(encoding)) return 'single-byte';
  if (ASCII_SYNC.has(encoding)) return 'multi-byte';
  return 'stateful';
}

/** The encoding a browser decodes this body with: a byte-order mark wins over the label. */
export function resolveCharset(label: string, body: Uint8Array): ResolvedCharset {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    return { encoding: 'utf-8', kind: 'utf-8', bomBytes: 3, code: 'bytes.charset.bom', label };
  }
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) {
    return { encoding: 'utf-16be', kind: 'utf-16be', bomBytes: 2, code: 'bytes.charset.bom', label };
  }
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) {
    return { encoding: 'utf-16le', kind: 'utf-16le', bomBytes: 2, code: 'bytes.charset.bom', label };
  }
  let encoding: string;
  try {
    encoding = new TextDecoder(label.trim() || 'windows-1252').encoding;
  } catch {
    return { encoding: 'windows-1252', kind: 'single-byte', bomBytes: 0, code: 'bytes.charset.unknown', label };
  }
  return { encoding, kind: kindOf(encoding), bomBytes: 0, code: 'bytes.charset.declared', label };
}

/** True when decoding body[from, to) leaves no bytes of an unfinished character behind. */
export function endsOnWholeChar(body: Uint8Array, from: number, to: number, encoding: string): boolean {
  const d = new TextDecoder(encoding, { ignoreBOM: true });
  d.decode(body.subarray(from, to), { stream: true });
  return d.decode() === '';
}

/**
 * A byte position at or before `pos` where a character certainly starts, so decoding can begin
 * there without the bytes before it: any position for single-byte charsets, any byte that is not
 * a continuation byte (10xxxxxx) for UTF-8 — the WHATWG decoder starts afresh at such a byte even
 * in the middle of a broken sequence — a byte below 0x30 for the East Asian multi-byte charsets,
 * the start for stateful ones.
 */
export function syncPointAtOrBefore(body: Uint8Array, pos: number, kind: CharsetKind, bomBytes: number): number {
  if (kind === 'single-byte') return pos;
  if (kind === 'utf-16le' || kind === 'utf-16be') {
    const p = Math.max(bomBytes, pos - 8);
    return p - ((p - bomBytes) % 2);
  }
  if (kind === 'stateful') return bomBytes;
  for (let p = Math.min(pos, body.length) - 1; p >= bomBytes; p--) {
    const b = body[p]!;
    if (kind === 'utf-8' ? (b & 0xc0) !== 0x80 : b < 0x30) return p;
  }
  return bomBytes;
}
