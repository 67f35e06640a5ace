// Public API of lib/robots: Google's robots.txt parser and matcher, the Google crawler catalog,
// per-crawler verdicts (fetching robots.txt by Google's rules is lib/crawl's).
export type * from './types';
export { parseRobotsTxt, ROBOTS_MAX_LINE_BYTES } from './parseRobotsTxt';
export { parseRobotsReport } from './parseRobotsReport';
export { matchAgent, matchAgentPath, pathBytesOf, pathStringOf, namesAgent } from './matchAgent';
export { isAllowed } from './isAllowed';
export { patternMatches } from './patternMatches';
export { escapePattern } from './escapePattern';
export { getPathParamsQuery } from './getPathParamsQuery';
export { asciiLower, extractUserAgent, isValidUserAgentToObey } from './extractUserAgent';
export { GOOGLE_CRAWLERS, GOOGLE_FETCHERS, GOOGLE_COMMON_CRAWLERS_URL, GOOGLE_SPECIAL_CRAWLERS_URL, GOOGLE_FETCHERS_URL, type GoogleCrawler, type GoogleFetcher, type GoogleClientKind } from './googleCrawlers';
export { evaluateForGoogle, evaluateReportForGoogle } from './evaluateForGoogle';
export { googlebotVerdict } from './googlebotVerdict';
export { evaluateAgents, evaluateReportForAgents, type AgentRules } from './evaluateAgents';
export { diffLines, DIFF_MAX_CELLS, type LineChange } from './diffLines';
