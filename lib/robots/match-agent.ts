import type { AgentMatch, ParsedRobotsTxt, RobotsRule } from './types';
import { patternMatches } from './pattern-matches';
import { getPathParamsQuery } from './path-params-query';
import { asciiLower } from './user-agent';

interface CompiledRule {
  rule: RobotsRule;
  /** Google's index.htm rule: `Allow: /x/index.html` also allows `/x/` (pattern `/x/$`). */
  indexAlt: string | null;
}

interface Index {
  byToken: Map<string, number[]>;
  globalGroups: number[];
  rules: CompiledRule[][];
  groupAgentLines: number[][];
}

const indexes = new WeakMap<ParsedRobotsTxt, Index>();

function indexOf(parsed: ParsedRobotsTxt): Index {
  let idx = indexes.get(parsed);
  if (idx) return idx;
  idx = { byToken: new Map(), globalGroups: [], rules: [], groupAgentLines: [] };
  for (let g = 0; g < parsed.groups.length; g++) {
    const group = parsed.groups[g];
    let hasGlobal = false;
    const tokens = new Set<string>();
    for (const a of group.agents) {
      if (a.global) hasGlobal = true;
      else tokens.add(asciiLower(a.token));
    }
    for (const t of tokens) {
      const list = idx.byToken.get(t);
      if (list) list.push(g);
      else idx.byToken.set(t, [g]);
    }
    if (hasGlobal) idx.globalGroups.push(g);
    idx.groupAgentLines.push(group.agents.map((a) => a.line));
    idx.rules.push(
      group.rules.map((rule) => {
        let indexAlt: string | null = null;
        if (rule.kind === 'allow') {
          const slash = rule.pattern.lastIndexOf('/');
          if (slash !== -1 && rule.pattern.startsWith('/index.htm', slash)) indexAlt = rule.pattern.slice(0, slash + 1) + '$';
        }
        return { rule, indexAlt };
      }),
    );
  }
  indexes.set(parsed, idx);
  return idx;
}

/** True when some group names this agent (compared case-insensitively with the cut token). */
export function namesAgent(parsed: ParsedRobotsTxt, agent: string): boolean {
  return indexOf(parsed).byToken.has(asciiLower(agent));
}

/** The URL's path + params + query as UTF-8 bytes, as the matcher compares it. */
export function pathBytesOf(url: string): Uint8Array {
  return new TextEncoder().encode(getPathParamsQuery(url));
}

interface Best {
  priority: number;
  rule: RobotsRule | null;
  pattern: string | null;
}

function bestOf(idx: Index, groups: number[], path: Uint8Array): { allow: Best; disallow: Best } {
  const allow: Best = { priority: -1, rule: null, pattern: null };
  const disallow: Best = { priority: -1, rule: null, pattern: null };
  // Groups are listed in file order, so the first of equally long matches is kept, as Google does.
  for (const g of groups) {
    for (const { rule, indexAlt } of idx.rules[g]) {
      const best = rule.kind === 'allow' ? allow : disallow;
      const p = rule.pattern;
      if (patternMatches(path, p)) {
        if (p.length > best.priority) {
          best.priority = p.length;
          best.rule = rule;
          best.pattern = p;
        }
      } else if (indexAlt !== null && patternMatches(path, indexAlt) && indexAlt.length > best.priority) {
        best.priority = indexAlt.length;
        best.rule = rule;
        best.pattern = indexAlt;
      }
    }
  }
  return { allow, disallow };
}

/**
 * Google's OneAgentAllowedByRobots for a parsed file, with its reason: the groups naming the
 * agent (merged) if any — else the `*` groups (merged); the longest matching pattern decides,
 * Allow wins ties, an empty pattern never decides, and no match means allowed.
 */
export function matchAgentPath(parsed: ParsedRobotsTxt, agent: string, path: Uint8Array): AgentMatch {
  const idx = indexOf(parsed);
  const specific = idx.byToken.get(asciiLower(agent));
  const decide = (groups: number[], groupKind: 'specific' | 'global'): AgentMatch | null => {
    const { allow, disallow } = bestOf(idx, groups, path);
    const groupLines = groups.flatMap((g) => idx.groupAgentLines[g]);
    if (allow.priority > 0 || disallow.priority > 0) {
      const win = disallow.priority > allow.priority ? disallow : allow;
      return { allowed: win === allow, groupKind, rule: win.rule, matchedPattern: win.pattern, groupLines };
    }
    return null;
  };
  if (specific) {
    const groupLines = specific.flatMap((g) => idx.groupAgentLines[g]);
    return decide(specific, 'specific') ?? { allowed: true, groupKind: 'specific', rule: null, matchedPattern: null, groupLines };
  }
  if (idx.globalGroups.length > 0) {
    const groupLines = idx.globalGroups.flatMap((g) => idx.groupAgentLines[g]);
    return decide(idx.globalGroups, 'global') ?? { allowed: true, groupKind: 'global', rule: null, matchedPattern: null, groupLines };
  }
  return { allowed: true, groupKind: 'none', rule: null, matchedPattern: null, groupLines: [] };
}

export function matchAgent(parsed: ParsedRobotsTxt, agent: string, url: string): AgentMatch {
  return matchAgentPath(parsed, agent, pathBytesOf(url));
}
