import { i18n } from '#i18n';

/** The requests listed in the privacy section, in order (docs/privacy.md has the same text). */
export const PRIVACY_REQUESTS = ['requestPage', 'requestRobots', 'requestCanonical', 'requestSitecheck', 'requestRender', 'requestOthers', 'requestRanges', 'requestDns'] as const;

/** What Crawlscope reads, requests and keeps: the text of docs/privacy.md, in the user's language. */
export function PrivacySection() {
  return (
    <section className="cs-section" data-testid="privacy">
      <h2>{i18n.t('privacy.heading')}</h2>
      <p>{i18n.t('privacy.intro')}</p>
      <h3>{i18n.t('privacy.readsHeading')}</h3>
      <p>{i18n.t('privacy.reads')}</p>
      <h3>{i18n.t('privacy.requestsHeading')}</h3>
      <p>{i18n.t('privacy.requestsIntro')}</p>
      <ul>
        {PRIVACY_REQUESTS.map((k) => (
          <li key={k}>{i18n.t(`privacy.${k}`)}</li>
        ))}
      </ul>
      <h3>{i18n.t('privacy.storesHeading')}</h3>
      <p>{i18n.t('privacy.stores')}</p>
      <p>{i18n.t('privacy.nothing')}</p>
    </section>
  );
}
