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

/** The merged rules that apply to one agent token (or to `*`): those of `groups`, in file order. */
interface RuleSet {
  groups: number[];
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
  const { groups } = parsed;
  for (let g = 0; g < groups.length; g++) {
    let hasGlobal = false;
    for (const a of groups[g].agents) {
      if (a.global) {
        hasGlobal = true;
        continue;
      }
      // A token is made of [A-Za-z_-] only: toLowerCase is ASCII lower-casing here.
      const t = a.token.toLowerCase();
      const list = idx.byToken.get(t);
      if (!list) idx.byToken.set(t, [g]);
      else if (list[list.length - 1] !== g) list.push(g); // named twice in one group: once
    }
    if (hasGlobal) idx.globalGroups.push(g);
  }
  indexes.set(parsed, idx);
  return idx;
}

function ruleSet(parsed: ParsedRobotsTxt, idx: Index, key: string, groups: number[]): RuleSet {
  let set = idx.sets.get(key);
  if (set) return set;
  const groupLines: number[] = [];
  for (const g of groups) for (const a of parsed.groups[g].agents) groupLines.push(a.line);
  set = { groups, groupLines, uses: 0, byPrefix: null, prefixLengths: [] };
  idx.sets.set(key, set);
  return set;
}

/** Google's index.htm rule: an Allow of `/x/index.htm…` also allows `/x/` exactly (`/x/$`); null otherwise. */
function indexHtmVariant(rule: RobotsRule): string | null {
  if (rule.kind !== 'allow') return null;
  const p = rule.pattern;
  const slash = p.lastIndexOf('/');
  return slash !== -1 && p.startsWith('/index.htm', slash) ? p.slice(0, slash + 1) + '$' : null;
}

function literalPrefix(pattern: string): string {
  const star = pattern.indexOf('*');
  if (star !== -1) return pattern.slice(0, star);
  return pattern.endsWith('$') ? pattern.slice(0, -1) : pattern;
}

function buildPrefixIndex(parsed: ParsedRobotsTxt, set: RuleSet): void {
  const byPrefix = new Map<string, Entry[]>();
  const lengths = new Set<number>();
  const add = (e: Entry) => {
    const p = literalPrefix(e.pattern);
    const list = byPrefix.get(p);
    if (list) list.push(e);
    else byPrefix.set(p, [e]);
    lengths.add(p.length);
  };
  for (const g of set.groups) {
    for (const rule of parsed.groups[g].rules) {
      // An empty pattern matches with priority 0 and so never decides: leave it out.
      if (rule.pattern === '') continue;
      add({ rule, pattern: rule.pattern });
      const variant = indexHtmVariant(rule);
      if (variant !== null) add({ rule, pattern: variant });
    }
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
  rule: RobotsRule | null;
  pattern: string;
}

function consider(best: Best, rule: RobotsRule, pattern: string): void {
  const p = pattern.length;
  // Longest wins; between equally long patterns of one kind Google keeps the first in the file.
  if (p > best.priority || (p === best.priority && best.rule !== null && rule.line < best.rule.line)) {
    best.priority = p;
    best.rule = rule;
    best.pattern = pattern;
  }
}

function bestOf(parsed: ParsedRobotsTxt, set: RuleSet, path: string): { allow: Best; disallow: Best } {
  const allow: Best = { priority: -1, rule: null, pattern: '' };
  const disallow: Best = { priority: -1, rule: null, pattern: '' };
  // A set asked about more than twice gets a prefix index: only rules whose literal start is a
  // prefix of the path are tested. (One-off questions just scan the groups' rules.)
  if (set.byPrefix === null && ++set.uses > 2) buildPrefixIndex(parsed, set);
  if (set.byPrefix !== null) {
    const s = path;
    for (const len of set.prefixLengths) {
      if (len > s.length) break;
      const list = set.byPrefix.get(len === s.length ? s : s.slice(0, len));
      if (list) {
        for (const e of list) {
          if (patternMatches(s, e.pattern)) consider(e.rule.kind === 'allow' ? allow : disallow, e.rule, e.pattern);
        }
      }
    }
    return { allow, disallow };
  }
  for (const g of set.groups) {
    for (const rule of parsed.groups[g].rules) {
      const pattern = rule.pattern;
      // An empty pattern matches with priority 0 and so never decides: leave it out.
      if (pattern === '') continue;
      const best = rule.kind === 'allow' ? allow : disallow;
      // A pattern no longer than the best so far cannot win (an equally long one from a later line neither).
      if (pattern.length >= best.priority && patternMatches(path, pattern)) consider(best, rule, pattern);
      if (rule.kind === 'allow') {
        const variant = indexHtmVariant(rule);
        if (variant !== null && patternMatches(path, variant)) consider(allow, rule, variant);
      }
    }
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
  const { allow, disallow } = bestOf(parsed, set, typeof path === 'string' ? path : binaryString(path));
  let m: AgentMatch;
  if (allow.priority > 0 || disallow.priority > 0) {
    const win = disallow.priority > allow.priority ? disallow : allow;
    m = { allowed: win === allow, groupKind: kind, rule: win.rule!, matchedPattern: win.pattern, groupLines: set.groupLines };
  } else {
    m = { allowed: true, groupKind: kind, rule: null, matchedPattern: null, groupLines: set.groupLines };
  }
  memo?.set(key, m);
  return m;
}

export function matchAgent(parsed: ParsedRobotsTxt, agent: string, url: string): AgentMatch {
  return matchAgentPath(parsed, agent, pathStringOf(url));
}
