import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n, formatTime } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import type { ComparisonSummary } from '../lib/compare/summarizeComparison';
import { sendToBackground } from '../utils/messaging';
import { fieldLabel, severityLabel } from './CompareText';

/**
 * Popup section: the last mobile vs desktop comparison of this URL (if any, from this
 * browser session) and the button that opens the comparison page. Fetches nothing itself.
 */
export function CompareSection({ snapshot }: { snapshot: TabSnapshot }) {
  const url = snapshot.facts?.url ?? snapshot.url;
  const [summary, setSummary] = useState<ComparisonSummary | null>(null);
  useEffect(() => {
    if (!url) return;
    sendToBackground('getCompareSummary', { url }).then(setSummary, () => setSummary(null));
  }, [url]);
  if (!url) return null;

  const open = () => {
    void browser.tabs.create({ url: browser.runtime.getURL(`/compare.html?url=${encodeURIComponent(url)}&tab=${snapshot.tabId}`) });
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
