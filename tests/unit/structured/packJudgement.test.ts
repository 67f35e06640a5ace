// The tab judges the served HTML's structured data and sends the judgement (packJudgement); the
// popup judges only the render's items the HTML as served lacks, and builds the report. Both halves
// give what validating everything in one place gives, and the judgement survives its packing.
import { describe, expect, it } from 'vitest';
import { extractStructuredData, packJudgement, renderedProblems, structuredFromBytes, structuredReport, unpackJudgement } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';
import { judgeRendered, judgeServed, validateStructuredData, vocabulary } from '../../../lib/structured/validate';

const enc = (s: string) => new TextEncoder().encode(s);
const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
const PRODUCT = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Anvil', offers: { '@type': 'Offer', price: '19.99', priceCurrency: 'EUR', priceValidUntil: '2001-01-01' }, aggregateRating: { '@type': 'AggregateRating', ratingValue: 7, reviewCount: 3 } });
const CRUMBS = ld({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://e.com/' }] });
const EVENT = ld({ '@context': 'https://schema.org', '@type': 'Event', name: 'Gig', startDate: 'soon' });
const FAQ = ld({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }] });

// Served: a breadcrumb and a product, a microdata person, a JSON syntax error, a block past the cut.
const head = `<!doctype html><html><head>${CRUMBS}${PRODUCT}${ld({ '@type': 'Thing' }).replace('}', ',}')}</head><body><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ada</span></div><p>`;
const servedHtml = `${head}${'é'.repeat(2_000)}</p>\n${EVENT}</body></html>`;
const served = structuredFromBytes({ body: enc(servedHtml), headerBytes: 300, charset: 'utf-8', limit: 300 + enc(head).length + 100, treeOf: (h) => parse5Tree(h) });
// Rendered: the breadcrumb again, the product changed by a script, an FAQ added.
const rendered = extractStructuredData({ html: `<html><head>${CRUMBS}${PRODUCT.replace('Anvil', 'Anvil Pro')}${FAQ}</head></html>`, source: 'rendered', cut: null, treeOf: (h) => parse5Tree(h) });

describe('the judgement in two halves', () => {
  it('served judged in the tab + the render\'s added items judged in the popup = everything validated at once', () => {
    expect(served.items.map((i) => [i.types[0], i.status])).toEqual([['BreadcrumbList', 'served'], ['Product', 'served'], ['Event', 'lost'], ['Person', 'served']]);
    const whole = validateStructuredData({ served, rendered, now: Date.parse('2026-12-06') });
    const tab = judgeServed(served, Date.parse('2026-12-06'), served.cutResponseByte, true);
    const popup = judgeRendered(rendered, new Set(tab.signatures), Date.parse('2026-12-06'));
    const report = structuredReport([...tab.items, ...popup.items], [...tab.problems, ...popup.problems], tab.vocabulary);
    expect(report).toEqual(whole);
    // The changed product and the FAQ are the render's own; the breadcrumb is the served one.
    expect(report.items.filter((j) => j.item.status === 'rendered').map((j) => j.item.types[0])).toEqual(['Product', 'FAQPage']);
    expect(report.counts).toMatchObject({ items: 6, rendered: 2, lost: 1 });
    expect(report.counts.errors).toBeGreaterThan(0);
    expect(tab.vocabulary).toBe(vocabulary.version);
    // A key per served item, 16 hex digits.
    expect(tab.signatures.map((k) => /^[0-9a-f]{16}$/.test(k))).toEqual(served.items.map(() => true));
  });

  it('the served judgement comes back equal after its packing (findings with dates, null features, problems with places)', () => {
    const tab = judgeServed(served, Date.parse('2026-12-06'), served.cutResponseByte, true);
    const findings = tab.items.flatMap((j) => j.findings);
    // Every shape a finding takes is in this judgement.
    expect(findings.some((f) => f.feature === null)).toBe(true);
    expect(findings.some((f) => f.code === 'datePassed')).toBe(true);
    expect(findings.some((f) => f.code === 'itemLost')).toBe(true);
    expect(tab.problems.map((p) => p.code)).toContain('jsonTrailingComma');
    const packed = packJudgement(tab);
    expect(typeof packed.packed).toBe('string');
    expect(unpackJudgement(packed)).toEqual(tab);
  });

  it('a render with problems and no items adds its problems, not a cut block', () => {
    const r = extractStructuredData({ html: '<script type="application/ld+json">{"@type":"Thing",}</script>', source: 'rendered', cut: null });
    expect(r.items).toEqual([]);
    expect(renderedProblems(r).map((p) => p.code)).toEqual(['jsonTrailingComma']);
    expect(renderedProblems({ ...r, problems: [...r.problems, { code: 'blockCut', format: 'jsonld', severity: 'error', params: [1], place: null }] }).map((p) => p.code)).toEqual(['jsonTrailingComma']);
  });
});
