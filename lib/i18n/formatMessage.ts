import type { MessagePart, PluralCategory } from './parseMessage';
import { paramText, type MessageParam } from './messageParam';

export interface MessageFormatters {
  /** Chooses the plural category of a number (Intl.PluralRules in the UI language). */
  plural: (n: number) => PluralCategory;
  /** Formats a number parameter (Intl.NumberFormat in the UI language). */
  number: (n: number) => string;
  /** Formats a date parameter (Intl.DateTimeFormat in the UI language). */
  date?: (ms: number) => string;
}

/**
 * Renders a parsed message. A number parameter is formatted with `f.number`; a string is inserted
 * as it is. A missing parameter renders as nothing, and a plural whose parameter is text uses its
 * `other` case with that text for `#` — text never crashes the page that shows it.
 */
export function formatMessage(parts: MessagePart[], params: readonly MessageParam[], f: MessageFormatters): string {
  let out = '';
  const render = (ps: MessagePart[], count: string | number | null) => {
    for (const p of ps) {
      switch (p.kind) {
        case 'text':
          out += p.text;
          break;
        case 'param': {
          const v = params[p.index - 1];
          out += v === undefined ? '' : typeof v === 'number' ? f.number(v) : typeof v === 'string' ? v : f.date ? f.date(v.date) : paramText(v);
          break;
        }
        case 'count':
          out += count === null ? '' : typeof count === 'number' ? f.number(count) : count;
          break;
        case 'plural': {
          const v = params[p.index - 1];
          const category = typeof v === 'number' ? f.plural(v) : 'other';
          render(p.cases[category] ?? p.cases.other!, v === undefined ? null : typeof v === 'object' ? paramText(v) : v);
          break;
        }
      }
    }
  };
  render(parts, null);
  return out;
}
