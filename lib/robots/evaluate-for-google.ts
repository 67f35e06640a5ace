import type { AgentMatch, CrawlerVerdict, ParsedRobotsTxt, RobotsReport } from './types';
import { GOOGLE_CRAWLERS, type GoogleCrawler } from './google-crawlers';
import { parseRobotsTxt } from './parse-robots-txt';
import { matchAgentPath, namesAgent, pathStringOf } from './match-agent';

function verdictFor(c: GoogleCrawler, parsed: ParsedRobotsTxt, path: string, memo: Map<string, AgentMatch>): CrawlerVerdict {
  const base = { token: c.token, obeysRobotsTxt: c.obeysRobotsTxt };
  if (!c.obeysRobotsTxt) {
    return { ...base, allowed: true, group: 'ignored', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: 'ignoresRobotsTxt', params: [c.token] } };
  }
  // Its own group, else the first fallback that has a group, else `*` (unless it ignores `*`).
  let agent: string | null = null;
  let group: 'own' | 'fallback' = 'own';
  if (namesAgent(parsed, c.token)) agent = c.token;
  else {
    const fb = c.fallbacks.find((t) => namesAgent(parsed, t));
    if (fb) {
      agent = fb;
      group = 'fallback';
    }
  }
  if (agent === null && c.ignoresGlobal) {
    return { ...base, allowed: true, group: 'none', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: 'noGroupIgnoresGlobal', params: [[c.token, ...c.fallbacks].join(', ')] } };
  }
  const m = matchAgentPath(parsed, agent ?? c.token, path, memo);
  if (m.groupKind === 'none') {
    return { ...base, allowed: true, group: 'none', groupToken: null, groupLines: [], line: null, rule: null, reason: { code: 'noGroup', params: [[c.token, ...c.fallbacks].join(', ')] } };
  }
  const usedGroup = m.groupKind === 'global' ? 'global' : group;
  const groupToken = m.groupKind === 'global' ? '*' : agent!;
  const common = { ...base, allowed: m.allowed, group: usedGroup, groupToken, groupLines: m.groupLines } as const;
  if (!m.rule) {
    return { ...common, line: null, rule: null, reason: { code: 'noMatchingRule', params: [groupToken] } };
  }
  const viaIndex = m.matchedPattern !== m.rule.pattern;
  const code = viaIndex ? 'allowedByIndexHtm' : m.allowed ? 'allowedByRule' : 'disallowedByRule';
  return { ...common, line: m.rule.line, rule: m.rule, reason: { code, params: [String(m.rule.line), m.matchedPattern ?? '', groupToken] } };
}

/** One verdict per Google crawler (GOOGLE_CRAWLERS order) for the URL, parsing the file once. */
export function evaluateForGoogle(robotsTxt: string | Uint8Array | ParsedRobotsTxt, url: string): CrawlerVerdict[] {
  const parsed = typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
  const path = pathStringOf(url);
  const memo = new Map<string, AgentMatch>();
  return GOOGLE_CRAWLERS.map((c) => verdictFor(c, parsed, path, memo));
}

/**
 * Verdicts from a fetched report: parse its body, or apply Google's rule for a missing file
 * (everything allowed) or an unreachable one (nothing crawled, except by crawlers that ignore robots.txt).
 */
export function evaluateReportForGoogle(report: RobotsReport, url: string, parsed?: ParsedRobotsTxt): CrawlerVerdict[] {
  if (report.outcome.kind === 'parse') return evaluateForGoogle(parsed ?? report.body ?? '', url);
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
