import { evaluateReportForGoogle, parseRobotsReport, type CrawlerVerdict, type ParsedRobotsTxt, type RobotsReport, type RobotsRule } from '../robots';
import type { RobotsInput } from './types';

export const ruleText = (r: RobotsRule | null): string | null =>
  r ? `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}` : null;

export interface TokenVerdict {
  token: string;
  allowed: boolean;
  /** Whose group decided (robots capability's GroupUsed): own, fallback, global, none, ignored. */
  group: CrawlerVerdict['group'];
  line: number | null;
  rule: string | null;
}

/**
 * Parse a report's file once (null when the outcome did not depend on it) — from its exact bytes
 * when they are not valid UTF-8, as the robots capability does, so both sections agree.
 */
export function parseReport(report: RobotsReport): ParsedRobotsTxt | null {
  return parseRobotsReport(report);
}

/** Every Google crawler's verdict for a URL, as the robots capability computes it (fallback groups included). */
export function tokenVerdicts(report: RobotsReport, parsed: ParsedRobotsTxt | null, url: string): TokenVerdict[] {
  return evaluateReportForGoogle(report, url, parsed ?? undefined).map((v) => ({
    token: v.token,
    allowed: v.allowed,
    group: v.group,
    line: v.line,
    rule: ruleText(v.rule),
  }));
}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

const find = (vs: TokenVerdict[], token: string) => vs.find((v) => v.token.toLowerCase() === token)!;

/** The verdict input from the robots capability's report: Googlebot for the page (and its canonical). */
export function robotsInputFrom(report: RobotsReport, parsed: ParsedRobotsTxt | null, url: string, canonical: string | null): RobotsInput {
  const all = tokenVerdicts(report, parsed, url);
  const g = find(all, 'googlebot');
  const ext = find(all, 'google-extended');
  let canonicalAllowed: RobotsInput['canonicalAllowed'] = null;
  if (canonical && sameOrigin(canonical, report.robotsUrl)) {
    const c = find(tokenVerdicts(report, parsed, canonical), 'googlebot');
    canonicalAllowed = { url: canonical, allowed: c.allowed, line: c.line, rule: c.rule };
  }
  return {
    robotsUrl: report.robotsUrl,
    fileStatus: report.status,
    unreachable: report.outcome.kind === 'disallow-all' ? { code: report.outcome.code, params: report.outcome.params } : null,
    allowed: g.allowed,
    line: g.line,
    rule: g.rule,
    userAgent: g.group === 'own' ? 'googlebot' : g.group === 'global' ? '*' : null,
    // Only a group that names Google-Extended counts: that is the rule a site owner wrote for it.
    googleExtended: ext.group === 'own' ? { allowed: ext.allowed, line: ext.line, rule: ext.rule } : null,
    canonicalAllowed,
  };
}
