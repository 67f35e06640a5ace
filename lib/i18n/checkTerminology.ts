import type { TerminologyRules } from './terminologyRules';

/** One string that breaks a terminology rule, with everything a translator needs to fix it. */
export interface TerminologyFinding {
  kind: 'term' | 'avoid' | 'address' | 'helpForm' | 'lines';
  lang: string;
  /** The message key, or `store/<lang>/<file>:<line>` for a store listing. */
  key: string;
  text: string;
  english: string;
  /** What is wrong in the text (the wrong word found, the English word that asks for a term). */
  found: string;
  /** What to write instead. */
  expected: string;
  /** The rule: the glossary concept, the form of address or the help form. */
  rule: string;
  source: string;
}

export interface TerminologyOptions {
  /** Keys of the command line's help descriptions (usage lines and flags), held to the help form. */
  helpKeys?: ReadonlySet<string>;
}

/** Whether a rule's `except` names the key, for every language (`key`) or for this one (`lang:key`). */
const excepted = (except: Record<string, string>, lang: string, key: string) => key in except || `${lang}:${key}` in except;
const clean = (s: string, ignore: readonly RegExp[]) => ignore.reduce((t, re) => t.replace(re, ' '), s);
const firstMatch = (re: RegExp, s: string) => {
  re.lastIndex = 0;
  const m = re.exec(s);
  re.lastIndex = 0;
  return m?.[0];
};
/** Each word the pattern finds once ("Indexables" and "indexables" are one finding). */
const allMatches = (re: RegExp, s: string) => {
  const seen = new Map<string, string>();
  for (const m of s.match(re) ?? []) if (!seen.has(m.toLowerCase())) seen.set(m.toLowerCase(), m);
  return [...seen.values()];
};

/**
 * Checks one language's messages against the rules, key by key, with the English message of the
 * same key as the reference: a concept the English names must be said with the glossary's word,
 * a wrong word is never used, the form of address is kept, and the command line's help describes
 * each option in the language's one grammatical form.
 */
export function checkTerminology(
  rules: TerminologyRules,
  lang: string,
  messages: Record<string, string>,
  english: Record<string, string>,
  options: TerminologyOptions = {},
): TerminologyFinding[] {
  const findings: TerminologyFinding[] = [];
  for (const [key, raw] of Object.entries(messages)) {
    const en = english[key];
    if (en === undefined) continue;
    const text = clean(raw, rules.ignore);
    const enText = clean(en, rules.ignore);
    const base = { lang, key, text: raw, english: en };

    for (const r of rules.terms) {
      const use = r.use[lang];
      if (!use || excepted(r.except, lang, key)) continue;
      const asked = firstMatch(r.en, enText);
      if (asked !== undefined && firstMatch(use.match, text) === undefined) {
        findings.push({ ...base, kind: 'term', found: asked, expected: use.say, rule: r.concept, source: r.source });
      }
    }
    for (const r of rules.avoid) {
      if (r.lang !== lang || excepted(r.except, lang, key)) continue;
      if (r.when && firstMatch(r.when, enText) === undefined) continue;
      for (const w of allMatches(r.wrong, text)) {
        findings.push({ ...base, kind: 'avoid', found: w, expected: r.say, rule: r.concept, source: r.source });
      }
    }
    for (const r of rules.address) {
      if (r.lang !== lang || excepted(r.except, lang, key)) continue;
      for (const w of allMatches(r.wrong, text)) {
        findings.push({ ...base, kind: 'address', found: `${w.trim()} (${r.what})`, expected: r.form, rule: `address: ${r.form}`, source: r.source });
      }
    }
    if (options.helpKeys?.has(key) && firstMatch(rules.helpVerb, enText) !== undefined) {
      for (const r of rules.helpForm) {
        if (r.lang !== lang) continue;
        const missing = r.must && firstMatch(r.must, text) === undefined;
        const wrong = r.mustNot && firstMatch(r.mustNot, text);
        if (missing || wrong) {
          findings.push({ ...base, kind: 'helpForm', found: wrong ? wrong.trim() : text.split(/[,;(]/)[0]!.trim(), expected: r.form, rule: 'command-line help form', source: r.source });
        }
      }
    }
  }
  return findings;
}

/**
 * A text file of a store listing as messages, one per line, keyed `<name>:<line>` and aligned
 * with the English file line by line (store listings keep the English line structure). A file
 * whose lines do not align gets one finding and is checked as a whole against the whole English.
 */
export function storeLines(name: string, lang: string, text: string, englishText: string): { messages: Record<string, string>; english: Record<string, string>; findings: TerminologyFinding[] } {
  const lines = text.replace(/\n$/, '').split('\n');
  const enLines = englishText.replace(/\n$/, '').split('\n');
  if (lines.length !== enLines.length || lines.some((l, i) => (l.trim() === '') !== (enLines[i]!.trim() === ''))) {
    return {
      messages: { [name]: text },
      english: { [name]: englishText },
      findings: [
        {
          kind: 'lines',
          lang,
          key: name,
          text: `${lines.length} lines`,
          english: `${enLines.length} lines`,
          found: 'the lines do not follow the English file',
          expected: 'one line for each English line, blank where English is blank',
          rule: 'store listing layout',
          source: 'docs/glossary.md § The terminology check',
        },
      ],
    };
  }
  const messages: Record<string, string> = {};
  const english: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (!l.trim()) return;
    messages[`${name}:${i + 1}`] = l;
    english[`${name}:${i + 1}`] = enLines[i]!;
  });
  return { messages, english, findings: [] };
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** A finding as a translator reads it: where, the text, what is wrong and what to write instead. */
export function terminologyFindingText(f: TerminologyFinding): string {
  const what =
    f.kind === 'term'
      ? `English says "${f.found}": use the glossary's word for "${f.rule}": ${f.expected}`
      : f.kind === 'avoid'
        ? `"${f.found}" is not the glossary's word for "${f.rule}": write ${f.expected}`
        : f.kind === 'address'
          ? `the user is addressed with ${f.expected} in this language; found ${f.found}`
          : f.kind === 'helpForm'
            ? `every option of the command line's help is described the same way in this language: ${f.expected}; this one begins "${f.found}"`
            : `${f.found}: ${f.expected}`;
  const where = f.key.startsWith('store/') ? f.key : `locales/${f.lang}.yml ${f.key}`;
  return [`${where}: ${what}`, `  text:    ${clip(f.text)}`, `  English: ${clip(f.english)}`, `  rule:    ${f.rule} (${f.source})`].join('\n');
}
