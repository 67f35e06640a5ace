import type { RenderAgent, ResourceKind, ResourceOutcome } from './types';

// What Google's renderer does, as Google documents it — each rule with its source:
// - "Inside Googlebot" (Search Central blog, 2026-03-31,
//   developers.google.com/search/blog/2026/03/crawler-blog-post): the first 2 MB of the HTML,
//   headers included, go to the Web Rendering Service "as if it were the complete file"; the
//   resources the page asks for (JavaScript, CSS, XHR) are fetched separately, each under its own
//   limit; images and video are not fetched for rendering.
// - "JavaScript SEO basics" (developers.google.com/search/docs/crawling-indexing/javascript/
//   javascript-seo-basics): an evergreen Chromium; URLs robots.txt disallows are never requested;
//   a noindex in the HTML Googlebot fetched means the page is not rendered.
// - "Fix Search-related JavaScript problems" (developers.google.com/search/docs/crawling-
//   indexing/javascript/fix-search-javascript): permission requests are declined; cookies, local
//   and session storage are cleared across page loads (each render starts empty); shadow DOM is
//   flattened; the renderer may skip requests that do not contribute to the content (analytics,
//   reporting).
// Google documents no time limit and no viewport: the ones below are Crawlscope's, and shown.

/** The longest a render may take, everything included; it then ends with what the page had become. */
export const RENDER_TIME_LIMIT_MS = 20_000;
/** After the load event, the network quiet this long counts as done (as "network idle" tools measure it). */
export const RENDER_IDLE_MS = 500;
/** The serialized HTML of one view is kept up to this many characters (and said so when cut). */
export const RENDER_HTML_CAP = 1_000_000;
/** A view is read (its links, words, headings…) from up to this many characters of its HTML. */
export const RENDER_READ_CAP = 16_000_000;
/** A visitor's render takes each resource whole, up to this many bytes (a browser has no such limit; a render needs one). */
export const RENDER_RESOURCE_CAP = 32 * 1024 * 1024;
/** The visible text of one view is kept (as blocks, for the comparison) up to this many characters. */
export const RENDER_BLOCKS_CAP = 200_000;
/** Screenshots are cut at this height in CSS pixels (a whole page, not the 1,750 px of URL Inspection). */
export const RENDER_SCREENSHOT_MAX_HEIGHT = 16_384;

export interface RenderViewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
  mobile: boolean;
}

/**
 * The viewport per agent. Google does not publish its renderer's; these follow the device of
 * Googlebot Smartphone's user agent (a Nexus 5X: 412 × 732 CSS pixels) and a common desktop size.
 */
export const RENDER_VIEWPORTS: Record<RenderAgent, RenderViewport> = {
  smartphone: { width: 412, height: 732, deviceScaleFactor: 2.625, mobile: true },
  desktop: { width: 1024, height: 1024, deviceScaleFactor: 1, mobile: false },
};

/** Kinds the renderer fetches (each as Googlebot, robots.txt first, under its own 2 MB). */
const FETCHED: ReadonlySet<ResourceKind> = new Set(['document', 'script', 'stylesheet', 'xhr', 'fetch']);
/** Kinds the renderer does not fetch: media and fonts (the blog post), beacons and reports (fix-search-javascript). */
const NOT_FETCHED: ReadonlySet<ResourceKind> = new Set(['image', 'media', 'font', 'ping', 'manifest', 'other']);

/** A visitor's render fetches what a browser fetches: everything but what no render offers (WebSocket, event streams). */
export function visitorKindDecision(kind: ResourceKind): 'fetch' | 'unsupported' {
  return requestKindDecision(kind) === 'unsupported' ? 'unsupported' : 'fetch';
}

/** What the render does with a request of this kind, before robots.txt is asked. */
export function requestKindDecision(kind: ResourceKind): 'fetch' | Extract<ResourceOutcome, 'not-fetched' | 'unsupported'> {
  if (FETCHED.has(kind)) return 'fetch';
  if (NOT_FETCHED.has(kind)) return 'not-fetched';
  return 'unsupported';
}

/** A DevTools-protocol resource type ("Script", "XHR", "Preflight"…) as a ResourceKind. */
export function resourceKindOf(cdpType: string | undefined): ResourceKind {
  switch ((cdpType ?? '').toLowerCase()) {
    case 'document':
      return 'document';
    case 'script':
      return 'script';
    case 'stylesheet':
      return 'stylesheet';
    case 'xhr':
      return 'xhr';
    case 'fetch':
    case 'preflight':
      return 'fetch';
    case 'image':
      return 'image';
    case 'media':
    case 'texttrack':
      return 'media';
    case 'font':
      return 'font';
    case 'ping':
    case 'cspviolationreport':
      return 'ping';
    case 'websocket':
      return 'websocket';
    case 'eventsource':
      return 'eventsource';
    case 'manifest':
      return 'manifest';
    default:
      return 'other';
  }
}

/**
 * A Firefox webRequest resource type ("script", "xmlhttprequest", "imageset"…) as a ResourceKind.
 * Firefox reports fetch() and XMLHttpRequest alike as "xmlhttprequest"; a frame's document is a
 * document (fetched as the main one is, robots.txt first).
 */
export function resourceKindOfWebRequest(type: string | undefined): ResourceKind {
  switch (type) {
    case 'main_frame':
    case 'sub_frame':
      return 'document';
    case 'script':
      return 'script';
    case 'stylesheet':
      return 'stylesheet';
    case 'xmlhttprequest':
      return 'xhr';
    case 'image':
    case 'imageset':
      return 'image';
    case 'media':
      return 'media';
    case 'font':
      return 'font';
    case 'ping':
    case 'beacon':
    case 'csp_report':
      return 'ping';
    case 'websocket':
      return 'websocket';
    case 'web_manifest':
      return 'manifest';
    default:
      return 'other';
  }
}
