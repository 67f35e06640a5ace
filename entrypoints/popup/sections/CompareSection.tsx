import { i18n, formatList, formatWhen, tDynamic } from '#i18n';
import { fieldLabel } from '../../../components/CompareText';
import { severityLabel } from '../../../lib/report';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';

/**
 * The last mobile vs desktop comparison of this URL (if any, from this browser session) and the
 * button that opens the comparison page. A view of the report: fetches nothing itself.
 */
export function CompareSection({ report, onCompare }: { report: TabReport; onCompare: () => void }) {
  if (report.compare.status === 'skipped') return null;
  const summary = report.compare.value ?? null;
  const when = summary ? formatWhen(summary.comparedAt) : '';
  // The fields of the most severe kind, named (the comparison page lists the rest).
  const worstFields = summary?.worst === 'critical' || summary?.worst === 'warning' ? summary.differences.filter((d) => d.severity === summary.worst).map((d) => d.field) : [];
  return (
    <Fold id="compare" testId="compare-section" heading={i18n.t('compare.heading')}>
      {!summary ? <p className="cs-muted">{i18n.t('compare.notCompared')}</p> : null}
      {summary?.identical ? <p data-testid="compare-summary">{i18n.t('compare.summaryIdentical', [when])}</p> : null}
      {summary && !summary.identical ? (
        <p data-testid="compare-summary" className={summary.worst ? `compare-${summary.worst}` : undefined}>
          {i18n.t('compare.summaryDiffers', [
            when,
            formatList([
              ...(summary.fields.length ? [i18n.t('compare.summaryCount', [summary.fields.length])] : []),
              ...(summary.findings.length ? [i18n.t('compare.summaryFindings', [summary.findings.length])] : []),
            ]),
          ])}
        </p>
      ) : null}
      {summary && worstFields.length ? (
        <p data-testid="compare-worst">{i18n.t('compare.summaryWorst', [severityLabel(summary.worst!, tDynamic), formatList(worstFields.map(fieldLabel))])}</p>
      ) : null}
      <button type="button" onClick={onCompare} data-testid="compare-open">
        {i18n.t('compare.open')}
      </button>
    </Fold>
  );
}
