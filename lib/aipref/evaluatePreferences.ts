import type { Header } from '../core';
import type { ParsedRobotsTxt, PreferenceLine } from '../robots';
import { readLine } from './readLine';
import { matchAgent, namesAgent, pathStringOf } from '../robots';
import { asciiLower } from '../robots';
import { patternMatches } from '../robots';
import { readPreferenceValue, type PreferenceKind, type PreferenceValue } from './readPreferenceValue';
import { preferenceDiagnostics } from './preferenceDiagnostics';
import { POLICY_ORDER, POLICY_TOKENS, PURPOSES, SIGNAL_LABELS, SIGNAL_ORDER, USAGE_LABELS, USAGE_ORDER, type Label, type Purpose } from './vocabulary';
import type { AiPreferences, PrefDiagnostic, PrefStatement, PurposeAnswer } from './types';

const KEY_TEXT: Record<PreferenceKind, string> = { 'content-usage': 'Content-Usage', 'content-signal': 'Content-Signal' };

/** The groups a crawler reads, as RFC 9309 (and Google) choose them: those naming its token, else the `*` groups. */
function groupsFor(parsed: ParsedRobotsTxt, agent: string): Set<number> {
  const token = asciiLower(agent);
  const named = new Set<number>();
  const global = new Set<number>();
  parsed.groups.forEach((g, i) => {
    for (const a of g.agents) {
      if (a.global) global.add(i);
      else if (token !== '*' && asciiLower(a.token) === token) named.add(i);
    }
  });
  return named.size ? named : global;
}

/** The statements one read value makes for every purpose, each label in its purpose's order (a parent's only when the purpose's own is absent). */
function statementsOf(
  v: PreferenceValue,
  labels: readonly Label[],
  order: Record<Purpose, readonly string[]>,
  base: Pick<PrefStatement, 'kind' | 'line' | 'text' | 'path'>,
): PrefStatement[] {
  const out: PrefStatement[] = [];
  for (const purpose of PURPOSES) {
    const chain = order[purpose];
    const hit = chain.find((l) => v.values.has(l));
    if (!hit) continue;
    out.push({ ...base, purpose, value: v.values.get(hit)!, label: hit, inherited: hit !== chain[0], draft: labels.find((l) => l.label === hit)!.draft });
  }
  return out;
}

/**
 * The robots.txt lines of one kind that apply to `path` in the chosen groups: the longest
 * matching path wins, as for Allow/Disallow (draft-ietf-aipref-attach-05 §4.1; a line without a
 * path matches every path with length 0); lines with equally long paths all apply and are
 * combined (§4.1: "these preferences apply separately").
 */
function linesFor(parsed: ParsedRobotsTxt, groups: Set<number>, kind: PreferenceKind, path: string): PreferenceLine[] {
  let best = -1;
  let chosen: PreferenceLine[] = [];
  for (const l of parsed.preferenceLines) {
    if (l.key !== kind || !groups.has(l.group)) continue;
    const v = readLine(l);
    if (v.pattern !== '' && !patternMatches(path, v.pattern)) continue;
    const len = v.pattern.length;
    if (len > best) {
      best = len;
      chosen = [l];
    } else if (len === best) chosen.push(l);
  }
  return chosen;
}

export interface EvaluateOptions {
  /** The robots.txt token whose groups apply: '*' (default) or a crawler's token. */
  agent?: string;
  /** The response's headers: its Content-Usage header is read (draft-ietf-aipref-attach-05 §3). */
  headers?: readonly Header[] | null;
}

/**
 * What the file (and the response's Content-Usage header) says about each use of `url`'s
 * content, for the groups `agent` reads: Content-Usage and Content-Signal lines by longest path
 * match, policy-token groups (draft-kelley-…-00) by Google's matcher, each answer with the line
 * or header it comes from, combined per purpose as vocab-07 §7.1 says. Never changes a robots.txt
 * verdict: it reads lines the matcher ignores.
 */
export function evaluatePreferences(parsed: ParsedRobotsTxt | null, url: string, opts: EvaluateOptions = {}): AiPreferences {
  const agent = opts.agent ?? '*';
  const statements: PrefStatement[] = [];
  let crawlable = true;
  let groupLines: number[] = [];
  if (parsed) {
    const path = pathStringOf(url);
    const m = matchAgent(parsed, agent, url);
    crawlable = m.allowed;
    groupLines = m.groupLines;
    const groups = groupsFor(parsed, agent);
    // attach-05 §4.1: "paths that cannot be crawled have no associated usage preferences".
    if (crawlable) {
      for (const kind of ['content-usage', 'content-signal'] as const) {
        const labels = kind === 'content-usage' ? USAGE_LABELS : SIGNAL_LABELS;
        const order = kind === 'content-usage' ? USAGE_ORDER : SIGNAL_ORDER;
        for (const l of linesFor(parsed, groups, kind, path)) {
          const v = readLine(l);
          statements.push(...statementsOf(v, labels, order, { kind, line: l.line, text: `${KEY_TEXT[kind]}: ${l.value}`, path: v.path }));
        }
      }
    }
    // Policy-token groups: a group naming the token decides as robots.txt decides for a crawler.
    for (const p of POLICY_TOKENS) {
      if (!namesAgent(parsed, p.label)) continue;
      const pm = matchAgent(parsed, p.label, url);
      const v: PreferenceValue = { path: null, pattern: '', parsed: true, values: new Map([[p.label, pm.allowed ? 'y' : 'n']]), problems: [] };
      const rule = pm.rule;
      const text = rule ? `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}` : `User-agent: ${p.label}`;
      statements.push(...statementsOf(v, POLICY_TOKENS, POLICY_ORDER, { kind: 'policy-group', line: rule?.line ?? null, text, path: pm.matchedPattern }));
    }
  }

  // The response header (no path): representation metadata of this response.
  const headerValues = (opts.headers ?? []).filter((h) => h.name.toLowerCase() === 'content-usage').map((h) => h.value);
  const header = headerValues.length ? headerValues.join(', ') : null;
  const headerDiagnostics: PrefDiagnostic[] = [];
  if (header !== null) {
    const v = readPreferenceValue('content-usage', header, false);
    for (const p of v.problems) headerDiagnostics.push({ ...p, line: null, params: [...p.params] });
    statements.push(...statementsOf(v, USAGE_LABELS, USAGE_ORDER, { kind: 'header', line: null, text: `Content-Usage: ${header}`, path: null }));
  }

  const purposes: PurposeAnswer[] = PURPOSES.map((purpose) => {
    const mine = statements.filter((s) => s.purpose === purpose);
    const n = mine.some((s) => s.value === 'n');
    const y = mine.some((s) => s.value === 'y');
    return { purpose, value: n ? 'n' : y ? 'y' : 'unknown', statements: mine, conflict: n && y };
  });
  return {
    agent,
    groupLines,
    crawlable,
    purposes,
    diagnostics: [...(parsed ? preferenceDiagnostics(parsed) : []), ...headerDiagnostics],
    header,
    lineCount: parsed ? parsed.preferenceLines.length : 0,
    linesDropped: parsed ? parsed.preferenceLinesDropped : 0,
  };
}
