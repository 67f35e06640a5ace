import { evaluateAgents, evaluateReportForAgents, type ParsedRobotsTxt, type RobotsReport, type AgentRules, type CrawlerVerdict } from '../robots';
import { CRAWLER_CATALOG } from './crawlerCatalog';
import type { CrawlerEntry, OtherCrawlerVerdict } from './types';

/**
 * How each catalog crawler picks its group: RFC 9309 (its own group, else `*`), with the fallbacks
 * its operator documents (Applebot → Googlebot). A crawler whose operator documents nothing is
 * judged by the standard too, and says so.
 */
const RULES: readonly AgentRules[] = CRAWLER_CATALOG.map((c) => ({
  token: c.token,
  fallbacks: Array.isArray(c.fallbacks.value) ? c.fallbacks.value : [],
  ignoresGlobal: false,
  obeysRobotsTxt: true,
}));

const crawlsWhenUnreachable = (a: AgentRules) => CRAWLER_CATALOG.find((c) => c.token === a.token)?.unreachable.value === 'crawl';

function withEffect(v: CrawlerVerdict, c: CrawlerEntry): OtherCrawlerVerdict {
  return { ...v, effect: c.robots.value === 'may-not-apply' ? 'may-not-apply' : v.allowed ? 'allowed' : 'blocked' };
}

/** One verdict per catalog crawler (CRAWLER_CATALOG order) for the URL, from the file's text, bytes or parse. */
export function evaluateCrawlers(robotsTxt: string | Uint8Array | ParsedRobotsTxt, url: string): OtherCrawlerVerdict[] {
  return evaluateAgents(RULES, robotsTxt, url).map((v, i) => withEffect(v, CRAWLER_CATALOG[i]!));
}

/**
 * Verdicts from a fetched report (the file Crawlscope fetched as Googlebot): its rules, or for a
 * missing file everything allowed, for an unreachable one nothing (RFC 9309) — except for a
 * crawler whose operator documents that it then crawls as if there were no robots.txt.
 */
export function evaluateReportForCrawlers(report: RobotsReport, url: string, parsed?: ParsedRobotsTxt): OtherCrawlerVerdict[] {
  return evaluateReportForAgents(RULES, report, url, parsed, crawlsWhenUnreachable).map((v, i) => withEffect(v, CRAWLER_CATALOG[i]!));
}
