// The English messages (locales/en.yml) through the product's own translator: browser tests build
// the text they expect from it rather than pinning sentences.
import fs from 'node:fs';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, type MessageParam } from '../../lib/i18n';

const messages = flattenMessages(parseYAML(fs.readFileSync(path.resolve(import.meta.dirname, '../../locales/en.yml'), 'utf8')));
const translator = createTranslator('en', messages);

/** The English text of `key` with its parameters, as the extension shows it. */
export const en = (key: string, params: readonly MessageParam[] = []) => translator.t(key, params as MessageParam[]);
