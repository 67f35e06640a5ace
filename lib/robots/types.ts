/**
 * Shapes of lib/robots. Every result carries a stable `code` (+ `params`) that the UI turns
 * into text through locales/en.yml (`robots.code.<code>`), and the line that decided it.
 */
import type { RobotsMessage, RobotsReport } from '../crawl';

// How robots.txt is fetched, and its report, belong to lib/crawl; the shapes are re-exported for the engines above.
export type { RobotsHop, RobotsMessage, RobotsOutcomeKind, RobotsReport } from '../crawl';

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

/**
 * A `Content-Signal:` or `Content-Usage:` line, kept as written for lib/aipref. Google's parser
 * reads both as unsupported keys (reporting_robots.cc kUnsupportedTags) and ignores them: they
 * take no part in grouping or matching, so keeping them here changes no verdict.
 */
export interface PreferenceLine {
  key: 'content-signal' | 'content-usage';
  /** The value as written (trimmed, comment removed). */
  value: string;
  line: number;
  /** Index in `groups` of the group being read when the line came, or -1 before any user-agent line. */
  group: number;
  /** The key was separated from its value by whitespace, not a colon (Google accepts that; the drafts do not). */
  missingColon: boolean;
}

export interface ParsedRobotsTxt {
  groups: RobotsGroup[];
  /** Content-Signal and Content-Usage lines in file order (at most ROBOTS_MAX_PREFERENCE_LINES; `preferenceLinesDropped` counts the rest). */
  preferenceLines: PreferenceLine[];
  preferenceLinesDropped: number;
  sitemaps: { url: string; line: number }[];
  diagnostics: RobotsDiagnostic[];
  /** Number of lines Google's parser emits (a file without a final newline still ends a line). */
  lineCount: number;
  /** Size of the parsed body in UTF-8 bytes. */
  byteLength: number;
  /** Counts as Google's test reporter makes them. */
  stats: { validDirectives: number; unknownDirectives: number; lastDirectiveLine: number };
}

/** robots.txt of one origin as a run keeps it: the report, fetched once, and its body parsed once (null: nothing to parse). */
export interface RobotsFacts {
  report: RobotsReport;
  parsed: ParsedRobotsTxt | null;
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
