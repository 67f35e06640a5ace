// The "url" kind of a structured data value (valueKinds.ts): its fast path for plain http(s) URLs
// and root paths gives the URL parser's own answer, on generated URLs built to sit on every edge the
// fast path draws (numeric last labels, Punycode, ports, IPv6, user info, backslashes, percent signs,
// other schemes, protocol-relative forms).
import { describe, expect, it } from 'vitest';
import { parsesAsUrl, scalarIs } from '../../../lib/structured/validate/valueKinds';

/** The parser's answer (the kind without its fast path). */
const parserSays = (s: string) => s !== '' && !/\s/.test(s) && parsesAsUrl(s);

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
}

describe('the url kind', () => {
  it('20,000 generated URLs: the same answer as the URL parser', () => {
    const rnd = rng(41);
    const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
    const labels = ['shop', 'a', 'Example', 'x-y', '-', 'a-', '1', '123', '0x1f', '0X', 'xn--', 'xn--bcher-kva', 'XN--abc', 'a_b', 'ab--c', 'é', '', '%41', '999', '4294967296', '256', 'a1', '1a'];
    const schemes = ['http://', 'https://', 'HTTPS://', 'ftp://', 'javascript:', 'data:', 'mailto:', '//', '/\\', '\\\\', 'http:/', 'http:', 'https:///'];
    const tails = ['', '/', '/p/1.html', '?q=1', '#top', '/a b', '/%zz', '/<x>', '/\\x', '?a=%', ':80/', ':65535', ':65536/', ':99999', ':/', ':x/', '@', '\u0001', '/\u00e9', '.'];
    let valid = 0;
    let invalid = 0;
    for (let i = 0; i < 20_000; i++) {
      const host = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(labels)).join('.');
      const r = rnd();
      const s =
        r < 0.7
          ? `${pick(schemes)}${rnd() < 0.1 ? 'user:pw@' : ''}${rnd() < 0.05 ? '[::1]' : host}${rnd() < 0.3 ? '.' : ''}${pick(tails)}`
          : r < 0.85
            ? `/${pick(['', '/', '\\'])}${host}${pick(tails)}`
            : `${host}${pick(tails)}`;
      const want = parserSays(s);
      expect(scalarIs('url', { t: 'text', v: s }), s).toBe(want);
      if (want) valid++;
      else invalid++;
    }
    expect(valid).toBeGreaterThan(5_000);
    expect(invalid).toBeGreaterThan(2_000);
  });
});
