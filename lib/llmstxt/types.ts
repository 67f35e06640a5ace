/**
 * Shapes of lib/llmstxt: a site's /llms.txt (llmstxt.org) — whether it exists, its size, its
 * structure (an H1, an optional blockquote, sections of Markdown links) and, on request, what its
 * links answer. Absence is information, never a fault.
 */
import type { MessageParam } from '../i18n';

export interface LlmsLink {
  name: string;
  /** As written. */
  href: string;
  /** Resolved against the file's URL; null when it is not a URL. */
  url: string | null;
  notes: string | null;
  line: number;
}

export interface LlmsSection {
  name: string;
  line: number;
  /** "Optional": links an agent may skip when it needs a shorter context (llmstxt.org). */
  optional: boolean;
  links: LlmsLink[];
}

export interface LlmsProblem {
  severity: 'warning' | 'info';
  code: string;
  /** 1-based line, or null for the whole file. */
  line: number | null;
  params: MessageParam[];
}

export interface LlmsParsed {
  title: string | null;
  titleLine: number | null;
  /** The blockquote's text (its lines joined), or null. */
  summary: string | null;
  sections: LlmsSection[];
  links: number;
  lines: number;
  problems: LlmsProblem[];
  /** An H1 first, and no warning. */
  wellFormed: boolean;
}

export type LlmsOutcome = 'found' | 'missing' | 'error' | 'unreachable';

export interface LlmsTxtReport {
  /** <origin>/llms.txt */
  url: string;
  finalUrl: string;
  outcome: LlmsOutcome;
  status: number | null;
  contentType: string | null;
  /** Body bytes read: the whole file when `complete`, else a lower bound. */
  bytes: number;
  complete: boolean;
  /** Bytes parsed (at most LLMS_KEEP_BYTES). */
  keptBytes: number;
  /** Parsed when found (and not HTML); null otherwise. */
  parsed: LlmsParsed | null;
  /** Why the answer gave no file, or why it is not Markdown. */
  error: { code: string; params: MessageParam[] } | null;
  fetchedAt: number;
  durationMs: number;
}

export interface LlmsLinkCheck {
  url: string;
  line: number;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
}

export interface LlmsLinkReport {
  checked: LlmsLinkCheck[];
  /** Links not checked (past the cap, or not http(s)). */
  skipped: number;
  max: number;
}
