import { i18n, formatDateTime } from '#i18n';
import { GOOGLE_CRAWLERS, GOOGLE_FETCHERS, type RobotsReport } from '../../../lib/robots';
import { crawlerAbout, groupText, openSandbox, robotsText, RobotsVerdictBadge } from '../../../components/RobotsText';
import { RobotsDiagnosticItems } from '../../../components/RobotsDiagnosticItems';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';
import { useFold } from '../report/hooks';
import { RobotsResources } from './RobotsResources';

/** robots.txt of the tab's origin: fetch status, and a verdict for every Google crawler token. A view of the report. */
export function RobotsSection({ report: r, onRefetch }: { report: TabReport; onRefetch: () => void }) {
  const pageUrl = r.url;
  const step = r.robots;
  const busy = step.status === 'pending';
  const robots = step.value;
  const report = robots?.report ?? null;
  const parsed = robots?.parsed ?? null;
  const verdicts = robots?.verdicts ?? [];
  const isHttp = step.error !== 'notHttp';
  const [showAll, setShowAll] = useFold('robots-all', false);
  // Googlebot, then the tokens whose verdict differs from Googlebot's; the rest behind "show all".
  const indexed = verdicts.map((v, i) => ({ v, i }));
  const differs = indexed.filter(({ v, i }) => i > 0 && v.allowed !== verdicts[0]!.allowed);
  const same = indexed.filter(({ v, i }) => i > 0 && v.allowed === verdicts[0]!.allowed);
  const rows = indexed.length ? [indexed[0]!, ...differs, ...(showAll ? same : [])] : [];

  return (
    <Fold
      id="robots"
      testId="robots"
      heading={i18n.t('robots.heading')}
      busy={busy}
      actions={
        <>
          <button type="button" onClick={onRefetch} disabled={busy || !isHttp} data-testid="robots-refresh">
            {i18n.t('robots.fetchAgain')}
          </button>{' '}
          <button type="button" onClick={() => openSandbox(pageUrl)} data-testid="robots-open-sandbox">
            {i18n.t('robots.openSandbox')}
          </button>
        </>
      }
    >
      {!isHttp ? <p data-testid="robots-not-http">{i18n.t('robots.notHttp')}</p> : null}
      {step.status === 'failed' ? <p className="cs-error" role="alert" data-testid="robots-error">{i18n.t('robots.error', [step.error ?? ''])}</p> : null}
      {step.status === 'timeout' ? <p className="cs-error" role="alert" data-testid="robots-error">{i18n.t('robots.tookLonger', [step.limitMs / 1000])}</p> : null}
      {!report && busy ? <p data-testid="robots-loading">{i18n.t('robots.loading')}</p> : null}
      {report ? <RobotsStatus report={report} /> : null}
      {report ? (
        <table className="cs-table robots-table" data-testid="robots-table">
          <caption className="robots-caption">{i18n.t('robots.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('robots.colToken')}</th>
              <th scope="col">{i18n.t('robots.colVerdict')}</th>
              <th scope="col">{i18n.t('robots.colGroup')}</th>
              <th scope="col">{i18n.t('robots.colLine')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ v, i }) => (
              <tr key={v.token} data-testid="robots-row" data-token={v.token} data-allowed={String(v.allowed)} data-line={v.line ?? ''} data-group={v.group}>
                <th scope="row" className="cs-code" title={crawlerAbout(GOOGLE_CRAWLERS[i]!.about)}>
                  {v.token}
                </th>
                <td>
                  <RobotsVerdictBadge allowed={v.allowed} />
                </td>
                <td data-testid="robots-group">{groupText(v)}</td>
                <td title={robotsText('reason', v.reason)}>
                  {v.line !== null ? (
                    <button
                      type="button"
                      className="robots-line"
                      data-testid="robots-line"
                      title={i18n.t('robots.openLineTitle', [v.line])}
                      onClick={() => openSandbox(pageUrl, v.line)}
                    >
                      {i18n.t('robots.lineButton', [v.line])}
                    </button>
                  ) : (
                    <span className="cs-muted">{i18n.t('robots.noLine')}</span>
                  )}
                  <div className="cs-muted robots-reason" data-testid="robots-reason">{robotsText('reason', v.reason)}</div>
                  {GOOGLE_CRAWLERS[i]!.control ? (
                    <div className="cs-note robots-reason" data-testid="robots-control-note">{crawlerAbout(GOOGLE_CRAWLERS[i]!.about)}</div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {report && same.length ? (
        <button type="button" className="cs-link-button" data-testid="robots-show-all" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? i18n.t('robots.showDiffering') : i18n.t('robots.showAll', [verdicts.length, same.length])}
        </button>
      ) : null}
      {report ? (
        <details data-testid="robots-fetchers">
          <summary>{i18n.t('robots.fetchers.heading', [GOOGLE_FETCHERS.length])}</summary>
          <p className="cs-muted">{i18n.t('robots.fetchers.note')}</p>
          <ul>
            {GOOGLE_FETCHERS.map((f) => (
              <li key={f.token} data-testid="robots-fetcher" data-token={f.token}>
                <a className="cs-code" href={f.source} target="_blank" rel="noreferrer">{f.token}</a>
                {f.formerTokens.length ? <span className="cs-muted"> ({i18n.t('robots.fetchers.former', [f.formerTokens.join(', ')])})</span> : null} — {crawlerAbout(f.about)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {parsed && parsed.diagnostics.length > 0 ? (
        <details data-testid="robots-notes">
          <summary>{i18n.t('robots.notes', [parsed.diagnostics.length])}</summary>
          <ul>
            <RobotsDiagnosticItems diagnostics={parsed.diagnostics} onLine={(line) => openSandbox(pageUrl, line)} />
          </ul>
        </details>
      ) : null}
      {parsed && parsed.sitemaps.length > 0 ? (
        <details data-testid="robots-sitemaps">
          <summary>{i18n.t('robots.sitemaps', [parsed.sitemaps.length])}</summary>
          <ul>
            {parsed.sitemaps.map((sm, k) => (
              <li key={k} className="cs-url">{i18n.t('robots.sitemapLine', [sm.url, sm.line])}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {report ? <RobotsResources step={r.robotsResources} /> : null}
    </Fold>
  );
}

function RobotsStatus({ report }: { report: RobotsReport }) {
  const when = formatDateTime(report.fetchedAt);
  return (
    <>
      <dl className="cs-facts" data-testid="robots-status" data-outcome={report.outcome.kind} data-code={report.outcome.code}>
        <dt>{i18n.t('robots.file')}</dt>
        <dd className="cs-url" data-testid="robots-url">{report.robotsUrl}</dd>
        {report.finalUrl && report.finalUrl !== report.robotsUrl ? (
          <>
            <dt>{i18n.t('robots.finalUrl')}</dt>
            <dd className="cs-url" data-testid="robots-final-url">{report.finalUrl}</dd>
          </>
        ) : null}
        <dt>{i18n.t('robots.status')}</dt>
        <dd data-testid="robots-outcome" className={report.outcome.kind === 'disallow-all' ? 'cs-error' : undefined}>
          {robotsText('outcome', report.outcome)}
        </dd>
        {report.contentType ? (
          <>
            <dt>{i18n.t('robots.contentType')}</dt>
            <dd data-testid="robots-content-type">{report.contentType}</dd>
          </>
        ) : null}
        {report.outcome.kind === 'parse' ? (
          <>
            <dt>{i18n.t('robots.size')}</dt>
            <dd data-testid="robots-size" data-bytes={report.bytes}>
              {report.truncated && report.totalBytes !== null
                ? i18n.t(report.totalIsLowerBound ? 'robots.bytesOfAtLeast' : 'robots.bytesOf', [report.bytes, report.totalBytes])
                : i18n.t('robots.bytes', [report.bytes])}
            </dd>
          </>
        ) : null}
        <dt>{i18n.t('robots.fetched')}</dt>
        <dd data-testid="robots-fetched" data-from-cache={String(report.fromCache)}>
          {report.fromCache ? i18n.t('robots.fromCache', [when]) : i18n.t('robots.fetchedIn', [when, report.durationMs])}
        </dd>
      </dl>
      {report.hops.length > 0 ? (
        <div data-testid="robots-hops">
          <h3>{i18n.t('robots.hops', [report.hops.length])}</h3>
          <ol className="cs-redirects">
            {report.hops.map((h, i) => (
              <li key={i} className="cs-url">
                {h.status > 0 ? i18n.t('robots.hop', [h.url, String(h.status)]) : i18n.t('robots.hopUnseen', [h.url])}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {report.warnings.map((w, i) => (
        <p key={i} className="cs-note" data-testid="robots-warning" data-code={w.code}>
          {robotsText('warning', w)}
        </p>
      ))}
    </>
  );
}
