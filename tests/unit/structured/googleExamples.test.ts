// Google's own example markup, one fixture per example (tests/fixtures/structured/google, each with
// the Search Central page it comes from): it validates without errors, and the same markup with a
// required property removed gives exactly that error, citing that page.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { extractStructuredData } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';
import { featuresOf, OBJECT_RULES, validateStructuredData } from '../../../lib/structured/validate';

const DIR = path.resolve(__dirname, '../../fixtures/structured/google');
const manifest: { file: string; source: string; format: string; types: string[]; verdicts: string[] }[] = JSON.parse(fs.readFileSync(path.join(DIR, 'index.json'), 'utf8'));
const NOW = Date.parse('2026-12-01T00:00:00Z');

const judge = (html: string) => {
  const ex = extractStructuredData({ html, source: 'served', cut: null, treeOf: (h) => parse5Tree(h), baseUrl: 'https://example.com/' });
  return { ex, report: validateStructuredData({ served: ex, now: NOW }) };
};

describe("Google's example markup", () => {
  it('has a fixture for every supported rich result page, each naming its source', () => {
    const pages = new Set(manifest.map((m) => m.source));
    for (const page of ['article', 'breadcrumb', 'product-snippet', 'merchant-listing', 'review-snippet', 'recipe', 'event', 'job-posting', 'organization', 'local-business', 'video', 'dataset', 'software-app'])
      expect(pages).toContain(`https://developers.google.com/search/docs/appearance/structured-data/${page}`);
    for (const m of manifest) expect(fs.readFileSync(path.join(DIR, m.file), 'utf8').startsWith(`<!-- Example markup from Google Search Central, ${m.source} `)).toBe(true);
  });

  it.each(manifest.map((m) => [m.file, m] as const))('%s validates without errors', (_f, m) => {
    const { ex, report } = judge(fs.readFileSync(path.join(DIR, m.file), 'utf8'));
    expect(ex.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.items.map((j) => j.item.types.join('/'))).toEqual(m.types);
    expect(report.items.map((j) => j.item.format)).toEqual(m.types.map(() => m.format));
    const errors = report.items.flatMap((j) => j.findings.filter((f) => f.severity === 'error'));
    expect(errors).toEqual([]);
    expect(report.items.map((j) => j.verdict)).toEqual(m.verdicts);
    expect(m.verdicts.every((v) => v === 'eligible' || v === 'warnings' || v === 'retired' || v === 'none')).toBe(true);
    expect(report.items.some((j) => j.features.length > 0)).toBe(true);
  });

  // For each JSON-LD example: its first item's first feature, the first required property it has at its top level.
  const removable = manifest
    .filter((m) => m.format === 'jsonld')
    .flatMap((m) => {
      const html = fs.readFileSync(path.join(DIR, m.file), 'utf8');
      const { ex } = judge(html);
      const it = ex.items[0]!;
      const feature = featuresOf(ex, it.node).find((f) => f.status === 'active');
      const rule = feature && OBJECT_RULES.get(feature.rule);
      const prop = rule?.props.find((p) => p.level === 'required' && p.paths.length === 1 && !p.paths[0]!.includes('.') && ex.nodes[it.node]!.props.some((x) => x.name === p.paths[0]));
      return prop && feature ? [[m.file, html, prop.paths[0]!, feature.id, feature.source] as const] : [];
    });

  it('leaves enough examples with a required property to remove', () => expect(removable.length).toBeGreaterThanOrEqual(25));

  it.each(removable)('%s without "%s" (%s) gives that error', (_f, html, prop, feature, source) => {
    const start = html.indexOf('<script type="application/ld+json">') + '<script type="application/ld+json">'.length;
    const end = html.indexOf('</script>', start);
    const data = JSON.parse(html.slice(start, end));
    const target = Array.isArray(data) ? data[0] : data['@graph'] ? data['@graph'][0] : data;
    delete target[prop];
    const { report } = judge(html.slice(0, start) + JSON.stringify(data, null, 2) + html.slice(end));
    const errors = report.items[0]!.findings.filter((f) => f.severity === 'error');
    expect(errors).toContainEqual({ code: 'required', severity: 'error', path: prop, params: [prop], line: expect.any(Number), source, feature });
    expect(report.items[0]!.verdict).toBe('errors');
  });
});

describe('retired rich results', () => {
  it("FAQPage (Google's example): retired since 2026-05-07, citing the FAQ page", () => {
    const { report } = judge(fs.readFileSync(path.resolve(__dirname, '../../fixtures/structured/faqpage-google.html'), 'utf8'));
    expect(report.items[0]!.verdict).toBe('retired');
    expect(report.items[0]!.findings[0]).toMatchObject({ code: 'featureRetired', params: ['FAQPage', { date: Date.parse('2026-05-07T00:00:00Z') }, 'faq'], source: 'https://developers.google.com/search/docs/appearance/structured-data/faqpage' });
  });

  it('HowTo: retired since 2023-09-13; a Recipe (a HowTo subtype) is not', () => {
    const howto = judge('<script type="application/ld+json">{"@context":"https://schema.org","@type":"HowTo","name":"Tie a tie"}</script>').report;
    expect(howto.items[0]).toMatchObject({ verdict: 'retired', features: ['how-to'] });
    const recipe = judge('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Cake","image":"https://e.com/c.jpg"}</script>').report;
    expect(recipe.items[0]!.features).toEqual(['recipe']);
  });

  it('ClaimReview, SpecialAnnouncement, Vehicle: retired on 2025-06-12 (the June 2025 post)', () => {
    for (const type of ['ClaimReview', 'SpecialAnnouncement', 'Car']) {
      const r = judge(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","name":"x"}</script>`).report;
      expect(r.items[0]!.findings.find((f) => f.code === 'featureRetired')).toMatchObject({ params: [type, { date: Date.parse('2025-06-12T00:00:00Z') }, expect.any(String)], source: 'https://developers.google.com/search/blog/2025/06/simplifying-search-results' });
    }
  });
});
