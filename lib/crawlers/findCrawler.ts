import { CRAWLER_CATALOG } from './crawlerCatalog';
import type { CrawlerEntry } from './types';

/** The catalog crawler with this robots.txt token (compared case-insensitively, as robots.txt does), or null. */
export function findCrawler(token: string): CrawlerEntry | null {
  const t = token.toLowerCase();
  return CRAWLER_CATALOG.find((c) => c.token.toLowerCase() === t) ?? null;
}
