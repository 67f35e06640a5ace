import type { MessageParam } from '../i18n';
import type { Verdict } from '../indexability';

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

/** A URL in the run's queue: where it came from, and how many links away from a page given or listed (0: given, or in a sitemap). */
export interface QueuedUrl extends UrlSource {
  depth: number;
}

/** What the run's host queue holds: a sitemap to read, or a URL to check. */
export type SiteJob = { kind: 'sitemap'; url: string; from: SitemapStatus['from'] } | { kind: 'url'; src: QueuedUrl };

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

export type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

/** `cancelled`: cancel() was called; `timeLimit`: the run's time (maxTimeMs) was up. Both keep the counts so far. */
export type SiteCheckState = 'running' | 'paused' | 'done' | 'cancelled' | 'timeLimit';

export interface SiteCheckProgress {
  state: SiteCheckState;
  /** Sitemaps are still being read: `total` may grow. */
  discovering: boolean;
  done: number;
  total: number;
  byVerdict: Record<Verdict, number>;
  /** Reports whose bytes are over the limit. */
  overLimit: number;
  /** Time left at the pace so far (paused time not counted), or null before the first result. */
  etaMs: number | null;
  elapsedMs: number;
  sitemaps: number;
  /** Sitemap problems so far (URLs not accepted from their sitemap included). */
  problems: number;
  /** URLs listed again (in the same or another sitemap, or spelled another way): checked once. */
  duplicates: number;
  /** URLs a sitemap may not list (another host, outside its folder): not fetched unless `followForeign`. */
  notAccepted: number;
  followForeign: boolean;
  /** Reports of URLs whose server (or robots.txt) gave no answer: refused, reset, or silent past the time limit alike. */
  unreachable: number;
  /** The run's time limit. */
  maxTimeMs: number;
  /** Structured data so far: items by type (and those with errors), errors, warnings, URLs whose items have errors (they count as problems of the run). */
  structured: { items: number; errors: number; warnings: number; urlsWithErrors: number; byType: Record<string, { items: number; withErrors: number }> };
}

/** One sitemap as it was read. */
export interface SitemapStatus {
  url: string;
  /** Where it was named: given, a robots.txt `Sitemap:` line, or a sitemap index. */
  from: { kind: 'given' } | { kind: 'robots'; robotsUrl: string; line: number } | { kind: 'index'; index: string };
  status: number | null;
  kind: SitemapKind | null;
  entries: number;
  bytes: number;
  gzip: boolean;
  /** Read to its end with no fatal problem. */
  complete: boolean;
  problems: SitemapProblem[];
  /** Its URLs it may not list (the first 50 are in `problems`, with their lines). */
  notAccepted: number;
  /** Its URLs already listed (here or in another sitemap). */
  duplicates: number;
}

export interface SiteCheckSummary {
  progress: SiteCheckProgress;
  sitemaps: SitemapStatus[];
  /** Problems not tied to one sitemap (no sitemap found, the URL cap). */
  problems: SitemapProblem[];
  /** URLs whose check failed unexpectedly (a bug, never a server's answer), with the error. */
  errors: { url: string; error: string }[];
  /** A crawl's findings and each URL's place in the link graph (a crawl only). */
  crawl?: CrawlEnd;
}

/** The controller of a running site check. */
export interface SiteCheck {
  pause(): void;
  resume(): void;
  cancel(): void;
  progress(): SiteCheckProgress;
  /** Resolves when every URL is checked, or soon after cancel(). */
  done: Promise<SiteCheckSummary>;
}

// ── A crawl: what it found across the site (crawlFindings) ──

export type SiteFindingCode =
  | 'orphan'
  | 'notInSitemap'
  | 'sitemapNotIndexable'
  | 'linkBroken'
  | 'linkRedirectChain'
  | 'linkNoindex'
  | 'linkRobotsBlocked'
  | 'redirectChain'
  | 'redirectLoop'
  | 'canonicalChain'
  | 'canonicalNotIndexable'
  | 'hreflangNoReturn'
  | 'hreflangNotOk'
  | 'hreflangNotCanonical'
  | 'hreflangNoXDefault'
  | 'duplicateTitle'
  | 'onlyPastCut'
  | 'onlyRendered'
  | 'deep'
  | 'badLink'
  | 'depthLimit'
  | 'linksNotKept';

export type SiteFindingSeverity = 'critical' | 'warning' | 'info';

/** One case of a finding, with its evidence: which of the fields are set depends on the finding. */
export interface SiteFindingItem {
  /** The URL the case is about (for a link: its target). */
  url: string;
  /** The page that links to it (or names it). */
  from?: string;
  anchorText?: string;
  /** Response offset of the link's `<a` in the linking page (headers included); null for a link only in the render. */
  offset?: number | null;
  /** Where the linking page's cut falls (response offset). */
  cutOffset?: number;
  status?: number;
  /** Redirects followed. */
  hops?: number;
  /** The URLs of a redirect chain or loop, or of a canonical chain, in order. */
  chain?: string[];
  robotsUrl?: string;
  line?: number | null;
  rule?: string | null;
  sitemap?: string;
  sitemapLine?: number | null;
  /** The tag or header as written (the canonical link, the noindex, the hreflang link). */
  tag?: string;
  lang?: string;
  /** The other end (a canonical's or hreflang's target). */
  target?: string;
  title?: string;
  urls?: string[];
  depth?: number;
  /** The first links from the start to the page. */
  path?: string[];
  href?: string;
  problem?: 'scheme' | 'port' | 'invalid';
  /** The reason that makes the page not indexable: its code, and the report's words for it. */
  reason?: string;
  reasonText?: string;
  /** Links on the page, and how many were kept. */
  seen?: number;
  kept?: number;
}

export interface SiteFinding {
  code: SiteFindingCode;
  severity: SiteFindingSeverity;
  /** All cases; `items` holds at most the first 200. */
  count: number;
  items: SiteFindingItem[];
}

/** What the crawl of a site found, besides the reports of its URLs: the `{"site": …}` line's content. */
export interface CrawlResult {
  /** The pages the crawl started from. */
  start: string[];
  /** Cancelled or out of time: the findings are those of the pages read so far. */
  partial: boolean;
  /** How the run ended: every URL checked, cancelled (Ctrl-C, the page's Cancel), or out of time (`--max-time`). */
  ended: 'done' | 'cancelled' | 'timeLimit';
  /** Sitemaps were read: the findings that compare them with the links are there. */
  sitemapsRead: boolean;
  rendered: boolean;
  maxDepth: number;
  urls: { checked: number; known: number; notKept: number };
  links: {
    pages: number;
    links: number;
    followed: number;
    nofollow: number;
    pastCut: number;
    afterRendering: number;
    foreign: number;
    bad: number;
    depthLimited: number;
    notKept: number;
  };
  findings: SiteFinding[];
}

/** A crawled URL's place in the link graph, for its report (siteCheck.depth, discoveredFrom, inlinks). */
export interface UrlCrawlFacts {
  /** Clicks from a start page by links Googlebot follows (a redirect costs none); null when no such path was found. */
  depth: number | null;
  discoveredFrom: { url: string; anchorText: string; offset: number | null; afterRendering: boolean } | null;
  /** Crawled pages that link to it with a link Googlebot follows. */
  inlinks: number;
}

/** One link of the link graph (one per page and target), as the CSV export writes it. */
export interface CrawlLink {
  source: string;
  target: string;
  anchorText: string;
  /** rel=nofollow on the link, or a page-level nofollow (meta robots, X-Robots-Tag). */
  nofollow: boolean;
  /** The link's start tag ends past the cut: Googlebot never sees it. */
  pastCut: boolean;
  /** Only in Googlebot's render, not in the HTML as served. */
  afterRendering: boolean;
}

/** A crawl's end: every finding with its evidence, the link counts, and each URL's depth, first link and inlinks. */
export interface CrawlEnd {
  result: CrawlResult;
  /** The facts of a URL's report (by its normalised URL), or null for a URL the graph does not hold. */
  facts(url: string): UrlCrawlFacts | null;
  /** Every link of the graph, in the order the pages were read (the CSV export). */
  links(): AsyncIterable<CrawlLink>;
}

/**
 * The last line of a crawl's JSON Lines, after one report per URL: `{"site": …}`. A baseline
 * (`--baseline`) reads it back; docs/report-schema.json holds its schema (`$defs.siteLine`).
 */
export interface SiteLine {
  site: CrawlResult;
}
