// "Compare with an earlier run": the run shown against a saved export (JSON Lines, from a file) or
// one of the last runs of this site kept in IndexedDB — lib/sitecheck compareRuns' changes in the
// words the command line prints (changesText): worse, better, other changes, each URL or site
// finding with its values before → after and its evidence; every URL a link (as text, never the
// page's HTML).
import { i18n, formatBytes, formatDateTime, tDynamic } from '#i18n';
import { baselineProblemText, changesText, type RunChanges } from '../../lib/sitecheck';
import { useSiteCheckPage, type Comparison } from './hooks';
import { evidenceUrls } from './linkParts';
import { Linked } from './SiteFindings';

const t = tDynamic;

/** Every URL the changes name (the URLs, their redirects' and canonicals' targets, the findings' evidence): each is a link where a line names it. */
function changedUrls(c: RunChanges): string[] {
  const out = new Set<string>();
  for (const u of c.urls) {
    out.add(u.url);
    if (u.kind === 'redirect') [u.before.finalUrl, u.after.finalUrl].forEach((x) => out.add(x));
    if (u.kind === 'canonical') [u.before.canonical, u.after.canonical].forEach((x) => x && out.add(x));
  }
  for (const u of c.urlsInOneRun) out.add(u.url);
  for (const f of c.findings) for (const x of f.items) evidenceUrls(x).forEach((u) => out.add(u));
  return [...out];
}

function Changes({ done, baseline }: { done: Extract<Comparison, { state: 'done' }>; baseline: string }) {
  const c = done.changes;
  const x = changesText(c, t, baseline);
  const urls = changedUrls(c);
  return (
    <div data-testid="changes" data-worse={c.worse} data-better={c.better} data-changed={c.changed}>
      <p data-testid="changes-summary">{x.summary}</p>
      {x.notes.map((n, i) => (
        <p key={i} className="cs-note" data-testid="changes-note" data-code={c.notes[i]!.code}>
          {n}
        </p>
      ))}
      {done.problemCount ? (
        <ul data-testid="baseline-problems">
          {done.problems.map((p, i) => (
            <li key={i} className="cs-note" data-code={p.code}>
              {baselineProblemText(p, t)}
            </li>
          ))}
          {done.problemCount > done.problems.length ? <li className="cs-muted">{t('changes.baseline.more', [done.problemCount - done.problems.length])}</li> : null}
        </ul>
      ) : null}
      {x.none ? <p data-testid="no-changes">{x.none}</p> : null}
      {x.groups.map((g) => (
        <section key={g.direction} data-testid="changes-group" data-direction={g.direction}>
          <h4 className={g.direction === 'worse' ? 'cs-error' : undefined} data-testid="changes-heading">{g.heading}</h4>
          <ul className="cs-verdict-reasons">
            {g.entries.map((e, i) => (
              <li key={i} className={`cs-verdict-reason ${g.direction === 'worse' ? 'cs-sev-block' : ''}`} data-testid="change-entry" data-url={e.url ?? ''}>
                <strong data-testid="change-what">{e.url ? <Linked text={e.url} urls={[e.url]} /> : e.title}</strong>
                <ul className="cs-verdict-evidence">
                  {e.lines.map((line, k) => (
                    <li key={k} data-testid="change-line">
                      <Linked text={line.trim()} urls={urls} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function CompareRuns() {
  const s = useSiteCheckPage();
  const ended = s.phase === 'done' || s.phase === 'cancelled' || s.phase === 'timeLimit';
  if (!ended) return <p className="cs-muted" data-testid="compare-wait">{i18n.t('sitecheck.compare.afterRun')}</p>;
  const kept = s.saved ?? [];
  const saved = kept.filter((r) => r.id !== s.savedId);
  const bytes = kept.reduce((n, r) => n + r.bytes, 0);
  const c = s.comparison;
  const baseline = c ? (c.with.kind === 'file' ? c.with.name : t('sitecheck.compare.savedName', [formatDateTime(c.with.run.savedAt)])) : '';
  return (
    <div data-testid="compare">
      <p className="cs-muted" data-testid="saved-summary" data-runs={kept.length} data-bytes={bytes}>
        {kept.length ? t('sitecheck.compare.kept', [kept.length, formatBytes(bytes), s.runsPerSite]) : null}{' '}
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
        <section className="cs-section" data-testid="comparison" data-state={c.state} data-baseline={baseline}>
          {c.state === 'reading' ? <p className="cs-muted">{i18n.t('sitecheck.compare.reading')}</p> : null}
          {c.state === 'failed' ? (
            <p className="cs-error" role="alert" data-testid="compare-error" data-code={c.problem?.code ?? ''}>
              {c.problem ? baselineProblemText(c.problem, t) : t('sitecheck.compare.failed', [c.error ?? ''])}
            </p>
          ) : null}
          {c.state === 'done' ? <Changes done={c} baseline={baseline} /> : null}
        </section>
      ) : null}
    </div>
  );
}
