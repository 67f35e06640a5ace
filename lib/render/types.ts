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
  /** The visible text cut at block elements (paragraphs, headings, list items…), whitespace squashed; at most RENDER_BLOCKS_CAP characters in all. */
  blocks: string[];
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

export type RenderField = 'title' | 'robots' | 'canonical' | 'hreflang' | 'headings' | 'words' | 'links' | 'internalLinks' | 'externalLinks' | 'jsonLdTypes' | 'navigation';

export type RenderDifferenceCode =
  // Googlebot's render beside a visitor's: what Googlebot misses (or has alone), grouped by cause.
  /** Googlebot's render has under a fifth of the visitor's words, or no heading where the visitor has some. */
  | 'nearlyEmpty'
  | 'linksMissing'
  | 'headingsMissing'
  | 'textMissing'
  | 'jsonLdMissing'
  | 'hreflangMissing'
  | 'titleDiffers'
  | 'canonicalDiffers'
  /** A noindex in Googlebot's render that a visitor's does not have (params: the meta). */
  | 'noindexOnlyForGooglebot'
  /** A noindex in the visitor's render only (Googlebot's render has none). */
  | 'noindexOnlyForVisitor'
  | 'linksOnlyGooglebot'
  | 'headingsOnlyGooglebot'
  | 'textOnlyGooglebot'
  /** The page sends Googlebot elsewhere with JavaScript (params: the URL): Google follows it as a redirect. */
  | 'jsRedirect'
  // The page as served beside Googlebot's render: what JavaScript changes.
  | 'noindexAddedByJs'
  | 'noindexRemovedByJs'
  | 'canonicalChangedByJs'
  | 'titleChangedByJs'
  | 'jsonLdAddedByJs'
  // The user's own tab beside a visitor's render: what only the user's session shows.
  | 'linksOnlyInBrowser'
  | 'headingsOnlyInBrowser'
  | 'textOnlyInBrowser'
  | 'noindexOnlyInBrowser'
  | 'titleDiffersFromBrowser';

/**
 * One of Googlebot's rules, lifted for one render (an experiment) to find which one causes a
 * difference: the render with that rule lifted that has what Googlebot's lacked names the cause.
 */
export type RenderLift =
  /** robots.txt not asked for these URLs (all disallowed by one line of one file). */
  | { rule: 'robots'; robotsUrl: string; line: number | null; ruleText: string | null; urls: string[] }
  /** The whole document instead of its first 2 MB. */
  | { rule: 'cut' }
  /** Resources not cut at their own 2 MB. */
  | { rule: 'resourceCut'; urls: string[] }
  /** Images, fonts and media fetched as a browser fetches them. */
  | { rule: 'notFetched' }
  /** A browser's User-Agent instead of Googlebot's. */
  | { rule: 'userAgent' };

/** One render with one of Googlebot's rules lifted, and what it showed. */
export interface RenderExperiment {
  lift: RenderLift;
  stoppedBecause: StoppedBecause;
  durationMs: number;
  /** How many of the differences it explained (they appeared with the rule lifted). */
  explained: number;
}

/** How a cause was found. */
export type CauseEvidence =
  /** Read from the pages themselves: the element is in the served HTML past the cut, or only in the visitor's HTML. */
  | 'evidence'
  /** The only one of Googlebot's rules that changed what the page got. */
  | 'only-rule'
  /** The render with that rule lifted has it (an experiment). */
  | 'experiment';

export type RenderCauseCode =
  /** In the served HTML past the cut. params: [the cut's byte offset in the body] */
  | 'cut'
  /** A script past the 2 MB cut: Googlebot never saw it. params: [script URL, byte offset] */
  | 'scriptPastCut'
  /** An inline script past the cut. params: [byte offset] */
  | 'inlineScriptPastCut'
  /** A script robots.txt disallows. params: [script URL, robots.txt URL, line, rule, other URLs the same line blocks] */
  | 'scriptBlocked'
  /** A data request (XHR, fetch), a style sheet or a frame robots.txt disallows. params: as scriptBlocked */
  | 'requestBlocked'
  /** robots.txt unreachable: everything on that host is disallowed. params: [URL, robots.txt URL] */
  | 'robotsUnreachable'
  /** A script or data request over its own 2 MB: only its start was used. params: [URL, bytes kept] */
  | 'scriptCut'
  /** The server answers Googlebot's User-Agent with other HTML. params: [Googlebot's status, its body bytes, the visitor's status, its body bytes] */
  | 'userAgentDocument'
  /** The page answers Googlebot's User-Agent differently (its scripts or its other requests). params: [reads of navigator.userAgent] */
  | 'userAgent'
  /** It depends on images, fonts or media, which Google's renderer does not fetch. params: [requests refused] */
  | 'notFetched'
  /** Googlebot's render reached its time limit before the page built it. params: [seconds] */
  | 'timeLimit'
  /** A request that failed in Googlebot's render and loaded in the visitor's. params: [URL, outcome] */
  | 'requestFailed'
  /** More than one rule could cause it and the time limit left no room to tell which. params: [how many candidates] */
  | 'undecided'
  /** No rule of Googlebot's changed what the page got: the page differs from one load to the next. */
  | 'noRule'
  /** The user's own session or browser state (cookies, storage, being logged in): only in "your browser". */
  | 'browserState';

/** Why a difference arose: found from evidence, never guessed from a list. */
export interface RenderCause {
  code: RenderCauseCode;
  params: MessageParam[];
  evidence: CauseEvidence;
  /** For 'undecided': the causes it could be, each as found. */
  candidates?: { code: RenderCauseCode; params: MessageParam[] }[];
}

export interface RenderDifference {
  code: RenderDifferenceCode;
  field: RenderField;
  severity: 'critical' | 'warning' | 'info';
  params: MessageParam[];
  /** The first few of what differs (URLs, headings, sentences), and how many more there are. */
  samples: string[];
  more: number;
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

/** A visitor's render of the same page: the same browser, window and viewport, empty storage and no cookies, and none of Googlebot's rules. */
export interface RenderVisitor {
  userAgent: string;
  stoppedBecause: StoppedBecause;
  durationMs: number;
  /** The document as the visitor got it, whole. */
  document: { status: number | null; headerBytes: number; bodyBytes: number } | null;
  rendered: RenderSnapshot | null;
  resources: RenderResource[];
  page: RenderPageEvents;
  error: string | null;
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
  /** A visitor's render beside Googlebot's (null: not run — Googlebot never fetches or renders the page, or it was cancelled). */
  visitor: RenderVisitor | null;
  /** The user's tab; null for a typed URL. */
  browser: RenderSnapshot | null;
  resources: RenderResource[];
  console: RenderConsoleEntry[];
  differences: RenderDifference[];
  /** Renders with one of Googlebot's rules lifted, run to find a difference's cause. */
  experiments: RenderExperiment[];
  /** The time limit and the quiet time that count as done. */
  limits: { timeMs: number; idleMs: number; viewport: { width: number; height: number; mobile: boolean } };
  /** What the page did that the render answered itself (dialogs, windows, navigations), and a script stopped at the end. */
  page: RenderPageEvents;
  /** What went wrong, for 'error'. */
  error: string | null;
}
