import { describe, expect, it } from 'vitest';
import { withRenderedStructured, type ReportStructuredData } from '../../../lib/report';

type Item = ReportStructuredData['items'][number];
const item = (name: string, over: Partial<Item> = {}): Item => ({
  format: 'jsonld',
  status: 'served',
  types: ['Product'],
  line: 3,
  column: 40,
  byte: 120,
  responseByte: 420,
  features: ['product-snippet'],
  verdict: 'eligible',
  findings: [],
  data: { '@type': 'Product', name },
  ...over,
});
const sd = (items: Item[], counts: Partial<ReportStructuredData['counts']> = {}): ReportStructuredData => ({
  vocabulary: 'schema.org 29.3',
  counts: { items: items.length, errors: 0, warnings: 0, lost: 0, rendered: 0, ...counts },
  items,
  problems: [],
});
const warning = { code: 'recommendedMissing', severity: 'warning' as const, path: 'offers', params: ['offers'], message: 'm', line: 1, source: 's', feature: 'f' };
const error = { ...warning, code: 'requiredMissing', severity: 'error' as const };

describe('withRenderedStructured', () => {
  it('adds the render\'s items the served HTML lacks, as rendered, with no byte; counts them', () => {
    const served = sd([item('Boot')]);
    const rendered = sd([item('Boot', { status: 'rendered', byte: null }), item('Sandal', { status: 'rendered', verdict: 'errors', findings: [error, warning], byte: null, line: 1, column: 1 })]);
    const out = withRenderedStructured(served, rendered)!;
    expect(out.items.map((i) => [i.status, (i.data as { name: string }).name, i.byte, i.responseByte])).toEqual([
      ['served', 'Boot', 120, 420],
      ['rendered', 'Sandal', null, null],
    ]);
    expect(out.counts).toEqual({ items: 2, errors: 1, warnings: 1, lost: 0, rendered: 1 });
  });

  it('an item JavaScript changed (another price) is the render\'s own item', () => {
    const served = sd([item('Boot', { data: { '@type': 'Product', name: 'Boot', offers: { price: '10' } } })]);
    const rendered = sd([item('Boot', { data: { '@type': 'Product', name: 'Boot', offers: { price: '12' } } })]);
    expect(withRenderedStructured(served, rendered)!.counts).toMatchObject({ items: 2, rendered: 1 });
  });

  it('nothing new: the served data as it was; not checked (null) stays null', () => {
    const served = sd([item('Boot')]);
    expect(withRenderedStructured(served, sd([item('Boot')]))).toBe(served);
    expect(withRenderedStructured(served, sd([]))).toBe(served);
    expect(withRenderedStructured(null, sd([item('Boot')]))).toBeNull();
  });
});
