/**
 * Shapes of lib/crawl: one request as an agent (a HopFetcher), and the robots.txt report that the
 * reader builds from such requests. lib/robots parses and matches the report's body; everything
 * about *fetching* robots.txt (Google's fetch rules, redirects, limits, the cache) lives here.
 */
import type { Header } from '../core';
import type { MessageParam } from '../i18n';

/** What one request carries: the agent's User-Agent, and a signal that ends it (and its body). */
export interface HopRequest {
  userAgent: string;
  /** Aborting it must end the request and its body. */
  signal: AbortSignal;
  /** GET unless said (a render's page may POST, or ask OPTIONS before a cross-origin request). */
  method?: string;
  /** Request headers a page's script set (never Cookie; never the agent's own User-Agent). */
  headers?: Header[];
  /** The request body, for a method that has one. */
  body?: string;
}

/**
 * One response, redirects not followed. `headers` keep their order and case as received and
 * include Location for a 3xx; `body` is uncompressed (null for a 3xx or when there is none).
 */
export interface HopReply {
  status: number;
  /** "HTTP/1.1 200 OK" as received; empty when the transport does not give it (counted as `HTTP/1.1 <status>`). */
  statusLine: string;
  headers: Header[];
  body: ReadableStream<Uint8Array> | null;
  /** The server's IP address, when the transport tells it. */
  ip?: string | null;
}

/**
 * The one network call of every request Crawlscope makes as a crawler: one GET of `url` as
 * `request.userAgent`, without cookies, never following redirects. Each environment provides
 * one (extension: a fetch whose User-Agent a scoped, self-removing rule sets; Node: node:http).
 * It rejects for a network error or an abort; every HTTP answer resolves.
 */
export type HopFetcher = (url: string, request: HopRequest) => Promise<HopReply>;

/** A message with a stable code and positional parameters ($1, $2, … in the locale). */
export interface RobotsMessage {
  code: string;
  params: MessageParam[];
}

/** How a robots.txt fetch ended, as Google treats it. */
export type RobotsOutcomeKind = 'parse' | 'allow-all' | 'disallow-all';

export interface RobotsHop {
  url: string;
  status: number;
}

/** robots.txt of one origin as Google fetched it (cached up to 24 h). */
export interface RobotsReport {
  origin: string;
  robotsUrl: string;
  /** Epoch ms of the fetch. */
  fetchedAt: number;
  durationMs: number;
  fromCache: boolean;
  /** Each redirect answered on the way (URL asked, 3xx status). */
  hops: RobotsHop[];
  finalUrl: string | null;
  status: number | null;
  contentType: string | null;
  /** Bytes kept (at most 512,000). */
  bytes: number;
  /** The file's size when it is longer than the kept bytes (counted to its end); null when it fits. */
  totalBytes: number | null;
  /** Crawlscope stopped counting (a very large file): `totalBytes` is a lower bound. */
  totalIsLowerBound?: boolean;
  truncated: boolean;
  outcome: { kind: RobotsOutcomeKind } & RobotsMessage;
  warnings: RobotsMessage[];
  /** The kept body, decoded as UTF-8, when outcome.kind === 'parse'; else null. */
  body: string | null;
  /**
   * The kept bytes in base64, only when they are not valid UTF-8 (`body` then shows U+FFFD where
   * Google sees raw bytes). parseRobotsReport uses them, so verdicts stay byte-exact.
   */
  bodyBase64?: string | null;
  /** The User-Agent the request carried (Googlebot's), when known. */
  userAgent?: string;
}

// ── One fetch of a page as one of Googlebot's agents (fetchAsAgent) ──

export type Agent = 'mobile' | 'desktop';

/** One 3xx hop of a fetch as Googlebot. */
export interface FetchHop {
  url: string;
  status: number;
  /** The 3xx's status line as received ('' when the transport did not give it). */
  statusLine: string;
  location: string;
  headers: Header[];
}

/** robots.txt keeps Googlebot from a URL: the file and its deciding line (null: the file is unreachable, all disallowed). */
export interface RobotsBlock {
  robotsUrl: string;
  line: number | null;
  /** The deciding rule as written (`Disallow: /x`), or null. */
  rule: string | null;
}

/** Why a fetch as Googlebot gave no usable response. */
export type FetchErrorCode =
  | 'timeout'
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'bad-redirect'
  | 'network';

export interface FetchError {
  code: FetchErrorCode;
  /** Parameters for the message (URL of the hop, error text, …). */
  params: MessageParam[];
}

/** Everything Crawlscope learned by fetching the URL as one Googlebot. */
export interface AgentFetch {
  agent: Agent;
  userAgent: string;
  requestedUrl: string;
  /** 3xx responses followed, in order. */
  redirects: FetchHop[];
  /** URL of the last response (the requested URL when there was no redirect). */
  finalUrl: string;
  /** HTTP status of the last response; 0 when none arrived. */
  status: number;
  headers: Header[];
  /** Uncompressed body bytes read (all of them when `complete`, else a lower bound). */
  bodyBytes: number;
  /** True when the body was read to its end. */
  complete: boolean;
  /** How reading the body ended; null when no final response arrived. */
  bodyEnd: 'end' | 'cap' | 'timeout' | 'error' | null;
  /** Body bytes kept for analysis (at most the 2 MB Googlebot keeps). */
  keptBytes: number;
  /** The byte limit (headers included) this fetch was judged against. */
  limit: number;
  /** Body offset where the limit cuts (backed off to a whole character, as the byte budget does), or null when it fits. */
  cutAt: number | null;
  /** The kept bytes decoded, or null for a non-HTML response or no response. */
  html: string | null;
  error: FetchError | null;
  durationMs: number;
  /** The final response's status line as received ('' when the transport did not give it, or none arrived). */
  statusLine: string;
  /** The kept body bytes (only with the `keepBody` option). */
  body?: Uint8Array;
  /** The URL not requested because `allowHop` refused it (a redirect target robots.txt disallows, say). */
  blockedAt?: string;
  /** Why `blockedAt` was not requested: Googlebot's robots.txt verdict for it (set by the caller that checked). */
  blockedBy?: RobotsBlock;
}
