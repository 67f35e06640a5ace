import { i18n, formatWhen, tDynamic } from '#i18n';
import { renderCauseText, renderDifferenceText, severityLabel } from '../../../lib/report';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';

/** The differences shown here at most; the render page lists them all. */
const SHOWN = 3;

/**
 * The last render of this URL as Googlebot (this browser session): why it ended, the most important
 * differences with their causes, and the button that opens the render page. Fetches nothing itself.
 */
export function RenderSection({ report, onRender }: { report: TabReport; onRender: () => void }) {
  if (report.render.status === 'skipped') return null;
  const r = report.render.value ?? null;
  return (
    <Fold id="render" testId="render-section" heading={i18n.t('render.heading')}>
      {!r ? <p className="cs-muted">{i18n.t('summary.renderNotYet')}</p> : null}
      {r ? (
        <p data-testid="render-stopped" data-stopped={r.stoppedBecause}>
          {formatWhen(r.renderedAt)} — {tDynamic(`render.stopped.${r.stoppedBecause}`, [r.stoppedBecause === 'time-limit' ? r.limits.timeMs / 1000 : (r.document?.noindex ?? r.error ?? '')])}
        </p>
      ) : null}
      {r && r.rendered && !r.differences.length ? <p data-testid="render-same">{i18n.t(!r.visitor?.rendered ? 'render.noDifferencesNoVisitor' : r.browser ? 'render.noDifferences' : 'render.noDifferencesNoBrowser')}</p> : null}
      {r && r.visitor?.error && !r.visitor.rendered ? <p className="cs-note">{i18n.t('render.noVisitor', [r.visitor.error])}</p> : null}
      {r && r.differences.length ? (
        <ul data-testid="render-differences">
          {r.differences.slice(0, SHOWN).map((d, i) => (
            <li key={i} data-code={d.code} data-severity={d.severity} data-cause={d.cause?.code ?? ''} className={`compare-${d.severity}`}>
              <strong>{severityLabel(d.severity, tDynamic)}</strong> {renderDifferenceText(d, tDynamic)}
              {d.cause ? <div className="cs-muted">{i18n.t('render.why', [renderCauseText(d.cause, tDynamic)])}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" onClick={onRender} data-testid="render-open">
        {i18n.t('render.open')}
      </button>
    </Fold>
  );
}
