import { ruleText } from '../indexability';
import { CRAWLER_CATALOG, evaluateReportForCrawlers } from '../crawlers';
import type { ParsedRobotsTxt, RobotsReport } from '../robots';
import type { ReportOtherCrawler } from './types';

/** Every catalog crawler's verdict for the URL, from the one robots.txt report. */
export function reportOtherCrawlers(report: RobotsReport, parsed: ParsedRobotsTxt | null, url: string): ReportOtherCrawler[] {
  return evaluateReportForCrawlers(report, url, parsed ?? undefined).map((v, i) => {
    const c = CRAWLER_CATALOG[i]!;
    return {
      token: c.token,
      operator: c.operator,
      purpose: c.purpose.value,
      verdict: v.effect,
      allowed: v.allowed,
      group: v.group,
      groupToken: v.groupToken,
      line: v.line,
      rule: ruleText(v.rule),
      honoursRobots: c.robots.value,
      source: c.docs,
    };
  });
}
