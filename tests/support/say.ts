// Expected text for tests, built from the locale files (never pinned English): a message as
// locales/<lang>.yml words it, with its figures formatted in that language, as the product does.
import fs from 'node:fs';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, languageTag, type MessageParam, type Translator, type UiLanguage } from '../../lib/i18n';

const cache = new Map<UiLanguage, Record<string, string>>();

/** The flat messages of a language file. */
export function messagesOf(id: UiLanguage): Record<string, string> {
  let m = cache.get(id);
  if (!m) {
    m = flattenMessages(parseYAML(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${id}.yml`), 'utf8')));
    cache.set(id, m);
  }
  return m;
}

/** The translator of a language (English to fall back on), as the extension and the command line make it. */
export const translatorOf = (id: UiLanguage): Translator => createTranslator(languageTag(id), messagesOf(id), messagesOf('en'));

/** `key` in `id`'s words with `params`; throws for a key the language file does not have. */
export function sayIn(id: UiLanguage, key: string, params: readonly MessageParam[] = []): string {
  if (!(key in messagesOf('en'))) throw new Error(`locales/en.yml has no message ${key}`);
  return translatorOf(id).t(key, params);
}

/** `key` in English, from locales/en.yml. */
export const say = (key: string, params: readonly MessageParam[] = []) => sayIn('en', key, params);
