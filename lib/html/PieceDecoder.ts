import { endsOnWholeChar, syncPointAtOrBefore, type ResolvedCharset } from './charset';

/** The most bytes (or characters, for text given as a string) one piece holds. */
export const MAX_PIECE = 65_536;
/** The default piece: 32 KiB, whose text stays out of V8's large-object space even when every character takes two bytes. */
export const DEFAULT_PIECE = 32_768;

/** What the decoder hands on: one piece of text, where its source starts and ends, and whether the cut falls right after it. */
export type PieceSink = (text: string, start: number, end: number, cutAfter: boolean) => void;

/** Where the body is cut, once the bytes around the limit have been seen. */
export interface CutFound {
  /** Body bytes kept: the limit backed off to a whole character (or the whole body when it fits). */
  kept: number;
  /** True when the body is longer than the limit. */
  truncated: boolean;
}

const isCont = (b: number) => (b & 0xc0) === 0x80;

/**
 * Bytes in, text out, a piece at a time: the body is decoded in pieces of at most `pieceSize`
 * bytes, each split where a character starts (so a character is never cut in two: a UTF-8
 * sequence, a UTF-16 surrogate pair or a multi-byte East Asian character that spans two chunks
 * is held back and decoded with the next), and the source offset of any character of the
 * current piece is known (`at`). The text of the whole page never exists at once.
 *
 * With `bodyLimit` (the limit minus the header bytes) the decoder also finds the cut as
 * lib/bytes findCutoff does — the limit backed off to the start of the character it falls in —
 * and makes a piece end exactly there, so the reader can end the document as Googlebot keeps it.
 *
 * Text already decoded (a string) goes through `writeText`: offsets are then character offsets.
 */
export class PieceDecoder {
  private readonly decoder: TextDecoder | null;
  private readonly pieceSize: number;
  private readonly kind: ResolvedCharset['kind'] | 'text';
  private readonly unit: number;
  /** Source offset of the next byte to decode. */
  private pos: number;
  /** Bytes received (the BOM included). */
  private received = 0;
  /** Bytes received but not decoded yet: a character cut by a chunk's end, or the bytes around the limit. */
  private carry: Uint8Array = new Uint8Array(0);
  private bomLeft: number;
  private readonly bomBytes: number;
  /** The cut, once found; `undefined` while the limit has not been passed. */
  cut: CutFound | undefined;
  private readonly bodyLimit: number | null;
  // The current piece, for `at`.
  private text = '';
  private bytes: Uint8Array = new Uint8Array(0);
  private start = 0;
  private pieceEnd = 0;
  private mode: 'linear' | 'utf16' | 'utf8chars' | 'utf8bytes' | 'segments' | 'ratio' = 'linear';
  private curChar = 0;
  private curSrc = 0;
  /** utf8chars: the index of the next character that is not ASCII at or after the cursor (-1: not looked for). */
  private naChar = -1;
  /** The current piece's bytes read four at a time (from its first 4-aligned byte), made when first needed. */
  private words: Uint32Array | null = null;
  private wordsFrom = 0;

  /** Index of the first byte of the current piece at or after `p` that is not ASCII (its length when none). */
  private highByteFrom(p: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
    if (!this.words) {
      const skip = (4 - (bytes.byteOffset & 3)) & 3;
      this.wordsFrom = Math.min(skip, n);
      this.words = new Uint32Array(bytes.buffer, bytes.byteOffset + this.wordsFrom, (n - this.wordsFrom) >> 2);
    }
    const from = this.wordsFrom;
    const words = this.words;
    let k = p;
    while (k < n && (k < from || ((k - from) & 3) !== 0)) {
      if (bytes[k]! >= 0x80) return k;
      k++;
    }
    if (k >= n) return n;
    let w = (k - from) >> 2;
    const wn = words.length;
    while (w < wn && (words[w]! & 0x80808080) === 0) w++;
    k = from + (w << 2);
    while (k < n && bytes[k]! < 0x80) k++;
    return k;
  }
  private segDecoder: TextDecoder | null = null;
  /** False once an offset was estimated (a stateful charset, or a multi-byte piece split without a sync byte). */
  exact = true;

  constructor(
    charset: ResolvedCharset | null,
    private readonly sink: PieceSink,
    pieceSize = DEFAULT_PIECE,
    bodyLimit: number | null = null,
  ) {
    if (pieceSize < 1 || pieceSize > MAX_PIECE) throw new RangeError(`piece size ${pieceSize}`);
    // A piece holds at least one whole character (4 bytes, or a UTF-16 surrogate pair).
    this.pieceSize = Math.max(8, pieceSize);
    this.kind = charset ? charset.kind : 'text';
    this.unit = this.kind === 'utf-16le' || this.kind === 'utf-16be' ? 2 : 1;
    this.decoder = charset ? new TextDecoder(charset.encoding, { ignoreBOM: true }) : null;
    this.bomLeft = charset?.bomBytes ?? 0;
    this.bomBytes = this.bomLeft;
    this.pos = 0;
    this.bodyLimit = bodyLimit === null ? null : Math.max(0, bodyLimit);
    if (this.kind === 'stateful') this.exact = false;
  }

  /** Decodes what can be decoded of `chunk` (the caller may reuse it afterwards). */
  write(chunk: Uint8Array): void {
    if (!this.decoder) throw new Error('PieceDecoder.write: text input only');
    if (chunk.length === 0) return;
    this.received += chunk.length;
    let data = chunk;
    if (this.carry.length) {
      data = new Uint8Array(this.carry.length + chunk.length);
      data.set(this.carry);
      data.set(chunk, this.carry.length);
      this.carry = new Uint8Array(0);
    }
    this.consume(data, false);
  }

  /** The body has ended: decodes what is left. */
  end(): void {
    if (this.decoder) {
      const data = this.carry;
      this.carry = new Uint8Array(0);
      this.consume(data, true);
    }
    if (this.cut === undefined) this.cut = { kept: this.received, truncated: false };
  }

  /** Text input: the characters of an already decoded document, in order. */
  writeText(s: string, last = false): void {
    for (let i = 0; i < s.length; i += this.pieceSize) {
      const piece = s.length <= this.pieceSize ? s : s.slice(i, i + this.pieceSize);
      this.emitText(piece, this.pos, this.pos + piece.length, false);
      this.pos += piece.length;
    }
    if (last) this.cut ??= { kept: this.pos, truncated: false };
  }

  /** Source offset where the character at index `i` of the current piece starts (`i` may be its length). Cheapest in increasing order. */
  at(i: number): number {
    switch (this.mode) {
      case 'linear':
        return this.start + i;
      case 'utf16':
        return this.start + 2 * i;
      case 'ratio':
        return this.text.length === 0 ? this.start : this.start + Math.round((i * (this.pieceEnd - this.start)) / this.text.length);
    }
    if (i >= this.text.length) return this.pieceEnd;
    if (i < this.curChar) {
      this.curChar = 0;
      this.curSrc = this.start;
      this.naChar = -1;
    }
    if (this.mode === 'utf8chars') {
      const t = this.text;
      let c = this.curChar;
      let b = this.curSrc;
      while (c < i) {
        let na = this.naChar;
        if (na < c) {
          // Up to the next byte that is not ASCII, one byte is one character.
          const at = b - this.start;
          na = this.naChar = c + (this.highByteFrom(at) - at);
        }
        if (c < na) {
          const to = i < na ? i : na;
          b += to - c;
          c = to;
          continue;
        }
        // Characters that are not ASCII, one by one, up to the next ASCII one.
        while (c < i) {
          const u = t.charCodeAt(c);
          if (u < 0x80) break;
          if (u < 0x800) b += 2;
          else if (u >= 0xd800 && u <= 0xdbff && c + 1 < t.length) {
            // A surrogate pair: one 4-byte sequence (the decoder only makes pairs from one).
            b += 4;
            c++;
          } else b += 3;
          c++;
        }
        this.naChar = -1;
      }
      this.curChar = c;
      this.curSrc = b;
      return b;
    }
    if (this.mode === 'utf8bytes') return this.walkUtf8(i);
    return this.walkSegments(i);
  }

  /** The WHATWG UTF-8 decoder, counting UTF-16 units instead of making them: exact for broken bytes too. */
  private walkUtf8(target: number): number {
    const bytes = this.bytes;
    const base = this.start;
    let p = this.curSrc - base;
    let c = this.curChar;
    while (c < target && p < bytes.length) {
      const b = bytes[p]!;
      if (b < 0x80) {
        p++;
        c++;
        continue;
      }
      let need: number;
      let lo = 0x80;
      let hi = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) need = 1;
      else if (b >= 0xe0 && b <= 0xef) {
        need = 2;
        if (b === 0xe0) lo = 0xa0;
        else if (b === 0xed) hi = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3;
        if (b === 0xf0) lo = 0x90;
        else if (b === 0xf4) hi = 0x8f;
      } else {
        // Not a lead byte: one U+FFFD.
        p++;
        c++;
        continue;
      }
      let q = p + 1;
      let ok = true;
      for (let k = 0; k < need; k++, q++) {
        const x = bytes[q];
        if (x === undefined || x < lo || x > hi) {
          ok = false;
          break;
        }
        lo = 0x80;
        hi = 0xbf;
      }
      // A broken sequence is one U+FFFD for the bytes read so far; the byte that broke it starts afresh.
      c += ok && need === 3 ? 2 : 1;
      p = q;
    }
    this.curChar = c;
    this.curSrc = base + p;
    return this.curSrc;
  }

  /** East Asian multi-byte charsets: decode byte by byte from the cursor (a character start) up to the character. */
  private walkSegments(target: number): number {
    const d = (this.segDecoder ??= new TextDecoder(this.decoder!.encoding, { ignoreBOM: true }));
    const bytes = this.bytes;
    let p = this.curSrc - this.start;
    let c = this.curChar;
    d.decode(new Uint8Array(0));
    while (c < target && p < bytes.length) {
      c += d.decode(bytes.subarray(p, p + 1), { stream: true }).length;
      p++;
      // A character completed by this byte: its start is where the cursor stood.
    }
    d.decode();
    this.curChar = c;
    this.curSrc = this.start + p;
    return this.curSrc;
  }

  // ---- Decoding ----

  /** Where a piece of `data` from `from` may end at or before `to`: where a character starts. */
  private splitPoint(data: Uint8Array, from: number, to: number): number {
    if (to === data.length && this.atEnd) return to;
    switch (this.kind) {
      case 'utf-8': {
        // The last byte where a character may start (the byte at `to` only if it is here to look at).
        for (let e = Math.min(to, data.length - 1), k = 0; k < 4 && e > from; e--, k++) if (!isCont(data[e]!)) return e;
        // Four continuation bytes in a row before `to`: no sequence reaches past them, `to` starts afresh.
        if (to < data.length && to - 3 >= from && isCont(data[to]!) && isCont(data[to - 1]!) && isCont(data[to - 2]!) && isCont(data[to - 3]!)) return to;
        return from;
      }
      case 'utf-16le':
      case 'utf-16be': {
        let e = to - ((to - from) % 2);
        if (e - 2 >= from) {
          const unit = this.kind === 'utf-16le' ? data[e - 2]! | (data[e - 1]! << 8) : (data[e - 2]! << 8) | data[e - 1]!;
          if (unit >= 0xd800 && unit <= 0xdbff) e -= 2;
        }
        return e;
      }
      case 'multi-byte': {
        // A byte below 0x30 is never part of a longer character in these charsets.
        for (let p = Math.min(to, data.length - 1); p > from; p--) if (data[p]! < 0x30) return p;
        return from;
      }
      default:
        return to;
    }
  }

  private atEnd = false;

  private consume(data: Uint8Array, last: boolean): void {
    this.atEnd = last;
    let i = 0;
    // The byte-order mark is not text: skip it (it may come in more than one chunk).
    if (this.bomLeft > 0) {
      const n = Math.min(this.bomLeft, data.length);
      this.bomLeft -= n;
      i = n;
      this.pos += n;
    }
    const limit = this.bodyLimit;
    while (i < data.length || (limit !== null && this.cut === undefined && last)) {
      if (limit !== null && this.cut === undefined) {
        const limitAt = i + (limit - this.pos);
        let near = limitAt - i <= 8;
        if (!near) {
          const e = this.splitPoint(data, i, Math.min(data.length, i + this.pieceSize, limitAt - 8));
          if (e > i) {
            this.emitBytes(data.subarray(i, e), false, last && e === data.length);
            i = e;
            continue;
          }
          // No character starts before the bytes around the limit: they are read with them.
          near = true;
        }
        if (near) {
          // The bytes around the limit: the cut is known once the byte after it is seen (or the body ends).
          if (data.length <= limitAt && !last) break;
          const kept = this.findCut(data, i, limitAt);
          const e = i + Math.max(0, kept - this.pos);
          this.emitBytes(data.subarray(i, e), this.cut!.truncated, !this.cut!.truncated && e === data.length && last);
          i = e;
          continue;
        }
      }
      const to = Math.min(data.length, i + this.pieceSize);
      let e = this.splitPoint(data, i, to);
      let forced = false;
      if (e <= i) {
        if (!last && data.length - i < MAX_PIECE) break;
        forced = true;
        // A multi-byte run without a sync byte for a whole piece: split anyway (its offsets become estimates).
        this.exact = false;
        e = to;
      }
      this.emitBytes(data.subarray(i, e), false, last && e === data.length, forced);
      i = e;
    }
    if (i < data.length) {
      this.carry = data.slice(i);
      return;
    }
    // The end of a charset decoded as a stream: flush what it holds.
    if (last && this.streaming && !this.flushed) this.emitBytes(new Uint8Array(0), false, true);
  }

  private flushed = false;
  private get streaming(): boolean {
    return this.kind === 'stateful' || this.kind === 'multi-byte';
  }

  /** The cut: `limitAt` (the limit's position in `data`) backed off to a whole character, as findCutoff does. */
  private findCut(data: Uint8Array, from: number, limitAt: number): number {
    const bodyLimit = this.bodyLimit!;
    const available = this.pos + (data.length - from);
    const truncated = data.length > limitAt;
    let kept = Math.min(bodyLimit, available);
    if (truncated) {
      const bom = this.bomBytes;
      if (kept > bom && this.kind !== 'single-byte' && this.kind !== 'stateful') {
        // As findCutoff: a character is at most 4 bytes; decode from where one certainly starts (`from`
        // starts one: every piece ends before a character) and back off to the last whole one.
        const local = data.subarray(from);
        const end = kept - this.pos;
        const sync = syncPointAtOrBefore(local, end, this.kind as ResolvedCharset["kind"], 0);
        const enc = this.decoder!.encoding;
        for (let back = 0; back < 4 && end - back >= sync; back++) {
          if (endsOnWholeChar(local, sync, end - back, enc)) {
            kept -= back;
            break;
          }
        }
      }
      if (kept < bom) kept = 0;
    }
    this.cut = { kept, truncated };
    return kept;
  }

  private emitBytes(bytes: Uint8Array, cutAfter: boolean, flush: boolean, forced = false): void {
    const d = this.decoder!;
    const start = this.pos;
    const end = start + bytes.length;
    let text: string;
    switch (this.kind) {
      case 'utf-8':
      case 'utf-16le':
      case 'utf-16be':
        // Each piece ends where a character starts: decoding it alone gives the text a decode of the whole gives.
        text = d.decode(bytes);
        break;
      case 'single-byte':
        // One byte, one character: nothing is ever held back. (windows-1252 must be decoded as a stream in Node 20.)
        text = d.decode(bytes, { stream: true });
        break;
      default:
        // The others keep their state across pieces and are flushed at the end.
        text = d.decode(bytes, { stream: !flush });
        if (flush) this.flushed = true;
    }
    this.pos = end;
    this.setPiece(text, bytes, start, end, forced);
    this.sink(text, start, end, cutAfter);
  }

  private emitText(text: string, start: number, end: number, cutAfter: boolean): void {
    this.text = text;
    this.start = start;
    this.pieceEnd = end;
    this.mode = 'linear';
    this.sink(text, start, end, cutAfter);
  }

  private setPiece(text: string, bytes: Uint8Array, start: number, end: number, forced: boolean): void {
    this.text = text;
    this.bytes = bytes;
    this.start = start;
    this.pieceEnd = end;
    this.curChar = 0;
    this.curSrc = start;
    this.naChar = -1;
    this.words = null;
    switch (this.kind) {
      case 'single-byte':
        this.mode = 'linear';
        return;
      case 'utf-16le':
      case 'utf-16be':
        this.mode = 'utf16';
        return;
      case 'utf-8':
        // All ASCII: one byte per character.
        this.mode = text.length === bytes.length ? 'linear' : text.includes('\ufffd') ? 'utf8bytes' : 'utf8chars';
        return;
      case 'multi-byte':
        this.mode = forced ? 'ratio' : text.length === bytes.length ? 'linear' : 'segments';
        return;
      default:
        this.mode = 'ratio';
    }
  }
}
