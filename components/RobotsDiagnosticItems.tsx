import { i18n } from '#i18n';
import type { RobotsDiagnostic } from '../lib/robots';
import { robotsText } from './RobotsText';

/** The parser's notes on a robots.txt, one list item each; a note's line is a button. */
export function RobotsDiagnosticItems({ diagnostics, onLine }: { diagnostics: readonly RobotsDiagnostic[]; onLine: (line: number) => void }) {
  return (
    <>
      {diagnostics.map((d, i) => (
        <li key={i} data-code={d.code} data-line={d.line ?? ''} className={d.severity === 'info' ? 'cs-muted' : 'cs-note'}>
          {d.line !== null ? (
            <button type="button" className="robots-line" onClick={() => onLine(d.line!)}>
              {i18n.t('robots.lineButton', [String(d.line)])}
            </button>
          ) : null}{' '}
          {robotsText('diag', d)}
        </li>
      ))}
    </>
  );
}
