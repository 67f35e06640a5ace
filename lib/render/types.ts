/**
 * Shapes of lib/render: Googlebot's render of a page — built only from what Googlebot fetched —
 * beside the page as served and as the user's browser shows it, with the differences and why.
 */
import type { MessageParam } from '../i18n';

/** Googlebot Smartphone or Googlebot Desktop. */
export type RenderAgent = 'smartphone' | 'desktop';

/** What one request of the render came to. */
export type ResourceOutcome =
  /** Fetched as Googlebot and given to the page. */
  | 'loaded'
  /** Over its own 2 MB (headers included): only the first bytes were given to the page. */
  | 'cut'
  /** robots.txt disallows it for Googlebot: never requested (`robots` says which line). */
  | 'blocked-robots'
  /** A kind Google's renderer does not fetch (images, video, audio, fonts, beacons): never requested. */
  | 'not-fetched'
  /** A kind the renderer does not offer (WebSocket, event streams): refused. */
  | 'unsupported'
  | 'failed'
  | 'timeout';

/** Where a request came from, in the renderer's words (the DevTools protocol's resource types, lower-cased). */
export type ResourceKind = 'document' | 'script' | 'stylesheet' | 'xhr' | 'fetch' | 'image' | 'media' | 'font' | 'ping' | 'websocket' | 'eventsource' | 'manifest' | 'other';

export interface RenderResource {
  url: string;
  kind: ResourceKind;
  method: string;
  outcome: ResourceOutcome;
  /** HTTP status given to the page, or null when none was requested. */
  status: number | null;
  /** Body bytes read (uncompressed), or null. */
  bytes: number | null;
  /** For 'cut': the body bytes given to the page. */
  keptBytes: number | null;
  /** For 'blocked-robots': the file and the deciding line (null: the file is unreachable, all disallowed). */
  robots: { robotsUrl: string; line: number | null; rule: string | null } | null;
  error: string | null;
}

/** One view of the page: as served (the first 2 MB, not run), rendered by Googlebot, or in the user's browser. */
export interface RenderSnapshot {
  title: string | null;
  /** `<meta name="robots|googlebot">` contents, as `name: content`. */
  robots: string[];
  canonical: string | null;
  hreflang: { lang: string; href: string }[];
  headings: { level: 1 | 2 | 3; text: string }[];
  /** Visible words. */
  words: number;
  /** Absolute http(s) link targets, fragments removed, first-seen order. */
  links: { internal: string[]; external: string[] };
  jsonLdTypes: string[];
  /** The serialized document (shadow DOM flattened), at most RENDER_HTML_CAP characters. */
  html: string;
  htmlCapped: boolean;
}

/** Why the render ended. */
export type StoppedBecause =
  /** The network went quiet after the load event. */
  | 'idle'
  /** The time limit: the render is what the page had become by then. */
  | 'time-limit'
  | 'cancelled'
  /** robots.txt disallows the page for Googlebot: Google never fetches it, so never renders it. */
  | 'robots-blocked'
  /** The served HTML or headers say noindex: Google does not render it (`skippedNoindex`). */
  | 'noindex'
  /** The page could not be fetched or the browser failed. */
  | 'error';

export type RenderField = 'title' | 'robots' | 'canonical' | 'hreflang' | 'headings' | 'words' | 'internalLinks' | 'externalLinks' | 'jsonLdTypes';

export type RenderDifferenceCode =
  | 'linkOnlyInBrowser'
  | 'linkOnlyInRender'
  | 'noindexAddedByJs'
  | 'noindexRemovedByJs'
  | 'noindexOnlyInBrowser'
  | 'canonicalChangedByJs'
  | 'canonicalDiffersFromBrowser'
  | 'titleChangedByJs'
  | 'titleDiffersFromBrowser'
  | 'jsonLdOnlyInBrowser'
  | 'jsonLdAddedByJs'
  | 'fewerWordsThanBrowser'
  | 'headingsDiffer'
  | 'hreflangDiffers';

/** Why a difference arose, as far as the render can tell. */
export type RenderCause =
  /** A script past the 2 MB cut: Googlebot never saw it. params: [script URL, byte offset] */
  | { code: 'scriptPastCut'; params: MessageParam[] }
  /** An inline script past the cut. params: [byte offset] */
  | { code: 'inlineScriptPastCut'; params: MessageParam[] }
  /** A script robots.txt disallows. params: [script URL, robots.txt URL, line, rule] */
  | { code: 'scriptBlocked'; params: MessageParam[] }
  /** A script over its own 2 MB: only its start ran. params: [script URL, bytes kept] */
  | { code: 'scriptCut'; params: MessageParam[] }
  /** A request the render could not make or that failed. params: [URL, outcome] */
  | { code: 'requestFailed'; params: MessageParam[] }
  /** Nothing of the above: the user's session (cookies, storage) or the browser's state. */
  | { code: 'browserState'; params: MessageParam[] };

export interface RenderDifference {
  code: RenderDifferenceCode;
  field: RenderField;
  severity: 'critical' | 'warning' | 'info';
  params: MessageParam[];
  cause: RenderCause | null;
}

export interface RenderConsoleEntry {
  level: 'error' | 'warning' | 'exception';
  text: string;
  url: string | null;
  line: number | null;
}

/** What the rendered page did that the render answered itself, and how its end went. */
export interface RenderPageEvents {
  /** alert / confirm / prompt / print, dismissed without showing anything (confirm → false, prompt → null). */
  dialogs: { type: 'alert' | 'confirm' | 'prompt' | 'print' | 'beforeunload'; message: string }[];
  /** window.open targets: answered with null, no window opened. */
  opened: string[];
  /** Windows or tabs the page opened all the same (a link's target, say), closed by the render. */
  windowsClosed: number;
  /** beforeunload handlers the page tried to set (ignored). */
  beforeunload: number;
  /** Reads of navigator.userAgent / userAgentData / appVersion by the page's scripts. */
  userAgentReads: number;
  /** A script was still running when the render ended: it was stopped so that the page could be read. */
  scriptStopped: boolean;
  /** The main frame's navigations after the document (a JavaScript redirect: location changes), in order. */
  navigations: { url: string; outcome: 'followed' | 'blocked-robots' | 'too-many' | 'failed' }[];
  /** When the rendered view was read, in ms from the render's start (null: not read). */
  snapshotAtMs: number | null;
}

/** The whole render: the `render` block of the tab's report. */
export interface RenderResult {
  url: string;
  /** Where the document's redirects ended (the URL rendered). */
  finalUrl: string;
  agent: RenderAgent;
  userAgent: string;
  renderedAt: number;
  durationMs: number;
  stoppedBecause: StoppedBecause;
  /** The served HTML or headers say noindex: Google would not render it (rendered anyway only when the user asked: `forced`). */
  skippedNoindex: boolean;
  forced: boolean;
  /** The served document: status, the byte limit, the cut (body offset) or null. */
  document: { status: number | null; headerBytes: number; bodyBytes: number; limit: number; cutAt: number | null; noindex: string | null } | null;
  served: RenderSnapshot | null;
  rendered: RenderSnapshot | null;
  /** The user's tab; null for a typed URL. */
  browser: RenderSnapshot | null;
  resources: RenderResource[];
  console: RenderConsoleEntry[];
  differences: RenderDifference[];
  /** The time limit and the quiet time that count as done. */
  limits: { timeMs: number; idleMs: number; viewport: { width: number; height: number; mobile: boolean } };
  /** What the page did that the render answered itself (dialogs, windows, navigations), and a script stopped at the end. */
  page: RenderPageEvents;
  /** What went wrong, for 'error'. */
  error: string | null;
}
