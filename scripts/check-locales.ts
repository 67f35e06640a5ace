// `npx tsx scripts/check-locales.ts [lang…]`: checks locales/<lang>.yml against locales/en.yml — every
// key, the same parameters, every plural form the language has, valid syntax, nothing left in
// English — and prints each problem with its key. Options: --dir <folder> (default locales/).
import fs from 'node:fs';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { checkLocale, flattenMessages, languageTag, untranslatedKeys, UI_LANGUAGES, type UiLanguage } from '../lib/i18n';

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const dir = dirAt >= 0 ? path.resolve(args[dirAt + 1]!) : path.resolve(import.meta.dirname, '../locales');
const langs = (args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--dir') as UiLanguage[]).filter(Boolean);
const english = flattenMessages(parseYAML(fs.readFileSync(path.join(dir, 'en.yml'), 'utf8')));
let problems = 0;
for (const id of langs.length ? langs : UI_LANGUAGES.map((l) => l.id).filter((l) => l !== 'en')) {
  const file = path.join(dir, `${id}.yml`);
  if (!fs.existsSync(file)) {
    console.log(`${id}: ${file} does not exist`);
    problems++;
    continue;
  }
  let tree: unknown;
  try {
    tree = parseYAML(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${id}: not valid YAML: ${(e as Error).message}`);
    problems++;
    continue;
  }
  const checked = checkLocale(tree, english, new Intl.PluralRules(languageTag(id)).resolvedOptions().pluralCategories);
  const left = untranslatedKeys(checked.messages, english);
  for (const p of checked.problems) console.log(`${id} ${p.key}: ${p.problem}`);
  for (const k of left) console.log(`${id} ${k}: still English: ${english[k]}`);
  problems += checked.problems.length + left.length;
  console.log(`${id}: ${Object.keys(checked.messages).length} of ${Object.keys(english).length} messages, ${checked.problems.length + left.length} problem(s)`);
}
process.exit(problems ? 1 : 0);
