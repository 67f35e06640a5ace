import { browser } from 'wxt/browser';
import { tDynamic as t } from '#i18n';
import { bytesFigures } from '../report/derive';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';
import { BytesReportView } from './BytesReportView';
import { errorText } from '../report/errorText';

interface Props {
  report: TabReport;
  onFindCut: () => void;
  onToggleOverlay: () => void;
}

/** The exact byte count (headers + body) against Googlebot's limit, and on request where the cut falls. */
export function BytesSection({ report, onFindCut, onToggleOverlay }: Props) {
  const facts = report.snapshot.facts;
  const record = report.response.value?.record ?? null;
  // The same figures as the summary, the verdict and the exports: the report's byte step (or the user's "Find the cut").
  const { headerBytes, bodyBytes, total, limit, over, partial, pdf } = bytesFigures(report);
  const busy = report.cut.status === 'pending' || report.resources.status === 'pending';
  const cut = report.cut;
  const error = cut.status === 'failed' ? cut.error : null;
  return (
    <Fold id="bytes" testId="bytes" heading={t('bytes.heading')} busy={busy}>
      <dl className="cs-facts">
        <dt>{t('bytes.headers')}</dt>
        <dd data-testid="bytes-headers" data-bytes={headerBytes ?? ''}>
          {headerBytes !== null ? t('bytes.headersValue', [headerBytes]) : t('bytes.headersUnknown')}
          <div className="cs-muted">{t('bytes.headersHow')}</div>
          {record?.fromCache ? (
            <div className="cs-note" data-testid="bytes-headers-cached">
              {t('bytes.headersFromCache')}
            </div>
          ) : null}
        </dd>
        <dt>{t('bytes.body')}</dt>
        <dd data-testid="bytes-body" data-bytes={bodyBytes ?? ''} data-complete={String(!partial)}>
          {bodyBytes !== null ? t(partial ? 'bytes.bodyValueAtLeast' : 'bytes.bodyValue', [bodyBytes]) : t('bytes.bodyUnknown')}
        </dd>
        <dt>{t('bytes.total')}</dt>
        <dd data-testid="bytes-total" data-bytes={total ?? ''}>{total !== null ? t(partial ? 'bytes.totalValueAtLeast' : 'bytes.totalValue', [total]) : '—'}</dd>
        <dt>{t('bytes.limit')}</dt>
        <dd data-testid="bytes-limit" data-bytes={limit}>
          {t('bytes.limitValue', [limit])}
          <div className="cs-muted" data-testid="bytes-assumption">
            {pdf ? t('bytes.limitPdf', [limit]) : t('bytes.limitAssumption', [limit, 2_000_000, 2_097_152])}{' '}
            <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noreferrer">
              {t('bytes.changeLimit')}
            </a>
          </div>
        </dd>
      </dl>
      {total !== null ? (
        <p className={over ? 'cs-error' : ''} data-testid="bytes-verdict" data-truncated={over ? 'true' : 'false'}>
          {over ? t(partial ? 'bytes.overAtLeast' : 'bytes.over', [total - limit]) : t('bytes.within', [limit - total])}
        </p>
      ) : null}
      <p>
        <button type="button" onClick={onFindCut} disabled={busy} data-testid="bytes-analyze">
          {report.cut.status === 'done' ? t('bytes.analyzeAgain') : t('bytes.analyze')}
        </button>{' '}
        {report.cut.value && report.cut.value.report.isHtml ? (
          <button type="button" onClick={onToggleOverlay} data-testid="bytes-overlay-toggle" aria-pressed={!!report.overlay?.shown}>
            {report.overlay?.shown ? t('bytes.hideOverlay') : t('bytes.showOverlay')}
          </button>
        ) : null}
      </p>
      {cut.status === 'pending' ? <p data-testid="bytes-busy">{t('bytes.analyzing')}</p> : null}
      {cut.status === 'timeout' ? (
        <p className="cs-error" role="alert" data-testid="bytes-error">
          {t('bytes.tookLonger', [cut.limitMs / 1000])}
        </p>
      ) : null}
      {error ? (
        <p className="cs-error" role="alert" data-testid="bytes-error">
          {facts === null ? t('bytes.noContentScript') : t('bytes.error', [errorText(error)])}
        </p>
      ) : null}
      {report.overlayError ? (
        <p className="cs-error" role="alert" data-testid="bytes-overlay-error">
          {t('bytes.error', [report.overlayError])}
        </p>
      ) : null}
      {report.overlay?.shown ? <p className="cs-muted" data-testid="bytes-overlay-state">{t('bytes.overlayShown', [report.overlay.items])}</p> : null}
      {report.cut.value ? <BytesReportView page={report.cut.value} resources={report.resources.value} /> : null}
    </Fold>
  );
}
