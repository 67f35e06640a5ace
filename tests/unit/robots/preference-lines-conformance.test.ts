// Content-Signal and Content-Usage lines, and policy-token groups (draft-kelley-…-00), must not
// change any verdict for Google's tokens: every case of Google's robots_test.cc still gives Google's
// answer when such lines are added — at every line start of the file (one at a time), and at random
// line starts many times over (a seeded generator, so a failure repeats), with a policy-token group
// in front. The parse also keeps every added line, in its group.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobotsTxt } from '../../../lib/robots';

interface MatcherCase { name: string; robotstxt: string; userAgent: string; url: string; expected: boolean; sourceLine: number }
const cases = JSON.parse(readFileSync(new URL('../../fixtures/google-robotstxt/cases.json', import.meta.url), 'utf8')) as MatcherCase[];

const PREF_LINES = [
  'Content-Signal: search=yes, ai-input=no, ai-train=no',
  'Content-Usage: train-ai=n',
  'content-usage: /private/ train-ai=y, search=n',
  'CONTENT-SIGNAL: ai-train=maybe, Search=Yes',
  'Content-Usage /x bots=n',
  'Content-Signal:',
  'Content-Usage: train-ai=y # a comment',
];
// A policy-token group first: it ends with a rule, so the file's own first user-agent line still starts a group of its own.
const POLICY_GROUP = 'User-agent: train-ai\nDisallow: /\nContent-Usage: train-ai=n\n';

/** Offsets where a line starts (after a BOM or any prefix of one: Google skips it). */
function lineStarts(text: string): number[] {
  let i = 0;
  while (i < 1 && text.charCodeAt(0) === 0xfeff) i++;
  const out = [i];
  for (let k = i; k < text.length; k++) {
    const c = text[k];
    if (c === '\n' || (c === '\r' && text[k + 1] !== '\n')) out.push(k + 1);
  }
  return out;
}

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const insert = (text: string, at: number, line: string) => text.slice(0, at) + line + '\n' + text.slice(at);

describe('preference lines change no verdict of Google\'s cases', () => {
  it('covers all 145 cases', () => expect(cases.length).toBe(145));
  for (const c of cases) {
    it(`${c.name} (robots_test.cc:${c.sourceLine})`, () => {
      const starts = lineStarts(c.robotstxt);
      // One line at every line start.
      for (const [k, at] of starts.entries()) {
        const line = PREF_LINES[k % PREF_LINES.length]!;
        expect(isAllowed(insert(c.robotstxt, at, line), c.userAgent, c.url), `"${line}" at offset ${at}`).toBe(c.expected);
      }
      // 40 variants of several lines at random line starts, behind a policy-token group.
      const rnd = seeded(c.sourceLine);
      for (let v = 0; v < 40; v++) {
        let text = c.robotstxt;
        const n = 1 + Math.floor(rnd() * 6);
        for (let j = 0; j < n; j++) {
          const s = lineStarts(text);
          text = insert(text, s[Math.floor(rnd() * s.length)]!, PREF_LINES[Math.floor(rnd() * PREF_LINES.length)]!);
        }
        const withPolicy = text.charCodeAt(0) === 0xfeff ? '\ufeff' + POLICY_GROUP + text.slice(1) : POLICY_GROUP + text;
        expect(isAllowed(text, c.userAgent, c.url), `variant ${v}:\n${text}`).toBe(c.expected);
        expect(isAllowed(withPolicy, c.userAgent, c.url), `variant ${v} with a policy group:\n${withPolicy}`).toBe(c.expected);
      }
    });
  }
});

describe('the parse keeps the preference lines', () => {
  it('in their groups, with their lines, without touching the rules', () => {
    const text = ['Content-Signal: search=yes', 'User-agent: *', 'Content-Signal: ai-train=no', 'Disallow: /x', 'Content-Usage: /y train-ai=y', 'User-agent: GPTBot', 'Content-Usage train-ai=n', 'Allow: /'].join('\n');
    const parsed = parseRobotsTxt(text);
    expect(parsed.groups.map((g) => g.rules.map((r) => r.line))).toEqual([[4], [8]]);
    expect(parsed.preferenceLines).toEqual([
      { key: 'content-signal', value: 'search=yes', line: 1, group: -1, missingColon: false },
      { key: 'content-signal', value: 'ai-train=no', line: 3, group: 0, missingColon: false },
      { key: 'content-usage', value: '/y train-ai=y', line: 5, group: 0, missingColon: false },
      { key: 'content-usage', value: 'train-ai=n', line: 7, group: 1, missingColon: true },
    ]);
    // Google's reporter counts them as unknown directives.
    expect(parsed.stats).toEqual({ validDirectives: 4, unknownDirectives: 4, lastDirectiveLine: 8 });
  });

  it('keeps 10,000 lines and counts the rest', () => {
    const text = 'User-agent: *\n' + 'Content-Signal: ai-train=no\n'.repeat(10_003);
    const parsed = parseRobotsTxt(text);
    expect(parsed.preferenceLines.length).toBe(10_000);
    expect(parsed.preferenceLinesDropped).toBe(3);
  });
});
