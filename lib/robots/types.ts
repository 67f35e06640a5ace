/**
 * Shapes of lib/robots. Every result carries a stable `code` (+ `params`) that the UI turns
 * into text through locales/en.yml (`robots.code.<code>`), and the line that decided it.
 */
import type { MessageParam } from '../i18n';

/** A message with a stable code and positional parameters ($1, $2, … in the locale). */
export interface RobotsMessage {
  code: string;
  params: MessageParam[];
}

export type RuleKind = 'allow' | 'disallow';

export interface RobotsRule {
  kind: RuleKind;
  /** The value as Google matches it: percent-escapes upper-cased, non-ASCII bytes %-encoded. */
  pattern: string;
  /** 1-based line in the file. */
  line: number;
}

export interface RobotsAgentLine {
  /** The user-agent value as written (after trimming and comment removal). */
  value: string;
  /** What Google compares: the leading run of [A-Za-z_-], or '*' for the global group. */
  token: string;
  global: boolean;
  line: number;
}

/** User-agent lines followed by their rules; a new group starts at a user-agent line after a rule. */
export interface RobotsGroup {
  agents: RobotsAgentLine[];
  rules: RobotsRule[];
}

export type DiagnosticSeverity = 'error' | 'warning' | 'info';

export interface RobotsDiagnostic extends RobotsMessage {
  severity: DiagnosticSeverity;
  /** 1-based line, or null for the whole file. */
  line: number | null;
}

export interface ParsedRobotsTxt {
  groups: RobotsGroup[];
  sitemaps: { url: string; line: number }[];
  diagnostics: RobotsDiagnostic[];
  /** Number of lines Google's parser emits (a file without a final newline still ends a line). */
  lineCount: number;
  /** Size of the parsed body in UTF-8 bytes. */
  byteLength: number;
  /** Counts as Google's test reporter makes them. */
  stats: { validDirectives: number; unknownDirectives: number; lastDirectiveLine: number };
}

/** Which group decided: the crawler's own, a fallback token's, the `*` group, or none. */
export type GroupUsed = 'own' | 'fallback' | 'global' | 'none' | 'ignored';

export interface AgentMatch {
  allowed: boolean;
  /** 'specific' when a group names the agent, 'global' when the `*` group applied, 'none' otherwise. */
  groupKind: 'specific' | 'global' | 'none';
  /** The deciding rule (longest match; Allow wins ties), or null when no non-empty rule matched. */
  rule: RobotsRule | null;
  /** The pattern that matched; differs from rule.pattern only through Google's index.htm rule. */
  matchedPattern: string | null;
  /** Lines of the user-agent entries whose groups applied. */
  groupLines: number[];
}

export interface CrawlerVerdict {
  token: string;
  allowed: boolean;
  obeysRobotsTxt: boolean;
  group: GroupUsed;
  /** The token whose group was used (own token, the fallback, or '*'), or null. */
  groupToken: string | null;
  groupLines: number[];
  /** Deciding line and rule, or null when nothing decided. */
  line: number | null;
  rule: RobotsRule | null;
  reason: RobotsMessage;
}

/** How a robots.txt fetch ended, as Google treats it. */
export type RobotsOutcomeKind = 'parse' | 'allow-all' | 'disallow-all';

export interface RobotsHop {
  url: string;
  status: number;
}

/** The background's answer for one origin (cached up to 24 h). */
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
}
