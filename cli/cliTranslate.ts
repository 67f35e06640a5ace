// The command line speaks the user's language: `--lang`, else the locale of the environment
// (LC_ALL, LC_MESSAGES, LANG: "de_DE.UTF-8" → German; "C" or unset → English), through the same
// messages (locales/<lang>.yml, English to fall back on) and formatter as the extension (lib/i18n).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, languageTag, resolveUiLanguage, type UiLanguage } from '../lib/i18n';
import type { Translate } from '../lib/report';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const read = (id: UiLanguage) => flattenMessages(parseYAML(fs.readFileSync(path.join(dir, `${id}.yml`), 'utf8')));

/** The UI language for `--lang` (any of the six, or a tag such as de-AT), else from the environment. */
export function cliLanguage(lang: string | undefined, env: NodeJS.ProcessEnv = process.env): UiLanguage {
  const fromEnv = [env.LC_ALL, env.LC_MESSAGES, env.LANG].filter((v): v is string => !!v).map((v) => v.split('.')[0]!.split('@')[0]!);
  return resolveUiLanguage(null, lang ? [lang] : fromEnv);
}

export interface CliText {
  language: UiLanguage;
  tag: string;
  t: Translate;
  /** A number as `t` writes its number parameters (Intl in the language: 2,097,152 / 2.097.152). */
  number: (n: number) => string;
  /** A duration in whole seconds or minutes, in the language. */
  duration: (ms: number) => string;
}

export function cliText(language: UiLanguage): CliText {
  const tag = languageTag(language);
  const english = read('en');
  const { t, formatters } = createTranslator(tag, language === 'en' ? english : read(language), english);
  const unit = (n: number, u: string) => new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 0 }).format(n);
  return { language, tag, t, number: formatters.number, duration: (ms) => (ms < 60_000 ? unit(Math.ceil(ms / 1000), 'second') : unit(Math.ceil(ms / 60_000), 'minute')) };
}
