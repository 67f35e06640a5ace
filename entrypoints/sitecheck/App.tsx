import { memo, useMemo } from 'react';
import { LiveFetchResults } from '../../components/LiveFetchResults';
import { llmsSummaryText } from '../../lib/llmstxt';
import { LIVE_SAMPLE_MAX } from '../../lib/livefetch';
import { i18n, formatDuration, formatInt, formatList, tDynamic } from '#i18n';
import { downloadFile } from '../../utils/downloadFile';
import { verdictText } from '../../lib/report';
import { CRAWLER_CATALOG, crawlerUserAgent } from '../../lib/crawlers';
import {
  bytesCell,
  canonicalCell,
  columnHeading,
  cutCell,
  lostCell,
  noindexCell,
  problemText,
  progressText,
  structuredCell,
  structuredTotals,
  robotsCell,
  SITE_CHECK_DEFAULTS,
  SITE_COLUMNS,
  sitemapText,
  statusCell,
  worstFirst,
  type SiteRow,
  type SitemapStatus,
} from '../../lib/sitecheck';
import { useSiteCheckPage } from './hooks';
import { SiteFindings, Linked } from './SiteFindings';
import { CompareRuns } from './CompareRuns';
import type { UrlCrawlFacts } from '../../lib/sitecheck';

/** The catalog crawlers a check can run as: those whose operator documents a User-Agent. */
const SENDABLE_CRAWLERS = CRAWLER_CATALOG.map((c) => c.token).filter((t) => crawlerUserAgent(t).ok);

/** Rows drawn at most; the exports always hold every URL. */
const MAX_ROWS = 1000;

const fileName = (site: string, ext: string, kind = 'sitecheck') =>
  `crawlscope-${kind}-${new URL(site).hostname.replace(/[^a-z0-9.-]/gi, '_')}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${ext}`;
const linksFileName = (site: string) => fileName(site, 'csv', 'links');
/** The deepest a crawl may be asked to go (the command line's --max-depth takes the same). */
const MAX_DEPTH = 100;

function SitemapItem({ s }: { s: SitemapStatus }) {
  const x = sitemapText(s, tDynamic);
  return (
    <li data-testid="sitemap" data-url={s.url} data-kind={s.kind ?? ''}>
      <span className="cs-url">{x.line}</span>
      {x.tags.length ? <span className="cs-muted"> ({x.tags.join(', ')})</span> : null}
      {x.from ? <span className="cs-muted"> — {x.from}</span> : null}
      {s.problems.length ? (
        <ul>
          {s.problems.map((p, i) => (
            <li key={i} className={p.fatal ? 'cs-error' : 'cs-note'} data-testid="sitemap-problem" data-code={p.code}>
              {problemText(p, tDynamic)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** One row; the same row object renders once (memo), however often the table around it changes. */
/** A crawled URL's place in the link graph: its depth, the page that first links to it (and the link's text), its inlinks. */
function CrawlCells({ f }: { f: UrlCrawlFacts | null }) {
  const from = f?.discoveredFrom ?? null;
  return (
    <>
      <td data-col="depth">{f?.depth === null || f?.depth === undefined ? '—' : formatInt(f.depth)}</td>
      <td data-col="discovered-from">
        {from ? (
          <>
            <Linked text={from.url} urls={[from.url]} />
            <div className="cs-muted">
              {from.anchorText
                ? i18n.t(from.afterRendering ? 'sitecheck.crawl.viaRender' : 'sitecheck.crawl.viaLink', [from.anchorText])
                : from.afterRendering
                  ? i18n.t('crawl.afterRendering')
                  : i18n.t('sitecheck.crawl.viaLinkNoText')}
            </div>
          </>
        ) : (
          '—'
        )}
      </td>
      <td data-col="inlinks">{f ? formatInt(f.inlinks) : '—'}</td>
    </>
  );
}

const Row = memo(function Row({ r, facts }: { r: SiteRow; facts?: UrlCrawlFacts | null }) {
  const t = tDynamic;
  const status = statusCell(r, t);
  const lost = lostCell(r, t);
  return (
    <tr data-testid="row" data-url={r.url} data-verdict={r.verdict}>
      <td data-col="verdict" className={r.verdict === 'indexable' ? '' : r.verdict === 'at-risk' ? 'cs-note' : 'cs-error'}>
        {verdictText(r.verdict, t)}
      </td>
      <td data-col="status">
        {status.status}
        {status.redirects ? <div className="cs-muted">{status.redirects}</div> : null}
        {r.metaRefresh ? (
          <div className={r.metaRefresh.kind === 'instant' ? 'cs-error' : 'cs-note'} data-testid="meta-refresh" data-kind={r.metaRefresh.kind}>
            {r.metaRefresh.message}
          </div>
        ) : null}
      </td>
      <td data-col="bytes">{bytesCell(r, t)}</td>
      <td data-col="cut">{cutCell(r, t, formatInt)}</td>
      <td data-col="lost">
        {lost.items.length ? lost.items.map((l, i) => <div key={i} className="cs-code">{l}</div>) : lost.text}
        {lost.more ? <div className="cs-muted">{lost.more}</div> : null}
      </td>
      <td data-col="robots">{robotsCell(r, t)}</td>
      <td data-col="canonical" className="cs-url">{canonicalCell(r, t)}</td>
      <td data-col="noindex" className="cs-code">{noindexCell(r, t)}</td>
      <td data-col="structured" className={r.structured?.errors ? 'cs-note' : ''} data-errors={r.structured?.errors ?? 0}>{structuredCell(r, t)}</td>
      <td data-col="url" className="cs-url">{r.url}</td>
      {facts !== undefined ? <CrawlCells f={facts} /> : null}
    </tr>
  );
});

export function App() {
  const s = useSiteCheckPage();
  const sorted = useMemo(() => [...s.rows].sort(worstFirst), [s.rows]);
  // The same elements while the rows stay the same: a progress update does not re-render 1,000 rows.
  const crawled = s.crawl !== null;
  const shown = useMemo(
    () => sorted.slice(0, MAX_ROWS).map((r) => <Row key={r.url} r={r} facts={crawled ? s.factsOf(r.url) : undefined} />),
    // factsOf reads the crawl the store holds: the rows change with it.
    [sorted, s.crawl],
  );
  if (!s.site) {
    return (
      <main className="cs-popup" data-testid="sitecheck">
        <p className="cs-error">{i18n.t('sitecheck.noSite')}</p>
      </main>
    );
  }
  const busy = s.phase === 'running' || s.phase === 'paused';
  const p = s.progress;
  const words = p ? progressText(p, tDynamic, formatDuration) : null;
  const { minConcurrency: min, maxConcurrency: max } = SITE_CHECK_DEFAULTS;
  const maxMinutes = SITE_CHECK_DEFAULTS.maxMaxTimeMs / 60_000;
  return (
    <main className="cs-popup" data-testid="sitecheck">
      <h1>{i18n.t('sitecheck.heading')}</h1>
      <p className="cs-url" data-testid="site">{i18n.t('sitecheck.site', [s.site])}</p>
      <p className="cs-muted">{i18n.t('sitecheck.intro')}</p>

      {s.access ? (
        <section className="cs-section" data-testid="access" data-state={s.access.state}>
          <p className="cs-error" data-testid="access-missing">{i18n.t('sitecheck.access.missing', [formatList(s.access.origins)])}</p>
          <button type="button" data-testid="access-grant" disabled={busy} onClick={() => void s.start(s.mode)}>
            {i18n.t('sitecheck.access.grant')}
          </button>
          {s.access.state === 'refused' ? (
            <p role="alert" className="cs-muted" data-testid="access-refused">{i18n.t('sitecheck.access.refused', [formatList(s.access.origins)])}</p>
          ) : null}
        </section>
      ) : null}

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
            <select
              value={s.crawler ?? s.agent}
              onChange={(e) => {
                const v = e.target.value;
                s.set(v === 'desktop' || v === 'smartphone' ? { agent: v, crawler: null } : { crawler: v });
              }}
              data-testid="agent"
            >
              <option value="smartphone">{i18n.t('sitecheck.agentSmartphone')}</option>
              <option value="desktop">{i18n.t('sitecheck.agentDesktop')}</option>
              <optgroup label={i18n.t('sitecheck.agentOthers')}>
                {SENDABLE_CRAWLERS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          <label>
            {i18n.t('sitecheck.concurrencyLabel')}{' '}
            <input type="number" min={min} max={max} value={s.concurrency} onChange={(e) => s.set({ concurrency: Math.min(max, Math.max(min, Number(e.target.value) || min)) })} data-testid="concurrency" />
          </label>
          <label>
            {i18n.t('sitecheck.maxTimeLabel')}{' '}
            <input
              type="number"
              min={SITE_CHECK_DEFAULTS.minMaxTimeMs / 60_000}
              max={maxMinutes}
              step="any"
              value={s.maxTimeMinutes}
              onChange={(e) => s.set({ maxTimeMinutes: Math.min(maxMinutes, Math.max(SITE_CHECK_DEFAULTS.minMaxTimeMs / 60_000, Number(e.target.value) || SITE_CHECK_DEFAULTS.maxTimeMs / 60_000)) })}
              data-testid="max-time"
            />
          </label>
          <label>
            <input type="checkbox" checked={s.followForeign} onChange={(e) => s.set({ followForeign: e.target.checked })} data-testid="follow-foreign" />{' '}
            {i18n.t('sitecheck.followForeignLabel')}
          </label>
          <label>
            {i18n.t('sitecheck.crawl.maxUrlsLabel')}{' '}
            <input
              type="number"
              min={1}
              max={SITE_CHECK_DEFAULTS.maxMaxUrls}
              value={s.maxUrls}
              onChange={(e) => s.set({ maxUrls: Math.min(SITE_CHECK_DEFAULTS.maxMaxUrls, Math.max(1, Math.floor(Number(e.target.value)) || SITE_CHECK_DEFAULTS.maxUrls)) })}
              data-testid="max-urls"
            />
          </label>
          <label>
            {i18n.t('sitecheck.liveSampleLabel')}{' '}
            <input
              type="number"
              min={0}
              max={LIVE_SAMPLE_MAX}
              value={s.liveSample}
              onChange={(e) => s.set({ liveSample: Math.min(LIVE_SAMPLE_MAX, Math.max(0, Math.floor(Number(e.target.value)) || 0)) })}
              data-testid="live-sample"
            />
          </label>
          <span className="cs-muted" data-testid="limit">{i18n.t('sitecheck.limitNote', [s.limit])}</span>
          <div>
            <button type="submit" data-testid="start">{i18n.t('sitecheck.start')}</button>
          </div>
          <fieldset className="cs-section" style={{ border: 0, padding: '10px 0 0', margin: 0, display: 'grid', gap: '6px' }} data-testid="crawl-form">
            <legend style={{ fontWeight: 600, padding: 0 }}>{i18n.t('sitecheck.crawl.heading')}</legend>
            <span className="cs-muted">{i18n.t('sitecheck.crawl.intro')}</span>
            <label>
              {i18n.t('sitecheck.crawl.fromLabel')}{' '}
              <input type="url" size={60} value={s.crawlFrom} onChange={(e) => s.set({ crawlFrom: e.target.value })} data-testid="crawl-from" />
            </label>
            {s.startError !== null ? <span className="cs-error" role="alert" data-testid="crawl-from-error">{i18n.t('sitecheck.badSitemap', [s.startError])}</span> : null}
            <label>
              {i18n.t('sitecheck.crawl.maxDepthLabel')}{' '}
              <input
                type="number"
                min={0}
                max={MAX_DEPTH}
                value={s.maxDepth}
                onChange={(e) => s.set({ maxDepth: Math.min(MAX_DEPTH, Math.max(0, Math.floor(Number(e.target.value)))) || 0 })}
                data-testid="max-depth"
              />
            </label>
            <label>
              <input type="checkbox" checked={s.readSitemaps} onChange={(e) => s.set({ readSitemaps: e.target.checked })} data-testid="read-sitemaps" />{' '}
              {i18n.t('sitecheck.crawl.readSitemapsLabel')}
            </label>
            <label>
              <input type="checkbox" checked={s.render} onChange={(e) => s.set({ render: e.target.checked })} data-testid="render" />{' '}
              {i18n.t('sitecheck.crawl.renderLabel')}
            </label>
            <div>
              <button type="button" data-testid="crawl-start" onClick={() => void s.start('crawl')}>{i18n.t('sitecheck.crawl.start')}</button>
            </div>
          </fieldset>
        </fieldset>
      </form>

      {p && words ? (
        <section className="cs-section" data-testid="progress-section" aria-live="polite" data-analysis-threads={s.analysisThreads}>
          <p>
            <strong data-testid="state" data-state={p.state}>{words.state}</strong>{' '}
            <span data-testid="progress">{words.progress}</span>
            {words.discovering ? <span className="cs-muted"> — {words.discovering}</span> : null}
            {words.eta ? <span data-testid="eta"> — {words.eta}</span> : null}
          </p>
          <progress value={p.done} max={Math.max(1, p.total)} data-testid="progress-bar" style={{ width: '100%' }} />
          {words.ended ? <p className="cs-note" role="status" data-testid="ended">{words.ended}</p> : null}
          <p data-testid="counts">{words.counts}</p>
          {p && structuredTotals(p, tDynamic) ? <p data-testid="structured-totals">{structuredTotals(p, tDynamic)}</p> : null}
          {words.notAccepted ? <p className="cs-note" data-testid="not-accepted">{words.notAccepted}</p> : null}
          {words.duplicates ? <p className="cs-muted" data-testid="duplicates">{words.duplicates}</p> : null}
          {s.llms ? (
            <p data-testid="llms-summary" data-outcome={s.llms.outcome} data-well-formed={s.llms.parsed ? String(s.llms.parsed.wellFormed) : ''}>
              {llmsSummaryText(s.llms, tDynamic)}
            </p>
          ) : null}
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
                  {problemText(x, tDynamic)}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {s.errors.length ? (
        <p className="cs-error" data-testid="errors">{i18n.t('sitecheck.errors', [s.errors.length, s.errors.map((e) => `${e.url}: ${e.error}`).join('; ')])}</p>
      ) : null}

      {s.live.length ? (
        <section className="cs-section" data-testid="live-section">
          <h2>{i18n.t('livefetch.heading')}</h2>
          {s.live.map((x) => (
            <div key={x.url} data-testid="live-url" data-url={x.url}>
              <h3 className="cs-url">{x.url}</h3>
              {x.report ? <LiveFetchResults live={x.report} /> : <p className="cs-error">{i18n.t('crawlers.live.failed', [x.error ?? ''])}</p>}
            </div>
          ))}
        </section>
      ) : null}

      {p ? (
        <div role="tablist" className="cs-export" aria-label={i18n.t('sitecheck.crawl.tabsLabel')}>
          {(['urls', 'findings', 'compare'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`tab-${tab}`}
              aria-selected={s.tab === tab}
              aria-controls={`panel-${tab}`}
              data-testid={`tab-${tab}`}
              onClick={() => s.set({ tab })}
              style={s.tab === tab ? { fontWeight: 700 } : undefined}
            >
              {tab === 'urls'
                ? i18n.t('sitecheck.crawl.tabUrls', [formatInt(sorted.length)])
                : tab === 'findings'
                  ? i18n.t('sitecheck.crawl.tabFindings', [formatInt(s.crawl?.result.findings.length ?? 0)])
                  : i18n.t('sitecheck.crawl.tabCompare')}
            </button>
          ))}
        </div>
      ) : null}

      {p && s.tab === 'findings' ? (
        <section className="cs-section" role="tabpanel" id="panel-findings" aria-labelledby="tab-findings">
          <SiteFindings result={s.crawl?.result ?? null} busy={busy} onExportLinks={() => void s.exportLinksCsv().then((b) => downloadFile(linksFileName(s.site!), b), () => undefined)} />
        </section>
      ) : null}

      {p && s.tab === 'compare' ? (
        <section className="cs-section" role="tabpanel" id="panel-compare" aria-labelledby="tab-compare">
          <CompareRuns />
        </section>
      ) : null}

      {p && s.tab === 'urls' ? (
        <section className="cs-section" data-testid="results" role="tabpanel" id="panel-urls" aria-labelledby="tab-urls">
          <h2>{i18n.t('sitecheck.resultsHeading', [formatInt(sorted.length)])}</h2>
          <p>
            <button type="button" data-testid="export-csv" disabled={!sorted.length} onClick={() => downloadFile(fileName(s.site!, 'csv'), new Blob([s.exportCsv()], { type: 'text/csv' }))}>
              {i18n.t('sitecheck.exportCsv')}
            </button>{' '}
            <button type="button" data-testid="export-jsonl" disabled={!sorted.length} onClick={() => void s.exportJsonl().then((b) => downloadFile(fileName(s.site!, 'jsonl'), b), () => undefined)}>
              {i18n.t('sitecheck.exportJsonl')}
            </button>{' '}
            <span className="cs-muted">{i18n.t('sitecheck.exportNote')}</span>
          </p>
          {s.storeError ? <p className="cs-error" role="alert" data-testid="store-error">{i18n.t('sitecheck.storeError', [s.storeError])}</p> : null}
          {sorted.length > MAX_ROWS ? <p className="cs-muted" data-testid="showing">{i18n.t('sitecheck.showing', [MAX_ROWS, sorted.length])}</p> : null}
          {sorted.length ? (
            <table className="cs-table" data-testid="results-table">
              <thead>
                <tr>
                  {SITE_COLUMNS.map((c) => (
                    <th key={c} scope="col">{columnHeading(c, tDynamic)}</th>
                  ))}
                  {crawled ? (
                    <>
                      <th scope="col">{i18n.t('sitecheck.crawl.columnDepth')}</th>
                      <th scope="col">{i18n.t('sitecheck.crawl.columnFrom')}</th>
                      <th scope="col">{i18n.t('sitecheck.crawl.columnInlinks')}</th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {shown}
              </tbody>
            </table>
          ) : (
            <p className="cs-muted" data-testid="no-results">{busy ? i18n.t('sitecheck.empty') : i18n.t('sitecheck.nothing')}</p>
          )}
        </section>
      ) : null}
    </main>
  );
}
