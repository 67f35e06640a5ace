/**
 * The UI languages Crawlscope ships: the locale file's name (also the browser's `_locales` folder),
 * the BCP 47 tag used for `<html lang>` and `Intl`, and the language's own name.
 */
export const UI_LANGUAGES = [
  { id: 'en', tag: 'en', name: 'English' },
  { id: 'de', tag: 'de', name: 'Deutsch' },
  { id: 'es', tag: 'es', name: 'Español' },
  { id: 'sk', tag: 'sk', name: 'Slovenčina' },
  { id: 'ru', tag: 'ru', name: 'Русский' },
  { id: 'zh_TW', tag: 'zh-TW', name: '繁體中文' },
] as const;

export type UiLanguage = (typeof UI_LANGUAGES)[number]['id'];
export type UiLanguagePreference = UiLanguage | 'browser';

export const DEFAULT_LANGUAGE: UiLanguage = 'en';

export const languageTag = (id: UiLanguage): string => UI_LANGUAGES.find((l) => l.id === id)!.tag;

export const isUiLanguage = (v: unknown): v is UiLanguage => UI_LANGUAGES.some((l) => l.id === v);

/**
 * The language to show: the user's choice in the options, else the first of the browser's
 * languages that Crawlscope has (an exact region first, then the base language), else English.
 * Chinese in the Traditional script (zh-TW, zh-HK, zh-MO, zh-Hant-*) gets zh_TW; Simplified
 * Chinese is not offered and falls through to the next language.
 */
export function resolveUiLanguage(preference: unknown, browserLanguages: readonly string[]): UiLanguage {
  if (isUiLanguage(preference)) return preference;
  for (const raw of browserLanguages) {
    const tag = raw.replace(/_/g, '-').toLowerCase();
    const [base, ...rest] = tag.split('-');
    if (base === 'zh') {
      if (rest.includes('hant') || rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return 'zh_TW';
      continue;
    }
    const hit = UI_LANGUAGES.find((l) => l.id === base);
    if (hit) return hit.id;
  }
  return DEFAULT_LANGUAGE;
}
