// Public API of lib/robots: Google's robots.txt parser and matcher, the Google crawler catalog,
// per-crawler verdicts and Google's robots.txt fetch rules.
export type * from './types';
export { parseRobotsTxt, ROBOTS_MAX_LINE_BYTES } from './parse-robots-txt';
export { parseRobotsReport } from './parse-robots-report';
export { matchAgent, matchAgentPath, pathBytesOf, pathStringOf, namesAgent } from './match-agent';
export { isAllowed } from './is-allowed';
export { patternMatches } from './pattern-matches';
export { escapePattern } from './escape-pattern';
export { getPathParamsQuery } from './path-params-query';
export { extractUserAgent, isValidUserAgentToObey } from './user-agent';
export {
  robotsCacheFresh,
  robotsFetchDecision,
  robotsTxtUrl,
  ROBOTS_CACHE_MS,
  ROBOTS_FAILURE_CACHE_MS,
  ROBOTS_MAX_BYTES,
  ROBOTS_MAX_REDIRECTS,
  ROBOTS_TIMEOUT_MS,
  type RobotsFetchStep,
  type RobotsFetchDecision,
} from './fetch-policy';
export { GOOGLE_CRAWLERS, type GoogleCrawler } from './google-crawlers';
export { evaluateForGoogle, evaluateReportForGoogle } from './evaluate-for-google';
export { diffLines, DIFF_MAX_CELLS, type LineChange } from './diff-lines';
