import { i18n } from '#i18n';
import type { SummaryLine } from '../report/summary';
import { useSetFold } from '../report/hooks';

interface Props {
  lines: SummaryLine[];
  onCompare: (() => void) | null;
  onRender: (() => void) | null;
}

/**
 * The first screen: one line per question, each in its place from the first paint ("checking…"
 * until the answer), each a link to its section (which it opens). Screen readers hear each line's
 * state as it changes (a polite live region per line).
 */
export function Summary({ lines, onCompare, onRender }: Props) {
  const setOpen = useSetFold();
  const go = (section: string) => {
    setOpen(section, true);
    // After React has opened the section.
    requestAnimationFrame(() => document.getElementById(`cs-${section}-h`)?.closest('section')?.scrollIntoView({ block: 'start' }));
  };
  return (
    <nav className="cs-summary" aria-label={i18n.t('popup.summaryHeading')} data-testid="summary">
      <ul>
        {lines.map((l) => (
          <li key={l.id} className={`cs-summary-line cs-state-${l.state}`} data-testid={`summary-${l.id}`} data-state={l.state}>
            <a
              href={`#cs-${l.section}`}
              onClick={(e) => {
                e.preventDefault();
                go(l.section);
              }}
              aria-busy={l.state === 'checking'}
            >
              {/* A zero-width space after each slash lets "Mobile/desktop" wrap there. */}
              <span className="cs-summary-label">{l.label.replace(/\//g, '/\u200b')}</span>
              <span className="cs-summary-text" aria-live="polite" data-testid={`summary-${l.id}-text`} title={l.text}>
                {l.text}
              </span>
            </a>
            {l.id === 'compare' && onCompare ? (
              <button type="button" className="cs-summary-button" onClick={onCompare} data-testid="summary-compare-button">
                {i18n.t('summary.compareButton')}
              </button>
            ) : null}
            {l.id === 'render' && onRender ? (
              <button type="button" className="cs-summary-button" onClick={onRender} data-testid="summary-render-button">
                {i18n.t('summary.renderButton')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
