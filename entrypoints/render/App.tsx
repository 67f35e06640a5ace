import { StructuredViews } from './StructuredViews';
import { useState } from 'react';
import { i18n, formatDuration, formatInt, formatNumber, tDynamic } from '#i18n';
import { renderCauseText, renderDifferenceText, renderLiftText, severityLabel } from '../../lib/report';
import type { RenderPageEvents, RenderResource, RenderResult, RenderSnapshot } from '../../lib/render';
import { useRenderPage, useRenderState } from './hooks';
import { renderBlock, tabReportWithRender } from './exportRender';
import { downloadJson } from '../../utils/downloadFile';

/** Render as Googlebot: the page as served, as Googlebot's render built it, and as your browser shows it. */
export function App() {
  const { state: s, dispatch, start, cancel } = useRenderPage();
  const busy = s.phase === 'reading-tab' || s.phase === 'starting' || s.phase === 'running';
  const result = s.job?.state === 'done' ? s.job.result : null;
  return (
    <main className="cs-popup render-page" data-testid="render">
      <h1>{i18n.t('render.heading')}</h1>
      <p className="cs-muted">{i18n.t('render.intro')}</p>
      <form
        className="render-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <label>
          {i18n.t('render.urlLabel')}{' '}
          <input type="url" size={60} value={s.url} disabled={s.tabId !== null || busy} onChange={(e) => dispatch({ type: 'set', url: e.target.value })} data-testid="render-url" />
        </label>{' '}
        <label>
          {i18n.t('render.agentLabel')}{' '}
          <select value={s.agent} disabled={busy} onChange={(e) => dispatch({ type: 'set', agent: e.target.value === 'desktop' ? 'desktop' : 'smartphone' })} data-testid="render-agent">
            <option value="smartphone">{i18n.t('render.agentSmartphone')}</option>
            <option value="desktop">{i18n.t('render.agentDesktop')}</option>
          </select>
        </label>{' '}
        <button type="submit" disabled={busy} data-testid="render-start">
          {result ? i18n.t('render.again') : i18n.t('render.start')}
        </button>{' '}
        {busy ? (
          <button type="button" onClick={cancel} disabled={!s.jobId} data-testid="render-cancel">
            {i18n.t('render.cancel')}
          </button>
        ) : null}
      </form>
      {s.tabId !== null && s.url ? <p className="cs-url cs-muted" data-testid="render-tab">{i18n.t('render.fromTab', [s.url])}</p> : null}
      {s.inputError !== null ? <p className="cs-error" role="alert" data-testid="render-input-error">{i18n.t('render.badUrl', [s.inputError])}</p> : null}
      {s.browserError ? <p className="cs-note" data-testid="render-no-tab-view">{i18n.t('render.noTabView', [s.browserError])}</p> : null}
      {s.error ? <p className="cs-error" role="alert" data-testid="render-error">{i18n.t('render.startFailed', [s.error])}</p> : null}
      <Progress />
      {result ? <Result result={result} screenshot={s.job?.screenshot ?? null} onForce={() => void start(true)} tabId={s.tabId} /> : null}
    </main>
  );
}

function Progress() {
  const s = useRenderState();
  if (s.phase !== 'running' || !s.job || s.job.state !== 'running') return null;
  const j = s.job;
  return (
    <p aria-live="polite" data-testid="render-progress" data-phase={j.phase}>
      {j.phase === 'document'
        ? i18n.t('render.phaseDocument')
        : j.phase === 'snapshot'
          ? i18n.t('render.phaseSnapshot')
          : j.phase === 'experiments'
            ? i18n.t('render.phaseExperiments')
          : i18n.t('render.running', [j.requests, Math.round(j.elapsedMs / 1000), Math.round(j.timeLimitMs / 1000)])}
    </p>
  );
}

function stoppedText(r: RenderResult): string {
  const param = r.stoppedBecause === 'time-limit' ? r.limits.timeMs / 1000 : (r.document?.noindex ?? r.error ?? '');
  return tDynamic(`render.stopped.${r.stoppedBecause}`, [param]);
}

function Result({ result: r, screenshot, onForce, tabId }: { result: RenderResult; screenshot: string | null; onForce: () => void; tabId: number | null }) {
  const [saving, setSaving] = useState(false);
  const bad = r.stoppedBecause === 'robots-blocked' || r.stoppedBecause === 'error';
  const save = async () => {
    setSaving(true);
    try {
      const stamp = new Date(r.renderedAt).toISOString().replace(/[:.]/g, '-');
      if (tabId !== null) downloadJson(`crawlscope-report-${stamp}.json`, await tabReportWithRender(tabId, r));
      else downloadJson(`crawlscope-render-${stamp}.json`, renderBlock(r));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <section
        className="cs-section"
        data-testid="render-result"
        data-stopped={r.stoppedBecause}
        data-differences={r.differences.length}
        data-duration={Math.round(r.durationMs)}
        data-visitor-stopped={r.visitor?.stoppedBecause ?? ''}
        data-script-stopped={r.page.scriptStopped ? 'true' : 'false'}
      >
        <p className={bad ? 'cs-error' : r.stoppedBecause === 'noindex' ? 'cs-note' : ''} data-testid="render-stopped">
          {stoppedText(r)}
        </p>
        {(r.stoppedBecause === 'noindex' || (r.stoppedBecause === 'error' && r.document !== null && r.document.status !== 200)) ? (
          <button type="button" onClick={onForce} data-testid="render-anyway">
            {i18n.t('render.anyway')}
          </button>
        ) : null}
        {r.forced ? <p className="cs-note" data-testid="render-forced">{i18n.t('render.forcedNote')}</p> : null}
        <p className="cs-muted" data-testid="render-limits">
          {i18n.t('render.limits', [r.limits.idleMs, r.limits.timeMs / 1000, r.limits.viewport.width, r.limits.viewport.height])} {i18n.t('render.took', [formatDuration(r.durationMs)])}
        </p>
        <p className="cs-muted cs-url">{i18n.t('render.userAgent', [r.userAgent])}</p>
        <button type="button" onClick={() => void save()} disabled={saving} data-testid="render-download">
          {i18n.t('render.downloadJson')}
        </button>
      </section>
      {r.visitor?.error && !r.visitor.rendered ? (
        <p className="cs-note" data-testid="render-no-visitor">
          {i18n.t('render.noVisitor', [r.visitor.error])}
        </p>
      ) : null}
      {r.rendered ? <Differences result={r} /> : null}
      {r.experiments.length ? <Experiments result={r} /> : null}
      {r.served || r.rendered ? <Views result={r} /> : null}
      {r.served || r.rendered ? <StructuredViews result={r} /> : null}
      <PageEvents page={r.page} />
      <Resources resources={r.resources} />
      {r.rendered ? <Console result={r} /> : null}
      {screenshot ? (
        <section className="cs-section">
          <h2>{i18n.t('render.screenshotHeading')}</h2>
          <img className="render-shot" src={`data:image/jpeg;base64,${screenshot}`} alt={i18n.t('render.screenshotAlt', [r.finalUrl])} data-testid="render-screenshot" />
        </section>
      ) : null}
      {r.rendered ? <RenderedHtml view={r.rendered} /> : null}
    </>
  );
}

function Differences({ result: r }: { result: RenderResult }) {
  return (
    <section className="cs-section" data-testid="render-differences">
      <h2>{i18n.t('render.differencesHeading')}</h2>
      {!r.differences.length ? <p className="compare-identical">{i18n.t(!r.visitor?.rendered ? 'render.noDifferencesNoVisitor' : r.browser ? 'render.noDifferences' : 'render.noDifferencesNoBrowser')}</p> : null}
      <ul className="compare-list">
        {r.differences.map((d, i) => (
          <li
            key={i}
            data-testid="render-difference"
            data-code={d.code}
            data-field={d.field}
            data-severity={d.severity}
            data-count={typeof d.params[0] === 'number' ? d.params[0] : ''}
            data-cause={d.cause?.code ?? ''}
            data-evidence={d.cause?.evidence ?? ''}
            className={`compare-${d.severity}`}
          >
            <span className="compare-sev">{severityLabel(d.severity, tDynamic)}</span> <span data-testid="render-difference-text">{tDynamic(`render.difference.${d.code}`, d.params)}</span>
            {d.samples.length ? (
              <ul className="render-samples" data-testid="render-samples">
                {d.samples.map((x, j) => (
                  <li key={j} className="cs-url">
                    {x}
                  </li>
                ))}
                {d.more ? <li className="cs-muted">{i18n.t('render.andMore', [d.more])}</li> : null}
              </ul>
            ) : null}
            {d.cause ? (
              <div className="compare-why" data-testid="render-cause">
                {i18n.t('render.why', [renderCauseText(d.cause, tDynamic)])}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Experiments({ result: r }: { result: RenderResult }) {
  return (
    <section className="cs-section" data-testid="render-experiments">
      <h2>{i18n.t('render.experimentsHeading')}</h2>
      <p className="cs-muted">{i18n.t('render.experimentsNote')}</p>
      <ul className="compare-list">
        {r.experiments.map((x, i) => (
          <li key={i} data-testid="render-experiment" data-rule={x.lift.rule} data-explained={x.explained}>
            {i18n.t('render.experiment', [renderLiftText(x.lift, tDynamic), x.explained, tDynamic(`render.stopped.${x.stoppedBecause}`, [r.limits.timeMs / 1000])])}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the page tried that the render answered itself: dialogs, windows, JavaScript redirects, a script that never returned. */
function PageEvents({ page: p }: { page: RenderPageEvents }) {
  const lines: { id: string; text: string }[] = [];
  if (p.scriptStopped) lines.push({ id: 'script-stopped', text: p.snapshotAtMs !== null ? i18n.t('render.page.scriptStoppedAt', [formatNumber(p.snapshotAtMs / 1000, 1)]) : i18n.t('render.page.scriptStopped') });
  for (const n of p.navigations) lines.push({ id: `navigation-${n.outcome}`, text: tDynamic(`render.page.navigation.${n.outcome}`, [n.url]) });
  if (p.dialogs.length) lines.push({ id: 'dialogs', text: i18n.t('render.page.dialogs', [p.dialogs.length]) });
  if (p.opened.length) lines.push({ id: 'opened', text: i18n.t('render.page.opened', [p.opened.length]) });
  if (p.windowsClosed) lines.push({ id: 'windows-closed', text: i18n.t('render.page.windowsClosed', [p.windowsClosed]) });
  if (p.beforeunload) lines.push({ id: 'beforeunload', text: i18n.t('render.page.beforeunload', [p.beforeunload]) });
  if (!lines.length) return null;
  return (
    <section className="cs-section" data-testid="render-page-events" data-dialogs={p.dialogs.length} data-opened={p.opened.length} data-windows-closed={p.windowsClosed}>
      <h2>{i18n.t('render.pageHeading')}</h2>
      <ul className="compare-list">
        {lines.map((l) => (
          <li key={l.id} data-event={l.id}>
            {l.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

const FIELDS = ['title', 'robots', 'canonical', 'hreflang', 'headings', 'words', 'internalLinks', 'externalLinks', 'jsonLdTypes'] as const;
type ViewField = (typeof FIELDS)[number];

function cell(v: RenderSnapshot | null, f: ViewField): string {
  if (!v) return i18n.t('render.none');
  const none = i18n.t('render.none');
  switch (f) {
    case 'title':
      return v.title ?? none;
    case 'robots':
      return v.robots.join('\n') || none;
    case 'canonical':
      return v.canonical ?? none;
    case 'hreflang':
      return v.hreflang.map((h) => `${h.lang} ${h.href}`).join('\n') || none;
    case 'headings':
      return v.headings.map((h) => `h${h.level} ${h.text}`).join('\n') || none;
    case 'words':
      return formatInt(v.words);
    case 'internalLinks':
      return i18n.t('render.linksCount', [v.links.internal.length]);
    case 'externalLinks':
      return i18n.t('render.linksCount', [v.links.external.length]);
    case 'jsonLdTypes':
      return v.jsonLdTypes.join(', ') || none;
  }
}

function Views({ result: r }: { result: RenderResult }) {
  const cols: { key: 'served' | 'rendered' | 'visitor' | 'browser'; label: string; view: RenderSnapshot | null }[] = [
    { key: 'served', label: i18n.t('render.columnServed'), view: r.served },
    { key: 'rendered', label: i18n.t('render.columnRendered'), view: r.rendered },
    ...(r.visitor ? [{ key: 'visitor' as const, label: i18n.t('render.columnVisitor'), view: r.visitor.rendered }] : []),
    ...(r.browser ? [{ key: 'browser' as const, label: i18n.t('render.columnBrowser'), view: r.browser }] : []),
  ];
  return (
    <section className="cs-section">
      <table className="cs-table compare-table" data-testid="render-views">
        <thead>
          <tr>
            <th>{i18n.t('render.columnField')}</th>
            {cols.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((f) => (
            <tr key={f} data-field={f}>
              <th scope="row">{tDynamic(`render.field.${f}`)}</th>
              {cols.map((c) => (
                <td key={c.key} data-view={c.key}>
                  {cell(c.view, f)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function outcomeText(x: RenderResource): string {
  switch (x.outcome) {
    case 'cut':
      return i18n.t('render.outcome.cut', [x.keptBytes ?? 0]);
    case 'blocked-robots':
      return x.robots?.line != null ? i18n.t('render.outcome.blocked-robots', [x.robots.line]) : i18n.t('render.outcome.blocked-robots-unreachable');
    case 'failed':
      return i18n.t('render.outcome.failed', [x.error ?? '']);
    default:
      return tDynamic(`render.outcome.${x.outcome}`);
  }
}

function Resources({ resources }: { resources: RenderResource[] }) {
  if (!resources.length) return null;
  return (
    <section className="cs-section">
      <h2>{i18n.t('render.resourcesHeading')}</h2>
      <p className="cs-muted">{i18n.t('render.resourcesNote')}</p>
      <table className="cs-table" data-testid="render-resources">
        <thead>
          <tr>
            <th>{i18n.t('render.colUrl')}</th>
            <th>{i18n.t('render.colKind')}</th>
            <th>{i18n.t('render.colOutcome')}</th>
            <th>{i18n.t('render.colStatus')}</th>
            <th>{i18n.t('render.colBytes')}</th>
          </tr>
        </thead>
        <tbody>
          {resources.map((x, i) => (
            <tr key={i} data-testid="render-resource" data-url={x.url} data-kind={x.kind} data-outcome={x.outcome} data-line={x.robots?.line ?? ''}>
              <td className="cs-url">{x.url}</td>
              <td>{x.kind}</td>
              <td>{outcomeText(x)}</td>
              <td>{x.status ?? i18n.t('render.none')}</td>
              <td>{x.bytes === null ? i18n.t('render.none') : formatInt(x.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Console({ result: r }: { result: RenderResult }) {
  return (
    <section className="cs-section" data-testid="render-console">
      <h2>{i18n.t('render.consoleHeading')}</h2>
      {!r.console.length ? <p className="cs-muted">{i18n.t('render.consoleNone')}</p> : null}
      <ul className="compare-list">
        {r.console.map((c, i) => (
          <li key={i} className={c.level === 'warning' ? 'cs-note' : 'cs-error'}>
            <span className="cs-code">{c.text}</span>
            {c.url ? <span className="cs-muted cs-url"> — {c.url}{c.line !== null ? `:${c.line}` : ''}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RenderedHtml({ view }: { view: RenderSnapshot }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="cs-section">
      <h2>{i18n.t('render.htmlHeading')}</h2>
      {view.htmlCapped ? <p className="cs-note">{i18n.t('render.htmlCapped', [view.html.length])}</p> : null}
      <button
        type="button"
        onClick={() => void navigator.clipboard.writeText(view.html).then(() => setCopied(true))}
        data-testid="render-copy-html"
      >
        {i18n.t('render.copyHtml')}
      </button>
      {copied ? <span role="status"> {i18n.t('render.copied')}</span> : null}
      <details>
        <summary>{i18n.t('render.htmlHeading')}</summary>
        <pre className="render-html cs-code" data-testid="render-html">
          {view.html}
        </pre>
      </details>
    </section>
  );
}
