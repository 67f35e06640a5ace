import { useMemo } from 'react';
import { i18n, formatDuration, formatInt } from '#i18n';
import { verdictKey } from '../../lib/report/reportToMarkdown';
import { worstFirst, type SiteRow, type SitemapProblem, type SitemapStatus } from '../../lib/sitecheck';
import { useSiteCheck } from './store';

/** Rows drawn at most; the exports always hold every URL. */
const MAX_ROWS = 1000;
const none = () => i18n.t('sitecheck.none');

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileName = (site: string, ext: string) =>
  `crawlscope-sitecheck-${new URL(site).hostname.replace(/[^a-z0-9.-]/gi, '_')}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${ext}`;

function problemText(p: SitemapProblem): string {
  const text = i18n.tDynamic(`sitecheck.problem.${p.code}`, p.params);
  return p.line !== null ? i18n.t('sitecheck.problemAt', [p.line, text]) : text;
}

function SitemapItem({ s }: { s: SitemapStatus }) {
  const from =
    s.from.kind === 'robots' ? i18n.t('sitecheck.sitemapFromRobots', [s.from.robotsUrl, s.from.line]) : s.from.kind === 'index' ? i18n.t('sitecheck.sitemapFromIndex', [s.from.index]) : '';
  const tags = [s.kind === 'sitemapindex' ? i18n.t('sitecheck.sitemapIndex') : '', s.gzip ? i18n.t('sitecheck.sitemapGzip') : ''].filter(Boolean);
  return (
    <li data-testid="sitemap" data-url={s.url} data-kind={s.kind ?? ''}>
      <span className="cs-url">{i18n.t('sitecheck.sitemapLine', [s.url, s.entries, s.bytes])}</span>
      {tags.length ? <span className="cs-muted"> ({tags.join(', ')})</span> : null}
      {from ? <span className="cs-muted"> — {from}</span> : null}
      {s.problems.length ? (
        <ul>
          {s.problems.map((p, i) => (
            <li key={i} className={p.fatal ? 'cs-error' : 'cs-note'} data-testid="sitemap-problem" data-code={p.code}>
              {problemText(p)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function robotsCell(r: SiteRow): string {
  if (!r.robots) return none();
  if (r.robots.line === null) return r.robots.allowed ? i18n.t('sitecheck.robotsAllowed') : i18n.t('sitecheck.robotsUnreachable');
  return i18n.t(r.robots.allowed ? 'sitecheck.robotsAllowedLine' : 'sitecheck.robotsDisallowed', [r.robots.line, r.robots.rule ?? '']);
}

function statusCell(r: SiteRow): string {
  if (r.status === null) return r.error ?? (r.robots && !r.robots.allowed ? i18n.t('sitecheck.notFetched') : none());
  return String(r.status);
}

function bytesCell(r: SiteRow): string {
  if (r.bytes === null || r.limit === null) return none();
  const total = r.bytesLowerBound ? i18n.t('sitecheck.lowerBound', [formatInt(r.bytes)]) : formatInt(r.bytes);
  const of = i18n.t('sitecheck.bytesOf', [total, formatInt(r.limit)]);
  return r.truncated ? `${of} — ${i18n.t('sitecheck.overBy', [formatInt(r.bytes - r.limit)])}` : of;
}

function Row({ r }: { r: SiteRow }) {
  const lost = r.lost.slice(0, 3);
  return (
    <tr data-testid="row" data-url={r.url} data-verdict={r.verdict}>
      <td data-col="verdict" className={r.verdict === 'indexable' ? '' : r.verdict === 'at-risk' ? 'cs-note' : 'cs-error'}>
        {i18n.tDynamic(`report.verdict.${verdictKey(r.verdict)}`)}
      </td>
      <td data-col="status">
        {statusCell(r)}
        {r.redirects ? <div className="cs-muted">{i18n.t('sitecheck.redirects', [r.redirects, r.finalUrl])}</div> : null}
        {r.metaRefresh ? (
          <div className={r.metaRefresh.kind === 'instant' ? 'cs-error' : 'cs-note'} data-testid="meta-refresh" data-kind={r.metaRefresh.kind}>
            {r.metaRefresh.message}
          </div>
        ) : null}
      </td>
      <td data-col="bytes">{bytesCell(r)}</td>
      <td data-col="cut">{r.cutOffset === null ? none() : formatInt(r.cutOffset)}</td>
      <td data-col="lost">
        {lost.length ? lost.map((l, i) => <div key={i} className="cs-code">{l}</div>) : none()}
        {r.lost.length > lost.length ? <div className="cs-muted">{i18n.t('sitecheck.moreLost', [r.lost.length - lost.length])}</div> : null}
      </td>
      <td data-col="robots">{robotsCell(r)}</td>
      <td data-col="canonical" className="cs-url">
        {r.canonical === null ? none() : r.canonical === r.finalUrl ? i18n.t('sitecheck.canonicalSelf') : r.canonical}
      </td>
      <td data-col="noindex" className="cs-code">{r.noindex.length ? r.noindex.join(' | ') : none()}</td>
      <td data-col="url" className="cs-url">{r.url}</td>
    </tr>
  );
}

export function App() {
  const s = useSiteCheck();
  const sorted = useMemo(() => [...s.rows].sort(worstFirst), [s.rows]);
  if (!s.site) {
    return (
      <main className="cs-popup" data-testid="sitecheck">
        <p className="cs-error">{i18n.t('sitecheck.noSite')}</p>
      </main>
    );
  }
  const busy = s.phase === 'running' || s.phase === 'paused';
  const p = s.progress;
  return (
    <main className="cs-popup" data-testid="sitecheck">
      <h1>{i18n.t('sitecheck.heading')}</h1>
      <p className="cs-url" data-testid="site">{i18n.t('sitecheck.site', [s.site])}</p>
      <p className="cs-muted">{i18n.t('sitecheck.intro')}</p>

      <form
        className="cs-section"
        onSubmit={(e) => {
          e.preventDefault();
          void s.start();
        }}
      >
        <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: '6px' }}>
          <label>
            {i18n.t('sitecheck.sitemapLabel')}{' '}
            <input type="url" size={60} value={s.sitemap} onChange={(e) => s.set({ sitemap: e.target.value })} data-testid="sitemap-input" aria-describedby="sitemap-help" />
          </label>
          <span id="sitemap-help" className="cs-muted">{i18n.t('sitecheck.sitemapHelp', [`${s.site}/robots.txt`])}</span>
          {s.inputError !== null ? <span className="cs-error" role="alert">{i18n.t('sitecheck.badSitemap', [s.inputError])}</span> : null}
          <label>
            {i18n.t('sitecheck.agentLabel')}{' '}
            <select value={s.agent} onChange={(e) => s.set({ agent: e.target.value === 'desktop' ? 'desktop' : 'smartphone' })} data-testid="agent">
              <option value="smartphone">{i18n.t('sitecheck.agentSmartphone')}</option>
              <option value="desktop">{i18n.t('sitecheck.agentDesktop')}</option>
            </select>
          </label>
          <label>
            {i18n.t('sitecheck.concurrencyLabel')}{' '}
            <input type="number" min={1} max={16} value={s.concurrency} onChange={(e) => s.set({ concurrency: Math.min(16, Math.max(1, Number(e.target.value) || 1)) })} data-testid="concurrency" />
          </label>
          <span className="cs-muted" data-testid="limit">{i18n.t('sitecheck.limitNote', [s.limit])}</span>
          <div>
            <button type="submit" data-testid="start">{i18n.t('sitecheck.start')}</button>
          </div>
        </fieldset>
      </form>
      {s.permission ? (
        <p className="cs-error" role="alert" data-testid="permission">{i18n.t('sitecheck.permission', [s.permission.origin])}</p>
      ) : null}

      {p ? (
        <section className="cs-section" data-testid="progress-section" aria-live="polite">
          <p>
            <strong data-testid="state" data-state={s.phase}>{i18n.tDynamic(`sitecheck.state.${s.phase === 'idle' ? 'running' : s.phase}`)}</strong>{' '}
            <span data-testid="progress">{i18n.t('sitecheck.progress', [p.done, formatInt(p.total)])}</span>
            {p.discovering ? <span className="cs-muted"> — {i18n.t('sitecheck.discovering')}</span> : null}
            {busy && p.etaMs !== null ? <span data-testid="eta"> — {i18n.t('sitecheck.eta', [formatDuration(p.etaMs)])}</span> : null}
          </p>
          <progress value={p.done} max={Math.max(1, p.total)} data-testid="progress-bar" style={{ width: '100%' }} />
          <p data-testid="counts">
            {i18n.t('sitecheck.counts', [formatInt(p.byVerdict.indexable), formatInt(p.byVerdict['at-risk']), formatInt(p.byVerdict['not-indexable']), formatInt(p.overLimit)])}
          </p>
          {busy ? (
            <p>
              {s.phase === 'running' ? (
                <button type="button" onClick={s.pause} data-testid="pause">{i18n.t('sitecheck.pause')}</button>
              ) : (
                <button type="button" onClick={s.resume} data-testid="resume">{i18n.t('sitecheck.resume')}</button>
              )}{' '}
              <button type="button" onClick={s.cancel} data-testid="cancel">{i18n.t('sitecheck.cancel')}</button>
            </p>
          ) : null}
        </section>
      ) : null}

      {s.sitemaps.length || s.problems.length ? (
        <section className="cs-section" data-testid="sitemaps">
          <h2>{i18n.t('sitecheck.sitemapsHeading', [formatInt(s.sitemaps.length)])}</h2>
          <ul>
            {s.sitemaps.map((x) => (
              <SitemapItem key={x.url} s={x} />
            ))}
          </ul>
          {s.problems.length ? (
            <ul data-testid="problems">
              {s.problems.map((x, i) => (
                <li key={i} className="cs-error" data-testid="sitemap-problem" data-code={x.code}>
                  {problemText(x)}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {s.errors.length ? (
        <p className="cs-error" data-testid="errors">{i18n.t('sitecheck.errors', [s.errors.length, s.errors.map((e) => `${e.url}: ${e.error}`).join('; ')])}</p>
      ) : null}

      {p ? (
        <section className="cs-section" data-testid="results">
          <h2>{i18n.t('sitecheck.resultsHeading', [formatInt(sorted.length)])}</h2>
          <p>
            <button type="button" data-testid="export-csv" disabled={!sorted.length} onClick={() => download(fileName(s.site!, 'csv'), s.exportCsv(), 'text/csv')}>
              {i18n.t('sitecheck.exportCsv')}
            </button>{' '}
            <button type="button" data-testid="export-jsonl" disabled={!sorted.length} onClick={() => download(fileName(s.site!, 'jsonl'), s.exportJsonl(), 'application/jsonl')}>
              {i18n.t('sitecheck.exportJsonl')}
            </button>{' '}
            <span className="cs-muted">{i18n.t('sitecheck.exportNote')}</span>
          </p>
          {sorted.length > MAX_ROWS ? <p className="cs-muted" data-testid="showing">{i18n.t('sitecheck.showing', [MAX_ROWS, sorted.length])}</p> : null}
          {sorted.length ? (
            <table className="cs-table" data-testid="results-table">
              <thead>
                <tr>
                  {(['verdict', 'status', 'bytes', 'cut', 'lost', 'robots', 'canonical', 'noindex', 'url'] as const).map((c) => (
                    <th key={c} scope="col">{i18n.t(`sitecheck.col.${c}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sorted.slice(0, MAX_ROWS).map((r) => (
                  <Row key={r.url} r={r} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="cs-muted">{i18n.t('sitecheck.empty')}</p>
          )}
        </section>
      ) : null}
    </main>
  );
}
