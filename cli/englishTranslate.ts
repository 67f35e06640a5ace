// The command line speaks English: the messages of locales/en.yml, formatted as the extension
// formats them (lib/i18n), with Intl in English.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYAML } from 'confbox';
import { flattenMessages, formatMessage, parseMessage, type MessageParam, type PluralCategory } from '../lib/i18n';
import type { Translate } from '../lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));

export function englishTranslate(file = path.resolve(here, '../locales/en.yml')): Translate {
  const messages = flattenMessages(parseYAML(fs.readFileSync(file, 'utf8')));
  const nf = new Intl.NumberFormat('en');
  const pr = new Intl.PluralRules('en');
  const df = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  const formatters = { number: (n: number) => nf.format(n), plural: (n: number) => pr.select(n) as PluralCategory, date: (ms: number) => df.format(ms) };
  const cache = new Map<string, ReturnType<typeof parseMessage>>();
  return (key: string, params: readonly MessageParam[] = []) => {
    let parts = cache.get(key);
    if (!parts) {
      const text = messages[key];
      parts = text === undefined ? [{ kind: 'text', text: key }] : parseMessage(text);
      cache.set(key, parts);
    }
    return formatMessage(parts, params as MessageParam[], formatters);
  };
}
