import { describe, expect, it } from 'vitest';
import { isAllowed, matchAgent, parseRobotsTxt, patternMatches, ROBOTS_MAX_LINE_BYTES } from '../../../lib/robots';

const codes = (txt: string | Uint8Array) => parseRobotsTxt(txt).diagnostics.map((d) => `${d.line}:${d.code}`);

describe('lines', () => {
  it('CR, LF and CRLF all end lines; CRLF counts once', () => {
    expect(parseRobotsTxt('a: 1\rb: 2\r\nc: 3\nd: 4').lineCount).toBe(4);
    expect(parseRobotsTxt('a: 1\r\r\nb: 2').lineCount).toBe(3);
    const p = parseRobotsTxt('User-agent: x\rDisallow: /a\r\rDisallow: /b\r');
    expect(p.groups[0].rules.map((r) => r.line)).toEqual([2, 4]);
  });
  it('skips a BOM at byte 0 only; a BOM later breaks its line', () => {
    const p = parseRobotsTxt('\ufeffUser-agent: x\nDisallow: /a\n');
    expect(p.groups[0].agents[0]).toMatchObject({ token: 'x', line: 1 });
    expect(codes('User-agent: x\n\ufeffDisallow: /a\n')).toEqual(['2:unknownKey']);
  });
  it('a NUL byte ends the line (the rest is ignored) and is reported', () => {
    const p = parseRobotsTxt('User-agent: x\nDisallow: /a\u0000/b\n');
    expect(p.groups[0].rules[0].pattern).toBe('/a');
    expect(codes('User-agent: x\nDisallow: /a\u0000/b\n')).toEqual(['2:nulByte']);
  });
  it(`cuts a line after ${ROBOTS_MAX_LINE_BYTES} bytes but keeps its start`, () => {
    const long = '/' + 'a'.repeat(20_000);
    const p = parseRobotsTxt(`User-agent: x\nDisallow: ${long}\nAllow: /b\n`);
    expect(p.groups[0].rules[0].pattern.length).toBe(ROBOTS_MAX_LINE_BYTES - 'Disallow: '.length);
    expect(p.groups[0].rules[1]).toMatchObject({ kind: 'allow', pattern: '/b', line: 3 });
    expect(codes(`User-agent: x\nDisallow: ${long}\n`)).toEqual(['2:lineTooLong']);
  });
  it('reports invalid UTF-8 with its line, and %-encodes the raw byte like Google', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('User-agent: x\nDisallow: /a'), 0xff, 10]);
    const p = parseRobotsTxt(bytes);
    expect(p.groups[0].rules[0].pattern).toBe('/a%FF');
    expect(p.diagnostics).toEqual([{ severity: 'warning', line: 2, code: 'invalidUtf8', params: [26] }]);
  });
  it('a BOM cut short is not a BOM: its bytes are invalid UTF-8', () => {
    expect(parseRobotsTxt(new Uint8Array([0xef, 0xbb])).diagnostics).toEqual([{ severity: 'warning', line: 1, code: 'invalidUtf8', params: [0] }]);
    expect(parseRobotsTxt(new Uint8Array([0xef, 0xbb, 0xbf])).diagnostics).toEqual([]);
  });
});

describe('large files (read in pieces)', () => {
  // A file of 200 KB: rules of 32 bytes, then the line under test, at every offset around each 32 KiB.
  const filler = (bytes: number) => {
    let t = 'User-agent: x\n';
    for (let i = 0; t.length + 32 <= bytes; i++) t += `Disallow: /${String(i).padStart(19, '0')}\n`;
    return t.padEnd(bytes, '#');
  };
  it('a CRLF at any offset counts once, wherever the file is split', () => {
    for (const at of [32_768, 65_536, 131_072]) {
      for (let d = -3; d <= 3; d++) {
        const head = filler(at + d - 1);
        const p = parseRobotsTxt(`${head}\r\nAllow: /crlf\r\nDisallow: /end\n`);
        const lines = head.split('\n').length;
        expect(p.lineCount).toBe(lines + 3);
        expect(p.groups[0].rules.slice(-2)).toEqual([
          { kind: 'allow', pattern: '/crlf', line: lines + 1 },
          { kind: 'disallow', pattern: '/end', line: lines + 2 },
        ]);
      }
    }
  });
  it('non-ASCII bytes far into the file: %-encoded there, invalid UTF-8 found at its byte', () => {
    const head = filler(100_000);
    const bytes = new Uint8Array([...new TextEncoder().encode(`${head}\nDisallow: /é\nDisallow: /a`), 0xff, 10, ...new TextEncoder().encode('Allow: /b\n')]);
    const p = parseRobotsTxt(bytes);
    const lines = head.split('\n').length;
    expect(p.groups[0].rules[0]).toEqual({ kind: 'disallow', pattern: '/0000000000000000000', line: 2 });
    expect(p.groups[0].rules.slice(-3)).toEqual([
      { kind: 'disallow', pattern: '/%C3%A9', line: lines + 1 },
      { kind: 'disallow', pattern: '/a%FF', line: lines + 2 },
      { kind: 'allow', pattern: '/b', line: lines + 3 },
    ]);
    expect(p.diagnostics).toEqual([{ severity: 'warning', line: lines + 2, code: 'invalidUtf8', params: [100_000 + 1 + 13 + 1 + 12] }]);
  });
});

describe('keys and separators', () => {
  it('accepts Google\'s typos and says so', () => {
    const txt = 'useragent: a\nuser agent: b\ndissallow: /1\ndissalow: /2\ndisalow: /3\ndiasllow: /4\ndisallaw: /5\nsite-map: https://x/s.xml\n';
    const p = parseRobotsTxt(txt);
    expect(p.groups[0].agents.map((a) => a.token)).toEqual(['a', 'b']);
    expect(p.groups[0].rules.map((r) => r.pattern)).toEqual(['/1', '/2', '/3', '/4', '/5']);
    expect(p.sitemaps).toEqual([{ url: 'https://x/s.xml', line: 8 }]);
    expect(codes(txt)).toEqual(['1:keyTypo', '2:keyTypo', '3:keyTypo', '4:keyTypo', '5:keyTypo', '6:keyTypo', '7:keyTypo', '8:keyTypo']);
  });
  it('…and nothing else ("disalloww" is a prefix match of disallow; "dissallaw" is unknown)', () => {
    expect(codes('User-agent: x\ndisalloww: /a\ndissallaw: /b\n')).toEqual(['2:keyPrefix', '3:unknownKey']);
    expect(parseRobotsTxt('User-agent: x\ndisalloww: /a\ndissallaw: /b\n').groups[0].rules.length).toBe(1);
  });
  it('without a colon, one space separates exactly two words', () => {
    const p = parseRobotsTxt('user-agent x\ndisallow /a\ndisallow /b /c\n');
    expect(p.groups[0].rules.map((r) => r.pattern)).toEqual(['/a']);
    expect(codes('user-agent x\ndisallow /a\ndisallow /b /c\n')).toEqual(['1:missingColon', '2:missingColon', '3:tooManyWords']);
  });
  it('names what Google ignores: crawl-delay, noindex, other known keys, unknown keys', () => {
    expect(codes('User-agent: *\nCrawl-delay: 10\nNoindex: /x\nHost: example.com\nUnicorn: yes\nDisallow: /a\n')).toEqual([
      '2:crawlDelayIgnored', '3:noindexIgnored', '4:unsupportedKey', '5:unknownKey',
    ]);
  });
  it('ignores rules before the first user-agent line', () => {
    const p = parseRobotsTxt('Disallow: /\nUser-agent: x\nAllow: /a\n');
    expect(p.groups).toHaveLength(1);
    expect(codes('Disallow: /\nUser-agent: x\nAllow: /a\n')).toEqual(['1:ruleBeforeUserAgent']);
    expect(isAllowed('Disallow: /\nUser-agent: x\nAllow: /a\n', 'y', 'https://e.com/b')).toBe(true);
  });
  it('cuts the agent to [A-Za-z_-] and flags a Google-Extended group', () => {
    const p = parseRobotsTxt('User-agent: Googlebot/2.1\nUser-agent: Google-Extended\nDisallow: /\n');
    expect(p.groups[0].agents.map((a) => a.token)).toEqual(['Googlebot', 'Google-Extended']);
    expect(codes('User-agent: Googlebot/2.1\nUser-agent: Google-Extended\nDisallow: /\n')).toEqual(['1:agentCut', '2:googleExtended']);
  });
});

describe('groups', () => {
  it('a user-agent line starts a new group only after a rule', () => {
    const p = parseRobotsTxt('User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nAllow: /\n');
    expect(p.groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a', 'b'], ['c']]);
  });
  it('10,000 groups: the last one still decides its agent', () => {
    let txt = '';
    for (let i = 0; i < 10_000; i++) txt += `User-agent: bot${String.fromCharCode(97 + (i % 26))}${i}\nDisallow: /p${i}/\n`;
    const p = parseRobotsTxt(txt);
    expect(p.groups).toHaveLength(10_000);
    // Tokens are cut at the digits: group i is "bot" + letter(i % 26); 9999 % 26 = 15 → "botp" (385 merged groups).
    const m = matchAgent(p, 'botp', 'https://e.com/p9999/x');
    expect(m).toMatchObject({ allowed: false, groupKind: 'specific' });
    expect(m.groupLines).toHaveLength(385);
    expect(m.rule?.line).toBe(20_000);
  });
  it('binary junk parses into nothing harmful', () => {
    const junk = new Uint8Array(100_000);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
    const p = parseRobotsTxt(junk);
    expect(p.byteLength).toBe(100_000);
    expect(p.diagnostics.length).toBeLessThanOrEqual(1001);
    expect(isAllowed(junk, 'Googlebot', 'https://e.com/')).toBe(true);
  });
});

describe('matching', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('stays linear on /*a*a*a*a*a*a*a*a*a*a*b against a 2,000-byte path', () => {
    const path = enc('/' + 'a'.repeat(1999));
    expect(patternMatches(path, '/*a*a*a*a*a*a*a*a*a*a*b')).toBe(false);
    expect(patternMatches(enc('/' + 'a'.repeat(1998) + 'b'), '/*a*a*a*a*a*a*a*a*a*a*b')).toBe(true);
    expect(isAllowed('User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*b\n', 'x', 'https://e.com/' + 'a'.repeat(1999))).toBe(true);
  });
  it('$ is special only at the end; * crosses /', () => {
    expect(patternMatches(enc('/a$b'), '/a$b')).toBe(true);
    expect(patternMatches(enc('/a/b/c.php'), '/*.php$')).toBe(true);
    expect(patternMatches(enc('/a/b/c.php?x'), '/*.php$')).toBe(false);
  });
  it('longest match in UTF-8 bytes; Allow wins a tie', () => {
    // "/é" is normalised to "/%C3%A9" (7 bytes), longer than "/%C3" + "*" (5).
    const txt = 'User-agent: x\nAllow: /%C3*\nDisallow: /é\n';
    expect(matchAgent(parseRobotsTxt(txt), 'x', 'https://e.com/%C3%A9')).toMatchObject({ allowed: false, rule: { line: 3, pattern: '/%C3%A9' } });
    expect(matchAgent(parseRobotsTxt('User-agent: x\nDisallow: /page\nAllow: /page\n'), 'x', 'https://e.com/page')).toMatchObject({ allowed: true, rule: { line: 3 } });
  });
  it('the URL path is not decoded: /%7Efoo is not matched by /~foo', () => {
    expect(isAllowed('User-agent: x\nDisallow: /~foo\n', 'x', 'https://e.com/%7Efoo')).toBe(true);
  });
});
