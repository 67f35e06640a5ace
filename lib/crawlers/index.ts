// Public API of lib/crawlers: the crawlers other than Google's that read a site (AI, search and
// user-triggered), as data with the source of every fact, and their verdicts from the same
// robots.txt engine (lib/robots) that judges Google's.
export * from './types';
export { CRAWLER_CATALOG } from './crawlerCatalog';
export { evaluateCrawlers, evaluateReportForCrawlers } from './evaluateCrawlers';
export { crawlerGroups, PURPOSE_ORDER, type CrawlerGroup, type CrawlerRow } from './crawlerGroups';
export { countBlocked, type BlockedCount, type CountedGroup } from './countBlocked';
export { findCrawler } from './findCrawler';
export { crawlerUserAgent } from './crawlerUserAgent';
export { purposeKey } from './purposeKey';
export { CRAWLER_IP_LISTS, crawlerListUrl, type CrawlerIpList } from './crawlerIpLists';
export { claimedOtherCrawler } from './claimedOtherCrawler';
