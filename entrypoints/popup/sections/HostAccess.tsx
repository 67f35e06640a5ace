import { i18n } from '#i18n';
import { usePopupActions, usePopupView } from '../report/hooks';

/** Shown when Crawlscope may not read websites (the user withdrew the grant): says so and asks for it. */
export function HostAccess() {
  const state = usePopupView().hostAccess;
  const ask = usePopupActions().askHostAccess;
  if (state === 'granted' || state === null) return null;
  return (
    <section className="cs-section" data-testid="host-access" data-state={state}>
      <h2>{i18n.t('hostAccess.heading')}</h2>
      <p>{i18n.t('hostAccess.missing')}</p>
      <button type="button" onClick={ask} data-testid="host-access-grant">
        {i18n.t('hostAccess.grant')}
      </button>
      {state === 'refused' ? (
        <p role="status" className="cs-muted" data-testid="host-access-refused">
          {i18n.t('hostAccess.refused')}
        </p>
      ) : null}
    </section>
  );
}
