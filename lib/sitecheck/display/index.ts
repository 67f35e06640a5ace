// What the site check says, written once: each function takes a row (or a sitemap, a problem, the
// progress) and a Translate, and returns the words the page, the command line's table and their
// messages show. The CSV export holds the data itself, not these words (rowsToCsv).
export { SITE_COLUMNS, type SiteColumn } from './siteColumns';
export { columnHeading } from './columnHeading';
export { noneText } from './noneText';
export { statusCell, type StatusCell } from './statusCell';
export { bytesCell } from './bytesCell';
export { cutCell } from './cutCell';
export { lostCell, LOST_SHOWN, type LostCell } from './lostCell';
export { robotsCell } from './robotsCell';
export { canonicalCell } from './canonicalCell';
export { noindexCell } from './noindexCell';
export { problemText } from './problemText';
export { sitemapText, type SitemapText } from './sitemapText';
export { progressText, type ProgressText } from './progressText';
export { crawlersCell } from './crawlersCell';
export { crawlersNote } from './crawlersNote';
export { findingText, findingItemText, type FindingText } from './findingText';
export { crawlText, type CrawlText } from './crawlText';
export { changesText, urlChangeText, urlInOneRunText, findingChangeText, baselineProblemText, changesNoteText, type ChangesText, type ChangesGroup, type ChangesEntry } from './changesText';
export { structuredCell } from './structuredCell';
export { structuredTotals } from './structuredTotals';
