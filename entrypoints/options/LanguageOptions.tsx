import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { uiLanguage } from '../../utils/settings';
import { UI_LANGUAGES, resolveUiLanguage, type UiLanguagePreference } from '../../lib/i18n';

/**
 * The UI language: the browser's (the default) or one of the six. Saved at once; this page
 * reloads in the new language and every page opened after it uses it (no reinstall).
 */
export function LanguageOptions() {
  const [value, setValue] = useState<UiLanguagePreference | null>(null);
  useEffect(() => {
    void uiLanguage.getValue().then(setValue);
  }, []);
  const browserLanguage = resolveUiLanguage('browser', [browser.i18n.getUILanguage(), ...navigator.languages]);
  const browserName = UI_LANGUAGES.find((l) => l.id === browserLanguage)!.name;
  const pick = async (next: UiLanguagePreference) => {
    setValue(next);
    await uiLanguage.setValue(next);
    location.reload();
  };
  return (
    <section className="cs-section" data-testid="language-options">
      <h2>{i18n.t('options.language.heading')}</h2>
      <label>
        {i18n.t('options.language.label')}{' '}
        <select
          value={value ?? 'browser'}
          disabled={value === null}
          onChange={(e) => void pick(e.currentTarget.value as UiLanguagePreference)}
          data-testid="ui-language"
        >
          <option value="browser">{i18n.t('options.language.browser', [browserName])}</option>
          {UI_LANGUAGES.map((l) => (
            // Each language is named in itself, so a user can find theirs whatever is shown now.
            <option key={l.id} value={l.id} lang={l.tag}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <p className="cs-muted">{i18n.t('options.language.note')}</p>
    </section>
  );
}
