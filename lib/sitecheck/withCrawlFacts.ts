import type { UrlCrawlFacts } from './types';

/**
 * A report's JSON (as JSON.stringify wrote it) with its crawl facts added to its `siteCheck` —
 * `depth`, `discoveredFrom`, `inlinks` — known only once the crawl is over, when the reports are
 * written out. `siteCheck` is the report's last field: the facts go before its closing brace,
 * without reading the report again.
 */
export function withCrawlFacts(json: string, facts: UrlCrawlFacts | null): string {
  if (!facts || !json.endsWith('}}')) return json;
  return `${json.slice(0, -2)},"depth":${JSON.stringify(facts.depth)},"discoveredFrom":${JSON.stringify(facts.discoveredFrom)},"inlinks":${facts.inlinks}}}`;
}
