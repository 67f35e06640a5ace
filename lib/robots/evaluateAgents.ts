import type { AgentMatch, CrawlerVerdict, ParsedRobotsTxt, RobotsReport } from './types';
import { parseRobotsTxt } from './parseRobotsTxt';
import { parseRobotsReport } from './parseRobotsReport';
import { matchAgentPath, namesAgent, pathStringOf } from './matchAgent';

/**
 * How a crawler picks its group, as data: Google's crawlers (googleCrawlers.ts) and the other
 * crawlers of lib/crawlers both describe themselves this way, and one function judges them all.
 */
export interface AgentRules {
  /** The robots.txt user-agent token. */
  token: string;
  /** Tokens whose group it obeys, in order, when no group names its own token. */
  fallbacks: readonly string[];
  /** Only a group naming it (or a fallback) applies; `*` groups do not. */
  ignoresGlobal: boolean;
  obeysRobotsTxt: boolean;
}

/** How one crawler picks its group in a given file: that depends on the file, not on the URL. */
type Plan =
  | { kind: 'ignored' }
  | { kind: 'none'; code: 'noGroupIgnoresGlobal' | 'noGroup' }
  | { kind: 'match'; agent: string; group: 'own' | 'fallback' };

/** Plans per list of agents, per parsed file (both kept only while they live). */
const plans = new WeakMap<readonly AgentRules[], WeakMap<ParsedRobotsTxt, Plan[]>>();

function planFor(c: AgentRules, parsed: ParsedRobotsTxt): Plan {
  if (!c.obeysRobotsTxt) return { kind: 'ignored' };
  // Its own group, else the first fallback that has a group, else `*` (unless it ignores `*`).
  if (namesAgent(parsed, c.token)) return { kind: 'match', agent: c.token, group: 'own' };
  const fb = c.fallbacks.find((t) => namesAgent(parsed, t));
  if (fb) return { kind: 'match', agent: fb, group: 'fallback' };
  if (c.ignoresGlobal) return { kind: 'none', code: 'noGroupIgnoresGlobal' };
  return { kind: 'match', agent: c.token, group: 'own' };
}

function plansFor(agents: readonly AgentRules[], parsed: ParsedRobotsTxt): Plan[] {
  let byFile = plans.get(agents);
  if (!byFile) {
    byFile = new WeakMap();
    plans.set(agents, byFile);
  }
  let p = byFile.get(parsed);
  if (!p) {
    p = agents.map((c) => planFor(c, parsed));
    byFile.set(parsed, p);
  }
  return p;
}

function verdictFor(c: AgentRules, plan: Plan, parsed: ParsedRobotsTxt, path: string, memo: Map<string, AgentMatch>): CrawlerVerdict {
  const token = c.token;
  const obeysRobotsTxt = c.obeysRobotsTxt;
  const names = () => [token, ...c.fallbacks].join(', ');
  if (plan.kind === 'ignored') {
    return { token, obeysRobotsTxt, allowed: true, group: 'ignored', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: 'ignoresRobotsTxt', params: [token] } };
  }
  if (plan.kind === 'none') {
    return { token, obeysRobotsTxt, allowed: true, group: 'none', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: plan.code, params: [names()] } };
  }
  const m = matchAgentPath(parsed, plan.agent, path, memo);
  if (m.groupKind === 'none') {
    return { token, obeysRobotsTxt, allowed: true, group: 'none', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: 'noGroup', params: [names()] } };
  }
  const group = m.groupKind === 'global' ? 'global' : plan.group;
  const groupToken = m.groupKind === 'global' ? '*' : plan.agent;
  if (!m.rule) {
    return { token, obeysRobotsTxt, allowed: m.allowed, group, groupToken, groupLines: m.groupLines, line: null, rule: null, reason: { code: 'noMatchingRule', params: [groupToken] } };
  }
  const viaIndex = m.matchedPattern !== m.rule.pattern;
  const code = viaIndex ? 'allowedByIndexHtm' : m.allowed ? 'allowedByRule' : 'disallowedByRule';
  return {
    token, obeysRobotsTxt, allowed: m.allowed, group, groupToken, groupLines: m.groupLines, line: m.rule.line, rule: m.rule,
    reason: { code, params: [m.rule.line, m.matchedPattern ?? '', groupToken] },
  };
}

/**
 * One verdict per agent (in the list's order) for the URL, parsing the file once: each agent's
 * own group, else its first fallback's, else `*` (unless it ignores `*`) — Google's matching
 * (longest match; Allow wins ties) in the group that applies.
 */
export function evaluateAgents(agents: readonly AgentRules[], robotsTxt: string | Uint8Array | ParsedRobotsTxt, url: string): CrawlerVerdict[] {
  const parsed = typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
  const path = pathStringOf(url);
  const memo = new Map<string, AgentMatch>();
  const p = plansFor(agents, parsed);
  return agents.map((c, i) => verdictFor(c, p[i]!, parsed, path, memo));
}

/**
 * Verdicts from a fetched report: parse its body, or apply the rule for a missing file
 * (everything allowed) or an unreachable one (nothing crawled — except by crawlers that ignore
 * robots.txt, and by those `crawlsWhenUnreachable` names, whose operator documents that they do).
 */
export function evaluateReportForAgents(
  agents: readonly AgentRules[],
  report: RobotsReport,
  url: string,
  parsed?: ParsedRobotsTxt,
  crawlsWhenUnreachable: (agent: AgentRules) => boolean = () => false,
): CrawlerVerdict[] {
  if (report.outcome.kind === 'parse') return evaluateAgents(agents, parsed ?? parseRobotsReport(report) ?? '', url);
  const allowAll = report.outcome.kind === 'allow-all';
  return agents.map((c) => {
    const crawls = !allowAll && c.obeysRobotsTxt && crawlsWhenUnreachable(c);
    return {
      token: c.token,
      allowed: allowAll || !c.obeysRobotsTxt || crawls,
      obeysRobotsTxt: c.obeysRobotsTxt,
      group: c.obeysRobotsTxt ? ('none' as const) : ('ignored' as const),
      groupToken: null,
      groupLines: [],
      line: null,
      rule: null,
      reason: !c.obeysRobotsTxt
        ? { code: 'ignoresRobotsTxt', params: [c.token] }
        : crawls
          ? { code: 'unreachableCrawls', params: [report.outcome.code, c.token] }
          : { code: allowAll ? 'robotsMissing' : 'robotsUnreachable', params: [report.outcome.code] },
    };
  });
}
