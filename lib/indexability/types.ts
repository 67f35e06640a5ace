/** Where a reason's evidence comes from: the exact header, tag, status, robots.txt line or byte. */
import type { MessageParam } from '../i18n';
export type Source =
  | { kind: 'status'; statusCode: number; statusLine: string }
  | { kind: 'redirect'; url: string; statusCode: number; location: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'tag'; html: string; where: 'served' | 'live'; inBody: boolean }
  | { kind: 'robotsTxt'; url: string; line: number | null; rule: string | null; userAgent: string | null }
  /** item: the element at `offset`, or null for the cut itself. */
  | { kind: 'bytes'; offset: number; limit: number; item: string | null }
  | { kind: 'page'; text: string };

/** block: keeps the page out of Google's index; risk: may; info: worth knowing; ok: a check that passed. */
export type Severity = 'block' | 'risk' | 'info' | 'ok';

export type Verdict = 'indexable' | 'not-indexable' | 'at-risk';

/** One finding. `code` + `params` are turned into words by the UI (locales/en.yml, indexability.reason.<code>). */
export interface Reason {
  code: string;
  severity: Severity;
  params: MessageParam[];
  sources: Source[];
}

/** A head-ish element as the content script found it (live DOM) or parsed it (served HTML). */
export interface TagInfo {
  tag: 'meta' | 'link' | 'base';
  attrs: Record<string, string>;
  /** True when the element sits in <body> (after the parser closed <head>). */
  inBody: boolean;
}

/** What the indexability check needs from one version of the document. */
export interface PageSignals {
  where: 'served' | 'live';
  /** The document's URL (base for relative links unless a <base href> says otherwise). */
  url: string;
  tags: TagInfo[];
  title: string;
  h1: string;
  /** Length of the body's visible text (capped by the collector). */
  textLength: number;
  /** For served HTML: bytes read, and whether the read stopped at the cap. */
  bytesRead: number | null;
  truncated: boolean;
}

/** The robots.txt answer for Googlebot, as the robots capability reports it. */
export interface RobotsInput {
  robotsUrl: string;
  /** HTTP status of robots.txt (null when it could not be fetched). */
  fileStatus: number | null;
  /** Why robots.txt counts as unreachable (the robots capability's outcome code: serverError, timeout, networkError…), else null. */
  unreachable?: { code: string; params: MessageParam[] } | null;
  allowed: boolean;
  line: number | null;
  rule: string | null;
  userAgent: string | null;
  /** Set when Google-Extended (AI training) is disallowed for this URL. */
  googleExtended: { allowed: boolean; line: number | null; rule: string | null } | null;
  /** Whether the page's canonical target is allowed for Googlebot (null when not checked). */
  canonicalAllowed: { url: string; allowed: boolean; line: number | null; rule: string | null } | null;
}

/** Items the 2 MB cut hides from Googlebot (from the byte-budget capability). */
export interface BytesInput {
  /** False when the body was read only in part (reading stopped): bodyBytes is a lower bound. Default true. */
  complete?: boolean;
  limit: number;
  headerBytes: number;
  bodyBytes: number;
  truncated: boolean;
  /** Response offset (headers included) where Googlebot stops, or null when nothing is cut. */
  cutOffset: number | null;
  /** Elements that start (lost) or end (cut) past the limit; `kind` from the byte scan (metaRobots, canonical, …). */
  lost: { item: string; offset: number; kind: string }[];
}

/** What a request for the canonical URL answered (the background fetches it when the canonical points elsewhere). */
export interface CanonicalTargetInput {
  url: string;
  status: number | null;
  /** Final URL when the request was redirected. */
  redirectedTo: string | null;
  error: string | null;
  /**
   * Set when the canonical was not requested: it is on another host, and Crawlscope only contacts
   * the inspected site unless the user asks for that check.
   */
  notChecked?: 'other-host';
}
