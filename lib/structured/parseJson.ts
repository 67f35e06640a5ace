/** A JSON value with the offset where it starts (in the text given). */
export type JsonNode =
  | { k: 'object'; at: number; members: JsonMember[] }
  | { k: 'array'; at: number; items: JsonNode[] }
  | { k: 'string'; at: number; v: string }
  | { k: 'number'; at: number; v: number }
  | { k: 'boolean'; at: number; v: boolean }
  | { k: 'null'; at: number }
  /** Nesting past the depth read: the value is skipped (its end found, nothing built). */
  | { k: 'deep'; at: number };

export interface JsonMember {
  key: string;
  at: number;
  value: JsonNode;
}

export type JsonErrorCode =
  | 'trailingComma'
  | 'htmlComment'
  | 'comment'
  | 'unexpectedChar'
  | 'unexpectedEnd'
  | 'unterminatedString'
  | 'badEscape'
  | 'badNumber'
  | 'controlChar'
  | 'trailingData'
  | 'empty';

export interface JsonParse {
  value: JsonNode | null;
  error: { code: JsonErrorCode; at: number } | null;
  /** The depth read was reached (values deeper are `deep`): where it first was. */
  tooDeep: { at: number } | null;
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Object states: 'first' ({ read: a key or }), 'key' (after a comma: a key), 'next' (after a
 * member: , or }). Array states: 'first' ([ read: a value or ]), 'value' (after a comma), 'next'.
 */
interface Frame {
  obj: boolean;
  node: { k: 'object'; at: number; members: JsonMember[] } | { k: 'array'; at: number; items: JsonNode[] } | null;
  at: number;
  state: 'first' | 'key' | 'value' | 'next';
  key: string;
  keyAt: number;
  commaAt: number;
}

class Fail extends Error {
  constructor(
    readonly code: JsonErrorCode,
    readonly at: number,
  ) {
    super(code);
  }
}

const NUM = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * RFC 8259 JSON read without recursion: an explicit stack of open objects and arrays, so any
 * nesting is safe; past `maxDepth` levels the values are skipped (their end is still found, nothing
 * is built) and `tooDeep` says where. The first error stops the read with its code and offset; a
 * comma before `}` or `]`, and an HTML or JavaScript comment, get codes of their own (they are the
 * usual slips). Linear in the text.
 */
export function parseJson(text: string, maxDepth: number): JsonParse {
  return new JsonReader(text, maxDepth).read();
}

/**
 * One read of parseJson: its state in fields and its steps as methods, so a read makes no closures
 * (a page's every JSON-LD block is one read).
 */
class JsonReader {
  private readonly n: number;
  private i = 0;
  private readonly stack: Frame[] = [];
  private root: JsonNode | null = null;
  private tooDeep: { at: number } | null = null;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {
    this.n = text.length;
  }

  read(): JsonParse {
    const { text, n, stack } = this;
    try {
      this.ws();
      if (this.i >= n) return { value: null, error: { code: 'empty', at: 0 }, tooDeep: null };
      this.value();
      while (stack.length) {
        this.ws();
        const i = this.i;
        if (i >= n) throw new Fail('unexpectedEnd', n);
        const f = stack[stack.length - 1]!;
        const c = text.charCodeAt(i);
        // An object's members and an array's items: the same commas and the same end, a key before each member.
        const end = f.obj ? 0x7d : 0x5d;
        const afterComma = f.obj ? 'key' : 'value';
        if (f.state === 'next') {
          if (c === end) this.close();
          else if (c === 0x2c) {
            f.commaAt = i;
            f.state = afterComma;
            this.i++;
          } else throw this.unexpected(i);
          continue;
        }
        if (c === end) {
          if (f.state === afterComma) throw new Fail('trailingComma', f.commaAt);
          this.close();
          continue;
        }
        if (f.obj) {
          if (c !== 0x22) throw this.unexpected(i);
          f.keyAt = i;
          f.key = this.readString();
          this.ws();
          if (text.charCodeAt(this.i) !== 0x3a) throw this.unexpected(this.i);
          this.i++;
          this.ws();
          if (this.i >= n) throw new Fail('unexpectedEnd', n);
          f.state = 'value';
        }
        this.value();
      }
      this.ws();
      if (this.i < n) {
        const e = this.unexpected(this.i);
        throw e.code === 'unexpectedChar' ? new Fail('trailingData', this.i) : e;
      }
      return { value: this.root, error: null, tooDeep: this.tooDeep };
    } catch (e) {
      if (e instanceof Fail) return { value: null, error: { code: e.code, at: e.at }, tooDeep: this.tooDeep };
      throw e;
    }
  }

  private ws(): void {
    const { text, n } = this;
    let i = this.i;
    while (i < n && isWs(text.charCodeAt(i))) i++;
    this.i = i;
  }

  private unexpected(at: number): Fail {
    const { text, n } = this;
    if (at >= n) return new Fail('unexpectedEnd', n);
    if (text.startsWith('<!--', at) || text.startsWith('-->', at)) return new Fail('htmlComment', at);
    const c = text.charCodeAt(at);
    if (c === 0x2f && (text.charCodeAt(at + 1) === 0x2f || text.charCodeAt(at + 1) === 0x2a)) return new Fail('comment', at);
    return new Fail('unexpectedChar', at);
  }

  private readString(): string {
    const { text, n } = this;
    const open = this.i;
    let j = open + 1;
    let from = j;
    let out: string | null = null;
    for (;;) {
      if (j >= n) throw new Fail('unterminatedString', open);
      const c = text.charCodeAt(j);
      if (c === 0x22) break;
      if (c < 0x20) throw new Fail(c === 0x0a ? 'unterminatedString' : 'controlChar', c === 0x0a ? open : j);
      if (c !== 0x5c) {
        j++;
        continue;
      }
      out = (out ?? '') + text.slice(from, j);
      const e = text.charCodeAt(j + 1);
      let step = 2;
      switch (e) {
        case 0x22: out += '"'; break;
        case 0x5c: out += '\\'; break;
        case 0x2f: out += '/'; break;
        case 0x62: out += '\b'; break;
        case 0x66: out += '\f'; break;
        case 0x6e: out += '\n'; break;
        case 0x72: out += '\r'; break;
        case 0x74: out += '\t'; break;
        case 0x75: {
          const hex = text.slice(j + 2, j + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Fail('badEscape', j);
          out += String.fromCharCode(parseInt(hex, 16));
          step = 6;
          break;
        }
        default:
          throw new Fail(j + 1 >= n ? 'unterminatedString' : 'badEscape', j + 1 >= n ? open : j);
      }
      j += step;
      from = j;
    }
    this.i = j + 1;
    return out === null ? text.slice(open + 1, j) : out + text.slice(from, j);
  }

  private readScalar(): JsonNode {
    const text = this.text;
    const at = this.i;
    const c = text.charCodeAt(at);
    if (c === 0x22) return { k: 'string', at, v: this.readString() };
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUM.lastIndex = at;
      const m = NUM.exec(text);
      if (!m) throw new Fail('badNumber', at);
      this.i = at + m[0].length;
      const next = text.charCodeAt(this.i);
      if ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x65 || next === 0x45) throw new Fail('badNumber', at);
      return { k: 'number', at, v: Number(m[0]) };
    }
    if (text.startsWith('true', at)) {
      this.i = at + 4;
      return { k: 'boolean', at, v: true };
    }
    if (text.startsWith('false', at)) {
      this.i = at + 5;
      return { k: 'boolean', at, v: false };
    }
    if (text.startsWith('null', at)) {
      this.i = at + 4;
      return { k: 'null', at };
    }
    throw this.unexpected(at);
  }

  /** A value is complete: it goes into its parent (or is the root). */
  private done(v: JsonNode | null): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      this.root = v;
      return;
    }
    top.state = 'next';
    if (!top.node || !v) return;
    if (top.node.k === 'array') top.node.items.push(v);
    else top.node.members.push({ key: top.key, at: top.keyAt, value: v });
  }

  /** Reads a value at i: a scalar is completed at once, an object or array is opened. */
  private value(): void {
    const stack = this.stack;
    const i = this.i;
    const c = this.text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      const parent = stack[stack.length - 1];
      const building = !parent || parent.node !== null;
      const deep = stack.length >= this.maxDepth;
      if (deep && building) this.tooDeep ??= { at: i };
      const build = building && !deep;
      const obj = c === 0x7b;
      stack.push({
        obj,
        node: build ? (obj ? { k: 'object', at: i, members: [] } : { k: 'array', at: i, items: [] }) : null,
        at: i,
        state: 'first',
        key: '',
        keyAt: -1,
        commaAt: -1,
      });
      this.i = i + 1;
      return;
    }
    const v = this.readScalar();
    const top = stack[stack.length - 1];
    this.done(top && !top.node ? null : v);
  }

  private close(): void {
    const stack = this.stack;
    const f = stack.pop()!;
    this.i++;
    const parent = stack[stack.length - 1];
    const v: JsonNode | null = f.node ?? (!parent || parent.node ? { k: 'deep', at: f.at } : null);
    this.done(v);
  }
}
