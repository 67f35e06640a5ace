// Public API of lib/livefetch: fetch as each crawler — the page requested with every catalog
// crawler's documented User-Agent and as Googlebot for reference, through the one crawl layer, and
// each answer compared with Googlebot's (same / different / challenge / blocked), with findings
// where the server and robots.txt disagree.
export type * from './types';
export { fetchAsCrawlers, liveJobs, LIVE_FETCH_LIMITS, LIVE_SAMPLE_DEFAULT, LIVE_SAMPLE_MAX, type FetchAsCrawlersOptions } from './fetchAsCrawlers';
export { compareToReference, REFUSAL_STATUS } from './compareToReference';
export { liveFindings, markersText } from './liveFindings';
export { liveResultText, liveStatusText, liveFindingText } from './liveText';
