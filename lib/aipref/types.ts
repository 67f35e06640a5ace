/**
 * Shapes of lib/aipref: AI usage preferences — what a robots.txt (Content-Signal and
 * Content-Usage lines, policy-token groups) and a response's Content-Usage header say about the
 * uses of a URL's content, each answer with the line or header it comes from. Codes and
 * parameters only: the UI words them through locales (`aipref.*`).
 */
import type { MessageParam } from '../i18n';
import type { Purpose } from './vocabulary';

export type { Purpose } from './vocabulary';

/** Where a statement comes from: a robots.txt line, a policy-token group (draft-kelley-…-00), or the response header. */
export type SourceKind = 'content-signal' | 'content-usage' | 'policy-group' | 'header';

/** One source's answer for one purpose. */
export interface PrefStatement {
  purpose: Purpose;
  /** y: allowed, n: disallowed (Content-Signal's yes / no read as y / n). */
  value: 'y' | 'n';
  kind: SourceKind;
  /** The label that answered (ai-train, train-ai, bots, …) or the policy token. */
  label: string;
  /** The label is a parent of the purpose's own (vocab-03 §4), not the purpose's label itself. */
  inherited: boolean;
  /** The draft (with its version) that defines the label. */
  draft: string;
  /** robots.txt line; null for the header and for a policy group no rule of which matched. */
  line: number | null;
  /** The line or header as written (`Content-Usage: /ai-ok/ train-ai=y`, `Disallow: /premium/`). */
  text: string;
  /** The rule's path (Content-Usage / Content-Signal) or the policy group's matched pattern; null when none. */
  path: string | null;
}

export interface PurposeAnswer {
  purpose: Purpose;
  /** Combined as draft-ietf-aipref-vocab-07 §7.1 says: any n wins, then any y, else unknown. */
  value: 'y' | 'n' | 'unknown';
  statements: PrefStatement[];
  /** Both y and n were stated for this purpose. */
  conflict: boolean;
}

export type PrefSeverity = 'warning' | 'info';

/** A problem with a preference line or header, with its line (null for the header). */
export interface PrefDiagnostic {
  severity: PrefSeverity;
  line: number | null;
  code: string;
  params: MessageParam[];
}

export interface AiPreferences {
  /** The robots.txt token the groups were chosen for: '*' (any crawler without a group of its own) or a crawler's token. */
  agent: string;
  /** Lines of the user-agent entries of the groups that applied (empty: no group applies). */
  groupLines: number[];
  /** robots.txt lets `agent` crawl the URL: robots.txt preferences apply only then (draft-ietf-aipref-attach-05 §4.1). */
  crawlable: boolean;
  purposes: PurposeAnswer[];
  /** Every preference line's problems (the whole file), then the header's. */
  diagnostics: PrefDiagnostic[];
  /** The response's Content-Usage header as received (several joined with ", "), or null. */
  header: string | null;
  /** Preference lines in the file (all groups), and those past the parser's cap. */
  lineCount: number;
  linesDropped: number;
}

/** A contradiction worth saying, with its parameters. */
export interface PrefFinding {
  code: 'trainNoCrawlersAllowed' | 'searchNoGooglebotAllowed' | 'conflict';
  severity: PrefSeverity;
  params: MessageParam[];
  /** The robots.txt line it points to, when there is one. */
  line: number | null;
}
