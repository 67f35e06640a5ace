// "Compare with an earlier run": the run shown against a saved export (JSON Lines, from a file) or
// one of the last runs of this site kept in IndexedDB — lib/sitecheck compareRuns' changes, worse
// first, each with its values before and after; every URL a link (as text, never the page's HTML).
import { i18n, formatBytes, formatDateTime, tDynamic } from '#i18n';
import { verdictText } from '../../lib/report';
import { findingItemText, type FindingChange, type RunChanges, type UrlChange, type UrlInOneRun } from '../../lib/sitecheck';
import { useSiteCheckPage } from './hooks';
import { evidenceUrls } from './linkParts';
import { Linked } from './SiteFindings';
import type { Comparison } from './hooks';

const t = tDynamic;
const none = () => t('sitecheck.compare.none');

/** A URL change's value, before or after, in words. */
function valueText(c: UrlChange, side: 'before' | 'after'): string {
  switch (c.kind) {
    case 'verdict': {
      const v = c[side];
      return v.why.length ? `${verdictText(v.verdict, t)} (${v.why.map((w) => w.message).join('; ')})` : verdictText(v.verdict, t);
    }
    case 'status': {
      const v = c[side];
      return v.status !== null ? String(v.status) : v.error ? t('sitecheck.compare.noAnswer', [v.error]) : none();
    }
    case 'redirect': {
      const v = c[side];
      return v.hops ? t('sitecheck.compare.redirects', [v.finalUrl, v.hops]) : v.finalUrl;
    }
    case 'bytes': {
      const v = c[side];
      return v.bytes === null ? none() : v.overLimit ? t('sitecheck.compare.overLimit', [v.bytes, v.limit ?? 0]) : t('sitecheck.compare.withinLimit', [v.bytes, v.limit ?? 0]);
    }
    case 'robots': {
      const v = c[side];
      if (!v) return none();
      return v.allowed ? t('sitecheck.compare.robotsAllowed', [v.robotsUrl, v.line ?? '—', v.rule ?? '']) : t('sitecheck.compare.robotsBlocked', [v.robotsUrl, v.line ?? '—', v.rule ?? '']);
    }
    case 'noindex': {
      const v = c[side];
      return v.noindex.length ? v.noindex.join(' · ') : none();
    }
    case 'canonical': {
      const v = c[side];
      return v.canonical ?? none();
    }
    case 'render': {
      const v = c[side];
      return v.differences.length ? v.differences.map((d) => d.message).join(' · ') : t('sitecheck.compare.renderNone');
    }
  }
}

const urlsOf = (c: UrlChange): string[] => {
  const out = [c.url];
  if (c.kind === 'redirect') out.push(c.before.finalUrl, c.after.finalUrl);
  if (c.kind === 'canonical') out.push(...[c.before.canonical, c.after.canonical].filter((u): u is string => !!u));
  if (c.kind === 'robots') out.push(...[c.before?.robotsUrl, c.after?.robotsUrl].filter((u): u is string => !!u));
  return out;
};

function UrlChangeItem({ c }: { c: UrlChange }) {
  const text = t('sitecheck.compare.urlChange', [t(`sitecheck.compare.kind.${c.kind}`), c.url, valueText(c, 'before'), valueText(c, 'after')]);
  return (
    <li data-testid="change" data-kind={c.kind} data-direction={c.direction} data-url={c.url} className={c.direction === 'worse' ? 'cs-error' : c.direction === 'better' ? '' : 'cs-muted'}>
      <span className="cs-verdict-sev">{t(`sitecheck.compare.direction.${c.direction}`)}</span> <Linked text={text} urls={urlsOf(c)} />
    </li>
  );
}

function OneRunItem({ u }: { u: UrlInOneRun }) {
  const text = t(`sitecheck.compare.${u.change}Url`, [u.url, verdictText(u.verdict, t), u.status ?? none()]);
  return (
    <li data-testid="change" data-kind={u.change} data-direction={u.direction} data-url={u.url} className={u.direction === 'worse' ? 'cs-error' : 'cs-muted'}>
      <span className="cs-verdict-sev">{t(`sitecheck.compare.direction.${u.direction}`)}</span> <Linked text={text} urls={[u.url]} />
    </li>
  );
}

function FindingChangeItem({ f }: { f: FindingChange }) {
  const title = t(`crawl.finding.${f.code}.title`, [f.change === 'count' ? f.after : f.items.length]);
  const what = t(`sitecheck.compare.finding.${f.change}`, [title, f.before, f.after]);
  return (
    <li data-testid="finding-change" data-code={f.code} data-change={f.change} data-direction={f.direction} data-before={f.before} data-after={f.after}>
      <span className="cs-verdict-sev">{t(`sitecheck.compare.direction.${f.direction}`)}</span> {what}
      {f.items.length ? (
        <ul className="cs-verdict-evidence">
          {f.items.map((x, i) => (
            <li key={i} data-testid="finding-change-item">
              <Linked text={findingItemText(f.code, x, t)} urls={evidenceUrls(x)} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Changes({ c, comparison }: { c: RunChanges; comparison: Extract<Comparison, { state: 'done' }> }) {
  const order = { worse: 0, better: 1, changed: 2 } as const;
  const urls = [...c.urls].sort((a, b) => order[a.direction] - order[b.direction]);
  const inOne = [...c.urlsInOneRun].sort((a, b) => order[a.direction] - order[b.direction]);
  const findings = [...c.findings].sort((a, b) => order[a.direction] - order[b.direction]);
  const nothing = !urls.length && !inOne.length && !findings.length;
  return (
    <div data-testid="changes" data-worse={c.worse} data-better={c.better} data-changed={c.changed}>
      <p data-testid="changes-summary">{t('sitecheck.compare.summary', [c.worse, c.better, c.changed, c.compared])}</p>
      {c.notes.map((n, i) => (
        <p key={i} className="cs-note" data-testid="changes-note" data-code={n.code}>
          {t(`sitecheck.compare.note.${n.code}`, n.params)}
        </p>
      ))}
      {comparison.problemCount ? (
        <ul data-testid="baseline-problems">
          {comparison.problems.map((p, i) => (
            <li key={i} className="cs-note" data-code={p.code}>
              {t(`sitecheck.compare.problem.${p.code}`, p.params)}
            </li>
          ))}
          {comparison.problemCount > comparison.problems.length ? <li className="cs-muted">{t('crawl.more', [comparison.problemCount - comparison.problems.length])}</li> : null}
        </ul>
      ) : null}
      {nothing ? <p data-testid="no-changes">{t('sitecheck.compare.noChanges')}</p> : null}
      {urls.length || inOne.length ? (
        <ul className="cs-verdict-reasons" data-testid="url-changes">
          {urls.map((x, i) => (
            <UrlChangeItem key={`u${i}`} c={x} />
          ))}
          {inOne.map((x, i) => (
            <OneRunItem key={`o${i}`} u={x} />
          ))}
        </ul>
      ) : null}
      {findings.length ? (
        <ul className="cs-verdict-reasons" data-testid="finding-changes">
          {findings.map((f, i) => (
            <FindingChangeItem key={i} f={f} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function CompareRuns() {
  const s = useSiteCheckPage();
  const ended = s.phase === 'done' || s.phase === 'cancelled' || s.phase === 'timeLimit';
  if (!ended) return <p className="cs-muted" data-testid="compare-wait">{i18n.t('sitecheck.compare.afterRun')}</p>;
  const saved = (s.saved ?? []).filter((r) => r.id !== s.savedId);
  const kept = s.saved ?? [];
  const bytes = kept.reduce((n, r) => n + r.bytes, 0);
  const c = s.comparison;
  return (
    <div data-testid="compare">
      <p className="cs-muted" data-testid="saved-summary" data-runs={kept.length} data-bytes={bytes}>
        {t('sitecheck.compare.kept', [kept.length, formatBytes(bytes), s.runsPerSite])}{' '}
        {kept.length ? (
          <button type="button" data-testid="forget-runs" onClick={() => void s.forgetSaved()}>
            {i18n.t('sitecheck.compare.forget')}
          </button>
        ) : null}
      </p>
      {saved.length ? (
        <ul data-testid="saved-runs">
          {saved.map((r) => (
            <li key={r.id} data-testid="saved-run" data-id={r.id} data-urls={r.urls} data-state={r.state}>
              {t(r.crawl ? 'sitecheck.compare.savedCrawl' : 'sitecheck.compare.savedCheck', [formatDateTime(r.savedAt), r.urls, formatBytes(r.bytes)])}
              {r.state !== 'done' ? <span className="cs-note"> — {t(`sitecheck.state.${r.state}`)}</span> : null}{' '}
              <button type="button" data-testid="saved-run-compare" onClick={() => void s.compareWithSaved(r)}>
                {i18n.t('sitecheck.compare.withThis')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="cs-muted" data-testid="saved-none">{i18n.t('sitecheck.compare.noSaved')}</p>
      )}
      <label>
        {i18n.t('sitecheck.compare.fileLabel')}{' '}
        <input
          type="file"
          accept=".jsonl,.ndjson,.json,application/jsonl,application/x-ndjson"
          data-testid="compare-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void s.compareWithFile(f);
            e.target.value = '';
          }}
        />
      </label>
      {c ? (
        <section className="cs-section" data-testid="comparison" data-state={c.state}>
          <h3 data-testid="compared-with">
            {c.with.kind === 'file' ? t('sitecheck.compare.withFile', [c.with.name]) : t('sitecheck.compare.withSaved', [formatDateTime(c.with.run.savedAt)])}
          </h3>
          {c.state === 'reading' ? <p className="cs-muted">{i18n.t('sitecheck.compare.reading')}</p> : null}
          {c.state === 'failed' ? (
            <p className="cs-error" role="alert" data-testid="compare-error" data-code={c.problem?.code ?? ''}>
              {c.problem ? t(`sitecheck.compare.problem.${c.problem.code}`, c.problem.params) : t('sitecheck.compare.failed', [c.error ?? ''])}
            </p>
          ) : null}
          {c.state === 'done' ? <Changes c={c.changes} comparison={c} /> : null}
        </section>
      ) : null}
    </div>
  );
}
