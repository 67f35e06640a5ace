// parseJson (the JSON-LD reader's JSON, with the offset of every value) against the engine's own
// JSON.parse on generated documents, whole and broken: the same values, an error exactly when
// JSON.parse throws, every offset at the first character of its value, and nothing built deeper
// than the depth asked for.
import { describe, expect, it } from 'vitest';
import { parseJson, type JsonNode } from '../../../lib/structured/parseJson';

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
}

function generator(rnd: () => number) {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const scalars = ['0', '-0.5e3', '12', '3.25E-2', '"a\\u0041b"', '"x\\ny\\t"', '"\\"q\\\\/"', '"é😀"', 'true', 'false', 'null', '""'];
  const gen = (d: number): string => {
    const r = rnd();
    if (d > 5 || r < 0.4) return pick(scalars);
    const ws = () => pick(['', ' ', '\n', '\t ', '\r\n']);
    if (r < 0.7) return `[${ws()}${Array.from({ length: Math.floor(rnd() * 4) }, () => gen(d + 1)).join(`${ws()},${ws()}`)}${ws()}]`;
    return `{${ws()}${Array.from({ length: Math.floor(rnd() * 4) }, (_, k) => `"k${k}"${ws()}:${ws()}${gen(d + 1)}`).join(`,${ws()}`)}${ws()}}`;
  };
  const slips = [',', '}', ']', '<!--', '//', '/*', '\u0001', '"', '01', '1.', 'tru', '\\x', ':', '-'];
  const broken = (s: string) => {
    const k = Math.floor(rnd() * (s.length + 1));
    return pick([s.slice(0, k), s.slice(0, k) + pick(slips) + s.slice(k), `${s} x`, ' ', '']);
  };
  return { gen, broken };
}

/** The plain value of a node, checking on the way that its offset is where its text starts. */
function plain(n: JsonNode, text: string): unknown {
  const first = text[n.at];
  switch (n.k) {
    case 'object':
      expect(first).toBe('{');
      return Object.fromEntries(
        n.members.map((m) => {
          expect(text[m.at]).toBe('"');
          return [m.key, plain(m.value, text)];
        }),
      );
    case 'array':
      expect(first).toBe('[');
      return n.items.map((v) => plain(v, text));
    case 'string':
      expect(first).toBe('"');
      return n.v;
    case 'number':
      expect(first).toMatch(/[-0-9]/);
      return n.v;
    case 'boolean':
      expect(first).toBe(n.v ? 't' : 'f');
      return n.v;
    case 'null':
      expect(first).toBe('n');
      return null;
    default:
      throw new Error(`a value past the depth read at ${n.at}`);
  }
}

function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

describe('parseJson', () => {
  it('5,000 documents whole and 5,000 broken: the values of JSON.parse, an error exactly when it throws, each offset at its value', () => {
    const { gen, broken } = generator(rng(29));
    let errors = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = i % 2 ? broken(gen(0)) : gen(0);
      let expected: { value: unknown } | null;
      try {
        expected = { value: JSON.parse(text) };
      } catch {
        expected = null;
      }
      const got = parseJson(text, 64);
      if (!expected) {
        expect(got.error, text).not.toBeNull();
        expect(got.error!.at).toBeGreaterThanOrEqual(0);
        expect(got.error!.at).toBeLessThanOrEqual(text.length);
        errors++;
        continue;
      }
      expect(got.error, text).toBeNull();
      expect(plain(got.value!, text)).toEqual(expected.value);
    }
    expect(errors).toBeGreaterThan(2_000);
  });

  it('deeper than asked: nothing built past the depth, the first deep value named, the rest of the text still read', () => {
    const { gen } = generator(rng(7));
    let deep = 0;
    for (let i = 0; i < 2_000; i++) {
      const text = gen(0);
      const whole = JSON.parse(text) as unknown;
      const got = parseJson(text, 2);
      expect(got.error).toBeNull();
      if (depthOf(whole) <= 2) {
        expect(got.tooDeep).toBeNull();
        continue;
      }
      deep++;
      expect('[{').toContain(text[got.tooDeep!.at]);
      const kinds: string[] = [];
      const walk = (n: JsonNode, d: number) => {
        kinds.push(n.k);
        if (n.k === 'deep') expect(d).toBe(2);
        if (n.k === 'object') for (const m of n.members) walk(m.value, d + 1);
        if (n.k === 'array') for (const v of n.items) walk(v, d + 1);
      };
      walk(got.value!, 0);
      expect(kinds).toContain('deep');
    }
    expect(deep).toBeGreaterThan(200);
  });

  it('the usual slips by name, at their offset', () => {
    expect(parseJson('{"a": 1,}', 64).error).toEqual({ code: 'trailingComma', at: 7 });
    expect(parseJson('[1, 2, ]', 64).error).toEqual({ code: 'trailingComma', at: 5 });
    expect(parseJson('<!-- {"a": 1} -->', 64).error).toEqual({ code: 'htmlComment', at: 0 });
    expect(parseJson('{"a": 1} // note', 64).error).toEqual({ code: 'comment', at: 9 });
    expect(parseJson('{"a": "b\n"}', 64).error).toEqual({ code: 'unterminatedString', at: 6 });
    expect(parseJson('{"a": 01}', 64).error).toEqual({ code: 'badNumber', at: 6 });
    expect(parseJson('{"a": 1} x', 64).error).toEqual({ code: 'trailingData', at: 9 });
    expect(parseJson('  ', 64).error).toEqual({ code: 'empty', at: 0 });
  });
});
