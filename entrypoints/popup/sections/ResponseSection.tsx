import { i18n } from '#i18n';
import { headerValue, parseStatusLine, type MainFrameRecord } from '../../../lib/core';
import { HeaderTable } from './HeaderTable';
import type { TabReport } from '../report/types';
import { responseSizes } from '../report/derive';
import { Fold } from './Fold';

const statusText = (r: MainFrameRecord) => {
  const line = r.statusLine ? parseStatusLine(r.statusLine) : null;
  return [r.statusCode, line?.reason, line ? `(${line.protocol})` : ''].filter(Boolean).join(' ');
};

/** URL, status, content type, response headers, redirect chain and uncompressed size — and where they come from. */
export function ResponseSection({ report, onReload }: { report: TabReport; onReload: () => void }) {
  const { snapshot } = report;
  const facts = snapshot.facts;
  const info = report.response.value;
  const record = info?.record ?? null;
  const status = record?.statusCode || (info === null ? facts?.navigation?.responseStatus : null) || null;
  const sent = record ? headerValue(record.headers, 'content-type') : null;
  const sniffed = facts?.contentType ?? null;
  const { decoded, encoded, encoding } = responseSizes(report);

  return (
    <Fold id="response" testId="response" heading={i18n.t('response.heading')} data={{ source: info?.source ?? '' }}>
      {report.movedFrom !== null ? (
        <p className="cs-note" data-testid="response-moved">
          {i18n.t('response.movedByHistory', [report.movedFrom])}
          {info?.earlier ? ` ${i18n.t('response.movedEarlier', [statusText(info.earlier)])}` : ''}
        </p>
      ) : null}
      {info?.source === 'refetch' && info.why === 'not-seen' ? (
        <p className="cs-note" data-testid="no-record">
          {i18n.t(info.withCookies ? 'response.refetchedWithCookies' : 'response.refetched')}{' '}
          <button type="button" data-testid="reload-tab" onClick={onReload}>
            {i18n.t('response.reloadTab')}
          </button>
        </p>
      ) : null}
      {info?.source === 'refetch' && info.why === 'history' ? (
        <p className="cs-note" data-testid="response-refetched-history">
          {i18n.t(info.withCookies ? 'response.refetchedHistoryWithCookies' : 'response.refetchedHistory', [report.url])}
        </p>
      ) : null}
      {info?.source === 'arriving' ? (
        <p className="cs-note" data-testid="response-arriving">{i18n.t('response.arriving')}</p>
      ) : null}
      <dl className="cs-facts">
        <dt>{i18n.t('response.url')}</dt>
        <dd className="cs-url" data-testid="url">{report.url}</dd>
        <dt>{i18n.t('response.status')}</dt>
        <dd data-testid="status">
          {record && record.statusCode ? statusText(record) : status !== null ? String(status) : report.response.status === 'pending' ? i18n.t('response.checking') : i18n.t('response.unknown')}
        </dd>
        <dt>{i18n.t('response.contentType')}</dt>
        <dd data-testid="content-type" data-sent={sent !== null}>
          {sent ?? (record ? (sniffed ? i18n.t('response.contentTypeSniffed', [sniffed]) : i18n.t('response.contentTypeNotSent')) : i18n.t('response.unknown'))}
        </dd>
        <dt>{i18n.t('response.htmlSize')}</dt>
        <dd data-testid="html-size" data-bytes={decoded ?? ''}>
          {decoded !== null && decoded > 0 ? i18n.t('response.bytes', [decoded]) : i18n.t('response.sizeUnknown')}
          {decoded !== null && decoded > 0 && encoded !== null && encoding && encoded !== decoded ? (
            <span className="cs-muted" data-testid="transfer-size">
              {' '}
              {i18n.t('response.encodedAs', [encoded, encoding])}
            </span>
          ) : null}
        </dd>
        {record?.ip ? (
          <>
            <dt>{i18n.t('response.serverIp')}</dt>
            <dd data-testid="server-ip">{record.ip}</dd>
          </>
        ) : null}
      </dl>
      {record?.error ? (
        <p className="cs-error" data-testid="nav-error">{i18n.t('response.navError', [record.error])}</p>
      ) : null}
      {record && record.redirects.length > 0 ? (
        <div data-testid="redirects">
          <h3>{i18n.t('response.redirects', [record.redirects.length])}</h3>
          <ol className="cs-redirects">
            {record.redirects.map((r, i) => (
              <li key={i}>
                <span className="cs-code">{r.statusCode}</span> <span className="cs-url">{r.url}</span> →{' '}
                <span className="cs-url">{r.location}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {record ? (
        <details data-testid="headers-details">
          <summary>{i18n.t('response.headers', [record.headers.length])}</summary>
          <HeaderTable headers={record.headers} testId="headers" />
        </details>
      ) : null}
    </Fold>
  );
}
