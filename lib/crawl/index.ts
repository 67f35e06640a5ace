// Public API of lib/crawl: one way to ask a server as a crawler — the HopFetcher an environment
// provides, the redirect follower with its policy as data, the header-byte count, and the
// robots.txt reader (Google's fetch rules, limits and cache) on top; a page fetched as one of
// Googlebot's agents (fetchAsAgent, its User-Agent, whether the answer is HTML).
export type * from './types';
export { noHash } from './noHash';
export { NotSentError, isNotSent } from './NotSentError';
export { PAGE_REDIRECTS, ROBOTS_REDIRECTS, SITEMAP_REDIRECTS, type RedirectPolicy } from './redirectPolicy';
export { followRedirects, type Followed, type FollowedHop, type FollowOptions, type FollowStop } from './followRedirects';
export { countHeaderBytes } from './countHeaderBytes';
export {
  robotsCacheFresh,
  robotsFetchDecision,
  robotsTxtUrl,
  ROBOTS_CACHE_MS,
  ROBOTS_FAILURE_CACHE_MS,
  ROBOTS_MAX_BYTES,
  ROBOTS_TIMEOUT_MS,
  type RobotsFetchStep,
  type RobotsFetchDecision,
} from './robotsFetchPolicy';
export { robotsReportFrom, robotsReadStep, ROBOTS_COUNT_CAP, type RobotsFetched } from './robotsReportFrom';
export { fetchRobotsTxt, type FetchRobotsOptions } from './fetchRobotsTxt';
export { createRobotsReader, type RobotsCache, type RobotsReader, type RobotsReaderOptions } from './createRobotsReader';
export { robotsCacheEviction, ROBOTS_CACHE_BYTES, ROBOTS_CACHE_ORIGINS, type CachedRobotsEntry } from './robotsCacheEviction';
export {
  webRequestHops,
  type HopBrowserApi,
  type HopFetchOptions,
  type HopRun,
  type SentRequest,
  type WebRequestHops,
  type WebRequestHopsOptions,
} from './webRequestHops';
export { webRequestHeaders, type WebRequestHeader } from './webRequestHeaders';
export { isAgentRuleId } from './agentHeaderRule';
export { fetchAsAgent, type FetchAsAgentOptions } from './fetchAsAgent';
export { COUNT_CAP, MAX_KEEP_BYTES, TIMEOUT_MS } from './agentFetchLimits';
export { DEFAULT_CHROME_VERSION, googlebotUserAgent, isChromeVersion } from './googlebotUserAgent';
export { decodeHtml } from './decodeHtml';
