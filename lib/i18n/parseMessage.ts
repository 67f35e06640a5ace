/**
 * The message syntax of Crawlscope's locale files, parsed once.
 *
 * - `$1` … `$9` insert a parameter (a number parameter is formatted in the UI language).
 * - `{$2, plural, one {# file} few {# files} other {# files}}` picks the text for the CLDR plural
 *   category of parameter 2 in the UI language (`Intl.PluralRules`); inside it `#` is that number,
 *   formatted. The categories are CLDR's: zero, one, two, few, many, other (`other` is required).
 * - `$$` is a literal dollar sign; `{{` and `}}` are literal braces.
 *
 * A message that does not parse is an error with its offset, never a half-rendered string.
 */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
export const PLURAL_CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'param'; index: number }
  /** `#` inside a plural case: the plural's own number. */
  | { kind: 'count' }
  | { kind: 'plural'; index: number; cases: Partial<Record<PluralCategory, MessagePart[]>> };

export class MessageSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at character ${offset + 1})`);
    this.name = 'MessageSyntaxError';
  }
}

const PLURAL_HEAD = /^\{\$([1-9]),\s*plural,\s*/;

export function parseMessage(source: string): MessagePart[] {
  let pos = 0;

  const parseParts = (inPlural: boolean): MessagePart[] => {
    const parts: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push({ kind: 'text', text });
      text = '';
    };
    while (pos < source.length) {
      const c = source[pos]!;
      if (c === '$') {
        const next = source[pos + 1];
        if (next === '$') {
          text += '$';
          pos += 2;
        } else if (next !== undefined && next >= '1' && next <= '9') {
          flush();
          parts.push({ kind: 'param', index: Number(next) });
          pos += 2;
        } else {
          throw new MessageSyntaxError('A "$" must be followed by a digit 1–9 or another "$"', pos);
        }
      } else if (c === '{') {
        if (source[pos + 1] === '{') {
          text += '{';
          pos += 2;
          continue;
        }
        flush();
        parts.push(parsePlural());
      } else if (c === '}') {
        if (source[pos + 1] === '}' && !inPlural) {
          text += '}';
          pos += 2;
          continue;
        }
        if (inPlural) break;
        throw new MessageSyntaxError('Unmatched "}" (write "}}" for a literal brace)', pos);
      } else if (c === '#' && inPlural) {
        flush();
        parts.push({ kind: 'count' });
        pos += 1;
      } else {
        text += c;
        pos += 1;
      }
    }
    flush();
    return parts;
  };

  const parsePlural = (): MessagePart => {
    const start = pos;
    const head = PLURAL_HEAD.exec(source.slice(pos));
    if (!head) throw new MessageSyntaxError('Expected "{$N, plural, …}"', pos);
    pos += head[0].length;
    const index = Number(head[1]);
    const cases: Partial<Record<PluralCategory, MessagePart[]>> = {};
    for (;;) {
      while (source[pos] === ' ' || source[pos] === '\n' || source[pos] === '\t') pos++;
      if (source[pos] === '}') {
        pos++;
        break;
      }
      const m = /^([a-z]+)\s*\{/.exec(source.slice(pos));
      if (!m) throw new MessageSyntaxError('Expected a plural category such as "one {…}" or the closing "}"', pos);
      const category = m[1] as PluralCategory;
      if (!PLURAL_CATEGORIES.includes(category)) {
        throw new MessageSyntaxError(`"${category}" is not a plural category (${PLURAL_CATEGORIES.join(', ')})`, pos);
      }
      if (cases[category]) throw new MessageSyntaxError(`Plural category "${category}" appears twice`, pos);
      pos += m[0].length;
      const body = parseParts(true);
      if (source[pos] !== '}') throw new MessageSyntaxError(`Plural case "${category}" is not closed`, pos);
      pos++;
      if (body.some((p) => p.kind === 'plural')) {
        throw new MessageSyntaxError('A plural cannot contain another plural', start);
      }
      cases[category] = body;
    }
    if (!cases.other) throw new MessageSyntaxError('A plural needs an "other" case', start);
    return { kind: 'plural', index, cases };
  };

  const parts = parseParts(false);
  return parts;
}

/** The parameters a parsed message uses, and which of them choose a plural form. */
export function messageParams(parts: MessagePart[]): { params: Set<number>; plural: Set<number> } {
  const params = new Set<number>();
  const plural = new Set<number>();
  const walk = (ps: MessagePart[]) => {
    for (const p of ps) {
      if (p.kind === 'param') params.add(p.index);
      if (p.kind === 'plural') {
        params.add(p.index);
        plural.add(p.index);
        for (const c of Object.values(p.cases)) if (c) walk(c);
      }
    }
  };
  walk(parts);
  return { params, plural };
}
