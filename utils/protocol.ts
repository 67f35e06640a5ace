/**
 * The one message protocol of Crawlscope. Every message between the content script,
 * the background worker and the extension pages is declared here, with its request and
 * response types and who may send it (BACKGROUND_SENDERS, CONTENT_SENDERS). The background
 * registers its handlers in one place (entrypoints/background/handlers.ts); the content script in
 * entrypoints/content/index.ts. utils/messaging.ts checks every sender before a handler runs.
 */
import type { Header, MainFrameRecord, PageFacts, InspectableVerdict, SenderKind } from '../lib/core';
import type { RobotsReport } from '../lib/robots';
import type { BytesOverlayState, BytesPageReport, PageResource, NavigationSizes } from '../lib/bytes';
import type { CanonicalTargetInput, PageSignals, Verdict } from '../lib/indexability';
import type { ProbeRequest, ProbeResult } from '../lib/caching';
import type { Comparison, ComparisonSummary } from '../lib/compare';
import type { RenderAgent, RenderResult, RenderSnapshot } from '../lib/render';
import type { LiveFetchReport } from '../lib/livefetch';
import type { LlmsLinkReport, LlmsParsed, LlmsTxtReport } from '../lib/llmstxt';
import type { PackedExtract } from '../lib/structured';

/** A render as the background runs it: its progress, and its result once it has ended. */
export interface RenderJobState {
  id: string;
  state: 'running' | 'done';
  /** 'experiments': renders with one of Googlebot's rules lifted, to find a difference's cause. */
  phase: 'document' | 'rendering' | 'snapshot' | 'experiments';
  requests: number;
  inFlight: number;
  elapsedMs: number;
  timeLimitMs: number;
  /** Set when done. */
  result: RenderResult | null;
  /** A JPEG of the whole rendered page (base64), when it rendered. */
  screenshot: string | null;
}

export interface TabSnapshot {
  tabId: number;
  url: string | null;
  title: string | null;
  inspectable: InspectableVerdict;
  /** The main-frame response the background recorded (stored when the load finished), or null when it saw none. */
  record: MainFrameRecord | null;
  /** A newer response whose headers have arrived but whose body has not finished (complete: false), or null. */
  arriving: MainFrameRecord | null;
  /** The tab's load state as the browser reports it. */
  tabStatus: 'loading' | 'complete' | null;
  /** The content script's facts, or null when it is not reachable in this tab. */
  facts: PageFacts | null;
}

/** A mobile vs desktop Googlebot comparison, or why it could not run. */
export type CompareReply =
  | {
      ok: true;
      comparison: Comparison;
      comparedAt: number;
      /** The User-Agent each agent's first request really carried (as webRequest saw it), when visible. */
      sentUserAgents: { mobile: string | null; desktop: string | null };
    }
  | { ok: false; reason: 'no-permission' | 'not-http'; origin: string };

/** Messages the background answers. */
export interface BackgroundProtocol {
  getTabSnapshot: { req: { tabId: number }; res: TabSnapshot };
  /** The tab's next main-frame record (headers arrived, or the load finished), or null after `ms` (at most 15 s). */
  awaitRecord: { req: { tabId: number; ms: number }; res: MainFrameRecord | null };
  /**
   * The page's response fetched again by Crawlscope (GET, no-store, 10 s, cookies only if allowed in
   * the options), for a tab whose own response was not seen. Status line, headers and hops as webRequest saw them.
   */
  fetchPageResponse: { req: { url: string }; res: { record: MainFrameRecord; withCookies: boolean; requestedAt: number } };
  /** Uncompressed sizes of CSS/JS files the page could not measure (cross-origin without Timing-Allow-Origin): fetched, 10 s, capped. */
  bytesMeasureResources: { req: { urls: string[] }; res: { url: string; bytes: number | null; error: string | null }[] };
  /**
   * The page could not re-read its own document: fetch it from the background (no-store, 10 s,
   * cookies only if the user allowed them), keep the limit + 1 MiB, count the rest (80 MiB bound),
   * and find the cut in that copy.
   */
  bytesFetchDocument: {
    req: { url: string; headerBytes: number; limit: number; charset: string; mediaType: string | null; nav: NavigationSizes | null };
    res: BytesPageReport;
  };
  /** Conditional re-requests of the URL (If-None-Match / If-Modified-Since, each alone): no-store, 10 s timeout, cookies only if asked. */
  probeCaching: { req: { url: string; requests: ProbeRequest[]; withCookies: boolean }; res: ProbeResult[] };
  /**
   * The popup's full verdict for a tab: the toolbar badge follows it. `robotsKnown`: robots.txt was
   * part of it (else only "NO" is shown: robots.txt could still block the page).
   */
  showVerdictBadge: { req: { tabId: number; verdict: Verdict; robotsKnown: boolean }; res: null };
  /**
   * What the canonical URL answers (status, redirect target): GET without cookies, no-store, 10 s.
   * Only on the inspected page's host, unless the user asked for this one check (`userAsked`).
   */
  checkCanonicalTarget: { req: { url: string; pageUrl: string; userAsked: boolean }; res: CanonicalTargetInput };
  /** robots.txt of the URL's origin, fetched like Google (cached 24 h; refresh = "Fetch again"). */
  getRobots: { req: { url: string; refresh?: boolean }; res: RobotsReport };
  /** Fetch the URL as Googlebot Smartphone and Googlebot Desktop (in parallel) and compare. */
  compareAgents: { req: { url: string }; res: CompareReply };
  /** The last comparison's summary for this URL (this browser session), or null. */
  getCompareSummary: { req: { url: string }; res: ComparisonSummary | null };
  /**
   * Render the URL as Googlebot in a window of Crawlscope's own (Chrome: chrome.debugger; Firefox:
   * a container and webRequest), with the policy of lib/render. `browser`: the user's tab as it
   * shows the page, to compare with. `force`: render even when Google would not (served noindex,
   * not 200). Answers at once with the job's id; renderStatus tells how it goes.
   */
  /** `visitor: false`: Googlebot's render alone, without a visitor's beside it (the bench's single-render row). */
  renderStart: { req: { url: string; agent: RenderAgent; browser: RenderSnapshot | null; force?: boolean; timeLimitSec?: number; tabId?: number; visitor?: boolean }; res: { id: string } };
  renderStatus: { req: { id: string }; res: RenderJobState | null };
  /** Stops a render: it ends with what it has ('cancelled'), and its window closes. */
  renderCancel: { req: { id: string }; res: null };
  /** The last render of this URL in this browser session (without its screenshot), or null. */
  getRenderResult: { req: { url: string }; res: RenderResult | null };
  /**
   * The page requested as each catalog crawler (its documented User-Agent) and as Googlebot for
   * reference (lib/livefetch): no cookies, 4 at a time, 10 s and 1 MiB kept each, through the
   * background's hop fetcher; the findings against robots.txt (the background's reader, cached).
   */
  fetchAsCrawlers: { req: { url: string }; res: { ok: true; report: LiveFetchReport } | { ok: false; reason: 'no-permission' | 'not-http'; origin: string } };
  /** The origin's /llms.txt (lib/llmstxt), fetched as Googlebot: 10 s, 1 MiB read, 64 MiB counted. */
  getLlmsTxt: { req: { url: string }; res: LlmsTxtReport };
  /** What the links of an llms.txt answer (on request): one GET each, 4 at a time, the first 50. */
  checkLlmsLinks: { req: { parsed: LlmsParsed }; res: LlmsLinkReport };
  /**
   * A render's page as it is, pushed by the render's shim through the content script of its tab
   * at DOMContentLoaded and load (Firefox: a page whose script never returns can be read no later).
   * Ignored unless the sending tab is a render's under way.
   */
  renderView: { req: { url: string; html: string; capped: boolean }; res: null };
}

/**
 * Who may send each message the background answers (lib/core/classifySender): `page` — Crawlscope's
 * own pages (popup, options, compare, verify, site check, robots.txt sandbox; in the toolbar popup
 * or in a tab); `content` — its content script in the top frame of a tab (with the page-analysis
 * script injected into the same world). Anything else — another extension, a content script
 * asking for a page's message, a context that cannot be placed — gets a "Refused: …" error reply.
 * A message without an entry here is a type error.
 */
export const BACKGROUND_SENDERS: { readonly [K in keyof BackgroundProtocol]: readonly SenderKind[] } = {
  getTabSnapshot: ['page'],
  awaitRecord: ['page'],
  fetchPageResponse: ['page'],
  bytesMeasureResources: ['page'],
  // The page-analysis script asks for it when the page cannot re-read its own document; the popup
  // when the tab has no content script (a PDF in the browser's viewer).
  bytesFetchDocument: ['page', 'content'],
  probeCaching: ['page'],
  showVerdictBadge: ['page'],
  checkCanonicalTarget: ['page'],
  getRobots: ['page'],
  compareAgents: ['page'],
  getCompareSummary: ['page'],
  renderStart: ['page'],
  renderStatus: ['page'],
  renderCancel: ['page'],
  getRenderResult: ['page'],
  fetchAsCrawlers: ['page'],
  getLlmsTxt: ['page'],
  checkLlmsLinks: ['page'],
  renderView: ['content'],
};

/**
 * The overlay's words come with the request, in the asking page's UI language (this script runs in
 * the web page, which has no access to the extension's dictionaries).
 */
export interface OverlayText {
  /** BCP 47 tag of the UI language, for Intl. */
  locale: string;
  /** `bytes.overlay.*` and `bytes.kind.*` messages in that language. */
  messages: Record<string, string>;
}

/** Messages the content script answers (sent to one tab). */
export interface ContentProtocol {
  getPageFacts: { req: Record<string, never>; res: PageFacts };
  /** Re-read the document's bytes and find Googlebot's cut: what is lost, where the bytes go. */
  /** `again`: the user asked to find the cut again — the page is read anew, not from the read the verdict shared. */
  bytesAnalyze: { req: { headerBytes: number; limit: number; again?: boolean }; res: BytesPageReport };
  /** Show or remove the cutoff overlay in the page (needs a bytesAnalyze first). */
  bytesOverlay: { req: { show: boolean; text: OverlayText }; res: BytesOverlayState };
  /** The page's CSS and JS files with their uncompressed sizes (Resource Timing). */
  bytesResources: { req: Record<string, never>; res: PageResource[] };
  /**
   * Robots meta, canonical, hreflang, base, title, h1: from the live DOM, or from the HTML as served —
   * re-read from the HTTP cache and cut where Googlebot cuts it (the response's header bytes, the limit).
   */
  getIndexSignals: { req: { where: 'live' } | { where: 'served'; headerBytes: number; limit: number }; res: PageSignals };
  /** URLs of the page's own CSS and JS, from performance.getEntriesByType('resource'). */
  getResourceUrls: { req: Record<string, never>; res: { url: string; initiatorType: string }[] };
  /** The live document as HTML, shadow DOM flattened (lib/render serializeComposed), capped; for the render's comparison. */
  getComposedHtml: { req: Record<string, never>; res: { url: string; html: string; capped: boolean } };
  /** The structured data of the HTML as served (re-read, the cut found at `limit` with `headerBytes`), every item placed at its byte (lib/structured), packed as one string (packExtract). */
  structuredServed: { req: { headerBytes: number; limit: number }; res: PackedExtract };
}

export type BackgroundMessageType = keyof BackgroundProtocol;

/** The one handler type of the background: every capability's handler for message K has it. */
export type BackgroundHandler<K extends BackgroundMessageType> = (data: BackgroundProtocol[K]['req'], sender?: { tab?: { id?: number } }) => Promise<BackgroundProtocol[K]['res']>;
/** Every message the background answers, each with its handler (a missing one is a type error). */
export type BackgroundHandlers = { [K in BackgroundMessageType]: BackgroundHandler<K> };
export type ContentMessageType = keyof ContentProtocol;

/**
 * Who may send each message the content script answers: only Crawlscope's own pages and its
 * background (`page`), never a content script or another extension. A message without an entry
 * here is a type error.
 */
export const CONTENT_SENDERS: { readonly [K in ContentMessageType]: readonly SenderKind[] } = {
  getPageFacts: ['page'],
  bytesAnalyze: ['page'],
  bytesOverlay: ['page'],
  bytesResources: ['page'],
  getIndexSignals: ['page'],
  getResourceUrls: ['page'],
  getComposedHtml: ['page'],
  structuredServed: ['page'],
};

export interface Envelope<T extends string = string, D = unknown> {
  crawlscope: 1;
  type: T;
  data: D;
}

/** Either the value or an error message; handlers' exceptions cross the boundary as text. */
export type Reply<R> = { ok: true; value: R } | { ok: false; error: string };

/**
 * The content script's answer to a message for the page-analysis script when that script is not in
 * the tab yet (a tab never analysed, or reloaded since): the asker injects it and asks again.
 */
export const PAGE_ANALYSIS_MISSING = 'The page-analysis script is not loaded in this tab (reload the tab and try again).';

export function isEnvelope(msg: unknown): msg is Envelope {
  return (
    typeof msg === 'object' &&
    msg !== null &&
    (msg as Envelope).crawlscope === 1 &&
    typeof (msg as Envelope).type === 'string'
  );
}
