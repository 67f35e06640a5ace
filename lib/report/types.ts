import type { MessageParam } from '../i18n';
import type { Header } from '../core';
import type { Agent, FetchErrorCode } from '../crawl';
import type { Field, FindingCode, Severity as CompareSeverity, WhyCode } from '../compare';
import type { Reason, Severity, Source, Verdict } from '../indexability';
import type { CauseEvidence, RenderAgent, RenderLift, RenderResult, RenderSnapshot } from '../render';

export const REPORT_SCHEMA_ID = 'https://crawlscope.dev/schema/report-v1.json';
export const REPORT_VERSION = 1;

export interface ReportReason {
  code: string;
  severity: Severity;
  params: string[];
  /** The reason in words (the UI language at export time). */
  message: string;
  sources: Source[];
}

/** The whole report, as exported. Documented in docs/report-schema.md, validated by docs/report-schema.json. */
export interface Report {
  $schema: typeof REPORT_SCHEMA_ID;
  version: typeof REPORT_VERSION;
  generator: string;
  url: string;
  /** When the browser received the response (ISO 8601), or null when it was not recorded. */
  fetchedAt: string | null;
  generatedAt: string;
  status: { code: number; line: string } | null;
  redirects: { url: string; statusCode: number; location: string }[];
  /** Response headers as received, or null when unknown (page loaded before the extension started). */
  headers: Header[] | null;
  verdict: Verdict;
  reasons: ReportReason[];
  directives: {
    noindex: boolean;
    nofollow: boolean;
    nosnippet: boolean;
    noimageindex: boolean;
    notranslate: boolean;
    indexifembedded: boolean;
    maxSnippet: number | null;
    maxImagePreview: 'none' | 'standard' | 'large' | null;
    maxVideoPreview: number | null;
    unavailableAfter: string | null;
  };
  canonical: {
    url: string | null;
    links: { from: 'header' | 'served' | 'live'; href: string; resolved: string | null; inBody: boolean }[];
  };
  hreflang: { lang: string; href: string; resolved: string | null; from: 'header' | 'served' | 'live' }[];
  /**
   * The meta refresh browsers act on (the first readable one), or null. Added in a later release
   * of version 1: reports saved earlier lack the field.
   */
  metaRefresh?: ReportMetaRefresh | null;
  robots: {
    robotsUrl: string;
    fileStatus: number | null;
    outcome: string;
    fromCache: boolean;
    verdicts: { token: string; allowed: boolean; group: string; line: number | null; rule: string | null }[];
    /**
     * The other crawlers' verdicts (lib/crawlers), from the same file. Added in a later release of
     * version 1: reports saved earlier, and site-check reports run without them, lack the field.
     */
    others?: ReportOtherCrawler[];
  } | null;
  bytes: {
    headerBytes: number;
    bodyBytes: number;
    limit: number;
    truncated: boolean;
    /** Response offset (headers included) where Googlebot stops, or null when nothing is cut. */
    cutOffset: number | null;
    lost: { item: string; offset: number }[];
  } | null;
  caching: {
    etag: string | null;
    lastModified: string | null;
    googleUses: 'etag' | 'last-modified' | null;
    findings: ReportReason[];
    probes: {
      header: string;
      value: string;
      outcome: string;
      status: number | null;
      etag: string | null;
      durationMs: number | null;
      error: string | null;
    }[];
  } | null;
  /** The last mobile vs desktop Googlebot comparison of this URL, or null when none was run. */
  compare: ReportCompare | null;
  /**
   * Googlebot's render of this URL (the last one in this browser session), or null when none was
   * run. Added in a later release of version 1: reports saved earlier lack the field.
   */
  render?: ReportRender | null;
  /**
   * The page's structured data (JSON-LD, microdata, RDFa) judged against Google's rich result
   * requirements and schema.org, or null when it was not checked. Added in a later release of
   * version 1: reports saved earlier lack the field.
   */
  structuredData?: ReportStructuredData | null;
  /**
   * How the site check requested this URL (null in the popup's reports). Added in a later
   * release of version 1: reports saved earlier lack the field.
   */
  siteCheck?: ReportSiteCheck | null;
  /**
   * AI usage preferences for this URL (lib/aipref): robots.txt's Content-Usage / Content-Signal
   * lines and policy-token groups for `*`, and the response's Content-Usage header. Added in a
   * later release of version 1, with `robots.others`: absent from reports without them.
   */
  aiPreferences?: ReportAiPreferences | null;
  /** The page fetched as each crawler (lib/livefetch), when asked; absent or null otherwise. Added in a later release of version 1. */
  liveFetch?: ReportLiveFetch | null;
  /** The origin's /llms.txt (lib/llmstxt), when read; absent or null otherwise. Added in a later release of version 1. */
  llmsTxt?: ReportLlmsTxt | null;
}

/** A message with its code, parameters and words. */
export interface ReportMessage {
  code: string;
  severity: 'warning' | 'info';
  params: string[];
  message: string;
}

export interface ReportAiPreferences {
  /** '*': the groups any crawler without a group of its own reads. */
  agent: string;
  /** robots.txt lets `agent` crawl the URL (preferences in robots.txt apply only then). */
  crawlable: boolean;
  /** The Content-Usage header as received, or null. */
  header: string | null;
  purposes: {
    purpose: 'search' | 'ai-input' | 'ai-train' | 'train-genai';
    value: 'y' | 'n' | 'unknown';
    conflict: boolean;
    statements: { kind: string; label: string; value: 'y' | 'n'; inherited: boolean; draft: string; line: number | null; text: string; path: string | null }[];
  }[];
  diagnostics: (ReportMessage & { line: number | null })[];
  findings: (ReportMessage & { line: number | null })[];
}

export interface ReportLiveFetch {
  url: string;
  fetchedAt: string;
  durationMs: number;
  limits: { concurrency: number; timeoutMs: number; keepBytes: number; countCap: number };
  /** Googlebot (the reference) first, then the catalog's crawlers. */
  results: {
    token: string;
    operator: string;
    reference: boolean;
    userAgent: string | null;
    comparison: 'reference' | 'same' | 'different' | 'challenge' | 'blocked' | 'error' | 'not-fetched';
    notFetched: 'noUserAgent' | 'controlToken' | null;
    status: number | null;
    finalUrl: string | null;
    redirects: number;
    bytes: number;
    complete: boolean;
    title: string | null;
    words: number | null;
    markers: { id: string; vendor: string; where: 'header' | 'body'; name: string; source: string }[];
    error: { code: string; message: string } | null;
  }[];
  findings: (ReportMessage & { token: string })[];
  /** What the live fetch cannot prove, in words. */
  caveat: string;
}

export interface ReportLlmsTxt {
  url: string;
  finalUrl: string;
  /** found, missing (absence is information), error (another status), unreachable. */
  outcome: 'found' | 'missing' | 'error' | 'unreachable';
  status: number | null;
  contentType: string | null;
  bytes: number;
  complete: boolean;
  /** null when not read (missing, HTML, an error). */
  wellFormed: boolean | null;
  title: string | null;
  summary: string | null;
  sections: { name: string; line: number; optional: boolean; links: number }[];
  links: number;
  problems: (ReportMessage & { line: number | null })[];
  error: { code: string; message: string } | null;
}

/** One crawler of the catalog other than Google's, judged by the same robots.txt. */
export interface ReportOtherCrawler {
  token: string;
  operator: string;
  /** training, ai-search, search, user-triggered, control-token, or "not documented". */
  purpose: string;
  /** What is shown: allowed, blocked, or may-not-apply (a fetcher whose operator says robots.txt may not apply to it). */
  verdict: 'allowed' | 'blocked' | 'may-not-apply';
  /** What the file says for its token (whatever its operator does with it). */
  allowed: boolean;
  /** Whose group decided: own, fallback (a documented fallback, e.g. Applebot → Googlebot), global (`*`), none. */
  group: string;
  groupToken: string | null;
  line: number | null;
  rule: string | null;
  /** How its operator says it treats robots.txt: follows, follows-with-fallback, may-not-apply, or "not documented". */
  honoursRobots: string;
  /** The operator's page this comes from. */
  source: string;
}

/** A meta refresh: where it sends the browser, after how long, and what Google makes of it (`kind`). */
export interface ReportMetaRefresh {
  /** instant (0 s, a permanent redirect for Google), delayed (a temporary one), reload (the page's own URL), notHttp (not an http(s) URL). */
  kind: 'instant' | 'delayed' | 'reload' | 'notHttp';
  delaySeconds: number;
  /** The URL as written, or null when the tag gives none. */
  href: string | null;
  /** The URL resolved against the document's base URL, without fragment. */
  target: string;
  /** The content attribute as written. */
  content: string;
  /** The HTML as served, or the live DOM when the served HTML was not read. */
  from: 'served' | 'live';
}

/** One URL of a site check: where it came from and how it was requested. */
export interface ReportSiteCheck {
  /** The URL as the sitemap listed it (or as given); `url` is where its redirects ended. */
  requestedUrl: string;
  /** The sitemap that listed it, and the line of its <loc>; null when the URL was given directly. */
  sitemap: string | null;
  sitemapLine: number | null;
  agent: 'smartphone' | 'desktop';
  userAgent: string;
  /** False when it was not requested: robots.txt disallows it for Googlebot (or cannot be read). */
  fetched: boolean;
  /** Why the request gave no usable answer, or null. */
  error: FetchErrorCode | null;
  /** False when reading the body stopped early (time limit, count bound, error): `bytes.bodyBytes` is then a lower bound; null when there was no body. */
  bodyComplete: boolean | null;
  /** Requests repeated because the server answered 429 or 503 with a short Retry-After. */
  retries: number;
  /** The catalog crawler the check ran as (its User-Agent sent, robots.txt obeyed for it); absent for Googlebot. */
  crawler?: string | null;
  durationMs: number;
  /**
   * A crawl's: clicks from a start page by links Googlebot follows (a redirect costs none), or
   * null when no such path was found (a URL only in a sitemap). Absent outside a crawl.
   */
  depth?: number | null;
  /** A crawl's: the first crawled page linking to it, with the link's anchor text and response offset (null: a link only in Googlebot's render). */
  discoveredFrom?: { url: string; anchorText: string; offset: number | null; afterRendering: boolean } | null;
  /** A crawl's: how many crawled pages link to it with a link Googlebot follows. */
  inlinks?: number;
}

/** One agent's answer in the comparison. */
export interface ReportCompareAgent {
  /** HTTP status of the last response, or null when none arrived. */
  status: number | null;
  finalUrl: string;
  headerBytes: number;
  /** Uncompressed body bytes read (a lower bound when `complete` is false). */
  bodyBytes: number;
  complete: boolean;
  /** Body offset where Googlebot's byte limit cuts, or null when the response fits. */
  cutAt: number | null;
  limit: number;
  /** Why the fetch gave no usable response, or null. */
  error: FetchErrorCode | null;
}

export interface ReportCompare {
  /** The URL fetched as both agents. */
  url: string;
  comparedAt: string;
  identical: boolean;
  worst: CompareSeverity | null;
  agents: Record<Agent, ReportCompareAgent>;
  /** Differing fields, most severe first. `mobile` / `desktop` are the values as page text. */
  differences: { field: Field; code: WhyCode | null; severity: CompareSeverity; params: string[]; message: string; mobile: string; desktop: string }[];
  findings: { code: FindingCode; agent: Agent | 'both'; severity: CompareSeverity; error: FetchErrorCode | null; params: string[]; message: string }[];
}

/** One view of a rendered page: as served (not run), rendered by Googlebot, or in the user's browser (lib/render's snapshot, as is). */
export type ReportRenderView = RenderSnapshot;

/** Googlebot's render of the URL beside a visitor's, the page as served and as the browser shows it. */
export interface ReportRender {
  url: string;
  finalUrl: string;
  agent: RenderAgent;
  userAgent: string;
  renderedAt: string;
  durationMs: number;
  stoppedBecause: RenderResult['stoppedBecause'];
  skippedNoindex: boolean;
  forced: boolean;
  limits: RenderResult['limits'];
  document: RenderResult['document'];
  served: ReportRenderView | null;
  rendered: ReportRenderView | null;
  /** A visitor's render (the same browser, none of Googlebot's rules); null when it did not run. */
  visitor: {
    userAgent: string;
    stoppedBecause: RenderResult['stoppedBecause'];
    durationMs: number;
    document: NonNullable<RenderResult['visitor']>['document'];
    rendered: ReportRenderView | null;
    resources: RenderResult['resources'];
    page: RenderResult['page'];
    error: string | null;
  } | null;
  /** null when rendered from a typed URL. */
  browser: ReportRenderView | null;
  resources: RenderResult['resources'];
  console: RenderResult['console'];
  differences: {
    code: RenderResult['differences'][number]['code'];
    field: RenderResult['differences'][number]['field'];
    severity: 'critical' | 'warning' | 'info';
    params: string[];
    samples: string[];
    more: number;
    message: string;
    cause: { code: string; params: string[]; evidence: CauseEvidence; candidates: { code: string; params: string[]; message: string }[]; message: string } | null;
  }[];
  experiments: { lift: RenderLift; stoppedBecause: RenderResult['stoppedBecause']; durationMs: number; explained: number; message: string }[];
  page: RenderResult['page'];
  error: string | null;
}

/** One finding of the structured data check: the path (`offers.price`), the line, the Google (or schema.org) page the rule comes from. */
export interface ReportStructuredFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  path: string;
  params: string[];
  message: string;
  line: number;
  source: string;
  feature: string | null;
}

/** The page's structured data: every item with its place, status, verdict and findings; problems of the markup itself. */
export interface ReportStructuredData {
  /** The schema.org vocabulary the check used (shipped with Crawlscope, never fetched). */
  vocabulary: string;
  counts: { items: number; errors: number; warnings: number; lost: number; rendered: number };
  items: {
    format: 'jsonld' | 'microdata' | 'rdfa';
    /** served: in the HTML Googlebot keeps; cut: the cut falls inside it; lost: past the cut; rendered: only in Googlebot's render (added by JavaScript). */
    status: 'served' | 'cut' | 'lost' | 'rendered';
    types: string[];
    line: number;
    column: number;
    /** Body byte offset (null for an item of the render). */
    byte: number | null;
    responseByte: number | null;
    features: string[];
    verdict: 'eligible' | 'warnings' | 'errors' | 'retired' | 'none';
    findings: ReportStructuredFinding[];
    /** The item as plain JSON (nesting and repeats cut). */
    data: unknown;
  }[];
  problems: {
    code: string;
    format: 'jsonld' | 'microdata' | 'rdfa';
    severity: 'error' | 'warning' | 'info';
    params: string[];
    message: string;
    line: number | null;
    column: number | null;
    byte: number | null;
  }[];
}

/** Turns a code (+ params) into words; the UI passes i18n here so lib/ holds no English. */
export type Translate = (key: string, params?: readonly MessageParam[]) => string;

export type { Reason };
