import type { MessageParam } from '../i18n';
import type { Header } from '../core/types';
import type { PageExtract } from './extractPage';
import type { PastCutItem } from './readComparedPage';

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
  /** The facts of the HTML Googlebot keeps, read as the body streamed (absent when the caller read the body itself). */
  page?: PageExtract | null;
  /** Elements that start (lost) or end (cut in two) past the cut, with their response offsets (absent as `page`). */
  pastCut?: PastCutItem[];
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
