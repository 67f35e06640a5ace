import { escapePattern } from '../robots';
import { parseDictionary } from './parseDictionary';
import { SIGNAL_LABELS, SIGNAL_OTHER_KEYS, USAGE_LABELS } from './vocabulary';
import type { PrefDiagnostic } from './types';

/** A preference line or header value, read. */
export interface PreferenceValue {
  /** The path as written, or null when the value has none. */
  path: string | null;
  /** The path as robots.txt matches it (escapePattern), '' when none: a rule without a path matches every path with length 0. */
  pattern: string;
  /** The statement parsed as a dictionary; false when it is not one (every preference unknown). */
  parsed: boolean;
  /** Known labels with a valid value: y / n (Content-Signal's yes / no as y / n). */
  values: Map<string, 'y' | 'n'>;
  problems: Omit<PrefDiagnostic, 'line'>[];
}

export type PreferenceKind = 'content-usage' | 'content-signal';

/**
 * Reads the value of a `Content-Usage` / `Content-Signal` line (or a Content-Usage header, which
 * has no path): an optional path — the value starts with "/" and the path ends before the first
 * space or tab (draft-ietf-aipref-attach-05 §4.2) — then a dictionary (RFC 9651). Content-Usage
 * takes the tokens y / n (draft-ietf-aipref-vocab-07 §6.2), Content-Signal yes / no
 * (contentsignals.org); any other value leaves that use unknown and is reported.
 */
export function readPreferenceValue(kind: PreferenceKind, raw: string, allowPath = true): PreferenceValue {
  const problems: Omit<PrefDiagnostic, 'line'>[] = [];
  let path: string | null = null;
  let rest = raw;
  if (allowPath && raw.startsWith('/')) {
    const ws = raw.search(/[ \t]/);
    path = ws === -1 ? raw : raw.slice(0, ws);
    rest = ws === -1 ? '' : raw.slice(ws + 1);
    // contentsignals.org shows Content-Signal for a whole group; a path is read as Content-Usage's.
    if (kind === 'content-signal') problems.push({ severity: 'info', code: 'signalPath', params: [path] });
  }
  const values = new Map<string, 'y' | 'n'>();
  const text = rest.trim();
  if (text === '') {
    problems.push({ severity: 'warning', code: 'empty', params: [] });
    return { path, pattern: path === null ? '' : escapePattern(path), parsed: false, values, problems };
  }
  const dict = parseDictionary(text);
  if (!dict.ok) {
    // A capital letter in a key is the commonest cause (the format is case-sensitive, vocab-07 §6.6).
    const code = /(^|,)\s*[^=,]*[A-Z][^=,]*(=|,|$)/.test(text) ? 'notDictionaryUpperCase' : /\s=|=\s/.test(text) ? 'notDictionarySpace' : 'notDictionary';
    problems.push({ severity: 'warning', code, params: [text] });
    return { path, pattern: path === null ? '' : escapePattern(path), parsed: false, values, problems };
  }
  const labels = kind === 'content-usage' ? USAGE_LABELS : SIGNAL_LABELS;
  for (const m of dict.members) {
    if (m.occurrences > 1) problems.push({ severity: 'info', code: 'repeated', params: [m.key] });
    const known = labels.some((l) => l.label === m.key);
    if (!known) {
      if (kind === 'content-signal' && SIGNAL_OTHER_KEYS.includes(m.key)) continue;
      problems.push({ severity: 'info', code: 'unknownLabel', params: [m.key] });
      continue;
    }
    const v = m.value.type === 'token' ? m.value.value : null;
    if (kind === 'content-usage') {
      if (v === 'y' || v === 'n') values.set(m.key, v);
      else if (v === 'yes' || v === 'no') problems.push({ severity: 'warning', code: 'usageYesNo', params: [m.key, v] });
      else problems.push({ severity: 'warning', code: 'badValue', params: [m.key, valueText(m.value), 'y / n'] });
    } else {
      if (v === 'yes' || v === 'no') values.set(m.key, v === 'yes' ? 'y' : 'n');
      else if (v === 'y' || v === 'n') problems.push({ severity: 'warning', code: 'signalYN', params: [m.key, v] });
      else problems.push({ severity: 'warning', code: 'badValue', params: [m.key, valueText(m.value), 'yes / no'] });
    }
  }
  return { path, pattern: path === null ? '' : escapePattern(path), parsed: true, values, problems };
}

function valueText(v: { type: string; value?: unknown }): string {
  if (v.type === 'token' || v.type === 'string') return String(v.value);
  if (v.type === 'boolean') return v.value ? '?1' : '?0';
  return v.value === undefined ? v.type : String(v.value);
}
