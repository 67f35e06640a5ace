import { i18n } from '#i18n';
import { BytesOptions } from './BytesOptions';
import { VerifyOptions } from './VerifyOptions';
import { LanguageOptions } from './LanguageOptions';
import { BadgeOptions } from './BadgeOptions';
import { PrivacySection } from './PrivacySection';

/** The options page: one section per capability that has settings. */
export function App() {
  return (
    <main className="cs-popup" data-testid="options">
      <h1>{i18n.t('options.title')}</h1>
      <LanguageOptions />
      <BytesOptions />
      <BadgeOptions />
      <VerifyOptions />
      <PrivacySection />
    </main>
  );
}
