/**
 * Shapes of lib/crawl: one request as an agent (a HopFetcher), and the robots.txt report that the
 * reader builds from such requests. lib/robots parses and matches the report's body; everything
 * about *fetching* robots.txt (Google's fetch rules, redirects, limits, the cache) lives here.
 */
import type { Header } from '../core/types';
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
