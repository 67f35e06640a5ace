/**
 * Crawlscope's i18n build step (a local WXT module).
 *
 * `locales/<lang>.yml` are the source: nested sections of messages in the syntax of
 * lib/i18n/parseMessage.ts (`$1`, `{$1, plural, one {…} other {…}}`). This module
 * - checks every locale against English (every key, same parameters and plural forms, valid
 *   syntax): a file that is not valid YAML stops the build; a message that is missing or out of
 *   step with English is shown in English (a warning here, a failure in the unit tests);
 * - writes `_locales/<lang>/messages.json` with the manifest's name, description and action title,
 *   so the browser shows them in its own language;
 * - writes `i18n/<lang>.json`, the whole flat dictionary that pages load at start (only the
 *   language they show, plus English to fall back on);
 * - generates `.wxt/i18n/messages.d.ts` (every key with the types of its parameters: a parameter
 *   that chooses a plural form must be a number), and the `#i18n` alias to utils/i18n.ts.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseYAML } from 'confbox';
import { addAlias, defineWxtModule } from 'wxt/modules';
import { checkLocale, flattenMessages, messageParams, parseMessage, UI_LANGUAGES, languageTag } from '../lib/i18n';

const MANIFEST_KEYS = ['extName', 'extDescription', 'extActionTitle'];

async function readLocales(dir: string) {
  const english = flattenMessages(parseYAML(await readFile(resolve(dir, 'en.yml'), 'utf8')));
  const problems: string[] = [];
  const missing: string[] = [];
  const stale: string[] = [];
  const locales: { id: string; messages: Record<string, string> }[] = [];
  for (const { id } of UI_LANGUAGES) {
    const file = resolve(dir, `${id}.yml`);
    if (!existsSync(file)) continue; // the unit tests require all six; a build works with what exists
    let tree: unknown;
    try {
      tree = parseYAML(await readFile(file, 'utf8'));
    } catch (e) {
      problems.push(`${id}.yml: ${(e as Error).message}`);
      continue;
    }
    const categories = new Intl.PluralRules(languageTag(id)).resolvedOptions().pluralCategories;
    const checked = checkLocale(tree, english, categories);
    // A message that is missing or out of step with English (other parameters, a plural form
    // lacking) is shown in English: a warning here, a failure in the unit tests.
    for (const p of checked.problems) {
      if (p.problem === 'missing') missing.push(`${id}.yml ${p.key}`);
      else {
        stale.push(`${id}.yml ${p.key}: ${p.problem}`);
        delete checked.messages[p.key];
      }
    }
    locales.push({ id, messages: checked.messages });
  }
  const extra = readdirSync(dir).filter((f) => f.endsWith('.yml') && !UI_LANGUAGES.some((l) => `${l.id}.yml` === f));
  for (const f of extra) problems.push(`${f}: not one of the UI languages (lib/i18n/languages.ts)`);
  return { english, locales, problems, missing, stale };
}

function typesText(english: Record<string, string>): string {
  const rows = Object.entries(english).map(([key, text]) => {
    const { params, plural } = messageParams(parseMessage(text));
    const max = params.size ? Math.max(...params) : 0;
    const tuple = Array.from({ length: max }, (_, i) => (plural.has(i + 1) ? 'number' : 'string | number'));
    return `  ${JSON.stringify(key)}: [${tuple.join(', ')}];`;
  });
  return `// Generated from locales/en.yml by modules/i18n.ts — do not edit.
export interface MessageParams {
${rows.join('\n')}
}
export type MessageKey = keyof MessageParams;
`;
}

export default defineWxtModule({
  name: 'crawlscope-i18n',
  setup(wxt) {
    const dir = resolve(wxt.config.root, 'locales');
    addAlias(wxt, '#i18n', resolve(wxt.config.root, 'utils/i18n.ts'));

    wxt.hooks.hook('prepare:types', async (_, entries) => {
      const { english } = await readLocales(dir);
      entries.push({ path: resolve(wxt.config.wxtDir, 'i18n/messages.d.ts'), text: typesText(english) });
    });

    wxt.hooks.hook('build:publicAssets', async (_, assets) => {
      const { locales, problems, missing, stale } = await readLocales(dir);
      if (problems.length) {
        throw new Error(`Locale files have ${problems.length} problem(s):\n${problems.slice(0, 50).join('\n')}`);
      }
      if (stale.length) {
        wxt.logger.warn(`${stale.length} translated message(s) out of step with English (shown in English): ${stale.slice(0, 10).join('; ')}${stale.length > 10 ? '; …' : ''}`);
      }
      if (missing.length) {
        wxt.logger.warn(`${missing.length} message(s) not translated yet (shown in English): ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`);
      }
      for (const { id, messages } of locales) {
        const manifest = Object.fromEntries(MANIFEST_KEYS.map((k) => [k, { message: messages[k] }]));
        assets.push({ relativeDest: `_locales/${id}/messages.json`, contents: JSON.stringify(manifest, null, 2) });
        assets.push({ relativeDest: `i18n/${id}.json`, contents: JSON.stringify(messages) });
      }
    });
  },
});
