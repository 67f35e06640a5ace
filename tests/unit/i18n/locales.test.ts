// Every UI language ships every message: the same keys and parameters as English, every plural
// form the language has, valid syntax, and nothing left in English (names and codes aside).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYAML } from 'confbox';
import { checkLocale, flattenMessages, languageTag, untranslatedKeys, UI_LANGUAGES } from '../../../lib/i18n';

const dir = path.resolve(import.meta.dirname, '../../../locales');
const read = (id: string) => parseYAML(fs.readFileSync(path.join(dir, `${id}.yml`), 'utf8'));
const english = flattenMessages(read('en'));

describe.each(UI_LANGUAGES.map((l) => l.id).filter((id) => id !== 'en'))('locales/%s.yml', (id) => {
  const tree = read(id);
  const { messages, problems } = checkLocale(tree, english, new Intl.PluralRules(languageTag(id)).resolvedOptions().pluralCategories);

  it('has every English key, the same parameters, every plural form, and valid syntax', () => {
    expect(problems).toEqual([]);
  });
  it('leaves no message in English', () => {
    expect(untranslatedKeys(messages, english).map((k) => `${k}: ${english[k]}`)).toEqual([]);
  });
  it('keeps the product name and a store description within Chrome’s 132 characters', () => {
    expect(messages.extName).toBe('Crawlscope');
    expect([...(messages.extDescription ?? '')].length).toBeLessThanOrEqual(132);
    expect(messages.extDescription).not.toBe(english.extDescription);
  });
});

describe('numbers are formatted in the UI language', () => {
  // Every number reaches the screen through Intl in the UI language (utils/i18n.ts): no fixed
  // locale, and no toLocaleString() that would follow the browser's locale instead of the user's choice.
  const roots = ['entrypoints', 'components', 'utils', 'lib'];
  const repo = path.resolve(import.meta.dirname, '../../..');
  const walk = (d: string): string[] =>
    fs.readdirSync(path.join(repo, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(d, e.name)] : []));
  const files = roots.flatMap(walk);
  it.each(files)('%s', (file) => {
    const src = fs.readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8');
    expect(src).not.toMatch(/['"]en-US['"]/);
    expect(src).not.toMatch(/\.toLocale(String|DateString|TimeString)\(\s*\)/);
    expect(src).not.toMatch(/new Intl\.(NumberFormat|DateTimeFormat|PluralRules|ListFormat|RelativeTimeFormat)\(\s*(undefined|\))/);
  });
});
