import { i18n } from '#i18n';
import type { ResourceRobots, Step } from '../report/types';

/** The page's own CSS and JS checked for Googlebot: blocked resources stop Google rendering the page. */
export function RobotsResources({ step }: { step: Step<ResourceRobots> }) {
  const state = step.value;
  return (
    <div data-testid="robots-resources">
      <h3>{i18n.t('robots.resources.heading')}</h3>
      {step.status === 'failed' ? <p className="cs-muted">{i18n.t('robots.resources.unavailable', [step.error ?? ''])}</p> : null}
      {step.status === 'timeout' ? <p className="cs-muted">{i18n.t('robots.resources.tookLonger', [step.limitMs / 1000])}</p> : null}
      {step.status === 'skipped' ? <p className="cs-muted">{i18n.t('robots.resources.notRead')}</p> : null}
      {step.status === 'pending' ? <p className="cs-muted">{i18n.t('robots.resources.loading')}</p> : null}
      {state && state.total === 0 ? <p data-testid="robots-resources-none">{i18n.t('robots.resources.none')}</p> : null}
      {state && state.total > 0 && state.blocked.length === 0 ? (
        <p data-testid="robots-resources-ok">{i18n.t('robots.resources.allAllowed', [state.total - state.skipped])}</p>
      ) : null}
      {state && state.blocked.length > 0 ? (
        <>
          <p className="cs-error" data-testid="robots-resources-blocked" data-count={state.blocked.length}>
            {i18n.t('robots.resources.blocked', [state.blocked.length, state.total - state.skipped])}
          </p>
          <ul>
            {state.blocked.map((b) => (
              <li key={b.url} className="cs-url" data-testid="robots-blocked-resource" data-line={b.verdict?.line ?? ''}>
                {b.verdict?.line != null ? i18n.t('robots.resources.line', [b.url, b.verdict.line]) : i18n.t('robots.resources.unreachable', [b.url])}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {state && state.skipped > 0 ? <p className="cs-muted">{i18n.t('robots.resources.skipped', [state.skipped, state.maxOrigins])}</p> : null}
    </div>
  );
}
