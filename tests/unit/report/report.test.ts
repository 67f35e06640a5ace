import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateIndexability, parseReport } from '../../../lib/indexability';
import { lintValidators, classifyProbe, planProbes } from '../../../lib/caching';
import { buildReport, reportToMarkdown, mdCode, REPORT_SCHEMA_ID } from '../../../lib/report';
import type { RobotsReport } from '../../../lib/robots/types';
import { validateSchema } from './validateSchema';

const schema = JSON.parse(fs.readFileSync(new URL('../../../docs/report-schema.json', import.meta.url), 'utf8'));
const t = (key: string, params: string[] = []) => `${key}(${params.join('|')})`;
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

function sample() {
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
    robots: { report: robots, parsed }, bytes: null, caching: { lint, probes },
  }, t);
}

describe('buildReport', () => {
  it('validates against docs/report-schema.json, with exact figures', () => {
    const r = sample();
    expect(validateSchema(schema, JSON.parse(JSON.stringify(r)))).toEqual([]);
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
    expect(validateSchema(schema, r)).toEqual([
      '$: missing caching',
      '$.verdict: "maybe" not in enum',
      '$.reasons[0].sources[0]: matches 0 of oneOf',
    ]);
  });
});

describe('reportToMarkdown', () => {
  it('renders every section with the evidence as code', () => {
    const md = reportToMarkdown(sample(), t);
    expect(md.split('\n').slice(0, 4)).toEqual([
      `# report.md.title() — ${URL_}`, '', '**report.verdict.notIndexable()**', '',
    ]);
    expect(md).toContain('- **report.severity.block()** — indexability.reason.noindex()\n  - `report.source.header(X-Robots-Tag: googlebot: noindex)`');
    expect(md).toContain('- `Googlebot`: report.md.disallowed() (report.md.line(2) `Disallow: /blocked/`)');
    expect(md).toContain('```http\nContent-Type: text/html\n');
  });
  it('page content with backticks stays inside its code span', () => {
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('line1\nline2')).toBe('`line1 line2`');
  });
});
