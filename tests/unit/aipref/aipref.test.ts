// AI usage preferences: the dictionary format (RFC 9651), Content-Usage (draft-ietf-aipref-attach-05,
// vocab-07 / -03), Content-Signal (contentsignals.org), policy-token groups (draft-kelley-…-00),
// the Content-Usage header, diagnostics with their lines, and the findings.
import { describe, expect, it } from 'vitest';
import { evaluatePreferences, parseDictionary, preferenceFindings, readPreferenceValue, type AiPreferences } from '../../../lib/aipref';
import { evaluateForGoogle, parseRobotsTxt } from '../../../lib/robots';
import { evaluateCrawlers } from '../../../lib/crawlers';

const values = (p: AiPreferences) => Object.fromEntries(p.purposes.map((x) => [x.purpose, x.value]));
const sources = (p: AiPreferences, purpose: string) => p.purposes.find((x) => x.purpose === purpose)!.statements.map((s) => [s.kind, s.label, s.value, s.line]);

describe('parseDictionary (RFC 9651 §4.2.2)', () => {
  it('reads tokens, booleans, strings, parameters and inner lists; the last value of a repeated key counts', () => {
    const d = parseDictionary('train-ai=n, search=y;x=1, bots, a="s\\"t", b=(1 2);p, train-ai=y');
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.members.map((m) => [m.key, m.value.type, 'value' in m.value ? m.value.value : null, m.occurrences])).toEqual([
      ['train-ai', 'token', 'y', 2],
      ['search', 'token', 'y', 1],
      ['bots', 'boolean', true, 1],
      ['a', 'string', 's"t', 1],
      ['b', 'inner-list', null, 1],
    ]);
  });
  it.each([
    ['Train-ai=n', 'key'],
    ['train-ai = n', 'expected ","'],
    ['train-ai=n,', 'trailing ","'],
    ['train-ai=n;;', 'key'],
    ['a="unterminated', 'unterminated string'],
    ['train-ai=n, séarch=y', 'not ASCII'],
  ])('fails on %s (%s)', (input, reason) => {
    expect(parseDictionary(input)).toMatchObject({ ok: false, reason });
  });
});

describe('readPreferenceValue', () => {
  it('Content-Usage: a path, then y / n; yes / no and other values leave the use unknown, with a reason', () => {
    const v = readPreferenceValue('content-usage', '/ai-ok/ train-ai=y, search=yes, bots=maybe, foo=n');
    expect(v.path).toBe('/ai-ok/');
    expect([...v.values]).toEqual([['train-ai', 'y']]);
    expect(v.problems.map((p) => [p.code, ...p.params])).toEqual([
      ['usageYesNo', 'search', 'yes'],
      ['badValue', 'bots', 'maybe', 'y / n'],
      ['unknownLabel', 'foo'],
    ]);
  });
  it('Content-Signal: yes / no; y / n is reported; use= names no purpose', () => {
    const v = readPreferenceValue('content-signal', 'search=yes,ai-train=n, ai-input=no, use=reference');
    expect([...v.values]).toEqual([['search', 'y'], ['ai-input', 'n']]);
    expect(v.problems.map((p) => [p.code, ...p.params])).toEqual([['signalYN', 'ai-train', 'n']]);
  });
  it('a statement that is not a dictionary says why', () => {
    expect(readPreferenceValue('content-signal', 'Search=Yes').problems).toEqual([{ severity: 'warning', code: 'notDictionaryUpperCase', params: ['Search=Yes'] }]);
    expect(readPreferenceValue('content-signal', 'search = yes').problems).toEqual([{ severity: 'warning', code: 'notDictionarySpace', params: ['search = yes'] }]);
    expect(readPreferenceValue('content-usage', 'train-ai=n;;').problems).toEqual([{ severity: 'warning', code: 'notDictionary', params: ['train-ai=n;;'] }]);
    expect(readPreferenceValue('content-usage', '/only-a-path').problems).toEqual([{ severity: 'warning', code: 'empty', params: [] }]);
  });
});

// draft-ietf-aipref-attach-05 §4.4's example, with its table of answers.
const ATTACH_EXAMPLE = ['User-Agent: *', 'Allow: /', 'Disallow: /never/', 'Content-Usage: train-ai=n', 'Content-Usage: /ai-ok/ train-ai=y', '', 'User-Agent: ExampleBot', 'Allow: /', 'Content-Usage: train-ai=y'].join('\n');

describe('evaluatePreferences', () => {
  const parsed = parseRobotsTxt(ATTACH_EXAMPLE);
  it('attach-05 §4.4: /test train-ai=n (line 4), /ai-ok/test train-ai=y (line 5, the longer path), /never/test not crawlable', () => {
    const t = evaluatePreferences(parsed, 'https://example.com/test');
    expect(t.crawlable).toBe(true);
    expect(values(t)).toEqual({ search: 'unknown', 'ai-input': 'unknown', 'ai-train': 'n', 'train-genai': 'n' });
    expect(sources(t, 'train-genai')).toEqual([['content-usage', 'train-ai', 'n', 4]]);
    const ok = evaluatePreferences(parsed, 'https://example.com/ai-ok/test');
    expect(sources(ok, 'ai-train')).toEqual([['content-usage', 'train-ai', 'y', 5]]);
    const never = evaluatePreferences(parsed, 'https://example.com/never/test');
    expect(never.crawlable).toBe(false);
    expect(values(never)['ai-train']).toBe('unknown');
  });
  it("a crawler with its own group reads that group's lines", () => {
    const e = evaluatePreferences(parsed, 'https://example.com/test', { agent: 'ExampleBot' });
    expect(e.groupLines).toEqual([7]);
    expect(sources(e, 'ai-train')).toEqual([['content-usage', 'train-ai', 'y', 9]]);
  });
  it('Content-Signal, Content-Usage and the header combine per purpose: n wins and the conflict is marked', () => {
    const p = parseRobotsTxt(['User-agent: *', 'Content-Signal: search=yes, ai-input=yes, ai-train=no', 'Content-Usage: search=y, bots=n', 'Allow: /'].join('\n'));
    const e = evaluatePreferences(p, 'https://example.com/a', { headers: [{ name: 'Content-Usage', value: 'train-ai=y' }] });
    expect(values(e)).toEqual({ search: 'y', 'ai-input': 'n', 'ai-train': 'n', 'train-genai': 'n' });
    expect(sources(e, 'ai-input')).toEqual([['content-usage', 'bots', 'n', 3], ['content-signal', 'ai-input', 'y', 2]]);
    expect(e.purposes.find((x) => x.purpose === 'ai-train')!.statements.map((s) => [s.kind, s.label, s.value, s.inherited])).toEqual([
      ['content-usage', 'bots', 'n', true],
      ['content-signal', 'ai-train', 'n', false],
      ['header', 'train-ai', 'y', false],
    ]);
    expect(e.purposes.map((x) => x.conflict)).toEqual([false, true, true, true]);
    expect(e.header).toBe('train-ai=y');
  });
  it('a policy-token group: Disallow gives n with its line, no matching rule gives y (robots.txt default)', () => {
    const p = parseRobotsTxt(['User-agent: train-ai', 'Disallow: /premium/', '', 'User-agent: *', 'Allow: /'].join('\n'));
    expect(sources(evaluatePreferences(p, 'https://x.test/premium/a'), 'ai-train')).toEqual([['policy-group', 'train-ai', 'n', 2]]);
    expect(sources(evaluatePreferences(p, 'https://x.test/free/a'), 'ai-train')).toEqual([['policy-group', 'train-ai', 'y', null]]);
    // Googlebot's verdicts are those of the file without the group.
    expect(evaluateForGoogle(p, 'https://x.test/premium/a').every((v) => v.allowed || !v.obeysRobotsTxt || v.group === 'none')).toBe(true);
  });
  it('diagnostics carry their lines: outside any group, between user-agent lines, bad values', () => {
    const p = parseRobotsTxt(['Content-Signal: ai-train=no', 'User-agent: A', 'Content-Usage: train-ai=n', 'User-agent: B', 'Content-Signal: ai-train=maybe', 'Disallow: /x'].join('\n'));
    expect(evaluatePreferences(p, 'https://x.test/').diagnostics.map((d) => [d.line, d.code, ...d.params])).toEqual([
      [1, 'outsideGroup', 'Content-Signal'],
      [3, 'betweenAgents', 'Content-Usage', 4],
      [5, 'badValue', 'ai-train', 'maybe', 'yes / no'],
    ]);
  });
  it('10,000 Content-Signal lines with bad values: answered, diagnostics capped at 200 plus a count', () => {
    const text = 'User-agent: *\n' + 'Content-Signal: ai-train=maybe, colour=blue\n'.repeat(10_000);
    const e = evaluatePreferences(parseRobotsTxt(text), 'https://x.test/');
    expect(values(e)['ai-train']).toBe('unknown');
    expect(e.lineCount).toBe(10_000);
    expect(e.diagnostics.length).toBe(201);
    expect(e.diagnostics[200]).toEqual({ severity: 'info', line: null, code: 'moreDiagnostics', params: [19_800] });
  });
});

describe('preferenceFindings', () => {
  it('ai-train=no while training crawlers may crawl; search=no while Googlebot may; a conflict', () => {
    const text = ['User-agent: *', 'Content-Signal: search=no, ai-train=no', 'Content-Usage: train-ai=y', 'Allow: /', '', 'User-agent: GPTBot', 'Disallow: /'].join('\n');
    const p = parseRobotsTxt(text);
    const url = 'https://x.test/a';
    const prefs = evaluatePreferences(p, url);
    const f = preferenceFindings(prefs, evaluateForGoogle(p, url), evaluateCrawlers(p, url));
    expect(f.map((x) => [x.code, x.severity, x.line, ...x.params])).toEqual([
      ['trainNoCrawlersAllowed', 'info', 2, 'Content-Signal: search=no, ai-train=no (2)', 'ClaudeBot, CCBot, Amazonbot, Meta-ExternalAgent'],
      ['searchNoGooglebotAllowed', 'warning', 2, 'Content-Signal: search=no, ai-train=no (2)'],
      ['conflict', 'warning', 2, 'ai-train', 'Content-Usage: train-ai=y (3)', 'Content-Signal: search=no, ai-train=no (2)'],
      ['conflict', 'warning', 2, 'train-genai', 'Content-Usage: train-ai=y (3)', 'Content-Signal: search=no, ai-train=no (2)'],
    ]);
  });
});
