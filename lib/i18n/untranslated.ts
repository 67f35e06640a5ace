/**
 * Words that stay the same in every language: product, crawler and header names, file names,
 * formats and codes. A translated message may equal the English one only when nothing else is
 * left in it once these, the parameters and the punctuation are taken out.
 */
export const SAME_IN_EVERY_LANGUAGE = [
  'Crawlscope', 'Googlebot', 'Google', 'Gemini', 'AdSense', 'Search Console', 'Vertex AI', 'Chrome', 'Chromium', 'Firefox',
  'Googlebot-Image', 'Googlebot-Video', 'Googlebot-News', 'Storebot-Google', 'Google-InspectionTool', 'GoogleOther',
  'GoogleOther-Image', 'GoogleOther-Video', 'Google-CloudVertexBot', 'Google-Extended', 'AdsBot-Google-Mobile', 'AdsBot-Google',
  'Mediapartners-Google', 'APIs-Google', 'FeedFetcher-Google', 'Google-Read-Aloud', 'Google-Site-Verification',
  'GoogleProducer', 'Google-Safety', 'Smartphone', 'Desktop', 'Google-CWS', 'Google-GeminiNotebook', 'Google-NotebookLM',
  'Google-Agent', 'GoogleMessages', 'Google-Pinpoint', 'google-speakr',
  // AI usage preferences, llms.txt, challenge pages and the MCP server (names and keys as written).
  'Content-Signal', 'Content-Usage', 'llms.txt', 'AWS WAF', 'DataDome', 'MCP', 'IETF', 'AIPREF',
  // The other crawlers of lib/crawlers and their operators' and products' names.
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ChatGPT', 'GPT', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'Claude', 'PerplexityBot',
  'Perplexity-User', 'Perplexity', 'Applebot', 'Applebot-Extended', 'bingbot', 'Bing', 'CCBot', 'Amazonbot', 'Meta-ExternalAgent',
  'Bytespider', 'DuckAssistBot', 'DuckAssist', 'OpenAI', 'Anthropic', 'Apple', 'Microsoft', 'Common Crawl', 'Amazon', 'Alexa', 'Meta',
  'ByteDance', 'DuckDuckGo', 'Spotlight', 'Siri', 'Safari', 'RFC',
  'robots.txt', 'X-Robots-Tag', 'ETag', 'Last-Modified', 'If-None-Match', 'If-Modified-Since', 'Cache-Control', 'Vary',
  'User-Agent', 'Retry-After', 'Link', 'Content-Type', 'JSON-LD', 'JSON', 'RDFa', 'CSV', 'HTML', 'HTTP', 'HTTPS', 'URL',
  'URI', 'CSS', 'JavaScript', 'SVG', 'PDF', 'IP', 'IPv4', 'IPv6', 'DNS', 'CIDR', 'UTF-8', 'UTC', 'gzip', 'hreflang',
  'noindex', 'nofollow', 'Allow', 'Disallow', 'MB', 'MiB', 'KiB', 'KB', 'GB', 'ms', 's', 'dns.google', 'cloudflare-dns.com',
  'Cloudflare', 'creationTime', 'OK', 'Not Modified', 'Resource Timing', 'History API', 'Markdown', 'W.X.Y.Z', 'data:', 'text/plain', 'text/html', 'html', 'htm', 'index',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMES = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...SAME_IN_EVERY_LANGUAGE].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

/** What remains of a message once names, parameters, plural syntax, markup and punctuation are gone. */
export function wordsLeft(message: string): string {
  return message
    .replace(/\{\$\d, plural,|\b(?:zero|one|two|few|many|other) \{/g, ' ')
    .replace(/\$\d/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(NAMES, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/** Keys whose translation is the English text although it has words to translate. */
export function untranslatedKeys(messages: Record<string, string>, english: Record<string, string>): string[] {
  return Object.keys(english).filter((k) => messages[k] === english[k] && /\p{L}{2,}/u.test(wordsLeft(english[k]!)));
}
