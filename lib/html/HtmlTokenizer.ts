import { decodeHTML, decodeHTMLAttribute, DecodingMode, HtmlEntityDecoder } from 'entities';
import { internAttrName, internTagName } from './internName';
import { parseDoctype } from './parseDoctype';
import type { Attr, DoctypeToken, TagToken } from './types';

/** What the tokenizer hands its tokens to: the tree builder. */
export interface TokenReceiver {
  /** Literal characters `s[from, to)` (a CR LF split between pieces: `from` is one past `rawFrom`). */
  chars(s: string, rawFrom: number, from: number, to: number, start: number, end: number): void;
  /** A character reference: what it decodes to, and how many source characters it took. */
  charRef(decoded: string, start: number, end: number, srcChars: number): void;
  /** One U+0000. */
  nul(start: number, end: number): void;
  startTag(t: TagToken): void;
  endTag(t: TagToken): void;
  comment(start: number, end: number): void;
  doctype(d: DoctypeToken): void;
  /** Whether `<![CDATA[` opens a CDATA section here (the current node is foreign and not an integration point). */
  readonly cdataAllowed: boolean;
}

/** Source offsets of the current piece's characters (PieceDecoder.at). */
export interface OffsetMap {
  at(i: number): number;
}

/** Tokenizer states for text, which the tree builder switches to after a start tag. */
export const enum TextState {
  Data = 0,
  Rcdata = 1,
  Rawtext = 2,
  Script = 3,
  Plaintext = 4,
}

const enum S {
  Data,
  Rcdata,
  Rawtext,
  Script,
  Plaintext,
  CharRef,
  TagOpen,
  EndTagOpen,
  TagName,
  /** `<` in RCDATA, RAWTEXT or script data (textState says which). */
  RawLt,
  RawEndOpen,
  RawEndName,
  ScriptEscStart,
  ScriptEscStartDash,
  ScriptEsc,
  ScriptEscDash,
  ScriptEscDashDash,
  ScriptEscLt,
  ScriptEscEndOpen,
  ScriptEscEndName,
  ScriptDescStart,
  ScriptDesc,
  ScriptDescDash,
  ScriptDescDashDash,
  ScriptDescLt,
  ScriptDescEnd,
  BeforeAttrName,
  AttrName,
  AfterAttrName,
  BeforeAttrValue,
  AttrValueDq,
  AttrValueSq,
  AttrValueUnq,
  AfterAttrValueQuoted,
  SelfClosing,
  MarkupDecl,
  BogusComment,
  CommentStart,
  CommentStartDash,
  Comment,
  CommentEndDash,
  CommentEnd,
  CommentEndBang,
  Doctype,
  Cdata,
  CdataBracket,
  CdataEnd,
}

const isWsCode = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
const isAlphaCode = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const UPPER = /[A-Z]/;
const lowerAscii = (s: string) => (UPPER.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);

/** An attribute value as the tree gets it: newlines normalized, U+0000 replaced, references decoded (attribute rules). */
function attrValue(raw: string): string {
  let v = raw;
  if (v.includes('\r')) v = v.replace(/\r\n?/g, '\n');
  if (v.includes('\0')) v = v.replace(/\0/g, '\ufffd');
  return v.includes('&') ? decodeHTMLAttribute(v) : v;
}

/** Raw characters of a pending character reference kept for backtracking and for an early end: named references decide within 32 characters. */
const REF_RAW_MAX = 40;

/**
 * The HTML tokenizer (html.spec.whatwg.org/multipage/parsing.html#tokenization), streaming: it
 * reads the document one piece of text at a time (`write`) and keeps its state between pieces —
 * a tag, an attribute value, a comment, a script or a character reference may span any number
 * of pieces; a text run is handed on piece by piece. Bulk states (text, raw text, comments,
 * attribute values) move with indexOf; only tags are read character by character.
 *
 * Offsets handed on are source offsets (`OffsetMap.at`: body bytes). Everything the tree
 * builder decides by (raw text after <script>, <title>…; CDATA only in foreign content) comes
 * back to the tokenizer as it goes.
 */
export class HtmlTokenizer {
  private state: S = S.Data;
  /** The text state to return to from a tag or a `<` in raw text. */
  private textState: S = S.Data;
  /** Set by the tree builder during a start tag: the text state that follows it. */
  switchTo: TextState | null = null;
  private lastStartTag = '';
  // The token being read.
  private tagStart = 0;
  private tagLine = 0;
  private isEnd = false;
  private name = '';
  private attrs: Attr[] = [];
  private attrName = '';
  /** `attrName` is a common name read whole (already lower-cased). */
  private attrKnown = false;
  private attrStart = 0;
  private attrValueRaw = '';
  private attrEnd = 0;
  private selfClosing = false;
  private buf = '';
  /** Source offset where the bytes of `buf` (a partial `</name` in raw text, or `<!`…) start. */
  private bufStart = 0;
  private commentStart = 0;
  private doctypeRaw = '';
  // Character references.
  private readonly refDecoder: HtmlEntityDecoder;
  private refOut = '';
  private refRaw = '';
  private refStart = 0;
  private refReturn: S = S.Data;
  // Lines.
  private line = 1;
  private lineCursor = 0;
  private nextLf = -2;
  private pieceHasCr = false;
  private pieceHasNul = false;
  private prevEndedCr = false;
  // The current piece.
  private s = '';
  private map: OffsetMap = { at: (i) => i };
  /** Bytes per ASCII character (2 in UTF-16): the characters of a pending `</name` or reference are ASCII. */
  private readonly unit: number;
  private ended = false;

  constructor(
    private readonly out: TokenReceiver,
    unit = 1,
  ) {
    this.unit = unit;
    this.refDecoder = new HtmlEntityDecoder((cp) => {
      this.refOut += String.fromCodePoint(cp);
    });
  }

  /** Reads one piece of the document. */
  write(s: string, map: OffsetMap): void {
    this.s = s;
    this.map = map;
    this.lineCursor = 0;
    this.nextLf = -2;
    this.pieceHasCr = s.includes('\r');
    this.pieceHasNul = s.includes('\0');
    this.run();
    // Lines up to the end of the piece, for a tag that starts in the next one.
    this.lineAt(s.length);
    this.prevEndedCr = s.length > 0 ? s.charCodeAt(s.length - 1) === 0x0d : this.prevEndedCr;
  }

  /** The end of the input: the token being read ends as the standard says it does at the end of the file. */
  end(at: number): void {
    if (this.ended) return;
    this.ended = true;
    this.eofTokens(this.out, at, true);
  }

  /**
   * What the end of the input here would emit, to `to` — without changing this tokenizer's state
   * (the reader uses it to end the part of the document Googlebot keeps while reading on).
   */
  eofInto(to: TokenReceiver, at: number): void {
    this.eofTokens(to, at, false);
  }

  private eofTokens(to: TokenReceiver, at: number, real: boolean): void {
    const u = this.unit;
    switch (this.state) {
      case S.CharRef: {
        let decoded: string;
        let consumed: number;
        if (real) {
          this.refOut = '';
          consumed = this.refDecoder.end();
          decoded = this.refOut;
        } else {
          decoded = this.refRaw.length ? decodeHTML(this.refRaw, DecodingMode.Legacy) : '';
          consumed = decoded === this.refRaw ? 0 : this.refRaw.length;
        }
        this.emitRefResult(to, decoded, consumed, this.refStart, true);
        break;
      }
      case S.TagOpen:
        to.chars('<', 0, 0, 1, this.tagStart, this.tagStart + u);
        break;
      case S.EndTagOpen:
        to.chars('</', 0, 0, 2, this.tagStart, this.tagStart + 2 * u);
        break;
      case S.RawLt:
      case S.RawEndOpen:
      case S.RawEndName:
      case S.ScriptEscLt:
      case S.ScriptEscEndOpen:
      case S.ScriptEscEndName:
      case S.ScriptEscStart:
      case S.ScriptEscStartDash:
        if (this.buf) to.chars(this.buf, 0, 0, this.buf.length, this.bufStart, this.bufStart + this.buf.length * u);
        break;
      case S.MarkupDecl:
      case S.BogusComment:
      case S.CommentStart:
      case S.CommentStartDash:
      case S.Comment:
      case S.CommentEndDash:
      case S.CommentEnd:
      case S.CommentEndBang:
        to.comment(this.commentStart, at);
        break;
      case S.Doctype:
        to.doctype(parseDoctype(this.doctypeRaw, true, this.commentStart, at));
        break;
      case S.CdataBracket:
        to.chars(']', 0, 0, 1, at - u, at);
        break;
      case S.CdataEnd:
        to.chars(']]', 0, 0, 2, at - 2 * u, at);
        break;
      default:
        // In a tag: the tag is dropped. In text: everything was handed on already.
        break;
    }
  }

  /** 1-based line of index `i` of the current piece (called with increasing `i`). */
  private lineAt(i: number): number {
    const s = this.s;
    let c = this.lineCursor;
    if (i <= c) return this.line;
    if (!this.pieceHasCr) {
      // The first LF at or after the cursor, as the last call left it (-2: not looked for yet in this piece).
      let lf = this.nextLf;
      if (lf === -2) {
        lf = s.indexOf('\n', c);
        // A LF whose CR ended the previous piece: that pair was counted at its CR.
        if (lf === 0 && this.prevEndedCr) lf = s.indexOf('\n', 1);
      }
      for (; lf >= 0 && lf < i; lf = s.indexOf('\n', lf + 1)) this.line++;
      this.nextLf = lf;
    } else {
      for (; c < i; c++) {
        const ch = s.charCodeAt(c);
        if (ch === 0x0a) {
          // A CR LF pair counts once (at its CR).
          if (!(c === 0 ? this.prevEndedCr : s.charCodeAt(c - 1) === 0x0d)) this.line++;
        } else if (ch === 0x0d) this.line++;
      }
    }
    this.lineCursor = i;
    return this.line;
  }

  private b(i: number): number {
    return this.map.at(i);
  }

  /** Literal text s[from, to) of the current piece. */
  private text(from: number, to: number): void {
    if (to <= from) return;
    const s = this.s;
    // A LF whose CR ended the previous piece: the pair is one newline, already counted by the CR.
    const skip = from === 0 && this.prevEndedCr && s.charCodeAt(0) === 0x0a ? 1 : 0;
    const z0 = this.pieceHasNul ? s.indexOf('\0', from) : -1;
    if (z0 < 0 || z0 >= to) {
      this.out.chars(s, from, from + skip, to, this.b(from), this.b(to));
      return;
    }
    // U+0000 goes alone: the tree builder drops it or makes it U+FFFD.
    let i = from;
    while (i < to) {
      const z = s.indexOf('\0', i);
      const e = z < 0 || z >= to ? to : z;
      if (e > i) this.out.chars(s, i, i === from ? i + skip : i, e, this.b(i), this.b(e));
      if (e < to) {
        // In data and CDATA the tree builder decides; in raw text the tokenizer makes it U+FFFD.
        if (this.state === S.Data || this.state === S.Cdata) this.out.nul(this.b(e), this.b(e + 1));
        else this.out.chars('\ufffd', 0, 0, 1, this.b(e), this.b(e + 1));
        i = e + 1;
      } else i = e;
    }
  }

  private startRef(i: number): void {
    this.refReturn = this.state;
    this.state = S.CharRef;
    this.refStart = this.b(i);
    this.refOut = '';
    this.refRaw = '&';
    this.refDecoder.startEntity(DecodingMode.Legacy);
  }

  /**
   * A reference decided: hand on what it decodes to (or a literal "&"), then the characters read
   * past it in earlier pieces, as text. Returns how many characters of the current piece it used.
   */
  private emitRefResult(to: TokenReceiver, decoded: string, consumed: number, start: number, atEof: boolean): number {
    const u = this.unit;
    const raw = this.refRaw;
    let used: number;
    if (consumed > 0) {
      to.charRef(decoded, start, start + consumed * u, consumed);
      used = consumed;
    } else {
      // Not a reference: the "&" is text.
      to.chars('&', 0, 0, 1, start, start + u);
      used = 1;
    }
    // Characters of the reference's run read in earlier pieces but not part of it: text.
    const fromPrev = this.refPrevLen;
    if (used < fromPrev || atEof) {
      const rest = raw.slice(used, atEof ? raw.length : fromPrev);
      if (rest) to.chars(rest, 0, 0, rest.length, start + used * u, start + (used + rest.length) * u);
      return 0;
    }
    return used - fromPrev;
  }

  /** Characters of the pending reference read in earlier pieces ("&" included). */
  private refPrevLen = 0;

  private run(): void {
    const s = this.s;
    const n = s.length;
    const out = this.out;
    let i = 0;
    // A reference that began in an earlier piece goes on here.
    if (this.state === S.CharRef) {
      this.refPrevLen = this.refRaw.length;
      const r = this.refDecoder.write(s, 0);
      if (r < 0) {
        this.growRef(s, 0, n);
        return;
      }
      const used = this.emitRefResult(out, this.refOut, r, this.refStart, false);
      this.state = this.refReturn;
      i = used;
    }
    let amp = -2;
    while (i < n) {
      switch (this.state) {
        case S.Data:
        case S.Rcdata: {
          const lt = s.indexOf('<', i);
          if (amp !== -1 && amp < i) amp = s.indexOf('&', i);
          const stop = lt < 0 ? (amp < 0 ? n : amp) : amp >= 0 && amp < lt ? amp : lt;
          if (stop > i) this.text(i, stop);
          if (stop === n) {
            i = n;
            break;
          }
          if (stop === amp) {
            this.startRef(stop);
            this.refPrevLen = 0;
            // Nothing after the "&" in this piece: wait (the decoder decides numeric or named on the next character).
            if (stop + 1 === n) return;
            const r = this.refDecoder.write(s, stop + 1);
            if (r < 0) {
              this.growRef(s, stop + 1, n);
              return;
            }
            const used = this.emitRefResult(out, this.refOut, r, this.refStart, false);
            this.state = this.refReturn;
            i = stop + used;
            break;
          }
          this.tagStart = this.b(lt);
          if (this.state === S.Data) {
            this.tagLine = this.lineAt(lt);
            this.state = S.TagOpen;
          } else {
            this.textState = S.Rcdata;
            this.state = S.RawLt;
            this.buf = '<';
            this.bufStart = this.tagStart;
          }
          i = lt + 1;
          break;
        }
        case S.Rawtext:
        case S.Script: {
          const lt = s.indexOf('<', i);
          const stop = lt < 0 ? n : lt;
          if (stop > i) this.text(i, stop);
          if (lt < 0) {
            i = n;
            break;
          }
          this.textState = this.state;
          this.state = S.RawLt;
          this.tagStart = this.b(lt);
          this.buf = '<';
          this.bufStart = this.tagStart;
          i = lt + 1;
          break;
        }
        case S.Plaintext:
          this.text(i, n);
          i = n;
          break;
        case S.TagOpen: {
          const c = s.charCodeAt(i);
          if (c === 0x21) {
            // "<!"
            this.commentStart = this.tagStart;
            this.buf = '';
            this.state = S.MarkupDecl;
            i++;
          } else if (c === 0x2f) {
            this.state = S.EndTagOpen;
            i++;
          } else if (isAlphaCode(c)) {
            this.newTag(false);
            this.state = S.TagName;
          } else if (c === 0x3f) {
            // "<?": a bogus comment (the "?" is part of it).
            this.commentStart = this.tagStart;
            this.state = S.BogusComment;
          } else {
            out.chars('<', 0, 0, 1, this.tagStart, this.tagStart + this.unit);
            this.state = S.Data;
          }
          break;
        }
        case S.EndTagOpen: {
          const c = s.charCodeAt(i);
          if (isAlphaCode(c)) {
            this.newTag(true);
            this.state = S.TagName;
          } else if (c === 0x3e) {
            // "</>": nothing.
            this.state = S.Data;
            i++;
          } else {
            this.commentStart = this.tagStart;
            this.state = S.BogusComment;
          }
          break;
        }
        case S.TagName: {
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (isWsCode(c) || c === 0x2f || c === 0x3e) break;
            j++;
          }
          // A common name read whole in this piece: the one string for it, no copy.
          const known = j < n && this.name === '' ? internTagName(s, i, j) : null;
          if (known !== null) this.name = known;
          else this.name += s.slice(i, j);
          i = j;
          if (j === n) break;
          if (known === null) {
            this.name = lowerAscii(this.name);
            if (this.name.includes('\0')) this.name = this.name.replace(/\0/g, '\ufffd');
          }
          const c = s.charCodeAt(j);
          if (c === 0x3e) {
            i = j + 1;
            this.emitTag(i);
          } else if (c === 0x2f) {
            this.state = S.SelfClosing;
            i = j + 1;
          } else {
            this.state = S.BeforeAttrName;
            i = j + 1;
          }
          break;
        }
        case S.RawLt: {
          const c = s.charCodeAt(i);
          if (c === 0x2f) {
            this.buf += '/';
            this.state = S.RawEndOpen;
            i++;
          } else if (c === 0x21 && this.textState === S.Script) {
            this.buf += '!';
            this.state = S.ScriptEscStart;
            i++;
          } else this.rawBufToText();
          break;
        }
        case S.RawEndOpen: {
          if (isAlphaCode(s.charCodeAt(i))) {
            this.state = S.RawEndName;
            this.name = '';
          } else this.rawBufToText();
          break;
        }
        case S.RawEndName:
        case S.ScriptEscEndName: {
          let j = i;
          while (j < n && isAlphaCode(s.charCodeAt(j))) j++;
          const part = s.slice(i, j);
          this.name += part;
          this.buf += part;
          i = j;
          if (j === n) break;
          const c = s.charCodeAt(j);
          const nameLower = lowerAscii(this.name);
          if ((isWsCode(c) || c === 0x2f || c === 0x3e) && nameLower === this.lastStartTag) {
            // An appropriate end tag: read it as a tag.
            this.isEnd = true;
            this.name = nameLower;
            this.attrs = [];
            this.selfClosing = false;
            this.attrStart = -1;
            this.state = c === 0x3e ? S.TagName : c === 0x2f ? S.SelfClosing : S.BeforeAttrName;
            if (c === 0x3e) {
              i = j + 1;
              this.emitTag(i);
            } else i = j + 1;
          } else {
            const back = this.state === S.ScriptEscEndName ? S.ScriptEsc : this.textState;
            this.rawBufToText(back);
          }
          break;
        }
        case S.ScriptEscStart: {
          if (s.charCodeAt(i) === 0x2d) {
            this.buf += '-';
            this.state = S.ScriptEscStartDash;
            i++;
          } else this.rawBufToText(S.Script);
          break;
        }
        case S.ScriptEscStartDash: {
          if (s.charCodeAt(i) === 0x2d) {
            // "<!--" in a script: escaped script data (the text so far is handed on).
            i++;
            this.buf += '-';
            this.flushBufAsText(this.b(i));
            this.state = S.ScriptEscDashDash;
          } else this.rawBufToText(S.Script);
          break;
        }
        case S.ScriptEsc:
        case S.ScriptDesc: {
          // Up to the next "-" or "<".
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (c === 0x2d || c === 0x3c) break;
            j++;
          }
          if (j > i) this.text(i, j);
          i = j;
          if (j === n) break;
          const c = s.charCodeAt(j);
          const desc = this.state === S.ScriptDesc;
          if (c === 0x2d) {
            this.text(j, j + 1);
            this.state = desc ? S.ScriptDescDash : S.ScriptEscDash;
            i = j + 1;
          } else if (desc) {
            this.text(j, j + 1);
            this.state = S.ScriptDescLt;
            i = j + 1;
          } else {
            this.state = S.ScriptEscLt;
            this.tagStart = this.b(j);
            this.buf = '<';
            this.bufStart = this.tagStart;
            i = j + 1;
          }
          break;
        }
        case S.ScriptEscDash:
        case S.ScriptDescDash: {
          const desc = this.state === S.ScriptDescDash;
          const c = s.charCodeAt(i);
          if (c === 0x2d) {
            this.text(i, i + 1);
            this.state = desc ? S.ScriptDescDashDash : S.ScriptEscDashDash;
            i++;
          } else if (c === 0x3c) {
            if (desc) {
              this.text(i, i + 1);
              this.state = S.ScriptDescLt;
            } else {
              this.state = S.ScriptEscLt;
              this.tagStart = this.b(i);
              this.buf = '<';
              this.bufStart = this.tagStart;
            }
            i++;
          } else this.state = desc ? S.ScriptDesc : S.ScriptEsc;
          break;
        }
        case S.ScriptEscDashDash:
        case S.ScriptDescDashDash: {
          const desc = this.state === S.ScriptDescDashDash;
          const c = s.charCodeAt(i);
          if (c === 0x2d) {
            this.text(i, i + 1);
            i++;
          } else if (c === 0x3c) {
            if (desc) {
              this.text(i, i + 1);
              this.state = S.ScriptDescLt;
            } else {
              this.state = S.ScriptEscLt;
              this.tagStart = this.b(i);
              this.buf = '<';
              this.bufStart = this.tagStart;
            }
            i++;
          } else if (c === 0x3e) {
            this.text(i, i + 1);
            this.state = S.Script;
            i++;
          } else this.state = desc ? S.ScriptDesc : S.ScriptEsc;
          break;
        }
        case S.ScriptEscLt: {
          const c = s.charCodeAt(i);
          if (c === 0x2f) {
            this.buf += '/';
            this.state = S.ScriptEscEndOpen;
            i++;
          } else if (isAlphaCode(c)) {
            // "<script" in escaped script data starts double-escaped data.
            this.flushBufAsText(this.b(i));
            this.buf = '';
            this.bufStart = this.b(i);
            this.state = S.ScriptDescStart;
          } else this.rawBufToText(S.ScriptEsc);
          break;
        }
        case S.ScriptEscEndOpen: {
          if (isAlphaCode(s.charCodeAt(i))) {
            this.state = S.ScriptEscEndName;
            this.name = '';
          } else this.rawBufToText(S.ScriptEsc);
          break;
        }
        case S.ScriptDescStart:
        case S.ScriptDescEnd: {
          // Letters after "<" (or "</"), compared with "script"; handed on as text as they come.
          let j = i;
          while (j < n && isAlphaCode(s.charCodeAt(j))) j++;
          if (j > i) {
            this.buf += s.slice(i, j);
            this.text(i, j);
          }
          i = j;
          if (j === n) break;
          const c = s.charCodeAt(j);
          const start = this.state === S.ScriptDescStart;
          if (isWsCode(c) || c === 0x2f || c === 0x3e) {
            const isScript = lowerAscii(this.buf) === 'script';
            this.state = start ? (isScript ? S.ScriptDesc : S.ScriptEsc) : isScript ? S.ScriptEsc : S.ScriptDesc;
            this.text(j, j + 1);
            i = j + 1;
          } else this.state = start ? S.ScriptEsc : S.ScriptDesc;
          this.buf = '';
          break;
        }
        case S.ScriptDescLt: {
          if (s.charCodeAt(i) === 0x2f) {
            this.text(i, i + 1);
            this.buf = '';
            this.bufStart = this.b(i + 1);
            this.state = S.ScriptDescEnd;
            i++;
          } else this.state = S.ScriptDesc;
          break;
        }
        case S.BeforeAttrName: {
          while (i < n && isWsCode(s.charCodeAt(i))) i++;
          if (i === n) break;
          const c = s.charCodeAt(i);
          if (c === 0x2f || c === 0x3e) {
            this.state = S.AfterAttrName;
            break;
          }
          // A new attribute ("=" here is part of its name).
          this.attrName = c === 0x3d ? '=' : '';
          this.attrStart = this.b(i);
          this.attrValueRaw = '';
          this.state = S.AttrName;
          if (c === 0x3d) i++;
          break;
        }
        case S.AttrName: {
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (isWsCode(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
            j++;
          }
          const known = j < n && this.attrName === '' ? internAttrName(s, i, j) : null;
          if (known !== null) this.attrName = known;
          else this.attrName += s.slice(i, j);
          this.attrKnown = known !== null;
          i = j;
          if (j === n) break;
          this.attrEnd = this.b(j);
          const c = s.charCodeAt(j);
          if (c === 0x3d) {
            this.state = S.BeforeAttrValue;
            i = j + 1;
          } else this.state = S.AfterAttrName;
          break;
        }
        case S.AfterAttrName: {
          while (i < n && isWsCode(s.charCodeAt(i))) i++;
          if (i === n) break;
          const c = s.charCodeAt(i);
          if (c === 0x3d) {
            this.state = S.BeforeAttrValue;
            i++;
            break;
          }
          if (this.attrName !== '' || this.attrStart !== -1) this.finishAttr();
          if (c === 0x2f) {
            this.state = S.SelfClosing;
            i++;
          } else if (c === 0x3e) {
            i++;
            this.emitTag(i);
          } else {
            this.attrName = '';
            this.attrStart = this.b(i);
            this.attrValueRaw = '';
            this.state = S.AttrName;
          }
          break;
        }
        case S.BeforeAttrValue: {
          while (i < n && isWsCode(s.charCodeAt(i))) i++;
          if (i === n) break;
          const c = s.charCodeAt(i);
          if (c === 0x22) {
            this.state = S.AttrValueDq;
            i++;
          } else if (c === 0x27) {
            this.state = S.AttrValueSq;
            i++;
          } else if (c === 0x3e) {
            // "a=>": an empty value, and the tag ends.
            this.attrEnd = this.b(i);
            this.finishAttr();
            i++;
            this.emitTag(i);
          } else this.state = S.AttrValueUnq;
          break;
        }
        case S.AttrValueDq:
        case S.AttrValueSq: {
          const q = this.state === S.AttrValueDq ? '"' : "'";
          const close = s.indexOf(q, i);
          if (close < 0) {
            this.attrValueRaw += s.slice(i);
            i = n;
            break;
          }
          this.attrValueRaw += s.slice(i, close);
          i = close + 1;
          this.attrEnd = this.b(i);
          this.state = S.AfterAttrValueQuoted;
          break;
        }
        case S.AttrValueUnq: {
          let j = i;
          while (j < n) {
            const c = s.charCodeAt(j);
            if (isWsCode(c) || c === 0x3e) break;
            j++;
          }
          this.attrValueRaw += s.slice(i, j);
          i = j;
          if (j === n) break;
          this.attrEnd = this.b(j);
          this.finishAttr();
          if (s.charCodeAt(j) === 0x3e) {
            i = j + 1;
            this.emitTag(i);
          } else {
            this.state = S.BeforeAttrName;
            i = j + 1;
          }
          break;
        }
        case S.AfterAttrValueQuoted: {
          this.finishAttr();
          const c = s.charCodeAt(i);
          if (isWsCode(c)) {
            this.state = S.BeforeAttrName;
            i++;
          } else if (c === 0x2f) {
            this.state = S.SelfClosing;
            i++;
          } else if (c === 0x3e) {
            i++;
            this.emitTag(i);
          } else this.state = S.BeforeAttrName;
          break;
        }
        case S.SelfClosing: {
          if (s.charCodeAt(i) === 0x3e) {
            this.selfClosing = true;
            i++;
            this.emitTag(i);
          } else this.state = S.BeforeAttrName;
          break;
        }
        case S.MarkupDecl: {
          // "--", "DOCTYPE" (any case) or "[CDATA[" (in foreign content): up to 7 characters, possibly across pieces.
          while (i < n && this.buf.length < 7) {
            this.buf += s[i];
            i++;
            const b = this.buf;
            if (b === '--') {
              this.state = S.CommentStart;
              break;
            }
            if (b.length === 7 && b.toLowerCase() === 'doctype') {
              this.doctypeRaw = '';
              this.state = S.Doctype;
              break;
            }
            if (b === '[CDATA[' && this.out.cdataAllowed) {
              this.state = S.Cdata;
              break;
            }
            const lower = b.toLowerCase();
            if (!'--'.startsWith(b) && !'doctype'.startsWith(lower) && !'[CDATA['.startsWith(b)) {
              // A bogus comment: it holds what was read (read again in the bogus comment state).
              i -= b.length;
              if (i < 0) {
                // Part of it came in an earlier piece: that part holds no ">" (it would have matched nothing else).
                i = 0;
              }
              this.state = S.BogusComment;
              break;
            }
            if (b === '[CDATA[') {
              // "[CDATA[" outside foreign content: a bogus comment.
              this.state = S.BogusComment;
              break;
            }
          }
          break;
        }
        case S.BogusComment: {
          const gt = s.indexOf('>', i);
          if (gt < 0) {
            i = n;
            break;
          }
          i = gt + 1;
          out.comment(this.commentStart, this.b(i));
          this.state = S.Data;
          break;
        }
        case S.CommentStart: {
          const c = s.charCodeAt(i);
          if (c === 0x2d) {
            this.state = S.CommentStartDash;
            i++;
          } else if (c === 0x3e) {
            // "<!-->"
            i++;
            out.comment(this.commentStart, this.b(i));
            this.state = S.Data;
          } else this.state = S.Comment;
          break;
        }
        case S.CommentStartDash: {
          const c = s.charCodeAt(i);
          if (c === 0x2d) {
            this.state = S.CommentEnd;
            i++;
          } else if (c === 0x3e) {
            // "<!--->"
            i++;
            out.comment(this.commentStart, this.b(i));
            this.state = S.Data;
          } else this.state = S.Comment;
          break;
        }
        case S.Comment: {
          const d = s.indexOf('-', i);
          if (d < 0) {
            i = n;
            break;
          }
          this.state = S.CommentEndDash;
          i = d + 1;
          break;
        }
        case S.CommentEndDash: {
          if (s.charCodeAt(i) === 0x2d) {
            this.state = S.CommentEnd;
            i++;
          } else this.state = S.Comment;
          break;
        }
        case S.CommentEnd: {
          const c = s.charCodeAt(i);
          if (c === 0x3e) {
            i++;
            out.comment(this.commentStart, this.b(i));
            this.state = S.Data;
          } else if (c === 0x21) {
            this.state = S.CommentEndBang;
            i++;
          } else if (c === 0x2d) i++;
          else this.state = S.Comment;
          break;
        }
        case S.CommentEndBang: {
          const c = s.charCodeAt(i);
          if (c === 0x3e) {
            i++;
            out.comment(this.commentStart, this.b(i));
            this.state = S.Data;
          } else if (c === 0x2d) {
            this.state = S.CommentEndDash;
            i++;
          } else this.state = S.Comment;
          break;
        }
        case S.Doctype: {
          const gt = s.indexOf('>', i);
          if (gt < 0) {
            this.doctypeRaw += s.slice(i);
            i = n;
            break;
          }
          this.doctypeRaw += s.slice(i, gt);
          i = gt + 1;
          out.doctype(parseDoctype(this.doctypeRaw, false, this.commentStart, this.b(i)));
          this.doctypeRaw = '';
          this.state = S.Data;
          break;
        }
        case S.Cdata: {
          const rb = s.indexOf(']', i);
          const stop = rb < 0 ? n : rb;
          if (stop > i) this.text(i, stop);
          i = stop;
          if (rb < 0) break;
          this.state = S.CdataBracket;
          i++;
          break;
        }
        case S.CdataBracket: {
          if (s.charCodeAt(i) === 0x5d) {
            this.state = S.CdataEnd;
            i++;
          } else {
            // The "]" was text (it may have ended the previous piece).
            const at = this.b(i);
            out.chars(']', 0, 0, 1, at - this.unit, at);
            this.state = S.Cdata;
          }
          break;
        }
        case S.CdataEnd: {
          const c = s.charCodeAt(i);
          if (c === 0x3e) {
            this.state = S.Data;
            i++;
          } else if (c === 0x5d) {
            const at = this.b(i);
            out.chars(']', 0, 0, 1, at - 2 * this.unit, at - this.unit);
            i++;
          } else {
            const at = this.b(i);
            out.chars(']]', 0, 0, 2, at - 2 * this.unit, at);
            this.state = S.Cdata;
          }
          break;
        }
        case S.CharRef:
          // Only at the start of a piece (handled above).
          throw new Error('HtmlTokenizer: reference state inside a piece');
      }
    }
  }

  /** A pending reference reaches the end of the piece: keep its raw characters (bounded) and wait. */
  private growRef(s: string, from: number, to: number): void {
    if (this.refRaw.length < REF_RAW_MAX) this.refRaw += s.slice(from, Math.min(to, from + REF_RAW_MAX - this.refRaw.length));
  }

  /** The partial `</name` (or `<!`, `<!-`) in raw text was not an end tag: it is text. */
  private rawBufToText(back?: S): void {
    const buf = this.buf;
    if (buf) this.out.chars(buf, 0, 0, buf.length, this.bufStart, this.bufStart + buf.length * this.unit);
    this.buf = '';
    this.state = back ?? this.textState;
  }

  private flushBufAsText(end: number): void {
    const buf = this.buf;
    if (buf) this.out.chars(buf, 0, 0, buf.length, this.bufStart, end);
    this.buf = '';
  }

  private newTag(isEnd: boolean): void {
    this.isEnd = isEnd;
    this.name = '';
    this.attrs = [];
    this.selfClosing = false;
    this.attrStart = -1;
  }

  private finishAttr(): void {
    let name = this.attrName;
    if (!this.attrKnown) {
      name = lowerAscii(name);
      if (name.includes('\0')) name = name.replace(/\0/g, '\ufffd');
    }
    this.attrKnown = false;
    if (this.attrStart >= 0) {
      const attrs = this.attrs;
      for (let k = 0; k < attrs.length; k++) if (attrs[k]!.name === name) return this.attrDone();
      attrs.push({ name, value: attrValue(this.attrValueRaw), start: this.attrStart, end: this.attrEnd });
    }
    this.attrDone();
  }

  private attrDone(): void {
    this.attrName = '';
    this.attrValueRaw = '';
    this.attrStart = -1;
  }

  private emitTag(endIndex: number): void {
    const t: TagToken = { name: this.name, attrs: this.attrs, selfClosing: this.selfClosing, start: this.tagStart, end: this.b(endIndex), line: this.isEnd ? 0 : this.tagLine };
    this.state = S.Data;
    if (this.isEnd) {
      this.out.endTag(t);
      return;
    }
    this.lastStartTag = t.name;
    this.switchTo = null;
    this.out.startTag(t);
    const next = this.switchTo as TextState | null;
    if (next !== null) {
      this.state = next === TextState.Rcdata ? S.Rcdata : next === TextState.Rawtext ? S.Rawtext : next === TextState.Script ? S.Script : next === TextState.Plaintext ? S.Plaintext : S.Data;
      this.switchTo = null;
    }
  }
}
