// Every code lib/robots can emit has its English text in locales/en.yml (robots.<section>.<code>).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');
const yml = read('locales/en.yml');

/** Keys directly under robots.<section> in en.yml (two-space nesting). */
function keysOf(section: string): Set<string> {
  const robots = yml.slice(yml.search(/^robots:$/m));
  const start = robots.search(new RegExp(`^  ${section}:$`, 'm'));
  if (start < 0) return new Set();
  const keys = new Set<string>();
  for (const line of robots.slice(start).split('\n').slice(1)) {
    const m = /^    ([A-Za-z0-9]+):/.exec(line);
    if (m) keys.add(m[1]);
    else if (/^ {0,2}\S/.test(line)) break;
  }
  return keys;
}
const codesIn = (src: string, re: RegExp) => [...new Set([...src.matchAll(re)].map((m) => m[1]))];

describe('locale texts for lib/robots codes', () => {
  it('diagnostics (robots.diag)', () => {
    const codes = codesIn(read('lib/robots/parseRobotsTxt.ts'), /diag\('\w+', [^,]+, '(\w+)'/g);
    expect(codes.length).toBeGreaterThanOrEqual(18);
    const missing = codes.filter((c) => !keysOf('diag').has(c));
    expect(missing).toEqual([]);
    expect(keysOf('diag').has('moreDiagnostics')).toBe(true);
  });
  it('fetch outcomes and warnings (robots.outcome, robots.warning)', () => {
    const policy = read('lib/crawl/robotsFetchPolicy.ts');
    const outcomes = codesIn(policy, /kind: '[\w-]+', code: '(\w+)'/g);
    expect(outcomes.length).toBe(9);
    expect(outcomes.filter((c) => !keysOf('outcome').has(c))).toEqual([]);
    const warnings = [...codesIn(policy, /\{ code: '(\w+)'/g), ...codesIn(read('lib/crawl/robotsReportFrom.ts'), /code: '(\w+)'/g)];
    expect(warnings.filter((c) => !keysOf('warning').has(c))).toEqual([]);
  });
  it('verdict reasons (robots.reason)', () => {
    const src = read('lib/robots/evaluateAgents.ts');
    const codes = codesIn(src, /code: '(\w+)'/g);
    const more = codesIn(src, /'(\w+By\w+)'/g);
    const all = [...new Set([...codes, ...more, 'robotsMissing', 'robotsUnreachable'])];
    expect(all).toContain('unreachableCrawls');
    expect(all.length).toBe(10);
    expect(all.filter((c) => !keysOf('reason').has(c))).toEqual([]);
  });
  it('crawler descriptions (robots.crawler)', () => {
    const abouts = codesIn(read('lib/robots/googleCrawlers.ts'), /about: '(\w+)'/g);
    expect(abouts.length).toBe(25);
    expect(abouts.filter((c) => !keysOf('crawler').has(c))).toEqual([]);
  });
});
