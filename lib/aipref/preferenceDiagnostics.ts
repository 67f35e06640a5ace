import type { ParsedRobotsTxt } from '../robots';
import { readLine } from './readLine';
import type { PrefDiagnostic } from './types';

/** Diagnostics past this many are summarised in one (a file of 10,000 bad lines stays readable). */
export const PREF_MAX_DIAGNOSTICS = 200;

const cache = new WeakMap<ParsedRobotsTxt, PrefDiagnostic[]>();

/**
 * Every preference line's problems, with its line: a value that is not y / n (Content-Usage) or
 * yes / no (Content-Signal), an unknown label, a statement that is not a dictionary, a line before
 * any user-agent line (it belongs to no group), a line between two user-agent lines (Google's
 * parser keeps them in one group; a parser that reads Content-Usage as a rule, as
 * draft-ietf-aipref-attach-05 §4 extends the grammar, starts a new group there).
 */
export function preferenceDiagnostics(parsed: ParsedRobotsTxt): PrefDiagnostic[] {
  const hit = cache.get(parsed);
  if (hit) return hit;
  const out: PrefDiagnostic[] = [];
  let more = 0;
  const add = (d: PrefDiagnostic) => {
    if (out.length < PREF_MAX_DIAGNOSTICS) out.push(d);
    else more++;
  };
  for (const l of parsed.preferenceLines) {
    const key = l.key === 'content-usage' ? 'Content-Usage' : 'Content-Signal';
    if (l.group === -1) add({ severity: 'warning', line: l.line, code: 'outsideGroup', params: [key] });
    else {
      const agents = parsed.groups[l.group]!.agents;
      const laterAgent = agents.find((a) => a.line > l.line);
      if (laterAgent) add({ severity: 'warning', line: l.line, code: 'betweenAgents', params: [key, laterAgent.line] });
    }
    if (l.missingColon) add({ severity: 'info', line: l.line, code: 'missingColon', params: [key] });
    for (const p of readLine(l).problems) add({ ...p, line: l.line, params: [...p.params] });
  }
  if (parsed.preferenceLinesDropped > 0) add({ severity: 'info', line: null, code: 'linesDropped', params: [parsed.preferenceLinesDropped] });
  if (more > 0) out.push({ severity: 'info', line: null, code: 'moreDiagnostics', params: [more] });
  cache.set(parsed, out);
  return out;
}
