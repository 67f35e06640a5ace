// The one report object of a tab. The popup's report store (store.ts) gathers every fact into it;
// sections, the summary, the badge and both exports are views of it.
import type { MainFrameRecord } from '../../../lib/core';
import type { RobotsReport, ParsedRobotsTxt, CrawlerVerdict } from '../../../lib/robots';
import type { OtherCrawlerVerdict } from '../../../lib/crawlers';
import type { BytesInput, CanonicalTargetInput, PageSignals } from '../../../lib/indexability';
import type { BytesOverlayState, BytesPageReport, AssessedResource } from '../../../lib/bytes';
import type { ProbeResult } from '../../../lib/caching';
import type { ComparisonSummary } from '../../../lib/compare';
import type { RenderResult } from '../../../lib/render';
import type { TabSnapshot } from '../../../utils/protocol';
import type { LiveFetchReport } from '../../../lib/livefetch';
import type { LlmsLinkReport, LlmsTxtReport } from '../../../lib/llmstxt';
import type { SdReport } from '../../../lib/structured';

/**
 * One fact being gathered. Every step has a time limit: it ends done, failed, timed out (with
 * what it had, if anything) or skipped (with why) — never "still checking" for ever.
 */
export interface Step<T> {
  status: 'pending' | 'done' | 'failed' | 'timeout' | 'skipped';
  value: T | null;
  /** failed: the error text; skipped: a locale key saying why. */
  error: string | null;
  /** The step's time limit, ms (for "took longer than N s"). */
  limitMs: number;
}

export const settled = (s: Step<unknown>) => s.status !== 'pending';

/**
 * Where the status line and headers shown come from:
 * - recorded: the tab's own response, as the browser received it (webRequest);
 * - arriving: the same, while its body is still arriving (the headers are final);
 * - refetch: Crawlscope requested the URL again, because the tab's own response was not seen
 *   (`why` says why: it loaded before Crawlscope started / from the back-forward cache, or the
 *   address changed with the History API after the page loaded).
 */
export interface ResponseInfo {
  record: MainFrameRecord;
  source: 'recorded' | 'arriving' | 'refetch';
  why: 'not-seen' | 'history' | null;
  /** refetch: whether Crawlscope's request carried the browser's cookies (an option). */
  withCookies: boolean;
  /** history: the response the document was loaded with, for its first URL. */
  earlier: MainFrameRecord | null;
}

/** robots.txt of the page's origin, parsed once, with every Google token's verdict for the page, and every other crawler's (CRAWLER_CATALOG order). */
export interface RobotsFacts {
  report: RobotsReport;
  parsed: ParsedRobotsTxt | null;
  verdicts: CrawlerVerdict[];
  others: OtherCrawlerVerdict[];
}

/** The byte check the verdict runs: sizes always; the full analysis when the page may be over. */
export interface BytesFacts {
  input: BytesInput;
  page: BytesPageReport | null;
}

/** The page's CSS and JS checked against robots.txt for Googlebot. */
export interface ResourceRobots {
  total: number;
  blocked: { url: string; verdict: CrawlerVerdict | null }[];
  skipped: number;
  maxOrigins: number;
}

export interface TabReport {
  tabId: number;
  snapshot: TabSnapshot;
  /** The document's address now (what the user sees in the address bar). */
  url: string;
  /** The address the document was loaded from, when the History API changed it since (else null). */
  movedFrom: string | null;
  /** Googlebot's byte limit for this response (the options' choice; 64 MB for PDFs). */
  limit: number;
  response: Step<ResponseInfo>;
  robots: Step<RobotsFacts>;
  live: Step<PageSignals>;
  served: Step<PageSignals>;
  bytes: Step<BytesFacts>;
  canonical: Step<CanonicalTargetInput>;
  probes: Step<ProbeResult[]>;
  probeWithCookies: boolean;
  robotsResources: Step<ResourceRobots>;
  compare: Step<ComparisonSummary | null>;
  /** The last render of this URL as Googlebot in this browser session, or null. */
  render: Step<RenderResult | null>;
  /** The page's structured data as served (and as Googlebot's render adds it, when the page was rendered), judged. */
  structured: Step<SdReport>;
  /** On request ("Find the cut"): the byte analysis shown in the byte-budget section, and CSS/JS sizes. */
  cut: Step<BytesPageReport>;
  resources: Step<AssessedResource[]>;
  /** On request ("Fetch as each crawler"): the page requested as each catalog crawler and as Googlebot. */
  crawlersLive: Step<LiveFetchReport>;
  /** The origin's /llms.txt, read when "Who else may read this page" is opened. */
  llms: Step<LlmsTxtReport>;
  /** On request: what the llms.txt's links answer. */
  llmsLinks: Step<LlmsLinkReport>;
  overlay: BytesOverlayState | null;
  overlayError: string | null;
}

/** The steps the verdict waits for, in the order the progress line names them. */
export const VERDICT_STEPS = ['response', 'live', 'served', 'robots', 'bytes', 'canonical'] as const;
export type VerdictStep = (typeof VERDICT_STEPS)[number];
