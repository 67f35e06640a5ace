import type { AgentMatch, CrawlerVerdict, ParsedRobotsTxt, RobotsReport } from './types';
import { GOOGLE_CRAWLERS, type GoogleCrawler } from './googleCrawlers';
import { parseRobotsTxt } from './parseRobotsTxt';
import { parseRobotsReport } from './parseRobotsReport';
import { matchAgentPath, namesAgent, pathStringOf } from './matchAgent';

/** How one crawler picks its group in a given file: that depends on the file, not on the URL. */
type Plan =
  | { kind: 'ignored' }
  | { kind: 'none'; code: 'noGroupIgnoresGlobal' | 'noGroup' }
  | { kind: 'match'; agent: string; group: 'own' | 'fallback' };

const plans = new WeakMap<ParsedRobotsTxt, Plan[]>();

function planFor(c: GoogleCrawler, parsed: ParsedRobotsTxt): Plan {
  if (!c.obeysRobotsTxt) return { kind: 'ignored' };
  // Its own group, else the first fallback that has a group, else `*` (unless it ignores `*`).
  if (namesAgent(parsed, c.token)) return { kind: 'match', agent: c.token, group: 'own' };
  const fb = c.fallbacks.find((t) => namesAgent(parsed, t));
  if (fb) return { kind: 'match', agent: fb, group: 'fallback' };
  if (c.ignoresGlobal) return { kind: 'none', code: 'noGroupIgnoresGlobal' };
  return { kind: 'match', agent: c.token, group: 'own' };
}

function plansFor(parsed: ParsedRobotsTxt): Plan[] {
  let p = plans.get(parsed);
  if (!p) {
    p = GOOGLE_CRAWLERS.map((c) => planFor(c, parsed));
    plans.set(parsed, p);
  }
  return p;
}

function verdictFor(c: GoogleCrawler, plan: Plan, parsed: ParsedRobotsTxt, path: string, memo: Map<string, AgentMatch>): CrawlerVerdict {
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

/** One verdict per Google crawler (GOOGLE_CRAWLERS order) for the URL, parsing the file once. */
export function evaluateForGoogle(robotsTxt: string | Uint8Array | ParsedRobotsTxt, url: string): CrawlerVerdict[] {
  const parsed = typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
  const path = pathStringOf(url);
  const memo = new Map<string, AgentMatch>();
  const p = plansFor(parsed);
  return GOOGLE_CRAWLERS.map((c, i) => verdictFor(c, p[i], parsed, path, memo));
}

/**
 * Verdicts from a fetched report: parse its body, or apply Google's rule for a missing file
 * (everything allowed) or an unreachable one (nothing crawled, except by crawlers that ignore robots.txt).
 */
export function evaluateReportForGoogle(report: RobotsReport, url: string, parsed?: ParsedRobotsTxt): CrawlerVerdict[] {
  if (report.outcome.kind === 'parse') return evaluateForGoogle(parsed ?? parseRobotsReport(report) ?? '', url);
  const allowAll = report.outcome.kind === 'allow-all';
  return GOOGLE_CRAWLERS.map((c) => ({
    token: c.token,
    allowed: allowAll || !c.obeysRobotsTxt,
    obeysRobotsTxt: c.obeysRobotsTxt,
    group: c.obeysRobotsTxt ? ('none' as const) : ('ignored' as const),
    groupToken: null,
    groupLines: [],
    line: null,
    rule: null,
    reason: c.obeysRobotsTxt
      ? { code: allowAll ? 'robotsMissing' : 'robotsUnreachable', params: [report.outcome.code] }
      : { code: 'ignoresRobotsTxt', params: [c.token] },
  }));
}
