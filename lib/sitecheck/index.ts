// Public API of lib/sitecheck: every URL of a sitemap as Googlebot sees it — the sitemap reader,
// robots.txt and the per-URL report through an injected fetcher, the polite runner, and the
// table row, order, CSV and words (display/) that the extension page and the command line share.
export type * from './types';
export { SITEMAP_MAX_BYTES, SITEMAP_MAX_LOC_CHARS, SITEMAP_MAX_URLS, SITEMAP_NAMESPACE } from './sitemapLimits';
export { readSitemap, type SitemapEntry, type SitemapRead, type ReadSitemapOptions } from './readSitemap';
export { servedSignals } from './servedSignals';
export { retryAfterMs, RETRY_MAX_WAIT_MS } from './retryAfterMs';
export { analyzeBody, openBodyAnalysis, type BodyAnalysis, type BodyAnalyzer, type BodyToAnalyze, type BodySink, type BodyEnd, type ResponseToAnalyze } from './analyzeBody';
export { checkUrl, checkPage, URL_TIMEOUT_MS, type CheckContext, type CheckedPage } from './checkUrl';
export { SITE_CHECK_DEFAULTS } from './siteCheckDefaults';
export { startSiteCheck, MAX_PARALLEL, type SiteCheckOptions } from './startSiteCheck';
export { MAX_SITEMAPS } from './createSitemapDiscovery';
export { siteRow, type SiteRow } from './siteRow';
export { normalizeUrl } from './normalizeUrl';
export { sitemapScope, sitemapFolder, acceptedByRobots, type SitemapScope } from './sitemapScope';
export { runOutcome } from './runOutcome';
export { worstFirst } from './worstFirst';
export { rowsToCsv, csvField, CSV_COLUMNS } from './rowsToCsv';
export * from './display';
export { batchedReportSink, memoryReportStore, jsonlPieces, REPORT_BATCH, type ReportSink, type ReportStore } from './reportSink';
export { analysisThreadCount, answerAnalysis, createAnalysisPool, type AnalysisPool, type FromAnalysisThread, type SpawnAnalysisThread, type ToAnalysisThread } from './analysisPool';
export { LinkReader, MAX_PAGE_LINKS, MAX_ANCHOR_CHARS, type FoundLink, type PageLinks } from './LinkReader';
export { linkTarget, BAD_PORTS, type LinkProblem } from './linkTarget';
export { createCrawl, CRAWL_DEFAULT_MAX_DEPTH, CRAWL_MAX_DEPTH, CRAWL_EXAMPLES, type Crawl, type CrawlOptions, type CrawlCounts, type BadLink } from './createCrawl';
export { crawlFindings, FINDING_ITEMS, FINDING_ORDER, DEEP_CLICKS } from './crawlFindings';
export { withCrawlFacts } from './withCrawlFacts';
export { EdgeStore, EDGE_BLOCK, type EdgeBlock, type EdgeSpill } from './EdgeStore';
export * from './compareRuns';
export { LINK_CSV_COLUMNS, linkCsvHeader, linkCsvLine } from './linkCsv';
