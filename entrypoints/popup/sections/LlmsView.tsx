import { i18n, tDynamic } from '#i18n';
import { llmsSummaryText, type LlmsLinkReport, type LlmsTxtReport } from '../../../lib/llmstxt';
import type { Step } from '../report/types';

/** The origin's llms.txt: one line (absence is information), its notes with their lines, and its links checked on request. */
export function LlmsView({ step, links, onCheckLinks }: { step: Step<LlmsTxtReport>; links: Step<LlmsLinkReport>; onCheckLinks: () => void }) {
  const r = step.value;
  const parsed = r?.parsed ?? null;
  return (
    <div data-testid="llms" data-status={step.status} data-outcome={r?.outcome ?? ''} data-well-formed={parsed ? String(parsed.wellFormed) : ''}>
      <h3>{i18n.t('llms.heading')}</h3>
      {step.status === 'pending' ? <p>{i18n.t('llms.loading')}</p> : null}
      {step.status === 'timeout' ? <p className="cs-error">{i18n.t('llms.tookLonger', [step.limitMs / 1000])}</p> : null}
      {step.status === 'failed' ? <p className="cs-error">{i18n.t('llms.summary.unavailable', [step.error ?? ''])}</p> : null}
      {r ? (
        <p data-testid="llms-summary" data-bytes={r.bytes} data-status-code={r.status ?? ''}>
          <a href={r.url} target="_blank" rel="noreferrer" className="cs-url">{r.url}</a> — {llmsSummaryText(r, tDynamic)} <span className="cs-muted">({i18n.t('llms.spec')})</span>
        </p>
      ) : null}
      {parsed && parsed.problems.length ? (
        <details data-testid="llms-problems">
          <summary>{i18n.t('llms.problems', [parsed.problems.length])}</summary>
          <ul>
            {parsed.problems.map((p, i) => (
              <li key={i} data-testid="llms-problem" data-code={p.code} data-line={p.line ?? ''} className={p.severity === 'warning' ? 'cs-note' : 'cs-muted'}>
                {p.line !== null ? `${i18n.t('llms.linkLine', [p.line])}: ` : ''}
                {tDynamic(`llms.problem.${p.code}`, p.params)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {parsed && parsed.links > 0 ? (
        <>
          <button type="button" onClick={onCheckLinks} disabled={links.status === 'pending'} data-testid="llms-check-links">
            {i18n.t('llms.checkLinks')}
          </button>
          {links.status === 'pending' ? <p>{i18n.t('llms.checkingLinks')}</p> : null}
          {links.status === 'timeout' ? <p className="cs-error">{i18n.t('llms.linksTookLonger', [links.limitMs / 1000])}</p> : null}
          {links.value ? (
            <ul data-testid="llms-links">
              {links.value.checked.map((c) => (
                <li key={c.url} data-testid="llms-link" data-status={c.status ?? ''} data-line={c.line} className={c.status === null || c.status >= 400 ? 'cs-note' : undefined}>
                  <span className="cs-url">{c.url}</span> ({i18n.t('llms.linkLine', [c.line])}) —{' '}
                  {c.status === null
                    ? i18n.t('llms.linkError', [c.error ?? ''])
                    : c.finalUrl && c.finalUrl !== c.url
                      ? i18n.t('llms.linkFinal', [c.status, c.finalUrl])
                      : i18n.t('llms.linkAnswer', [c.status])}
                </li>
              ))}
              {links.value.skipped ? <li className="cs-muted">{i18n.t('llms.linksSkipped', [links.value.skipped, links.value.max])}</li> : null}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
