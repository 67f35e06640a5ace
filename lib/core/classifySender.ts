/**
 * Who sent a message, as the browser describes the sender (runtime.MessageSender): only the
 * fields read here. `id` is the sending extension's id; `url` the sending document's (or the
 * service worker's) address; `origin` its origin (Chrome); `tab` and `frameId` are set when the
 * sender lives in a tab — a content script, or one of our pages opened in a tab.
 */
export interface SenderLike {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number } | null;
  frameId?: number;
}

/**
 * page: one of Crawlscope's own documents — the background, the popup, the options, compare,
 * verify, site check and robots.txt sandbox pages, in the toolbar popup or in a tab.
 * content: Crawlscope's content script (or the page-analysis script it shares a world with) in
 * the top frame of a tab.
 */
export type SenderKind = 'page' | 'content';

export type SenderRefusal =
  /** No extension id: not a sender the browser vouches for. */
  | 'noId'
  /** Another extension. */
  | 'otherExtension'
  /** Our id, but the address of another extension's page. */
  | 'foreignPage'
  /** Our id, no address at all: a context we cannot place. */
  | 'noUrl'
  /** Our id and a web page's address, but not in a tab: a context we cannot place. */
  | 'noTab'
  /** A content script in a frame that is not the top frame (ours runs only there). */
  | 'subframe';

export type SenderClass = { ok: true; kind: SenderKind } | { ok: false; why: SenderRefusal };

/** Addresses of extension documents, in any browser: chrome-extension://, moz-extension://, … */
const EXTENSION_URL = /^[a-z][a-z0-9+.-]*-extension:\/\//i;

const within = (url: string, origin: string) => url === origin || url.startsWith(`${origin}/`);

/**
 * Which of our contexts sent a message, or why it is none of them. `ourId` is runtime.id,
 * `ourOrigin` our documents' origin without the trailing slash ("chrome-extension://<id>",
 * "moz-extension://<uuid>"). Our pages are told apart from content scripts by their address, never
 * by `tab`: one of our pages opened in a tab (popup.html?tab=…) has `tab` set, yet its address is
 * ours; a content script's address is the web page's. Pure: no browser global is read.
 */
export function classifySender(sender: SenderLike, ourId: string, ourOrigin: string): SenderClass {
  if (!sender.id) return { ok: false, why: 'noId' };
  if (sender.id !== ourId) return { ok: false, why: 'otherExtension' };
  const origin = ourOrigin.replace(/\/+$/, '');
  const url = sender.url ?? sender.origin;
  if (!url) return { ok: false, why: 'noUrl' };
  if (within(url, origin)) {
    // Where the browser also names the origin, both must agree.
    if (sender.origin !== undefined && sender.origin !== origin) return { ok: false, why: 'foreignPage' };
    return { ok: true, kind: 'page' };
  }
  if (EXTENSION_URL.test(url)) return { ok: false, why: 'foreignPage' };
  if (sender.tab?.id === undefined) return { ok: false, why: 'noTab' };
  if (sender.frameId !== 0) return { ok: false, why: 'subframe' };
  return { ok: true, kind: 'content' };
}
