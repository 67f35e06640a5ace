import type { ReactNode } from 'react';
import { useFold } from '../report/hooks';

interface Props {
  id: string;
  testId: string;
  heading: string;
  /** Controls shown beside the heading (outside the toggle). */
  actions?: ReactNode;
  busy?: boolean;
  className?: string;
  data?: Record<string, string | number | boolean>;
  /** Open until the user says otherwise (default true). */
  defaultOpen?: boolean;
  children: ReactNode;
}

/**
 * One report section: a heading that opens and closes it (remembered), then its content. The
 * summary lines at the top link here (#cs-<id>).
 */
export function Fold({ id, testId, heading, actions, busy, className, data, defaultOpen = true, children }: Props) {
  const [open, setOpen] = useFold(id, defaultOpen);
  const dataAttrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, String(v)]));
  return (
    <section className={`cs-section ${className ?? ''}`.trim()} id={`cs-${id}`} data-testid={testId} aria-labelledby={`cs-${id}-h`} aria-busy={busy} {...dataAttrs}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cs-fold">
          <h2 id={`cs-${id}-h`}>{heading}</h2>
        </summary>
        {actions ? <div className="cs-fold-actions">{actions}</div> : null}
        {children}
      </details>
    </section>
  );
}
