// Expected text for the browser suites, built from locales/en.yml with the product's own
// translator (figures formatted as the English UI formats them): no English pinned in a test.
import fs from 'node:fs';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, type MessageParam } from '../../lib/i18n';

const messages = flattenMessages(parseYAML(fs.readFileSync(path.resolve(import.meta.dirname, '../../locales/en.yml'), 'utf8')));
const translator = createTranslator('en', messages);

/** The English message `key` with its parameters. */
export const en = (key: string, params: MessageParam[] = []): string => translator.t(key, params);

/** A share as the popup's summary writes it (two decimals below 1 %, one below 10 %, whole percents above). */
export const enPercent = (share: number): string =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: share < 0.01 ? 2 : share < 0.1 ? 1 : 0 }).format(share);
