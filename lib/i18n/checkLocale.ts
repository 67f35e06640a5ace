import { flattenMessages } from './flattenMessages';
import { MessageSyntaxError, messageParams, parseMessage, type MessagePart, type PluralCategory } from './parseMessage';

export interface LocaleProblem {
  key: string;
  problem: string;
}

const same = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((x) => b.has(x));
const list = (s: Set<number>) => [...s].sort().map((i) => `$${i}`).join(', ') || 'none';

function pluralCases(parts: MessagePart[], out: Map<number, PluralCategory[]> = new Map()): Map<number, PluralCategory[]> {
  for (const p of parts) {
    if (p.kind === 'plural') out.set(p.index, Object.keys(p.cases) as PluralCategory[]);
  }
  return out;
}

/**
 * Checks one locale file (already parsed from YAML) against English: every English key is there
 * and no other, every message parses, uses the same parameters, chooses plurals on the same
 * parameters, and gives every plural category the language has (`categories`, from
 * `Intl.PluralRules(lang).resolvedOptions().pluralCategories`).
 */
export function checkLocale(
  tree: unknown,
  english: Record<string, string>,
  categories: readonly string[],
): { messages: Record<string, string>; problems: LocaleProblem[] } {
  const problems: LocaleProblem[] = [];
  let messages: Record<string, string> = {};
  try {
    messages = flattenMessages(tree);
  } catch (e) {
    return { messages, problems: [{ key: '', problem: (e as Error).message }] };
  }
  for (const key of Object.keys(english)) {
    if (!(key in messages)) problems.push({ key, problem: 'missing' });
  }
  for (const [key, text] of Object.entries(messages)) {
    if (!(key in english)) {
      problems.push({ key, problem: 'not an English key' });
      continue;
    }
    let parts: MessagePart[];
    let enParts: MessagePart[];
    try {
      parts = parseMessage(text);
      enParts = parseMessage(english[key]!);
    } catch (e) {
      problems.push({ key, problem: e instanceof MessageSyntaxError ? e.message : String(e) });
      continue;
    }
    const mine = messageParams(parts);
    const theirs = messageParams(enParts);
    if (!same(mine.params, theirs.params)) {
      problems.push({ key, problem: `parameters ${list(mine.params)}, English has ${list(theirs.params)}` });
    }
    for (const i of mine.plural) {
      if (!theirs.plural.has(i)) problems.push({ key, problem: `$${i} chooses a plural form, but English passes it as text` });
    }
    for (const [i, cats] of pluralCases(parts)) {
      const missing = categories.filter((c) => !cats.includes(c as PluralCategory));
      if (missing.length) problems.push({ key, problem: `plural of $${i} lacks ${missing.join(', ')}` });
    }
  }
  return { messages, problems };
}
