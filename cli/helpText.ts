// `--help` in the user's language: the usage lines, a paragraph on what the command does, one line
// per flag (its syntax here, its words in locales/<lang>.yml under one key each) and the exit codes,
// wrapped to the terminal columns by display width (a CJK character takes two).
import type { MessageParam } from '../lib/i18n';
import type { Translate } from '../lib/report';
import { displayWidth } from './displayWidth';

/** One flag of --help: how it is typed (not translated) and the key of its description. */
export interface HelpFlag {
  syntax: string;
  key: string;
  params?: readonly MessageParam[];
}

export interface HelpSpec {
  /** How the command is typed, each with the key of its one-line description (or none). */
  usage: readonly { syntax: string; key?: string }[];
  /** Paragraphs after the usage lines (keys), before the options. */
  about: readonly { key: string; params?: readonly MessageParam[] }[];
  flags: readonly HelpFlag[];
  /** Paragraphs after the options (keys): the exit codes. */
  after: readonly { key: string; params?: readonly MessageParam[] }[];
}

export const HELP_WIDTH = 100;

/** The locale keys a help text reads: its headings, paragraphs, usage lines and flags. */
export function helpKeys(spec: HelpSpec): string[] {
  const keys = ['cli.help.usage', 'cli.help.options', ...spec.usage.flatMap((u) => (u.key ? [u.key] : [])), ...spec.about.map((p) => p.key), ...spec.flags.map((f) => f.key), ...spec.after.map((p) => p.key)];
  return [...new Set(keys)];
}

/** The keys of the short descriptions after a usage line or a flag (one grammatical form per language). */
export function helpDescriptionKeys(spec: HelpSpec): string[] {
  return [...new Set([...spec.usage.flatMap((u) => (u.key ? [u.key] : [])), ...spec.flags.map((f) => f.key)])];
}

/** Breaks text into lines at most `width` columns wide: at spaces, and between CJK characters. */
export function wrapText(text: string, width: number): string[] {
  // Units: a run of spaces, a CJK character (a line may break on either side of it, not before
  // closing punctuation), or a run of anything else.
  const units = text.match(/\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f][\u3001\u3002\uff0c\uff1a\uff1b\uff09\u300d\u300f\uff01\uff1f]*|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  let space = false;
  for (const u of units) {
    if (/^\s+$/.test(u)) {
      space = line !== '';
      continue;
    }
    const longer = line + (space ? ' ' : '') + u;
    if (line && displayWidth(longer) > width) {
      lines.push(line);
      line = u;
    } else line = longer;
    space = false;
  }
  if (line) lines.push(line);
  return lines;
}

const indent = (lines: string[], first: string, rest: string) => lines.map((l, i) => (i === 0 ? first : rest) + l);

export function helpText(spec: HelpSpec, t: Translate, width = HELP_WIDTH): string {
  const out: string[] = [t('cli.help.usage')];
  const usageColumn = Math.max(...spec.usage.map((u) => displayWidth(u.syntax))) + 5;
  for (const u of spec.usage) {
    if (!u.key) {
      out.push(`  ${u.syntax}`);
      continue;
    }
    const lead = `  ${u.syntax}`;
    const desc = wrapText(t(u.key), Math.max(20, width - usageColumn));
    out.push(...indent(desc, lead + ' '.repeat(usageColumn - displayWidth(lead)), ' '.repeat(usageColumn)));
  }
  for (const p of spec.about) out.push('', ...wrapText(t(p.key, p.params ?? []), width));
  out.push('', t('cli.help.options'));
  const flagColumn = Math.max(...spec.flags.map((f) => displayWidth(f.syntax))) + 5;
  for (const f of spec.flags) {
    const lead = `  ${f.syntax}`;
    const desc = wrapText(t(f.key, f.params ?? []), Math.max(20, width - flagColumn));
    out.push(...indent(desc, lead + ' '.repeat(flagColumn - displayWidth(lead)), ' '.repeat(flagColumn)));
  }
  for (const p of spec.after) out.push('', ...wrapText(t(p.key, p.params ?? []), width));
  return out.join('\n') + '\n';
}

/**
 * A usage error in the user's language. node:util parseArgs throws in English with a code: the
 * unknown option and the option lacking (or not taking) a value are said again in the language.
 */
export function parseArgsErrorText(e: unknown, t: Translate): string {
  const err = e as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(err.message ?? '')?.[1];
  if (option && err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return t('cli.error.unknownOption', [option]);
  if (option && err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return t(/does not take an argument/.test(err.message ?? '') ? 'cli.error.takesNoValue' : 'cli.error.needsValue', [option]);
  }
  return e instanceof Error ? e.message : String(e);
}

/** The value of --lang before the arguments are parsed, so that their errors are in that language. */
export function langArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--lang') return argv[i + 1];
    if (a.startsWith('--lang=')) return a.slice('--lang='.length);
  }
  return undefined;
}
