import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { headerValue } from '../lib/core/headers';
import { parseStatusLine } from '../lib/core/status-line';
import { HeaderTable } from './HeaderTable';
import { ReloadTabButton } from './ReloadTabButton';

/** URL, status, content type, response headers, redirect chain and uncompressed size. */
export function ResponseSection({ snapshot }: { snapshot: TabSnapshot }) {
  const { record, facts } = snapshot;
  const url = facts?.url ?? record?.url ?? snapshot.url ?? '';
  const status = record?.statusCode || facts?.navigation?.responseStatus || null;
  const contentType = (record && headerValue(record.headers, 'content-type')) ?? facts?.contentType ?? null;
  const parsedLine = record?.statusLine ? parseStatusLine(record.statusLine) : null;
  const decoded = facts?.navigation?.decodedBodySize ?? null;
  const encoded = facts?.navigation?.encodedBodySize ?? null;
  const encoding = facts?.navigation?.contentEncoding || (record && headerValue(record.headers, 'content-encoding')) || null;

  return (
    <section className="cs-section" data-testid="response" aria-labelledby="cs-response-h">
      <h2 id="cs-response-h">{i18n.t('response.heading')}</h2>
      <dl className="cs-facts">
        <dt>{i18n.t('response.url')}</dt>
        <dd className="cs-url" data-testid="url">{url}</dd>
        <dt>{i18n.t('response.status')}</dt>
        <dd data-testid="status">
          {status !== null
            ? [status, parsedLine?.reason, parsedLine ? `(${parsedLine.protocol})` : ''].filter(Boolean).join(' ')
            : i18n.t('response.unknown')}
        </dd>
        <dt>{i18n.t('response.contentType')}</dt>
        <dd data-testid="content-type">{contentType ?? i18n.t('response.unknown')}</dd>
        <dt>{i18n.t('response.htmlSize')}</dt>
        <dd data-testid="html-size" data-bytes={decoded ?? ''}>
          {decoded !== null && decoded > 0
            ? i18n.t('response.bytes', [decoded])
            : i18n.t('response.sizeUnknown')}
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
      {!record ? (
        <p className="cs-note" data-testid="no-record">
          {i18n.t('response.noRecord')} <ReloadTabButton tabId={snapshot.tabId} />
        </p>
      ) : null}
      {record?.error ? (
        <p className="cs-error" data-testid="nav-error">{i18n.t('response.navError', [record.error])}</p>
      ) : null}
      {record && record.redirects.length > 0 ? (
        <div data-testid="redirects">
          <h3>{i18n.t('response.redirects', [String(record.redirects.length)])}</h3>
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
          <summary>{i18n.t('response.headers', [String(record.headers.length)])}</summary>
          <HeaderTable headers={record.headers} testId="headers" />
        </details>
      ) : null}
    </section>
  );
}
