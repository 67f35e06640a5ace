import { i18n, tDynamic } from '#i18n';
import type { Reason } from '../../../lib/indexability';
import { sourceText } from '../../../lib/report';

/** A list of findings: severity, the finding in words, and each piece of evidence as text. */
export function VerdictReasons({ reasons, prefix, testId }: { reasons: Reason[]; prefix: string; testId: string }) {
  return (
    <ul className="cs-verdict-reasons" data-testid={testId}>
      {reasons.map((r, i) => (
        <li key={`${r.code}-${i}`} data-code={r.code} data-severity={r.severity} className={`cs-verdict-reason cs-sev-${r.severity}`}>
          <span className="cs-verdict-sev">{tDynamic(`report.severity.${r.severity}`)}</span>{' '}
          <span className="cs-verdict-msg" data-testid="reason-text">{tDynamic(`${prefix}.${r.code}`, r.params)}</span>
          {r.sources.length ? (
            <ul className="cs-verdict-evidence" aria-label={i18n.t('indexability.evidence')}>
              {r.sources.map((s, j) => (
                <li key={j} data-kind={s.kind}>
                  <code className="cs-code">{sourceText(s, tDynamic)}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
