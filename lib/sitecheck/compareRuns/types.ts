import type { Verdict } from '../../indexability';
import type { SiteAgent, SiteFindingCode, SiteFindingItem, SiteFindingSeverity } from '../types';

/**
 * What a run says of one URL, kept for comparing runs: the few facts of its report that decide
 * whether it got worse or better (a view of the report, never more than it says).
 */
export interface UrlFacts {
  /** As listed in the sitemap, linked or given (the report's `siteCheck.requestedUrl`): the key. */
  url: string;
  /** Where its redirects ended. */
  finalUrl: string;
  hops: number;
  verdict: Verdict;
  /** The reasons that decided the verdict (block, else risk), as the report words them. */
  why: { code: string; message: string }[];
  status: number | null;
  /** Why the request gave no usable answer (timeout, network…), or null. */
  error: string | null;
  /** Header + body bytes against `limit`, whether it crosses it; null when nothing was read. */
  bytes: number | null;
  limit: number | null;
  overLimit: boolean;
  /** Googlebot's robots.txt verdict with the deciding line and rule; null when not asked. */
  robots: { allowed: boolean; robotsUrl: string; line: number | null; rule: string | null } | null;
  /** Where the noindex that counts is written (the header or tag as text). */
  noindex: string[];
  canonical: string | null;
  /** Googlebot's render was compared with a visitor's (`--render`). */
  rendered: boolean;
  /** With a render: its differences that can change indexing (what Googlebot misses, or has alone). */
  render: { code: string; severity: string; message: string }[];
  agent: SiteAgent | null;
}

/** One case of a site finding, and the key that finds it again in another run (code + its identifying URLs). */
export interface FindingCase {
  key: string;
  item: SiteFindingItem;
}

/** One finding of a run, kept for comparing: its cases by key. */
export interface FindingFacts {
  code: SiteFindingCode;
  severity: SiteFindingSeverity;
  count: number;
  /** Every case was kept (count equals the cases listed): a case missing from it is really gone. */
  complete: boolean;
  cases: FindingCase[];
}

/** The site findings of a crawl, kept for comparing. */
export interface SiteFacts {
  partial: boolean;
  sitemapsRead: boolean;
  rendered: boolean;
  findings: FindingFacts[];
}

/** A run as compared: its URLs' facts, and its site findings (a crawl only). Plain data: storable as it is (IndexedDB, JSON). */
export interface RunSnapshot {
  /** When the run's first report was made (ISO 8601), or null. */
  generatedAt: string | null;
  /** Every URL's facts, in the order of the run. */
  urls: UrlFacts[];
  site: SiteFacts | null;
  /**
   * Every URL of the run is here. False for a baseline read only in part (cut short, a line that
   * could not be read, a cap reached): URLs missing from it are then not called new or gone.
   */
  complete: boolean;
}

/** The kinds of change of one URL, each with its values before and after. */
export type UrlChangeKind = 'verdict' | 'status' | 'redirect' | 'bytes' | 'robots' | 'noindex' | 'canonical' | 'render';

/** worse: a regression (it fails the run with a baseline); better: fixed; changed: neither (told, never failing). */
export type ChangeDirection = 'worse' | 'better' | 'changed';

export type UrlChange =
  | { kind: 'verdict'; url: string; direction: ChangeDirection; before: VerdictValue; after: VerdictValue }
  | { kind: 'status'; url: string; direction: ChangeDirection; before: StatusValue; after: StatusValue }
  | { kind: 'redirect'; url: string; direction: ChangeDirection; before: RedirectValue; after: RedirectValue }
  | { kind: 'bytes'; url: string; direction: ChangeDirection; before: BytesValue; after: BytesValue }
  | { kind: 'robots'; url: string; direction: ChangeDirection; before: RobotsValue; after: RobotsValue }
  | { kind: 'noindex'; url: string; direction: ChangeDirection; before: NoindexValue; after: NoindexValue }
  | { kind: 'canonical'; url: string; direction: ChangeDirection; before: CanonicalValue; after: CanonicalValue }
  | { kind: 'render'; url: string; direction: ChangeDirection; before: RenderValue; after: RenderValue };

export interface VerdictValue {
  verdict: Verdict;
  why: { code: string; message: string }[];
}
export interface StatusValue {
  status: number | null;
  error: string | null;
}
export interface RedirectValue {
  finalUrl: string;
  hops: number;
}
export interface BytesValue {
  bytes: number | null;
  limit: number | null;
  overLimit: boolean;
}
/** Googlebot's robots.txt verdict; null when robots.txt was not asked. */
export type RobotsValue = { allowed: boolean; robotsUrl: string; line: number | null; rule: string | null } | null;
export interface NoindexValue {
  noindex: string[];
}
export interface CanonicalValue {
  canonical: string | null;
  /** The canonical is the URL itself (or there is none): the page stands for itself. */
  self: boolean;
}
export interface RenderValue {
  differences: { code: string; severity: string; message: string }[];
}

/** A URL in one run only. */
export interface UrlInOneRun {
  url: string;
  /** new: only in this run; gone: only in the baseline. */
  change: 'new' | 'gone';
  /** new and not indexable (or over the byte limit): worse; otherwise changed. */
  direction: ChangeDirection;
  verdict: Verdict;
  status: number | null;
  why: { code: string; message: string }[];
}

/** A site finding's cases in one run only (new or gone), or its count when its cases cannot all be told apart. */
export interface FindingChange {
  code: SiteFindingCode;
  severity: SiteFindingSeverity;
  /** new: cases only in this run; gone: cases only in the baseline; count: only the counts can be compared (cases past the kept ones). */
  change: 'new' | 'gone' | 'count';
  /** critical and warning findings: new cases worse, gone ones better; info findings: changed. */
  direction: ChangeDirection;
  /** The cases, with their evidence (empty for `count`). */
  items: SiteFindingItem[];
  /** How many cases each run has of this finding. */
  before: number;
  after: number;
}

/** Why part of the runs could not be compared, or something that makes them differ beyond the site. */
export type ChangesNoteCode =
  /** The baseline was read in part: URLs missing from it are not called new or gone. */
  | 'baselineIncomplete'
  /** The baseline ran as the other Googlebot (params: before, after). */
  | 'agentDiffers'
  /** The baseline ran with another byte limit (--limit; params: before, after): bytes may cross it for that alone. */
  | 'limitDiffers'
  /** One run crawled, the other did not: site findings not compared. */
  | 'siteOnlyBefore'
  | 'siteOnlyAfter'
  /** A crawl was cancelled or out of time: its findings cover the pages read (params: which run). */
  | 'partialBefore'
  | 'partialAfter'
  /** Only one run read sitemaps: orphans and the other sitemap findings not compared. */
  | 'sitemapsOneRun'
  /** Only one run rendered: what Googlebot's render misses not compared. */
  | 'renderOneRun';

export interface ChangesNote {
  code: ChangesNoteCode;
  params: string[];
}

/** What changed between two runs, worst first within each direction. */
export interface RunChanges {
  /** When each run was made (ISO 8601), or null. */
  before: { generatedAt: string | null; urls: number; complete: boolean };
  after: { generatedAt: string | null; urls: number; complete: boolean };
  /** URLs in both runs. */
  compared: number;
  /** How many changes go each way (URL changes, URLs new or gone, finding changes). */
  worse: number;
  better: number;
  changed: number;
  urls: UrlChange[];
  urlsInOneRun: UrlInOneRun[];
  findings: FindingChange[];
  notes: ChangesNote[];
}
