// Every expectation of Google's robots_test.cc (fixtures copied byte-exact, with their licence,
// from the shared conformance set): one vitest test per case, named after the case.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  escapePattern,
  getPathParamsQuery,
  isAllowed,
  isValidUserAgentToObey,
  matchAgent,
  parseRobotsTxt,
} from '../../../lib/robots';

const dir = new URL('../../fixtures/google-robotstxt/', import.meta.url);
interface MatcherCase { name: string; robotstxt: string; userAgent: string; url: string; expected: boolean; sourceLine: number }
type OtherCase =
  | { kind: 'isValidUserAgentToObey'; name: string; input: string; expected: boolean }
  | { kind: 'getPathParamsQuery' | 'maybeEscapePattern'; name: string; input: string; expected: string }
  | {
      kind: 'parseStats';
      name: string;
      robotstxtBase64: string;
      expected: { valid_directives?: number; unknown_directives?: number; last_line_seen?: number; sitemap?: string };
    };

const cases = JSON.parse(readFileSync(new URL('cases.json', dir), 'utf8')) as MatcherCase[];
const others = JSON.parse(readFileSync(new URL('other-cases.json', dir), 'utf8')) as OtherCase[];

describe('Google matcher cases (OneAgentAllowedByRobots)', () => {
  it('has all 145 cases', () => expect(cases.length).toBe(145));
  for (const c of cases) {
    it(`${c.name} (robots_test.cc:${c.sourceLine})`, () => {
      expect(isAllowed(c.robotstxt, c.userAgent, c.url)).toBe(c.expected);
    });
  }
});

// The same cases through parse-once/match-many: the third question to a parsed file goes through the
// prefix index, which must give the same answers as the plain scan.
describe('Google matcher cases, parsed once and asked three times', () => {
  for (const c of cases) {
    it(`${c.name} (robots_test.cc:${c.sourceLine})`, () => {
      const parsed = parseRobotsTxt(c.robotstxt);
      const answers = [0, 1, 2, 3].map(() => matchAgent(parsed, c.userAgent, c.url).allowed);
      expect(answers).toEqual([c.expected, c.expected, c.expected, c.expected]);
    });
  }
});

describe('Google helper cases', () => {
  it('has all 46 helper cases', () => expect(others.length).toBe(46));
  for (const c of others) {
    it(`${c.kind}: ${c.name}`, () => {
      switch (c.kind) {
        case 'isValidUserAgentToObey':
          expect(isValidUserAgentToObey(c.input)).toBe(c.expected);
          break;
        case 'getPathParamsQuery':
          expect(getPathParamsQuery(c.input)).toBe(c.expected);
          break;
        case 'maybeEscapePattern':
          expect(escapePattern(c.input)).toBe(c.expected);
          break;
        case 'parseStats': {
          const parsed = parseRobotsTxt(new Uint8Array(Buffer.from(c.robotstxtBase64, 'base64')));
          const e = c.expected;
          if (e.valid_directives !== undefined) expect(parsed.stats.validDirectives).toBe(e.valid_directives);
          if (e.unknown_directives !== undefined) expect(parsed.stats.unknownDirectives).toBe(e.unknown_directives);
          if (e.last_line_seen !== undefined) expect(parsed.stats.lastDirectiveLine).toBe(e.last_line_seen);
          if (e.sitemap !== undefined) expect(parsed.sitemaps.map((s) => s.url).join('')).toBe(e.sitemap);
          break;
        }
      }
    });
  }
});
