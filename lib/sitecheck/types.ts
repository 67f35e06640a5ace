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
