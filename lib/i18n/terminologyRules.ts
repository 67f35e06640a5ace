/**
 * The terminology rules of docs/glossary-terms.yml, read and compiled: for each UI language the
 * glossary's word for a concept (required where the English of the same key uses the concept), the
 * words that are wrong, the form of address, and the grammatical form of the command line's help.
 * Patterns are JavaScript regular expressions, case-insensitive unless a rule says otherwise;
 * `\b` is a word boundary in every script (JavaScript's own `\b` knows only ASCII letters).
 */

/** A word a translation must use, as the translator reads it and as the check matches it. */
export interface RequiredTerm {
  say: string;
  match: RegExp;
}

/** A glossary concept: where English uses it, each language uses its glossary word. */
export interface TermRule {
  concept: string;
  source: string;
  en: RegExp;
  use: Record<string, RequiredTerm>;
  /** Keys (or store lines) the rule does not apply to, each with the reason: `key` for every language, `lang:key` for one. */
  except: Record<string, string>;
}

/** A word that is wrong in one language (everywhere, or where the English of the key matches `when`). */
export interface AvoidRule {
  lang: string;
  concept: string;
  wrong: RegExp;
  say: string;
  when?: RegExp;
  source: string;
  except: Record<string, string>;
}

/** A sign of the wrong form of address in one language. */
export interface AddressRule {
  lang: string;
  /** The form the language uses (du, tú, vykanie, вы, 您). */
  form: string;
  wrong: RegExp;
  /** What the match is (e.g. "a formal Sie"). */
  what: string;
  source: string;
  except: Record<string, string>;
}

/** The one grammatical form of the command line's help descriptions in a language. */
export interface HelpFormRule {
  lang: string;
  form: string;
  must?: RegExp;
  mustNot?: RegExp;
  source: string;
}

export interface TerminologyRules {
  /** Removed from every text before matching (addresses, file names, command-line options). */
  ignore: RegExp[];
  terms: TermRule[];
  avoid: AvoidRule[];
  address: AddressRule[];
  /** English help descriptions that begin with a verb: only these are held to a form. */
  helpVerb: RegExp;
  helpForm: HelpFormRule[];
}

const WORD = '[\\p{L}\\p{N}_]';
/**
 * `\b` for every script: not between two letters (or digits), not between two non-letters.
 * Written as two negative lookaheads rather than the alternation of a word's start and end, which
 * made every pattern test every position of a text, several times slower over a locale file.
 */
const BOUNDARY = `(?!(?<=${WORD})(?=${WORD}))(?!(?<!${WORD})(?!${WORD}))`;

/** Compiles a rule's pattern; `where` names the rule in the error of a bad one. */
export function rulePattern(source: unknown, where: string, caseSensitive = false, global = false): RegExp {
  if (typeof source !== 'string' || source === '') throw new Error(`${where}: a pattern must be a non-empty string`);
  const expanded = source.replace(/\\\\|\\b/g, (m) => (m === '\\b' ? BOUNDARY : m));
  try {
    return new RegExp(expanded, `${caseSensitive ? '' : 'i'}u${global ? 'g' : ''}`);
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, where: string): string {
  if (typeof v !== 'string' || !v.trim()) throw new Error(`${where} must be text`);
  return v;
}

function exceptions(v: unknown, where: string): Record<string, string> {
  if (v === undefined) return {};
  if (!isData(v)) throw new Error(`${where}.except must map a key to the reason`);
  for (const [k, r] of Object.entries(v)) text(r, `${where}.except.${k}`);
  return v as Record<string, string>;
}

/**
 * Reads the parsed YAML of docs/glossary-terms.yml. Every rule must name its source; an unknown
 * language, a missing field or a pattern that does not compile is an error naming the rule.
 */
export function parseTerminologyRules(data: unknown, languages: readonly string[]): TerminologyRules {
  if (!isData(data)) throw new Error('glossary-terms: the file must be a mapping');
  const lang = (v: unknown, where: string) => {
    if (typeof v !== 'string' || !languages.includes(v)) throw new Error(`${where}: unknown language ${String(v)}`);
    return v;
  };
  const list = (name: string) => {
    const v = data[name];
    if (!Array.isArray(v)) throw new Error(`glossary-terms: ${name} must be a list`);
    return v as unknown[];
  };

  const ignore = list('ignore').map((p, i) => rulePattern(p, `ignore[${i}]`, false, true));

  const terms = list('terms').map((r, i): TermRule => {
    if (!isData(r)) throw new Error(`terms[${i}] must be a mapping`);
    const concept = text(r.concept, `terms[${i}].concept`);
    const where = `terms "${concept}"`;
    const use: Record<string, RequiredTerm> = {};
    for (const [k, v] of Object.entries(r)) {
      if (['concept', 'source', 'en', 'except', 'caseSensitive'].includes(k)) continue;
      lang(k, where);
      if (!Array.isArray(v) || v.length !== 2) throw new Error(`${where}.${k} must be [what to write, pattern]`);
      use[k] = { say: text(v[0], `${where}.${k}[0]`), match: rulePattern(v[1], `${where}.${k}`) };
    }
    return {
      concept,
      source: text(r.source, `${where}.source`),
      en: rulePattern(r.en, `${where}.en`, r.caseSensitive === true),
      use,
      except: exceptions(r.except, where),
    };
  });

  const avoid = list('avoid').map((r, i): AvoidRule => {
    if (!isData(r)) throw new Error(`avoid[${i}] must be a mapping`);
    const where = `avoid[${i}] (${String(r.lang)} ${String(r.wrong)})`;
    return {
      lang: lang(r.lang, where),
      concept: text(r.concept, `${where}.concept`),
      wrong: rulePattern(r.wrong, `${where}.wrong`, r.caseSensitive === true, true),
      say: text(r.say, `${where}.say`),
      when: r.when === undefined ? undefined : rulePattern(r.when, `${where}.when`),
      source: text(r.source, `${where}.source`),
      except: exceptions(r.except, where),
    };
  });

  const addressData = data.address;
  if (!isData(addressData)) throw new Error('glossary-terms: address must map a language to its form');
  const address = Object.entries(addressData).flatMap(([l, a]): AddressRule[] => {
    const where = `address.${l}`;
    lang(l, where);
    if (!isData(a) || !Array.isArray(a.wrong)) throw new Error(`${where} must have a form, a source and a list "wrong"`);
    const form = text(a.form, `${where}.form`);
    const source = text(a.source, `${where}.source`);
    return a.wrong.map((w, i) => {
      if (!isData(w)) throw new Error(`${where}.wrong[${i}] must be a mapping`);
      return {
        lang: l,
        form,
        wrong: rulePattern(w.match, `${where}.wrong[${i}]`, w.caseSensitive === true, true),
        what: text(w.what, `${where}.wrong[${i}].what`),
        source,
        except: exceptions(w.except, `${where}.wrong[${i}]`),
      };
    });
  });

  const help = data.helpForm;
  if (!isData(help)) throw new Error('glossary-terms: helpForm must be a mapping');
  const helpVerb = rulePattern(help.en, 'helpForm.en');
  const helpForm = Object.entries(help)
    .filter(([k]) => k !== 'en')
    .map(([l, f]): HelpFormRule => {
      const where = `helpForm.${l}`;
      lang(l, where);
      if (!isData(f)) throw new Error(`${where} must be a mapping`);
      if (f.must === undefined && f.mustNot === undefined) throw new Error(`${where} needs "must" or "mustNot"`);
      return {
        lang: l,
        form: text(f.form, `${where}.form`),
        must: f.must === undefined ? undefined : rulePattern(f.must, `${where}.must`),
        mustNot: f.mustNot === undefined ? undefined : rulePattern(f.mustNot, `${where}.mustNot`),
        source: text(f.source, `${where}.source`),
      };
    });

  return { ignore, terms, avoid, address, helpVerb, helpForm };
}

/** How many rules a language has: its required terms, wrong words, address signs and help form. */
export function ruleCount(rules: TerminologyRules, lang: string): { terms: number; avoid: number; address: number; helpForm: number; total: number } {
  const terms = rules.terms.filter((r) => r.use[lang]).length;
  const avoid = rules.avoid.filter((r) => r.lang === lang).length;
  const address = rules.address.filter((r) => r.lang === lang).length;
  const helpForm = rules.helpForm.filter((r) => r.lang === lang).length;
  return { terms, avoid, address, helpForm, total: terms + avoid + address + helpForm };
}
