import { formatMessage, type MessageFormatters } from './formatMessage';
import { parseMessage, type MessagePart, type PluralCategory } from './parseMessage';
import type { MessageParam } from './messageParam';

export interface Translator {
  /** The message `key` with its parameters: numbers formatted and plurals chosen in the language. */
  t: (key: string, params?: readonly MessageParam[]) => string;
  /** The formatters `t` uses (Intl in the language). */
  formatters: Required<MessageFormatters>;
}

/**
 * The one way a message becomes text: look it up (the language's messages, then English, then the
 * key itself), parse it once, format it with Intl in the language `tag`. Used by every extension
 * page (utils/i18n.ts) and by the in-page overlay, which gets its messages with the request.
 */
export function createTranslator(tag: string, messages: Record<string, string>, fallback: Record<string, string> = {}): Translator {
  const numberFormat = new Intl.NumberFormat(tag);
  const pluralRules = new Intl.PluralRules(tag);
  const dateFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium' });
  const formatters: Required<MessageFormatters> = {
    number: (n) => numberFormat.format(n),
    plural: (n) => pluralRules.select(n) as PluralCategory,
    date: (ms) => dateFormat.format(ms),
  };
  const parsed = new Map<string, MessagePart[]>();
  const lookup = (key: string): MessagePart[] => {
    let parts = parsed.get(key);
    if (!parts) {
      const text = messages[key] ?? fallback[key];
      try {
        parts = text === undefined ? [{ kind: 'text', text: key }] : parseMessage(text);
      } catch {
        parts = [{ kind: 'text', text: fallback[key] ?? key }];
      }
      parsed.set(key, parts);
    }
    return parts;
  };
  return { t: (key, params = []) => formatMessage(lookup(key), params, formatters), formatters };
}
