import { paramText, type MessageParam } from '../../../lib/i18n';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateIndexability, parseReport } from '../../../lib/indexability';
import { lintValidators, classifyProbe, planProbes } from '../../../lib/caching';
import { buildReport, reportToMarkdown, mdCode, REPORT_SCHEMA_ID } from '../../../lib/report';
import type { RobotsReport } from '../../../lib/robots/types';
import type { ComparisonSummary } from '../../../lib/compare';
import { reportSchemaErrors } from '../../support/reportSchema';
import type { HopFetcher } from '../../../lib/crawl';
import { fetchAsCrawlers } from '../../../lib/livefetch';
import { fetchLlmsTxt } from '../../../lib/llmstxt';
import { evaluateCrawlers } from '../../../lib/crawlers';
import { answer } from '../crawl/helpers';

const t = (key: string, params: readonly MessageParam[] = []) => `${key}(${params.map(paramText).join('|')})`;
const URL_ = 'https://site.example/blocked/page.html';
const headers = [
  { name: 'Content-Type', value: 'text/html' },
  { name: 'X-Robots-Tag', value: 'googlebot: noindex' },
  { name: 'ETag', value: '"v1"' },
  { name: 'Last-Modified', value: 'Tue, 03 Mar 2026 10:00:00 GMT' },
  { name: 'Link', value: '<https://site.example/de>; rel="alternate"; hreflang="de"' },
];
const robots: RobotsReport = {
  origin: 'https://site.example', robotsUrl: 'https://site.example/robots.txt', fetchedAt: 0, durationMs: 1, fromCache: true, hops: [],
  finalUrl: 'https://site.example/robots.txt', status: 200, contentType: 'text/plain', bytes: 40, totalBytes: null, truncated: false,
  outcome: { kind: 'parse', code: 'ok', params: [] }, warnings: [], body: 'User-agent: Googlebot\nDisallow: /blocked/\n',
};

const side = { finalUrl: URL_, status: 200, headerBytes: 120, complete: true, cutAt: null, limit: 2097152, error: null };
/** What getCompareSummary gives after comparing a page whose mobile HTML has noindex, another title and fewer words. */
const SUMMARY: ComparisonSummary = {
  url: URL_,
  comparedAt: Date.UTC(2026, 10, 29, 9, 30),
  identical: false,
  worst: 'critical',
  fields: ['robotsMeta', 'title', 'wordCount'],
  findings: ['varyMissing'],
  mobile: { agent: 'mobile', ...side, bodyBytes: 812 },
  desktop: { agent: 'desktop', ...side, bodyBytes: 1433 },
  differences: [
    { field: 'robotsMeta', severity: 'critical', why: { code: 'noindexOnlyMobile', params: ['meta'] }, mobile: 'robots: noindex', desktop: '' },
    { field: 'title', severity: 'warning', why: { code: 'titleDiffers', params: [] }, mobile: 'Shoes (mobile)', desktop: 'Shoes — `handmade`' },
    { field: 'wordCount', severity: 'warning', why: { code: 'fewerWordsMobile', params: ['37', '10', '47'] }, mobile: '10', desktop: '47' },
  ],
  findingDetails: [{ code: 'varyMissing', agent: 'both', severity: 'warning', params: [] }],
};

function sample(compare: ComparisonSummary | null = SUMMARY) {
  const parsed = parseReport(robots);
  const result = evaluateIndexability({
    url: URL_, status: { code: 200, line: 'HTTP/1.1 200 OK' }, headers, redirects: [], served: null, live: null,
    robots: null, bytes: null, now: Date.parse('2026-11-29T00:00:00Z'),
  });
  const lint = lintValidators(headers, Date.parse('2026-11-29T00:00:00Z'));
  const [inm, ims] = planProbes(lint);
  const probes = [
    classifyProbe(inm!, { status: 304, etag: '"v1"', lastModified: null, bodyBytes: 0, durationMs: 12.5, redirectedTo: null }),
    classifyProbe(ims!, null, { timeout: true, error: 'timeout' }),
  ];
  return buildReport({
    generator: 'Crawlscope 0.1.0', url: URL_, fetchedAt: Date.UTC(2026, 10, 29, 10), generatedAt: Date.UTC(2026, 10, 29, 11),
    status: { code: 200, line: 'HTTP/1.1 200 OK' }, redirects: [], headers, result,
    robots: { report: robots, parsed }, bytes: null, caching: { lint, probes }, compare,
  }, t);
}

describe('buildReport', () => {
  it('validates against docs/report-schema.json, with exact figures', () => {
    const r = sample();
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
    expect(r.$schema).toBe(REPORT_SCHEMA_ID);
    expect(r.fetchedAt).toBe('2026-11-29T10:00:00.000Z');
    expect(r.verdict).toBe('not-indexable');
    expect(r.reasons[0]).toEqual({
      code: 'noindex', severity: 'block', params: [], message: 'indexability.reason.noindex()',
      sources: [{ kind: 'header', name: 'X-Robots-Tag', value: 'googlebot: noindex' }],
    });
    const v = (tok: string) => r.robots!.verdicts.find((x) => x.token === tok);
    expect(v('Googlebot')).toEqual({ token: 'Googlebot', allowed: false, group: 'own', line: 2, rule: 'Disallow: /blocked/' });
    expect(v('Googlebot-Image')).toEqual({ token: 'Googlebot-Image', allowed: false, group: 'fallback', line: 2, rule: 'Disallow: /blocked/' });
    expect(v('Google-Extended')).toEqual({ token: 'Google-Extended', allowed: true, group: 'none', line: null, rule: null });
    expect(r.caching!.googleUses).toBe('etag');
    expect(r.caching!.probes.map((p) => [p.header, p.outcome, p.status])).toEqual([
      ['If-None-Match', 'not-modified', 304],
      ['If-Modified-Since', 'timeout', null],
    ]);
    expect(r.hreflang).toEqual([{ lang: 'de', href: 'https://site.example/de', resolved: 'https://site.example/de', from: 'header' }]);
  });
  it('the validator catches a wrong report (so the check above can fail)', () => {
    const r = JSON.parse(JSON.stringify(sample()));
    r.verdict = 'maybe';
    delete r.caching;
    r.reasons[0].sources[0].kind = 'elsewhere';
    expect(reportSchemaErrors(r)).toEqual(
      expect.arrayContaining([
        "/ must have required property 'caching'",
        '/verdict must be equal to one of the allowed values',
        '/reasons/0/sources/0 must match exactly one schema in oneOf',
      ]),
    );
  });
});

describe('buildReport: mobile vs desktop comparison', () => {
  it('exports the last comparison: when, each agent, each difference and finding with its message', () => {
    const r = sample();
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
    expect(r.compare).toEqual({
      url: URL_,
      comparedAt: '2026-11-29T09:30:00.000Z',
      identical: false,
      worst: 'critical',
      agents: {
        mobile: { status: 200, finalUrl: URL_, headerBytes: 120, bodyBytes: 812, complete: true, cutAt: null, limit: 2097152, error: null },
        desktop: { status: 200, finalUrl: URL_, headerBytes: 120, bodyBytes: 1433, complete: true, cutAt: null, limit: 2097152, error: null },
      },
      differences: [
        { field: 'robotsMeta', code: 'noindexOnlyMobile', severity: 'critical', params: ['meta'], message: 'compare.why.noindexOnlyMobile(meta)', mobile: 'robots: noindex', desktop: '' },
        { field: 'title', code: 'titleDiffers', severity: 'warning', params: [], message: 'compare.why.titleDiffers()', mobile: 'Shoes (mobile)', desktop: 'Shoes — `handmade`' },
        { field: 'wordCount', code: 'fewerWordsMobile', severity: 'warning', params: ['37', '10', '47'], message: 'compare.why.fewerWordsMobile(37|10|47)', mobile: '10', desktop: '47' },
      ],
      findings: [{ code: 'varyMissing', agent: 'both', severity: 'warning', error: null, params: [], message: 'compare.finding.varyMissing(compare.agentBoth())' }],
    });
  });
  it('a failed fetch: no status, the error code, and the message keyed on the error', () => {
    const failed: ComparisonSummary = {
      ...SUMMARY,
      fields: ['status'],
      findings: ['fetchFailed'],
      desktop: { ...SUMMARY.desktop, status: 0, headerBytes: 0, bodyBytes: 0, complete: false, error: { code: 'timeout', params: [URL_, '10000'] } },
      differences: [{ field: 'status', severity: 'critical', why: { code: 'statusDiffers', params: ['200', '0'] }, mobile: '200', desktop: '—' }],
      findingDetails: [{ code: 'fetchFailed', agent: 'desktop', severity: 'critical', error: 'timeout', params: [URL_, '10000'] }],
    };
    const c = sample(failed).compare!;
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(sample(failed))))).toEqual([]);
    expect(c.agents.desktop).toEqual({ status: null, finalUrl: URL_, headerBytes: 0, bodyBytes: 0, complete: false, cutAt: null, limit: 2097152, error: 'timeout' });
    expect(c.findings).toEqual([
      { code: 'fetchFailed', agent: 'desktop', severity: 'critical', error: 'timeout', params: [URL_, '10000'], message: `compare.finding.timeout(compare.agentDesktop()|${URL_}|10000)` },
    ]);
  });
  it('no comparison run: compare is null (present, not missing) and the schema checks its shape', () => {
    const r = JSON.parse(JSON.stringify(sample(null)));
    expect(r.compare).toBeNull();
    expect(reportSchemaErrors(r)).toEqual([]);
    const bad = JSON.parse(JSON.stringify(sample()));
    bad.compare.agents.mobile.status = '200';
    bad.compare.differences[0].severity = 'block';
    delete bad.compare.findings[0].message;
    expect(reportSchemaErrors(bad)).toEqual(
      expect.arrayContaining([
        '/compare/agents/mobile/status must be integer,null',
        '/compare/differences/0/severity must be equal to one of the allowed values',
        "/compare/findings/0 must have required property 'message'",
        '/compare must match exactly one schema in oneOf',
      ]),
    );
  });
});

describe('reportToMarkdown', () => {
  it('renders every section with the evidence as code', () => {
    const md = reportToMarkdown(sample(), t);
    expect(md.split('\n').slice(0, 4)).toEqual([
      `# report.md.title() — ${URL_}`, '', '**indexability.verdict.notIndexable()**', '',
    ]);
    expect(md).toContain('- **report.severity.block()** — indexability.reason.noindex()\n  - `report.source.header(X-Robots-Tag: googlebot: noindex)`');
    expect(md).toContain('- `Googlebot`: report.md.disallowed() (report.md.line(2) `Disallow: /blocked/`)');
    expect(md).toContain('```http\nContent-Type: text/html\n');
  });
  it('renders the comparison as a "Mobile vs desktop" section, values as code', () => {
    const md = reportToMarkdown(sample(), t).split('\n');
    const at = md.indexOf('## report.md.compare()');
    expect(md.slice(at, at + 14)).toEqual([
      '## report.md.compare()',
      '',
      `- report.md.comparedAt(2026-11-29T09:30:00.000Z|${URL_})`,
      `- report.md.compareAgent(compare.agentMobile()|200|\`${URL_}\`|812)`,
      `- report.md.compareAgent(compare.agentDesktop()|200|\`${URL_}\`|1433)`,
      '- **compare.severityCritical()** compare.field.robotsMeta() — compare.why.noindexOnlyMobile(meta)',
      '  - compare.agentMobile(): `robots: noindex`',
      '  - compare.agentDesktop(): —',
      '- **compare.severityWarning()** compare.field.title() — compare.why.titleDiffers()',
      '  - compare.agentMobile(): `Shoes (mobile)`',
      '  - compare.agentDesktop(): `` Shoes — `handmade` ``',
      '- **compare.severityWarning()** compare.field.wordCount() — compare.why.fewerWordsMobile(37|10|47)',
      '  - compare.agentMobile(): `10`',
      '  - compare.agentDesktop(): `47`',
    ]);
    expect(md[at + 14]).toBe('- **compare.severityWarning()** — compare.finding.varyMissing(compare.agentBoth())');
    expect(md[at + 15]).toBe('');
    expect(reportToMarkdown(sample(null), t)).not.toContain('report.md.compare()');
    const same = reportToMarkdown(sample({ ...SUMMARY, identical: true, worst: null, fields: [], findings: [], differences: [], findingDetails: [] }), t).split('\n');
    const s0 = same.indexOf('## report.md.compare()');
    expect(same.slice(s0 + 3, s0 + 7)).toEqual([
      `- report.md.compareAgent(compare.agentMobile()|200|\`${URL_}\`|812)`,
      `- report.md.compareAgent(compare.agentDesktop()|200|\`${URL_}\`|1433)`,
      '- report.md.compareIdentical()',
      '',
    ]);
  });
  it('page content with backticks stays inside its code span', () => {
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('line1\nline2')).toBe('`line1 line2`');
  });
});

describe('robots.others: who else may read this page', () => {
  const othersTxt = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /g-only\n';
  const othersRobots: RobotsReport = { ...robots, body: othersTxt, bytes: othersTxt.length };
  const build = (url: string, otherCrawlers: boolean | undefined) =>
    buildReport(
      {
        generator: 'Crawlscope 0.1.0', url, fetchedAt: null, generatedAt: Date.UTC(2026, 10, 29, 11), status: null, redirects: [], headers: null,
        result: evaluateIndexability({ url, status: null, headers: null, redirects: [], served: null, live: null, robots: null, bytes: null, now: 0 }),
        robots: { report: othersRobots, parsed: parseReport(othersRobots) }, bytes: null, caching: null, compare: null, otherCrawlers,
      },
      t,
    );

  it('is left out unless asked for (site check reports stay small)', () => {
    expect(build('https://site.example/g-only/a', undefined).robots).not.toHaveProperty('others');
  });

  it('one entry per catalog crawler, valid against the schema, with the deciding lines', () => {
    const r = build('https://site.example/g-only/a', true);
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
    const o = (tok: string) => r.robots!.others!.find((x) => x.token === tok);
    expect(r.robots!.others).toHaveLength(16);
    expect(o('GPTBot')).toEqual({
      token: 'GPTBot', operator: 'OpenAI', purpose: 'training', verdict: 'blocked', allowed: false, group: 'own', groupToken: 'GPTBot',
      line: 2, rule: 'Disallow: /', honoursRobots: 'follows', source: 'https://developers.openai.com/api/docs/bots',
    });
    expect(o('CCBot')).toMatchObject({ verdict: 'allowed', allowed: true, group: 'own', line: null, rule: null });
    expect(o('Applebot')).toEqual({
      token: 'Applebot', operator: 'Apple', purpose: 'search', verdict: 'blocked', allowed: false, group: 'fallback', groupToken: 'Googlebot',
      line: 8, rule: 'Disallow: /g-only', honoursRobots: 'follows-with-fallback', source: 'https://support.apple.com/en-us/119829',
    });
    expect(o('ChatGPT-User')).toMatchObject({ purpose: 'user-triggered', verdict: 'may-not-apply', allowed: true, group: 'none', honoursRobots: 'may-not-apply' });
    expect(o('Bytespider')).toMatchObject({ purpose: 'not documented', honoursRobots: 'not documented', verdict: 'allowed' });
    expect(build('https://site.example/private/a', true).robots!.others!.find((x) => x.token === 'CCBot')).toMatchObject({ verdict: 'blocked', line: 5, rule: 'Disallow: /private' });
  });

  it('Markdown: a section under robots.txt, with the lines and the fallback', () => {
    const md = reportToMarkdown(build('https://site.example/g-only/a', true), t);
    expect(md).toContain('### crawlers.heading()\n\n_crawlers.fetchedAsGooglebot()_\n\n');
    expect(md).toContain('- `GPTBot` — OpenAI, crawlers.purpose.training(): report.md.disallowed() (report.md.line(2) `Disallow: /`)\n');
    expect(md).toContain('- `Applebot` — Apple, crawlers.purpose.search(): report.md.disallowed() (report.md.line(8) `Disallow: /g-only`, crawlers.throughGroup(Googlebot))\n');
    expect(md).toContain('- `ChatGPT-User` — OpenAI, crawlers.purpose.userTriggered(): crawlers.mayNotApply()\n');
    expect(md).toContain('- `Bytespider` — ByteDance, crawlers.purpose.notDocumented(): report.md.allowed()\n');
  });
});

describe('the AI era in the report: aiPreferences, liveFetch, llmsTxt', () => {
  const prefTxt = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /open/ train-ai=y\nAllow: /\n\nUser-agent: train-ai\nDisallow: /\n';
  const prefRobots: RobotsReport = { ...robots, body: prefTxt, bytes: prefTxt.length };
  const PAGE_URL = 'https://site.example/open/a';
  const page = '<!doctype html><title>A</title><p>Some words here.</p>';
  const hop: HopFetcher = async (u, req) =>
    u.endsWith('/llms.txt')
      ? answer(200, 'OK', [{ name: 'Content-Type', value: 'text/markdown' }], '# Site\n\n## Docs\n\n- [A](https://site.example/open/a)\n')
      : /GPTBot/.test(req.userAgent)
        ? answer(403, 'Forbidden', [{ name: 'Content-Type', value: 'text/html' }, { name: 'cf-mitigated', value: 'challenge' }], '<title>Just a moment...</title>')
        : answer(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }], page);

  async function aiSample() {
    const usage = [{ name: 'Content-Usage', value: 'search=n' }];
    return buildReport(
      {
        generator: 'Crawlscope 0.1.0', url: PAGE_URL, fetchedAt: null, generatedAt: Date.UTC(2026, 10, 29, 11), status: { code: 200, line: 'HTTP/1.1 200 OK' }, redirects: [], headers: usage,
        result: evaluateIndexability({ url: PAGE_URL, status: { code: 200, line: 'HTTP/1.1 200 OK' }, headers: usage, redirects: [], served: null, live: null, robots: null, bytes: null, now: 0 }),
        robots: { report: prefRobots, parsed: parseReport(prefRobots) }, bytes: null, caching: null, compare: null, otherCrawlers: true,
        liveFetch: await fetchAsCrawlers(PAGE_URL, hop, { now: () => Date.UTC(2026, 10, 29, 10), verdicts: evaluateCrawlers(prefTxt, PAGE_URL) }),
        llmsTxt: await fetchLlmsTxt(PAGE_URL, hop, 'Googlebot'),
      },
      t,
    );
  }

  it('valid against the schema, each purpose with its lines and the header; a contradiction is a finding', async () => {
    const r = await aiSample();
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
    const p = r.aiPreferences!;
    expect(p.header).toBe('search=n');
    const by = Object.fromEntries(p.purposes.map((x) => [x.purpose, [x.value, x.conflict, x.statements.map((s) => `${s.kind}@${s.line ?? '-'}`)]]));
    expect(by.search).toEqual(['n', true, ['content-signal@2', 'header@-']]);
    expect(by['ai-train']).toEqual(['n', true, ['content-usage@3', 'content-signal@2', 'policy-group@7']]);
    expect(p.findings.filter((f) => f.code === 'conflict').map((f) => f.params[0])).toEqual(['search', 'ai-train', 'train-genai']);
    expect(r.liveFetch!.results.find((x) => x.token === 'GPTBot')).toMatchObject({ status: 403, comparison: 'challenge' });
    expect(r.liveFetch!.findings.map((f) => f.code)).toEqual(['allowedButRefused']);
    expect(r.llmsTxt).toMatchObject({ url: 'https://site.example/llms.txt', outcome: 'found', wellFormed: true, links: 1 });
  });

  it('Markdown: a section for each, with the lines', async () => {
    const md = reportToMarkdown(await aiSample(), t);
    expect(md).toContain('### aipref.heading()');
    expect(md).toContain('- aipref.purpose.search(): **aipref.value.n()** — `Content-Signal: search=yes, ai-train=no` (report.md.line(2)), `Content-Usage: search=n`');
    expect(md).toContain('## livefetch.heading()');
    expect(md).toContain('- `GPTBot`: livefetch.comparison.challenge() — HTTP 403, livefetch.bytes(31) (Cloudflare: `cf-mitigated`, Cloudflare: `<title>just a moment...</title>`)');
    expect(md).toContain('## llms.heading()');
    expect(md).toContain('- llms.wellFormed() — llms.counts(1|1)');
  });
});
