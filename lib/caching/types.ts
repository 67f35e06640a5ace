import type { Reason } from '../indexability';

/** A caching finding has the same shape as an indexability reason: code, severity, params, sources. */
export type CachingFinding = Reason;

export interface EtagInfo {
  value: string;
  weak: boolean;
  /** Matches RFC 9110 entity-tag syntax: optional W/ then a quoted string. */
  valid: boolean;
}

export interface LastModifiedInfo {
  value: string;
  /** Epoch ms, or null when it is not an HTTP date. */
  at: number | null;
  /** imf: the preferred IMF-fixdate; obsolete: RFC 850 or asctime (still accepted); invalid. */
  format: 'imf' | 'obsolete' | 'invalid';
  future: boolean;
}

export interface ValidatorLint {
  etag: EtagInfo | null;
  lastModified: LastModifiedInfo | null;
  /** Which validator Google's crawler sends back: ETag when both are usable. */
  googleUses: 'etag' | 'last-modified' | null;
  findings: CachingFinding[];
}

export type ProbeKind = 'if-none-match' | 'if-modified-since';

export interface ProbeRequest {
  kind: ProbeKind;
  header: 'If-None-Match' | 'If-Modified-Since';
  value: string;
}

/** What the server sent back to one conditional request (filled by the background). */
export interface ProbeResponse {
  status: number;
  etag: string | null;
  lastModified: string | null;
  /** Body bytes received (a 304 has none). */
  bodyBytes: number;
  durationMs: number;
  /** The final URL when the probe was redirected. */
  redirectedTo: string | null;
}

export type ProbeOutcome = 'not-modified' | 'etag-changed' | 'ignored' | 'other' | 'timeout' | 'error';

export interface ProbeResult {
  request: ProbeRequest;
  outcome: ProbeOutcome;
  response: ProbeResponse | null;
  /** Error text for 'error' (network, blocked). */
  error: string | null;
  finding: CachingFinding;
}
