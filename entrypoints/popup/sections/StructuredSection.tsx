import { i18n, tDynamic } from '#i18n';
import { findingText, problemText } from '../../../lib/report';
import type { SdJudged } from '../../../lib/structured';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';

/** Items listed here at most (the exports hold all of them). */
const SHOWN = 20;

function Item({ j }: { j: SdJudged }) {
  const it = j.item;
  const place = it.status === 'rendered' ? i18n.t('structured.placeRendered', [it.place.line]) : i18n.t('structured.place', [it.place.line, it.responseByte ?? it.place.byte ?? 0]);
  return (
    <li data-testid="structured-item" data-types={it.types.join(' ')} data-status={it.status} data-verdict={j.verdict} data-format={it.format} data-byte={it.place.byte ?? ''} data-response-byte={it.responseByte ?? ''}>
      <strong className="cs-code">{it.types.join(', ') || '?'}</strong> — {tDynamic(`structured.verdict.${j.verdict}`)}
      <div className="cs-muted">
        {tDynamic(`structured.format.${it.format}`)} · {tDynamic(`structured.status.${it.status}`)} · {place}
      </div>
      {j.findings.length ? (
        <ul>
          {j.findings.map((f, i) => (
            <li key={i} data-testid="structured-finding" data-code={f.code} data-severity={f.severity} data-path={f.path} data-line={f.line} className={f.severity === 'error' ? 'cs-error' : f.severity === 'warning' ? 'cs-note' : 'cs-muted'}>
              {tDynamic(`structured.severity.${f.severity}`)}
              {f.path ? <> <span className="cs-code">{f.path}</span></> : null} ({i18n.t('structured.line', [f.line])}): {findingText(f, tDynamic)}{' '}
              <a href={f.source} target="_blank" rel="noreferrer">{i18n.t('structured.rule')}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The page's structured data: every item with its type, where it is (line, byte), whether it was
 * served, cut, lost past the cut or added by JavaScript (Googlebot's render), its verdict and its
 * findings with the property path, the line and the Google page each rule comes from.
 */
export function StructuredSection({ report }: { report: TabReport }) {
  const step = report.structured;
  if (step.status === 'skipped') return null;
  const sd = step.value;
  const rendered = report.render.value?.rendered ? report.render.value : null;
  return (
    <Fold id="structured" testId="structured-section" heading={i18n.t('structured.heading')} busy={step.status === 'pending'} data={{ status: step.status, items: sd?.items.length ?? 0 }} defaultOpen={false}>
      {step.status === 'pending' ? <p>{i18n.t('summary.checking')}</p> : null}
      {step.status === 'failed' ? <p className="cs-error">{i18n.t('structured.failed', [step.error ?? ''])}</p> : null}
      {step.status === 'timeout' ? <p className="cs-error">{i18n.t('structured.timeout', [step.limitMs / 1000])}</p> : null}
      {sd && !sd.items.length && !sd.problems.length ? <p data-testid="structured-none">{i18n.t('structured.summary.none')}</p> : null}
      {sd && sd.items.length ? (
        <ul data-testid="structured-items">
          {sd.items.slice(0, SHOWN).map((j, i) => (
            <Item key={i} j={j} />
          ))}
        </ul>
      ) : null}
      {sd && sd.items.length > SHOWN ? <p className="cs-muted">{i18n.t('structured.more', [sd.items.length - SHOWN])}</p> : null}
      {sd?.problems.length ? (
        <ul data-testid="structured-problems">
          {sd.problems.map((p, i) => (
            <li key={i} data-code={p.code} data-severity={p.severity} className={p.severity === 'error' ? 'cs-error' : 'cs-note'}>
              {problemText(p, tDynamic)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="cs-muted" data-testid="structured-render-note">{rendered ? i18n.t('structured.renderIncluded') : i18n.t('structured.renderNote')}</p>
      {sd?.vocabulary ? <p className="cs-muted">{i18n.t('structured.vocabulary', [sd.vocabulary])}</p> : null}
    </Fold>
  );
}
