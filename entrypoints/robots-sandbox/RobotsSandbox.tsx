import { Fragment, useDeferredValue, useEffect, useMemo, useReducer } from 'react';
import { i18n } from '#i18n';
import { diffLines, evaluateForGoogle, GOOGLE_CRAWLERS, parseRobotsTxt, type RobotsReport } from '../../lib/robots';
import { RobotsEditor } from './RobotsEditor';
import { RobotsDiagnosticItems } from '../../components/RobotsDiagnosticItems';
import { crawlerAbout, groupText, robotsText, RobotsVerdictBadge } from '../../components/RobotsText';
import { OtherCrawlersTable } from '../../components/OtherCrawlersTable';
import { PreferencesView } from '../../components/PreferencesView';
import { evaluatePreferences, preferenceFindings } from '../../lib/aipref';
import { evaluateCrawlers } from '../../lib/crawlers';
import { highlightedLine, initialSandbox, sandboxReducer, sandboxUrls } from './sandboxState';

interface Props {
  pageUrl: string;
  initialLine: number | null;
  /** The live robots.txt of the page's origin (the page's entry asks the background for it). */
  loadLive: (pageUrl: string) => Promise<RobotsReport>;
}

/** The robots.txt sandbox: edit a copy of the live file and see every Google crawler's verdict as you type. */
export function RobotsSandbox({ pageUrl, initialLine, loadLive }: Props) {
  const [state, dispatch] = useReducer(sandboxReducer, null, () => initialSandbox(pageUrl, initialLine));
  const { live, liveError, text, urlsText, selected, scrollTo } = state;

  useEffect(() => {
    if (!pageUrl) return;
    loadLive(pageUrl).then(
      (report) => dispatch({ type: 'liveLoaded', report }),
      (err: unknown) => dispatch({ type: 'liveFailed', error: err instanceof Error ? err.message : String(err) }),
    );
  }, [pageUrl, loadLive]);

  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => parseRobotsTxt(deferredText), [deferredText]);
  const urls = useMemo(() => sandboxUrls(urlsText, pageUrl), [urlsText, pageUrl]);
  const results = useMemo(() => urls.map((u) => (u.url ? evaluateForGoogle(parsed, u.url) : null)), [urls, parsed]);
  // The other crawlers, from the same parse: live as the user edits, like Google's tokens.
  const others = useMemo(() => urls.map((u) => (u.url ? evaluateCrawlers(parsed, u.url) : null)), [urls, parsed]);
  // The usage preferences of each URL, from the edited file (no header here: nothing is fetched).
  const prefs = useMemo(
    () =>
      urls.map((u, i) => {
        if (!u.url) return null;
        const p = evaluatePreferences(parsed, u.url);
        return { prefs: p, findings: preferenceFindings(p, results[i] ?? [], others[i] ?? []) };
      }),
    [urls, parsed, results, others],
  );
  const liveText = live?.body ?? '';
  const changes = useMemo(() => (live ? diffLines(liveText, deferredText) : []), [live, liveText, deferredText]);
  const highlightLine = highlightedLine(state, results.map((r, i) => (r ? [...r, ...(others[i] ?? [])] : null)));
  const pick = (url: number, token: string, line: number | null) => dispatch({ type: 'pickVerdict', url, token, line });

  return (
    <main className="robots-sandbox" data-testid="sandbox">
      <h1>{i18n.t('robots.sandbox.heading')}</h1>
      <p className="cs-muted">{i18n.t('robots.sandbox.intro')}</p>
      {live ? (
        <p data-testid="sandbox-live" data-outcome={live.outcome.kind}>
          {live.outcome.kind === 'parse'
            ? i18n.t('robots.sandbox.origin', [live.robotsUrl])
            : i18n.t('robots.sandbox.noLive', [robotsText('outcome', live.outcome)])}{' '}
          <button type="button" onClick={() => dispatch({ type: 'resetToLive' })} data-testid="sandbox-reset">
            {i18n.t('robots.sandbox.resetLive')}
          </button>
        </p>
      ) : pageUrl && !liveError ? (
        <p>{i18n.t('robots.sandbox.loadingLive')}</p>
      ) : null}
      {liveError ? <p className="cs-error" role="alert">{i18n.t('robots.error', [liveError])}</p> : null}
      <div className="robots-sandbox-grid">
        <div>
          <h2>{i18n.t('robots.sandbox.editor')}</h2>
          <RobotsEditor
            value={text}
            onChange={(t) => dispatch({ type: 'edit', text: t })}
            lineCount={parsed.lineCount}
            diagnostics={parsed.diagnostics}
            highlightLine={highlightLine}
            scrollToLine={scrollTo}
          />
          <p className="cs-muted" data-testid="sandbox-stats">
            {i18n.t('robots.sandbox.stats', [parsed.lineCount, parsed.byteLength, parsed.groups.length])}
          </p>
          <h2>{i18n.t('robots.sandbox.diagnostics', [String(parsed.diagnostics.length)])}</h2>
          {parsed.diagnostics.length === 0 ? <p className="cs-muted">{i18n.t('robots.sandbox.noDiagnostics')}</p> : null}
          <ul data-testid="sandbox-diagnostics">
            <RobotsDiagnosticItems diagnostics={parsed.diagnostics} onLine={(line) => dispatch({ type: 'pickLine', line })} />
          </ul>
          {live ? (
            <>
              <h2>{i18n.t('robots.sandbox.diff')}</h2>
              {changes.length === 0 ? <p className="cs-muted" data-testid="sandbox-no-diff">{i18n.t('robots.sandbox.noDiff')}</p> : null}
              <ul className="robots-diff" data-testid="sandbox-diff">
                {changes.map((c, i) =>
                  c.kind === 'replaced-block' ? (
                    <li key={i}>{i18n.t('robots.sandbox.diffBig', [`${c.fromLines[0]}–${c.fromLines[1]}`, `${c.toLines[0]}–${c.toLines[1]}`])}</li>
                  ) : (
                    <li key={i} className={c.kind === 'added' ? 'robots-diff-add' : 'robots-diff-del'} data-kind={c.kind}>
                      {`${c.kind === 'added' ? '+' : '−'}${String(c.line).padStart(5)}  ${c.text}`}
                    </li>
                  ),
                )}
              </ul>
            </>
          ) : null}
        </div>
        <div>
          <label>
            <h2>{i18n.t('robots.sandbox.urls')}</h2>
            <textarea className="robots-urls" rows={4} value={urlsText} onChange={(e) => dispatch({ type: 'urls', text: e.target.value })} data-testid="sandbox-urls" spellCheck={false} />
          </label>
          <h2>{i18n.t('robots.sandbox.verdicts')}</h2>
          {urls.map((u, ui) =>
            u.url === null ? (
              <p key={ui} className="cs-error">{i18n.t('robots.sandbox.badUrl', [u.raw])}</p>
            ) : (
              <Fragment key={ui}>
              <table className="cs-table robots-table" data-testid="sandbox-verdicts" data-url={u.url}>
                <caption className="robots-caption cs-url">{u.url}</caption>
                <tbody>
                  {results[ui]!.map((v, i) => (
                    <tr
                      key={v.token}
                      data-testid="sandbox-row"
                      data-token={v.token}
                      data-allowed={String(v.allowed)}
                      data-line={v.line ?? ''}
                      className={selected?.url === ui && selected.token === v.token ? 'robots-selected' : undefined}
                    >
                      <th scope="row" className="cs-code" title={crawlerAbout(GOOGLE_CRAWLERS[i].about)}>
                        <button type="button" className="robots-line" onClick={() => pick(ui, v.token, v.line)} data-testid="sandbox-pick">
                          {v.token}
                        </button>
                      </th>
                      <td><RobotsVerdictBadge allowed={v.allowed} /></td>
                      <td>{groupText(v)}</td>
                      <td>
                        {v.line !== null ? i18n.t('robots.lineButton', [String(v.line)]) : i18n.t('robots.noLine')}
                        <div className="cs-muted robots-reason">{robotsText('reason', v.reason)}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div data-testid="sandbox-others" data-url={u.url}>
                <OtherCrawlersTable
                  verdicts={others[ui]!}
                  rowTestId="sandbox-other-row"
                  caption={`${i18n.t('robots.sandbox.others')} — ${u.url}`}
                  onPick={(token, line) => pick(ui, token, line)}
                  selectedToken={selected?.url === ui ? selected.token : null}
                />
                {prefs[ui] ? <PreferencesView prefs={prefs[ui]!.prefs} findings={prefs[ui]!.findings} onLine={(line) => dispatch({ type: 'pickLine', line })} testId="sandbox-aipref" /> : null}
              </div>
              </Fragment>
            ),
          )}
        </div>
      </div>
    </main>
  );
}
