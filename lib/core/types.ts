/** One HTTP header as received, name in the case the server (or browser) gave it. */
export interface Header {
  name: string;
  value: string;
}

/** One hop of a redirect chain: the URL asked for, and the 3xx that sent us on. */
export interface RedirectHop {
  url: string;
  statusCode: number;
  statusLine: string;
  location: string;
  headers: Header[];
}

/** The main-frame response of a tab, as the browser saw it (webRequest). */
export interface MainFrameRecord {
  tabId: number;
  /** The URL the navigation started with (before redirects). */
  requestedUrl: string;
  /** The URL of the final response. */
  url: string;
  statusCode: number;
  statusLine: string;
  headers: Header[];
  redirects: RedirectHop[];
  ip: string | null;
  fromCache: boolean;
  /** Epoch ms when the response completed (or failed). */
  completedAt: number;
  /** Set when the navigation failed (net::ERR_…). */
  error: string | null;
  /**
   * False while the body is still arriving (the headers are final: a page that streams for ever
   * still has them). Records stored before this field existed are complete.
   */
  complete?: boolean;
}

/** What the content script knows about the document without any heavy work. */
export interface PageFacts {
  url: string;
  loadedUrl: string;
  title: string;
  characterSet: string;
  contentType: string;
  navigation: {
    responseStatus: number | null;
    decodedBodySize: number | null;
    encodedBodySize: number | null;
    transferSize: number | null;
    contentEncoding: string | null;
    type: string | null;
    deliveryType: string | null;
  } | null;
}
