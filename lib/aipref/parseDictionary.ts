/**
 * A Structured Field Dictionary (RFC 9651 §4.2.2), the format draft-ietf-aipref-vocab-07 §6 gives
 * statements of preference ("train-ai=n, search=y") and that Content-Signal values take too
 * ("search=yes, ai-train=no"). Strict as the RFC is: a key with an upper-case letter, a space
 * around "=", a stray character — the whole dictionary fails, and the vocabulary says every
 * preference is then unknown (§6.6). Linear in the input, no recursion deeper than one inner list.
 */

/** One bare item: a token keeps its text; other types keep their kind (the vocabulary reads only tokens). */
export type DictItem =
  | { type: 'token'; value: string }
  | { type: 'integer' | 'decimal'; value: number }
  | { type: 'string' | 'display-string' | 'byte-sequence'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'date'; value: number }
  | { type: 'inner-list' };

export interface DictMember {
  key: string;
  value: DictItem;
  /** How many times the key appeared: the last value counts (RFC 9651 §4.2.2). */
  occurrences: number;
}

export type DictResult = { ok: true; members: DictMember[] } | { ok: false; at: number; reason: string };

const isLcalpha = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || isLcalpha(c);
// tchar (RFC 9110 §5.6.2), plus ":" and "/" inside a token (RFC 9651 §3.3.4).
const TCHAR = new Set("!#$%&'*+-.^_`|~".split('').map((c) => c.charCodeAt(0)));
const isTokenChar = (c: number) => isAlpha(c) || isDigit(c) || TCHAR.has(c) || c === 58 || c === 47;
const isKeyChar = (c: number) => isLcalpha(c) || isDigit(c) || c === 95 || c === 45 || c === 46 || c === 42;

class Fail extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Parses `input` (ASCII expected: any other character fails) as a Dictionary. */
export function parseDictionary(input: string): DictResult {
  const s = input;
  let i = 0;
  const n = s.length;
  const c = (k = i) => (k < n ? s.charCodeAt(k) : -1);
  const fail = (reason: string): never => {
    throw new Fail(i, reason);
  };
  const skipSp = () => {
    while (c() === 32) i++;
  };
  const skipOws = () => {
    while (c() === 32 || c() === 9) i++;
  };

  const key = (): string => {
    const start = i;
    if (!(isLcalpha(c()) || c() === 42)) fail('key');
    i++;
    while (isKeyChar(c())) i++;
    return s.slice(start, i);
  };

  const bareItem = (): DictItem => {
    const ch = c();
    if (ch === 45 || isDigit(ch)) {
      const start = i;
      if (ch === 45) i++;
      if (!isDigit(c())) fail('number');
      let dot = -1;
      while (isDigit(c()) || (c() === 46 && dot === -1)) {
        if (c() === 46) dot = i;
        i++;
      }
      const text = s.slice(start, i);
      if (dot === -1) {
        if (text.replace('-', '').length > 15) fail('integer too long');
        return { type: 'integer', value: Number(text) };
      }
      if (dot === i - 1 || i - dot - 1 > 3 || dot - start - (ch === 45 ? 1 : 0) > 12) fail('decimal');
      return { type: 'decimal', value: Number(text) };
    }
    if (ch === 34) {
      i++;
      let out = '';
      for (;;) {
        const k = c();
        if (k === -1) fail('unterminated string');
        i++;
        if (k === 34) return { type: 'string', value: out };
        if (k === 92) {
          const e = c();
          if (e !== 34 && e !== 92) fail('string escape');
          i++;
          out += String.fromCharCode(e);
        } else if (k < 0x20 || k > 0x7e) fail('string character');
        else out += String.fromCharCode(k);
      }
    }
    if (isAlpha(ch) || ch === 42) {
      const start = i;
      i++;
      while (isTokenChar(c())) i++;
      return { type: 'token', value: s.slice(start, i) };
    }
    if (ch === 58) {
      i++;
      const start = i;
      while (c() !== 58) {
        const k = c();
        if (k === -1 || !(isAlpha(k) || isDigit(k) || k === 43 || k === 47 || k === 61)) fail('byte sequence');
        i++;
      }
      i++;
      return { type: 'byte-sequence', value: s.slice(start, i - 1) };
    }
    if (ch === 63) {
      i++;
      const b = c();
      if (b !== 48 && b !== 49) fail('boolean');
      i++;
      return { type: 'boolean', value: b === 49 };
    }
    if (ch === 64) {
      i++;
      const d = bareItem();
      if (d.type !== 'integer') fail('date');
      return { type: 'date', value: (d as { value: number }).value };
    }
    if (ch === 37 && c(i + 1) === 34) {
      i += 2;
      const start = i;
      while (c() !== 34) {
        const k = c();
        if (k === -1 || k < 0x20 || k > 0x7e) fail('display string');
        i++;
      }
      i++;
      return { type: 'display-string', value: s.slice(start, i - 1) };
    }
    return fail('item');
  };

  const parameters = () => {
    while (c() === 59) {
      i++;
      skipSp();
      key();
      if (c() === 61) {
        i++;
        bareItem();
      }
    }
  };

  const itemOrInnerList = (): DictItem => {
    if (c() === 40) {
      i++;
      for (;;) {
        skipSp();
        if (c() === 41) {
          i++;
          parameters();
          return { type: 'inner-list' };
        }
        bareItem();
        parameters();
        if (c() !== 32 && c() !== 41) fail('inner list');
      }
    }
    const item = bareItem();
    parameters();
    return item;
  };

  const byKey = new Map<string, DictMember>();
  try {
    for (let k = 0; k < n; k++) if (s.charCodeAt(k) > 0x7e) fail('not ASCII');
    skipSp();
    while (i < n) {
      const k = key();
      let value: DictItem;
      if (c() === 61) {
        i++;
        value = itemOrInnerList();
      } else {
        value = { type: 'boolean', value: true };
        parameters();
      }
      const prev = byKey.get(k);
      // The last value counts; the key keeps its first place in the order.
      if (prev) {
        prev.value = value;
        prev.occurrences++;
      } else byKey.set(k, { key: k, value, occurrences: 1 });
      skipOws();
      if (i >= n) break;
      if (c() !== 44) fail('expected ","');
      i++;
      skipOws();
      if (i >= n) fail('trailing ","');
    }
  } catch (e) {
    if (e instanceof Fail) return { ok: false, at: e.at, reason: e.reason };
    throw e;
  }
  return { ok: true, members: [...byKey.values()] };
}
