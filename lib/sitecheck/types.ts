import type { MessageParam } from '../i18n';

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
  | 'robotsUnreachable'
  /** A URL on another host (scheme, host or port) than the sitemap: not accepted from it. */
  | 'foreignHost'
  /** A URL outside the sitemap's folder, and no robots.txt `Sitemap:` line of its host names the sitemap. */
  | 'outsideFolder'
  /** A sitemap index that lists itself. */
  | 'indexSelf'
  /** A sitemap index whose every sitemap is itself or one already read: nothing new to check from it. */
  | 'indexNothingNew';
