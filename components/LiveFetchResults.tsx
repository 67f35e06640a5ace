import { i18n, tDynamic } from '#i18n';
import { liveFindingText, liveResultText, liveStatusText, type LiveFetchReport } from '../lib/livefetch';

/** One live fetch: each crawler's answer beside Googlebot's, the findings, and what it cannot prove (the popup and the site check page). */
export function LiveFetchResults({ live }: { live: LiveFetchReport }) {
  const ref = live.results.find((x) => x.reference) ?? null;
  return (
    <>
      <p className="cs-muted" data-testid="live-requests">{i18n.t('livefetch.requests', [live.results.filter((x) => x.userAgent).length, live.limits.concurrency])}</p>
      <table className="cs-table robots-table" data-testid="live-table">
        <caption className="robots-caption">{i18n.t('livefetch.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t('livefetch.colCrawler')}</th>
            <th scope="col">{i18n.t('livefetch.colAnswer')}</th>
            <th scope="col">{i18n.t('livefetch.colVsGooglebot')}</th>
          </tr>
        </thead>
        <tbody>
          {live.results.map((x) => (
            <tr
              key={x.token}
              data-testid="live-row"
              data-token={x.token}
              data-comparison={x.comparison}
              data-status={x.status ?? ''}
              data-bytes={x.bytes}
              data-words={x.words ?? ''}
              title={x.userAgent ?? undefined}
            >
              <th scope="row" className="cs-code">{x.token}</th>
              <td data-testid="live-answer">{liveStatusText(x, tDynamic)}</td>
              <td data-testid="live-comparison" className={x.comparison === 'challenge' || x.comparison === 'blocked' ? 'cs-note' : undefined}>
                {liveResultText(x, ref, tDynamic)}
                {x.markers.map((m) => (
                  <div key={m.id} className="cs-muted">
                    <a href={m.source} target="_blank" rel="noreferrer" data-testid="live-marker" data-marker={m.id}>
                      {i18n.t('livefetch.source')}: {m.vendor}, <code className="cs-code">{m.name}</code>
                    </a>
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {live.findings.length ? (
        <ul data-testid="live-findings">
          {live.findings.map((f, i) => (
            <li key={i} data-testid="live-finding" data-code={f.code} data-token={f.token} className={f.severity === 'warning' ? 'cs-note' : undefined}>
              {liveFindingText(f, tDynamic)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="cs-muted" data-testid="live-caveat">{i18n.t('livefetch.caveat')}</p>
    </>
  );
}
