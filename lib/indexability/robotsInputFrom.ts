import { matchAgent, parseRobotsTxt } from '../robots';
import type { ParsedRobotsTxt, RobotsReport, RobotsRule } from '../robots/types';
import type { RobotsInput } from './types';

export const ruleText = (r: RobotsRule | null): string | null =>
  r ? `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}` : null;

export interface TokenVerdict {
  token: string;
  allowed: boolean;
  /** 'specific': a group names the token; 'global': the * group; 'none': no group; 'file': the file's fetch outcome decided. */
  group: 'specific' | 'global' | 'none' | 'file';
  line: number | null;
  rule: string | null;
}

/** Tokens reported for the page: Google Search's crawlers and Google-Extended (AI training only). */
export const REPORT_TOKENS = ['googlebot', 'googlebot-image', 'google-extended'];

/** Parse a report's body once (null when the outcome did not depend on the body). */
export function parseReport(report: RobotsReport): ParsedRobotsTxt | null {
  return report.outcome.kind === 'parse' && report.body !== null ? parseRobotsTxt(report.body) : null;
}

export function tokenVerdict(report: RobotsReport, parsed: ParsedRobotsTxt | null, token: string, url: string): TokenVerdict {
  if (report.outcome.kind !== 'parse' || !parsed) {
    return { token, allowed: report.outcome.kind === 'allow-all', group: 'file', line: null, rule: null };
  }
  const m = matchAgent(parsed, token, url);
  return { token, allowed: m.allowed, group: m.groupKind, line: m.rule?.line ?? null, rule: ruleText(m.rule) };
}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** The verdict input from the robots capability's report: Googlebot for the page (and its canonical). */
export function robotsInputFrom(report: RobotsReport, parsed: ParsedRobotsTxt | null, url: string, canonical: string | null): RobotsInput {
  const g = tokenVerdict(report, parsed, 'googlebot', url);
  const ext = parsed ? matchAgent(parsed, 'google-extended', url) : null;
  let canonicalAllowed: RobotsInput['canonicalAllowed'] = null;
  if (canonical && sameOrigin(canonical, report.robotsUrl)) {
    const c = tokenVerdict(report, parsed, 'googlebot', canonical);
    canonicalAllowed = { url: canonical, allowed: c.allowed, line: c.line, rule: c.rule };
  }
  return {
    robotsUrl: report.robotsUrl,
    fileStatus: report.status,
    allowed: g.allowed,
    line: g.line,
    rule: g.rule,
    userAgent: g.group === 'specific' ? 'googlebot' : g.group === 'global' ? '*' : null,
    // Only a group that names Google-Extended counts: that is the rule a site owner wrote for it.
    googleExtended: ext && ext.groupKind === 'specific' ? { allowed: ext.allowed, line: ext.rule?.line ?? null, rule: ruleText(ext.rule) } : null,
    canonicalAllowed,
  };
}
