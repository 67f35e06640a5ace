import type { ReportStructuredData } from './types';

type Item = ReportStructuredData['items'][number];

/** An item as data: its format, types and properties (the same item served and rendered has the same key). */
const keyOf = (i: Item) => `${i.format}\n${i.types.join('/')}\n${JSON.stringify(i.data)}`;

/**
 * The served HTML's structured data with the items only Googlebot's render has — JSON-LD or
 * markup added (or changed) by JavaScript — as `rendered`, judged like the others (Google can use
 * them, after rendering). `rendered`: the render's items judged on their own. The counts are
 * counted again. Null served data (not checked: not HTML) stays null.
 */
export function withRenderedStructured(served: ReportStructuredData | null, rendered: ReportStructuredData | null): ReportStructuredData | null {
  if (!served || !rendered || !rendered.items.length) return served;
  const seen = new Set(served.items.map(keyOf));
  const added = rendered.items.filter((i) => !seen.has(keyOf(i))).map((i): Item => ({ ...i, status: 'rendered', byte: null, responseByte: null }));
  if (!added.length) return served;
  const items = [...served.items, ...added];
  let errors = served.counts.errors;
  let warnings = served.counts.warnings;
  for (const i of added)
    for (const f of i.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
    }
  return { ...served, items, counts: { ...served.counts, items: items.length, errors, warnings, rendered: served.counts.rendered + added.length } };
}
