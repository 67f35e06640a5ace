import { useEffect, useState } from 'react';
import { i18n, tDynamic } from '#i18n';
import { extractStructuredData, loadStructuredValidator, structuredViews, type SdExtract, type SdJudged } from '../../lib/structured';
import type { RenderResult, RenderSnapshot } from '../../lib/render';
import { domTreeOf } from '../page-analysis/domTree';

type Key = 'served' | 'rendered' | 'visitor' | 'browser';

/**
 * Structured data side by side: per item type, how many items the page has as served, in
 * Googlebot's render, in a visitor's render and in your browser — and the verdict of Googlebot's
 * (the validator, its own chunk, loaded when this section shows).
 */
export function StructuredViews({ result: r }: { result: RenderResult }) {
  const cols: { key: Key; label: string; view: RenderSnapshot | null }[] = [
    { key: 'served', label: i18n.t('render.columnServed'), view: r.served },
    { key: 'rendered', label: i18n.t('render.columnRendered'), view: r.rendered },
    ...(r.visitor ? [{ key: 'visitor' as const, label: i18n.t('render.columnVisitor'), view: r.visitor.rendered }] : []),
    ...(r.browser ? [{ key: 'browser' as const, label: i18n.t('render.columnBrowser'), view: r.browser }] : []),
  ];
  const [extracts] = useState(() => cols.map((c) => ({ key: c.key, extract: c.view ? read(c.view.html, r.finalUrl) : null })));
  const [judged, setJudged] = useState<SdJudged[] | null>(null);
  useEffect(() => {
    const googlebot = extracts.find((x) => x.key === 'rendered')?.extract;
    if (!googlebot?.items.length) return;
    let live = true;
    void loadStructuredValidator().then((v) => live && setJudged(v.validateStructuredData({ served: googlebot, now: Date.now() }).items));
    return () => {
      live = false;
    };
  }, [extracts]);
  const rows = structuredViews(extracts);
  if (!rows.length) return null;
  const verdictOf = (type: string) => {
    const mine = judged?.filter((j) => (j.item.types[0] ?? '?') === type) ?? [];
    return mine.length ? tDynamic(`structured.verdict.${mine.some((j) => j.verdict === 'errors') ? 'errors' : mine.some((j) => j.verdict === 'warnings') ? 'warnings' : mine[0]!.verdict}`) : null;
  };
  return (
    <section className="cs-section" data-testid="render-structured">
      <h2>{i18n.t('structured.heading')}</h2>
      <table className="cs-table compare-table">
        <thead>
          <tr>
            <th>{i18n.t('render.structuredType')}</th>
            {cols.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.type} data-type={row.type}>
              <th scope="row" className="cs-code">{row.type}</th>
              {cols.map((c) => (
                <td key={c.key} data-view={c.key} data-count={row.counts[c.key] ?? 0}>
                  {i18n.t('render.structuredCount', [row.counts[c.key] ?? 0])}
                  {c.key === 'rendered' && (row.counts[c.key] ?? 0) > 0 && verdictOf(row.type) ? <div className="cs-muted">{verdictOf(row.type)}</div> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function read(html: string, url: string): SdExtract | null {
  try {
    return extractStructuredData({ html, source: 'rendered', cut: null, baseUrl: url, treeOf: domTreeOf });
  } catch {
    return null;
  }
}
