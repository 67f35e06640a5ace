/**
 * Shapes of lib/crawlers: the crawlers other than Google's that read a site, as data. Every fact
 * carries the address of the page it comes from; a fact the operator does not document is the
 * value NOT_DOCUMENTED, with the page that was read and does not say it.
 */
import type { CrawlerVerdict } from '../robots';

/** The value of a fact no page of the operator states. */
export const NOT_DOCUMENTED = 'not documented' as const;
export type NotDocumented = typeof NOT_DOCUMENTED;

/** One fact and where it comes from. */
export interface Fact<T> {
  value: T | NotDocumented;
  /** The page that states it (or, for NOT_DOCUMENTED, the page read that does not). */
  source: string;
}

/**
 * What the crawler's fetches are for, as its operator says: a search engine's index, an AI
 * product's search index, model training, a fetch a user asked for, or a control token that no
 * request carries (it only says how crawled content may be used).
 */
export type CrawlerPurpose = 'search' | 'ai-search' | 'training' | 'user-triggered' | 'control-token';

/**
 * How its operator says it treats robots.txt: it follows it; it follows it, with a documented
 * fallback to another token's group; or robots.txt "may not apply" (a user-triggered fetcher
 * whose operator says so).
 */
export type RobotsPolicy = 'follows' | 'follows-with-fallback' | 'may-not-apply';

/** What it does when robots.txt cannot be fetched (5xx, timeout): RFC 9309's complete disallow, or crawl as if there were none. */
export type UnreachablePolicy = 'disallow-all' | 'crawl';

export interface CrawlerUserAgent {
  /** Which variant (e.g. "desktop"), or '' when there is one. */
  label: string;
  value: string;
}

/** One crawler of the catalog. */
export interface CrawlerEntry {
  /** The robots.txt user-agent token, spelled as its operator spells it. */
  token: string;
  /** Key of the one-line description in locales (crawlers.about.<key>). */
  about: string;
  /** The company or project that runs it (a name, not translated). */
  operator: string;
  /** The operator's page about this crawler: the row's source. */
  docs: string;
  purpose: Fact<CrawlerPurpose>;
  robots: Fact<RobotsPolicy>;
  /** Tokens whose group it obeys, in order, when no group names it (documented fallbacks only). */
  fallbacks: Fact<string[]>;
  unreachable: Fact<UnreachablePolicy>;
  /** Whether it runs JavaScript (renders pages). */
  javascript: Fact<boolean>;
  /** The HTTP User-Agent strings it sends (empty for a control token). */
  userAgents: Fact<CrawlerUserAgent[]>;
  /** A published JSON list of its IP ranges (Google's shape: `{ prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`). */
  ipList: Fact<string>;
  /** Reverse-DNS domains its operator documents (a PTR name inside one, confirmed forward, is theirs). */
  reverseDns: Fact<string[]>;
}

/**
 * One catalog crawler's verdict for a URL: the robots.txt engine's verdict for its token, and the
 * effect shown — a user-triggered fetcher whose operator says robots.txt may not apply is never
 * plainly "blocked".
 */
export interface OtherCrawlerVerdict extends CrawlerVerdict {
  effect: 'allowed' | 'blocked' | 'may-not-apply';
}
