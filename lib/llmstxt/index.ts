// Public API of lib/llmstxt: /llms.txt as llmstxt.org describes it — fetched through the crawl
// layer with byte and time limits, read (H1, blockquote, sections of Markdown links), and its
// links checked on request.
export type * from './types';
export { parseLlmsTxt, LLMS_MAX_PROBLEMS } from './parseLlmsTxt';
export { fetchLlmsTxt, llmsTxtUrl, LLMS_KEEP_BYTES, LLMS_COUNT_CAP, LLMS_TIMEOUT_MS } from './fetchLlmsTxt';
export { checkLlmsLinks, LLMS_LINKS_MAX, LLMS_LINKS_CONCURRENCY } from './checkLlmsLinks';
export { llmsSummaryText } from './llmsText';
