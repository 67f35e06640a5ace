import type { HopResponse } from '../compare/fetchAsAgent';
import type { MessageParam } from '../i18n';

/** What the site check asks of one request: Googlebot's User-Agent, no cookies, redirect: manual. */
export interface HopRequest {
  userAgent: string;
  /** Aborting it must end the request (and its body). */
  signal: AbortSignal;
}

/**
 * One response, redirects not followed (the comparison's HopResponse, with its status line always
 * given). `headers` keep their order and case; `body` is uncompressed.
 */
export interface HopReply extends HopResponse {
  /** "HTTP/1.1 200 OK"; empty when the transport does not know it (counted as `HTTP/1.1 <status>`). */
  statusLine: string;
}

/**
 * The one network call of the site check, injected: Node (node:http, exact header bytes) and the
 * extension (through the background, with the scoped User-Agent rule) each provide one. It may
 * reject (network error, abort); it never follows redirects.
 */
export type SiteHopFetcher = (url: string, request: HopRequest) => Promise<HopReply>;

/** Googlebot Smartphone or Googlebot Desktop. */
export type SiteAgent = 'smartphone' | 'desktop';

/** Where a URL to check came from. */
export interface UrlSource {
  url: string;
  /** The sitemap that listed it (null: given directly). */
  sitemap: string | null;
  /** Line of its <loc> in that sitemap (uncompressed), or null. */
  line: number | null;
}

/** A problem with a sitemap, with the line it was found on. */
export interface SitemapProblem {
  /** Stable code; the UI says it through `sitecheck.sitemapProblem.<code>`. */
  code: SitemapProblemCode;
  /** The sitemap's URL. */
  sitemap: string;
  /** 1-based line in the uncompressed file, or null when not tied to a line. */
  line: number | null;
  params: MessageParam[];
  /** fatal: reading stopped there (the URLs read before it are still checked). */
  fatal: boolean;
}

export type SitemapProblemCode =
  | 'http'
  | 'network'
  | 'timeout'
  | 'redirects'
  | 'malformed'
  | 'notSitemap'
  | 'wrongNamespace'
  | 'noNamespace'
  | 'noRoot'
  | 'tooLarge'
  | 'tooManyUrls'
  | 'gzip'
  | 'locTooLong'
  | 'badLoc'
  | 'nestedIndex'
  | 'tooManySitemaps'
  | 'urlCap'
  | 'noSitemap'
  | 'robotsUnreachable';
