import { i18n, formatBytes, formatInt, tDynamic } from '#i18n';
import { DEFAULT_LOG_LIMITS, MAX_DNS_IPS } from '../../lib/verify';
import { HourChart } from './HourChart';
import { checkMethod, crawlerLabel, reasonText } from './labels';
import type { CrawlerLists } from '../../lib/verify';
import type { LogResult } from './verifyState';

interface Props {
  result: LogResult;
  exporting: boolean;
  onExportLines: () => void;
  onExportFake: () => void;
  crawlerLists: CrawlerLists;
}

export function LogSummaryView({ result, exporting, onExportLines, onExportFake, crawlerLists }: Props) {
  const { tally, summary } = result;
  return (
    <div data-testid="log-summary">
      <h3>{i18n.t('verify.log.fileHeading', [result.name])}</h3>
      <ul className="verify-facts">
        <li data-testid="log-lines" data-value={tally.lines}>
          {i18n.t('verify.log.lines', [tally.lines, formatBytes(result.read.rawBytes), result.gzip ? i18n.t('verify.log.gzip', [formatBytes(result.read.textBytes)]) : ''])}
        </li>
        <li data-testid="log-format" data-format={tally.recognised ? tally.format : 'unrecognised'}>
          {tally.format === null
            ? i18n.t('verify.log.format.none')
            : tally.recognised
              ? tDynamic(`verify.log.format.${tally.format}`)
              : i18n.t('verify.log.format.mostlyUnread', [tally.parsedLines, formatInt(tally.lines - tally.blankLines)])}
        </li>
        <li data-testid="google-lines" data-value={tally.googleLines}>
          {i18n.t('verify.log.googleLines', [tally.googleLines, tally.ips.length])}
        </li>
        {tally.commonFormatLines ? <li>{i18n.t('verify.log.commonFormat', [tally.commonFormatLines])}</li> : null}
        {result.dnsCapped ? <li className="cs-error">{i18n.t('verify.log.dnsCapped', [result.dnsCapped, MAX_DNS_IPS])}</li> : null}
        {tally.overflowLines ? <li className="cs-error">{i18n.t('verify.log.overflow', [tally.overflowLines, DEFAULT_LOG_LIMITS.maxIps])}</li> : null}
      </ul>
      {tally.googleLines === 0 ? (
        <p data-testid="no-google">{i18n.t('verify.log.noGoogle')}</p>
      ) : (
        <>
          <table className="cs-table" data-testid="crawler-table">
            <caption>{i18n.t('verify.log.crawlersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n.t('verify.log.colCrawler')}</th>
                <th scope="col">{i18n.t('verify.log.colLines')}</th>
                <th scope="col">{i18n.t('verify.log.colReal')}</th>
                <th scope="col">{i18n.t('verify.log.colFake')}</th>
                <th scope="col">{i18n.t('verify.log.colUnverified')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.crawlers.map((c) => (
                <tr key={c.crawler} data-crawler={c.crawler}>
                  <th scope="row">{crawlerLabel(c.crawler)}</th>
                  <td data-testid="lines">{formatInt(c.lines)}</td>
                  <td data-testid="real">{formatInt(c.real)}</td>
                  <td data-testid="fake">{formatInt(c.fake)}</td>
                  <td data-testid="unverified">{formatInt(c.unverified)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4>{i18n.t('verify.log.fakeHeading', [summary.fakeIps.length, summary.fakeLines])}</h4>
          {summary.fakeIps.length ? (
            <table className="cs-table" data-testid="fake-ips">
              <thead>
                <tr>
                  <th scope="col">{i18n.t('verify.log.colIp')}</th>
                  <th scope="col">{i18n.t('verify.log.colLines')}</th>
                  <th scope="col">{i18n.t('verify.log.colClaimed')}</th>
                  <th scope="col">{i18n.t('verify.log.colWhy')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.fakeIps.slice(0, 50).map((f) => (
                  <tr key={f.ip} data-ip={f.ip}>
                    <td><code>{f.ip}</code></td>
                    <td>{formatInt(f.lines)}</td>
                    <td>{f.crawlers.map(crawlerLabel).join(', ')}</td>
                    <td>{reasonText(f.reason)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <p>
            <button type="button" onClick={onExportLines} disabled={exporting} data-testid="export-lines">
              {exporting ? i18n.t('verify.log.exporting') : i18n.t('verify.log.exportLines')}
            </button>{' '}
            <button type="button" onClick={onExportFake} disabled={summary.fakeIps.length === 0} data-testid="export-fake">
              {i18n.t('verify.log.exportFake')}
            </button>
          </p>
          <div className="verify-columns">
            <div>
              <h4>{i18n.t('verify.log.statusHeading')}</h4>
              <ul data-testid="statuses">
                {tally.statuses.slice(0, 12).map(([s, n]) => (
                  <li key={s} data-status={s}>
                    <code>{s}</code> — {formatInt(n)}
                  </li>
                ))}
              </ul>
              <p data-testid="bytes" data-value={tally.bytes}>{i18n.t('verify.log.bytes', [formatBytes(tally.bytes)])}</p>
            </div>
            <div>
              <h4>{tally.pathsApproximate ? i18n.t('verify.log.pathsApprox') : i18n.t('verify.log.pathsHeading')}</h4>
              <ol data-testid="paths">
                {tally.paths.slice(0, 10).map(([p, n]) => (
                  <li key={p}>
                    <code>{p}</code> — {formatInt(n)}
                  </li>
                ))}
              </ol>
            </div>
          </div>
          <h4>{i18n.t('verify.log.hoursHeading')}</h4>
          <HourChart hours={tally.hours} />
        </>
      )}
      <OtherCrawlersInLog result={result} crawlerLists={crawlerLists} />
      <h4 data-testid="unparseable" data-value={tally.unparseable}>{i18n.t('verify.log.unparseable', [tally.unparseable, tally.blankLines])}</h4>
      {tally.examples.length ? (
        <ul className="verify-examples">
          {tally.examples.map((e) => (
            <li key={e.lineNo}>
              {i18n.t('verify.log.example', [e.lineNo, tDynamic(`verify.log.problem.${e.problem}`)])} <code>{e.text}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A row per other crawler the log's user-agents claim: requests, verified, not theirs, unverified, and how it was checked. */
function OtherCrawlersInLog({ result, crawlerLists }: { result: LogResult; crawlerLists: CrawlerLists }) {
  return (
    <div data-testid="other-crawlers-log">
      <h4>{i18n.t('verify.log.othersHeading')}</h4>
      {result.otherDnsCapped ? <p className="cs-error">{i18n.t('verify.log.dnsCapped', [result.otherDnsCapped, MAX_DNS_IPS])}</p> : null}
      {result.tally.otherOverflowLines ? <p className="cs-error">{i18n.t('verify.log.overflow', [result.tally.otherOverflowLines, DEFAULT_LOG_LIMITS.maxIps])}</p> : null}
      {result.others.length === 0 ? (
        <p data-testid="no-others">{i18n.t('verify.log.othersNone')}</p>
      ) : (
        <table className="cs-table" data-testid="other-crawler-table">
          <caption>{i18n.t('verify.log.othersCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('verify.log.colCrawler')}</th>
              <th scope="col">{i18n.t('verify.log.colLines')}</th>
              <th scope="col">{i18n.t('verify.log.colVerified')}</th>
              <th scope="col">{i18n.t('verify.log.colNotTheirs')}</th>
              <th scope="col">{i18n.t('verify.log.colUnverified')}</th>
              <th scope="col">{i18n.t('verify.log.colHow')}</th>
            </tr>
          </thead>
          <tbody>
            {result.others.map((o) => {
              const how = checkMethod(o.token, crawlerLists);
              return (
                <tr key={o.token} data-token={o.token} data-method={how}>
                  <th scope="row" className="cs-code">{o.token}</th>
                  <td data-testid="requests">{formatInt(o.requests)}</td>
                  <td data-testid="verified">{formatInt(o.verified)}</td>
                  <td data-testid="not-theirs">{formatInt(o.notTheirs)}</td>
                  <td data-testid="unverified">{formatInt(o.unverified)}</td>
                  <td data-testid="method">{tDynamic(`verify.log.method.${how}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
