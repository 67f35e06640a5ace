import type { MessageParam } from '../i18n';
import type { Header } from '../core/types';

export type Agent = 'mobile' | 'desktop';

/** One 3xx hop of a fetch as Googlebot. */
export interface FetchHop {
  url: string;
  status: number;
  location: string;
  headers: Header[];
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
}
