import { browser } from 'wxt/browser';
import { i18n, formatTime } from '#i18n';
import { fieldLabel, severityLabel } from '../../../components/CompareText';
import type { TabReport } from '../report/types';

/**
 * The last mobile vs desktop comparison of this URL (if any, from this browser session) and the
 * button that opens the comparison page. A view of the report: fetches nothing itself.
 */
export function CompareSection({ report }: { report: TabReport }) {
  const url = report.url;
  if (report.compare.status === 'skipped') return null;
  const summary = report.compare.value ?? null;
  const open = () => {
    void browser.tabs.create({ url: browser.runtime.getURL(`/compare.html?url=${encodeURIComponent(url)}&tab=${report.tabId}`) });
  };
  const when = summary ? formatTime(summary.comparedAt) : '';
  return (
    <section className="cs-section" data-testid="compare-section" aria-labelledby="cs-compare-h">
      <h2 id="cs-compare-h">{i18n.t('compare.heading')}</h2>
      {!summary ? <p className="cs-muted">{i18n.t('compare.notCompared')}</p> : null}
      {summary?.identical ? <p data-testid="compare-summary">{i18n.t('compare.summaryIdentical', [when])}</p> : null}
      {summary && !summary.identical ? (
        <p data-testid="compare-summary" className={summary.worst ? `compare-${summary.worst}` : undefined}>
          {i18n.t('compare.summaryDiffers', [
            when,
            [
              summary.fields.length ? i18n.t('compare.summaryCount', [summary.fields.length]) : '',
              summary.findings.length ? i18n.t('compare.summaryFindings', [summary.findings.length]) : '',
            ]
              .filter(Boolean)
              .join(', '),
            [summary.worst ? severityLabel(summary.worst) + ':' : '', summary.fields.map(fieldLabel).join(', ')].join(' ').trim(),
          ])}
        </p>
      ) : null}
      <button type="button" onClick={open} data-testid="compare-open">
        {i18n.t('compare.open')}
      </button>
    </section>
  );
}
