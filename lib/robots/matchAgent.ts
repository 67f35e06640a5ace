import type { AgentMatch, ParsedRobotsTxt, RobotsRule } from './types';
import { patternMatches } from './patternMatches';
import { getPathParamsQuery } from './getPathParamsQuery';
import { asciiLower } from './extractUserAgent';
import { binaryString } from './escapePattern';

interface Entry {
  rule: RobotsRule;
  /** The pattern tested: the rule's, or Google's index.htm variant of an Allow (`/x/index.html` → `/x/$`). */
  pattern: string;
}

/** The merged rules that apply to one agent token (or to `*`), in file order. */
interface RuleSet {
  entries: Entry[];
  groupLines: number[];
  uses: number;
  /** Entries by the literal text before their first `*` (or before a final `$`), built once a set is reused. */
  byPrefix: Map<string, Entry[]> | null;
  prefixLengths: number[];
}

interface Index {
  byToken: Map<string, number[]>;
  globalGroups: number[];
  sets: Map<string, RuleSet>;
}

const indexes = new WeakMap<ParsedRobotsTxt, Index>();

function indexOf(parsed: ParsedRobotsTxt): Index {
  let idx = indexes.get(parsed);
  if (idx) return idx;
  idx = { byToken: new Map(), globalGroups: [], sets: new Map() };
  for (let g = 0; g < parsed.groups.length; g++) {
    let hasGlobal = false;
    const tokens = new Set<string>();
    for (const a of parsed.groups[g].agents) {
      if (a.global) hasGlobal = true;
      else tokens.add(asciiLower(a.token));
    }
    for (const t of tokens) {
      const list = idx.byToken.get(t);
      if (list) list.push(g);
      else idx.byToken.set(t, [g]);
    }
    if (hasGlobal) idx.globalGroups.push(g);
  }
  indexes.set(parsed, idx);
  return idx;
}

function ruleSet(parsed: ParsedRobotsTxt, idx: Index, key: string, groups: number[]): RuleSet {
  let set = idx.sets.get(key);
  if (set) return set;
  const entries: Entry[] = [];
  const groupLines: number[] = [];
  for (const g of groups) {
    for (const a of parsed.groups[g].agents) groupLines.push(a.line);
    for (const rule of parsed.groups[g].rules) {
      // An empty pattern matches with priority 0 and so never decides: leave it out.
      if (rule.pattern === '') continue;
      entries.push({ rule, pattern: rule.pattern });
      if (rule.kind === 'allow') {
        const slash = rule.pattern.lastIndexOf('/');
        if (slash !== -1 && rule.pattern.startsWith('/index.htm', slash)) {
          entries.push({ rule, pattern: rule.pattern.slice(0, slash + 1) + '$' });
        }
      }
    }
  }
  set = { entries, groupLines, uses: 0, byPrefix: null, prefixLengths: [] };
  idx.sets.set(key, set);
  return set;
}

function literalPrefix(pattern: string): string {
  const star = pattern.indexOf('*');
  if (star !== -1) return pattern.slice(0, star);
  return pattern.endsWith('$') ? pattern.slice(0, -1) : pattern;
}

function buildPrefixIndex(set: RuleSet): void {
  const byPrefix = new Map<string, Entry[]>();
  const lengths = new Set<number>();
  for (const e of set.entries) {
    const p = literalPrefix(e.pattern);
    const list = byPrefix.get(p);
    if (list) list.push(e);
    else byPrefix.set(p, [e]);
    lengths.add(p.length);
  }
  set.byPrefix = byPrefix;
  set.prefixLengths = [...lengths].sort((a, b) => a - b);
}

/** The URL's path + params + query as UTF-8 bytes, as the matcher compares it. */
export function pathBytesOf(url: string): Uint8Array {
  return new TextEncoder().encode(getPathParamsQuery(url));
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The same as a string with one char per byte (what the matcher works on). */
export function pathStringOf(url: string): string {
  const p = getPathParamsQuery(url);
  return NON_ASCII.test(p) ? binaryString(new TextEncoder().encode(p)) : p;
}

interface Best {
  priority: number;
  entry: Entry | null;
}

function consider(best: Best, e: Entry): void {
  const p = e.pattern.length;
  // Longest wins; between equally long patterns of one kind Google keeps the first in the file.
  if (p > best.priority || (p === best.priority && best.entry !== null && e.rule.line < best.entry.rule.line)) {
    best.priority = p;
    best.entry = e;
  }
}

function bestOf(set: RuleSet, path: string): { allow: Best; disallow: Best } {
  const allow: Best = { priority: -1, entry: null };
  const disallow: Best = { priority: -1, entry: null };
  const test = (e: Entry) => {
    if (patternMatches(path, e.pattern)) consider(e.rule.kind === 'allow' ? allow : disallow, e);
  };
  // A set asked about more than twice gets a prefix index: only rules whose literal start is a
  // prefix of the path are tested. (One-off questions just scan.)
  if (set.byPrefix === null && ++set.uses > 2) buildPrefixIndex(set);
  if (set.byPrefix !== null) {
    const s = path;
    for (const len of set.prefixLengths) {
      if (len > s.length) break;
      const list = set.byPrefix.get(len === s.length ? s : s.slice(0, len));
      if (list) for (const e of list) test(e);
    }
  } else {
    for (const e of set.entries) test(e);
  }
  return { allow, disallow };
}

/** Which rule set answers for this agent: the groups naming it, else the `*` groups, else none. */
function setFor(parsed: ParsedRobotsTxt, agent: string): { key: string; set: RuleSet | null; kind: AgentMatch['groupKind'] } {
  const idx = indexOf(parsed);
  const token = asciiLower(agent);
  const specific = idx.byToken.get(token);
  if (specific) return { key: token, set: ruleSet(parsed, idx, token, specific), kind: 'specific' };
  if (idx.globalGroups.length > 0) return { key: '*', set: ruleSet(parsed, idx, '\u0000*', idx.globalGroups), kind: 'global' };
  return { key: '', set: null, kind: 'none' };
}

/** True when some group names this agent (compared case-insensitively with the cut token). */
export function namesAgent(parsed: ParsedRobotsTxt, agent: string): boolean {
  return indexOf(parsed).byToken.has(asciiLower(agent));
}

/**
 * Google's OneAgentAllowedByRobots for a parsed file, with its reason: the groups naming the
 * agent (merged) if any — else the `*` groups (merged); the longest matching pattern decides,
 * Allow wins ties, an empty pattern never decides, and no match means allowed.
 * `path` is UTF-8 bytes or a one-char-per-byte string (pathStringOf); `memo` (one per path) lets several agents that end up in the same groups share the work.
 */
export function matchAgentPath(parsed: ParsedRobotsTxt, agent: string, path: Uint8Array | string, memo?: Map<string, AgentMatch>): AgentMatch {
  const { key, set, kind } = setFor(parsed, agent);
  if (!set) return { allowed: true, groupKind: 'none', rule: null, matchedPattern: null, groupLines: [] };
  const cached = memo?.get(key);
  if (cached) return cached;
  const { allow, disallow } = bestOf(set, typeof path === 'string' ? path : binaryString(path));
  let m: AgentMatch;
  if (allow.priority > 0 || disallow.priority > 0) {
    const win = disallow.priority > allow.priority ? disallow : allow;
    m = { allowed: win === allow, groupKind: kind, rule: win.entry!.rule, matchedPattern: win.entry!.pattern, groupLines: set.groupLines };
  } else {
    m = { allowed: true, groupKind: kind, rule: null, matchedPattern: null, groupLines: set.groupLines };
  }
  memo?.set(key, m);
  return m;
}

export function matchAgent(parsed: ParsedRobotsTxt, agent: string, url: string): AgentMatch {
  return matchAgentPath(parsed, agent, pathStringOf(url));
}
