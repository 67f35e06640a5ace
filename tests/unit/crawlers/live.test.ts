// The command line in the AI era, on the demo's 'ai' robots.txt: --crawlers-live fetches the first
// URLs as each crawler (GPTBot alone gets a 403 challenge page), --crawlers gives each report its
// AI usage preferences, and the summary says what llms.txt is — good, bad or missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { AI_LINES as L, AI_PAGE_USAGE } from '../../fixtures/demo-site/routes/ai.mjs';
import { jsonLines, runCli } from '../../support/cli';
import { reportSchemaErrors } from '../../support/reportSchema';
import { say } from '../../support/say';

let good: DemoSite;
let bad: DemoSite;
let none: DemoSite;
beforeAll(async () => {
  [good, bad, none] = await Promise.all([
    startDemoSite({ robotsVariant: 'ai', llmsVariant: 'good' }),
    startDemoSite({ robotsVariant: 'ai', llmsVariant: 'bad' }),
    startDemoSite({ robotsVariant: 'ai' }),
  ]);
});
afterAll(() => Promise.all([good, bad, none].map((s) => s.close())));

// The catalog's 16 crawlers: 11 with a documented User-Agent, requested with Googlebot (12
// requests); ClaudeBot, Claude-SearchBot, Claude-User and Bytespider (no User-Agent documented)
// and Applebot-Extended (a control token) are not requested.
const REQUESTS = 12;
const SAME = 10;
const NOT_FETCHED = 5;

describe('crawlscope --crawlers-live', () => {
  it('the table: every crawler of the catalog beside Googlebot — GPTBot a challenge page, the rest the same; the findings; what it cannot prove', async () => {
    const page = `${good.origin}/ai/page.html`;
    const { code, out, err } = await runCli(['--crawlers-live', page]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines).toContain(`${say('livefetch.heading')}: ${page} — ${say('livefetch.requests', [REQUESTS, 4])}`);
    const row = (token: string) => lines.find((l) => l.startsWith(`  ${token} `))!;
    expect(row('Googlebot')).toMatch(new RegExp(`${say('livefetch.statusBytes', [200, 302])} — ${say('livefetch.comparison.reference')}$`));
    expect(row('GPTBot')).toContain(`${say('livefetch.statusBytes', [403, 153])} — ${say('livefetch.comparison.challengeBy', ['Cloudflare: cf-mitigated, <title>just a moment...</title>'])}`);
    expect(lines.filter((l) => l.endsWith(say('livefetch.comparison.same')))).toHaveLength(SAME);
    expect(lines.filter((l) => l.includes(say('livefetch.notFetched.noUserAgent')) || l.includes(say('livefetch.notFetched.controlToken')))).toHaveLength(NOT_FETCHED);
    expect(lines).toContain(`  ${say('livefetch.finding.allowedButRefused', ['GPTBot', 403, 'Cloudflare: cf-mitigated, <title>just a moment...</title>'])}`);
    expect(lines).toContain(`  ${say('livefetch.finding.disallowedButServed', ['CCBot', 200, L.ccbotAi])}`);
    expect(lines).toContain(say('livefetch.caveat'));
    // The summary ends with the site's llms.txt.
    expect(lines).toContain(`${good.origin}/llms.txt: ${say('llms.summary.wellFormed', [say('llms.size', [333]), say('llms.counts', [2, 3])])}`);
  });

  it('--json: the first --live-sample URLs carry liveFetch, the others not; every report valid against the schema', async () => {
    const { code, out } = await runCli(['--json', '--crawlers-live', '--live-sample', '1', `${good.origin}/ai/page.html`, `${good.origin}/ai/open/page.html`]);
    expect(code).toBe(0);
    const reports = jsonLines(out);
    expect(reports).toHaveLength(2);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    const withLive = reports.filter((r) => r.liveFetch);
    expect(withLive).toHaveLength(1);
    const live = withLive[0]!.liveFetch!;
    expect(live.results.find((x) => x.token === 'GPTBot')).toMatchObject({ status: 403, comparison: 'challenge', bytes: 153 });
    expect(live.results.filter((x) => x.comparison === 'same')).toHaveLength(SAME);
    expect(live.results.filter((x) => x.comparison === 'not-fetched')).toHaveLength(NOT_FETCHED);
    expect(live.findings.map((f) => f.code)).toEqual(['allowedButRefused', 'disallowedButServed']);
    // JSON Lines stay reports only: no llms.txt line in them.
    expect(out.split('\n').filter(Boolean).every((l) => l.startsWith('{'))).toBe(true);
  });

  it('--live-sample past its cap is a usage error (exit 2)', async () => {
    const { code, err } = await runCli(['--crawlers-live', '--live-sample', '51', `${good.origin}/ai/page.html`]);
    expect(code).toBe(2);
    expect(err).toContain('--live-sample');
  });
});

describe('crawlscope --crawlers: AI usage preferences and llms.txt', () => {
  it('/ai/page.html: each purpose with the lines and the header that state it; the diagnostics with their lines', async () => {
    const [r] = jsonLines((await runCli(['--json', '--crawlers', `${none.origin}/ai/page.html`])).out);
    expect(reportSchemaErrors(r)).toEqual([]);
    const p = r!.aiPreferences!;
    expect(p.header).toBe(AI_PAGE_USAGE);
    const by = Object.fromEntries(p.purposes.map((x) => [x.purpose, [x.value, x.conflict, x.statements.map((s) => s.line ?? 'header')]]));
    expect(by).toEqual({
      search: ['y', false, [L.contentSignal, 'header']],
      'ai-input': ['y', false, [L.contentSignal]],
      'ai-train': ['n', false, [L.usageAll, L.contentSignal, L.policyAi, 'header']],
      'train-genai': ['n', false, [L.usageAll, L.contentSignal, L.policyAi, 'header']],
    });
    expect(p.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['badValue', L.badSignal],
      ['usageYesNo', L.badUsage],
    ]);
  });

  it('/ai/open/: Content-Usage train-ai=y (line 5) against lines 3 and 12 — a contradiction, and no wins', async () => {
    const [r] = jsonLines((await runCli(['--json', '--crawlers', `${none.origin}/ai/open/page.html`])).out);
    const train = r!.aiPreferences!.purposes.find((x) => x.purpose === 'ai-train')!;
    expect([train.value, train.conflict]).toEqual(['n', true]);
    expect(r!.aiPreferences!.findings.filter((f) => f.code === 'conflict').map((f) => f.params[0])).toEqual(['ai-train', 'train-genai']);
  });

  it('llms.txt: a bad one is not well formed, with its problem count', async () => {
    const b = await runCli(['--crawlers', `${bad.origin}/ai/page.html`]);
    expect(b.out.split('\n')).toContain(`${bad.origin}/llms.txt: ${say('llms.summary.notWellFormed', [say('llms.size', [118]), say('llms.counts', [1, 1]), 5])}`);
  });

  it('llms.txt: none is information; without --crawlers the table says nothing of it', async () => {
    const n = await runCli(['--crawlers', `${none.origin}/ai/page.html`]);
    expect(n.out.split('\n')).toContain(`${none.origin}/llms.txt: ${say('llms.summary.missing', [404])}`);
    expect((await runCli([`${none.origin}/ai/page.html`])).out).not.toContain('llms.txt');
  }, 40_000);
});
