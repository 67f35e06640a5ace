import type { CrawlerVerdict, ParsedRobotsTxt, RobotsReport } from './types';
import { GOOGLE_CRAWLERS } from './googleCrawlers';
import { evaluateAgents, evaluateReportForAgents } from './evaluateAgents';

/** One verdict per Google crawler (GOOGLE_CRAWLERS order) for the URL, parsing the file once. */
export function evaluateForGoogle(robotsTxt: string | Uint8Array | ParsedRobotsTxt, url: string): CrawlerVerdict[] {
  return evaluateAgents(GOOGLE_CRAWLERS, robotsTxt, url);
}

/**
 * Verdicts from a fetched report: parse its body, or apply Google's rule for a missing file
 * (everything allowed) or an unreachable one (nothing crawled, except by crawlers that ignore robots.txt).
 */
export function evaluateReportForGoogle(report: RobotsReport, url: string, parsed?: ParsedRobotsTxt): CrawlerVerdict[] {
  return evaluateReportForAgents(GOOGLE_CRAWLERS, report, url, parsed);
}
