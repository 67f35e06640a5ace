import { i18n, tDynamic } from '#i18n';
import type { AiPreferences, PrefDiagnostic, PrefFinding, PrefStatement } from '../lib/aipref';

interface Props {
  prefs: AiPreferences;
  findings: readonly PrefFinding[];
  /** A robots.txt line, as a button (the popup opens the sandbox there; the sandbox highlights it). */
  onLine?: (line: number) => void;
  testId: string;
}

const purposeText = (p: string) => tDynamic(`aipref.purpose.${p}`);

function LineRef({ line, onLine }: { line: number; onLine?: (line: number) => void }) {
  return onLine ? (
    <button type="button" className="robots-line" data-testid="aipref-line" onClick={() => onLine(line)}>
      {i18n.t('robots.lineButton', [line])}
    </button>
  ) : (
    <span data-testid="aipref-line">{i18n.t('robots.lineButton', [line])}</span>
  );
}

/** One statement: the line (or header) as written, its line, and the draft that defines its label. */
function Statement({ s, onLine }: { s: PrefStatement; onLine?: (line: number) => void }) {
  return (
    <li data-testid="aipref-statement" data-kind={s.kind} data-label={s.label} data-value={s.value} data-line={s.line ?? ''} title={s.draft}>
      <code className="cs-code">{s.text}</code> {s.line !== null ? <LineRef line={s.line} onLine={onLine} /> : s.kind === 'policy-group' ? <span className="cs-muted">{i18n.t('aipref.noLine')}</span> : null}
      {s.inherited ? <span className="cs-muted"> — {i18n.t('aipref.inherited', [tDynamic(`aipref.value.${s.value}`), s.label])}</span> : null}
    </li>
  );
}

function DiagnosticItem({ d, onLine }: { d: PrefDiagnostic; onLine?: (line: number) => void }) {
  return (
    <li data-testid="aipref-diagnostic" data-code={d.code} data-line={d.line ?? ''} className={d.severity === 'info' ? 'cs-muted' : 'cs-note'}>
      {d.line !== null ? <LineRef line={d.line} onLine={onLine} /> : null} {tDynamic(`aipref.diag.${d.code}`, d.params)}
    </li>
  );
}

/**
 * AI usage preferences for one URL: per purpose, the combined answer and every line or header that
 * states it; then the findings (where preferences and robots.txt point different ways) and the
 * notes on malformed lines. A view of lib/aipref's result; the popup and the sandbox use it.
 */
export function PreferencesView({ prefs, findings, onLine, testId }: Props) {
  const stated = prefs.purposes.some((p) => p.statements.length > 0);
  return (
    <div data-testid={testId} data-crawlable={String(prefs.crawlable)}>
      <h3>{i18n.t('aipref.heading')}</h3>
      <p className="cs-muted">{i18n.t('aipref.intro')}</p>
      {!prefs.crawlable ? <p className="cs-note" data-testid="aipref-not-crawlable">{i18n.t('aipref.notCrawlable')}</p> : null}
      {stated ? (
        <table className="cs-table robots-table" data-testid="aipref-table">
          <caption className="robots-caption">{i18n.t('aipref.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('aipref.colPurpose')}</th>
              <th scope="col">{i18n.t('aipref.colValue')}</th>
              <th scope="col">{i18n.t('aipref.colSource')}</th>
            </tr>
          </thead>
          <tbody>
            {prefs.purposes.map((p) => (
              <tr key={p.purpose} data-testid="aipref-row" data-purpose={p.purpose} data-value={p.value} data-conflict={String(p.conflict)}>
                <th scope="row">{purposeText(p.purpose)}</th>
                <td data-testid="aipref-value" className={p.value === 'n' ? 'cs-note' : undefined}>
                  {tDynamic(`aipref.value.${p.value}`)}
                  {p.conflict ? <div className="cs-note">{i18n.t('aipref.conflict')}</div> : null}
                </td>
                <td>
                  {p.statements.length ? (
                    <ul className="cs-plain">
                      {p.statements.map((s, i) => (
                        <Statement key={i} s={s} onLine={onLine} />
                      ))}
                    </ul>
                  ) : (
                    <span className="cs-muted">{i18n.t('robots.noLine')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="aipref-none">{i18n.t('aipref.none')}</p>
      )}
      {findings.length ? (
        <ul data-testid="aipref-findings">
          {findings.map((f, i) => (
            <li key={i} data-testid="aipref-finding" data-code={f.code} data-line={f.line ?? ''} className={f.severity === 'warning' ? 'cs-note' : undefined}>
              {tDynamic(`aipref.finding.${f.code}`, f.code === 'conflict' ? [purposeText(String(f.params[0])), ...f.params.slice(1)] : f.params)}
            </li>
          ))}
        </ul>
      ) : null}
      {prefs.diagnostics.length ? (
        <details data-testid="aipref-notes">
          <summary>{i18n.t('aipref.notes', [prefs.diagnostics.length])}</summary>
          <ul>
            {prefs.diagnostics.map((d, i) => (
              <DiagnosticItem key={i} d={d} onLine={onLine} />
            ))}
          </ul>
        </details>
      ) : null}
      {stated ? <p className="cs-muted" data-testid="aipref-google-note">{i18n.t('aipref.googleNote')}</p> : null}
      {prefs.purposes.some((p) => p.statements.some((s) => s.kind === 'policy-group')) ? <p className="cs-muted" data-testid="aipref-policy-note">{i18n.t('aipref.policyNote')}</p> : null}
    </div>
  );
}
