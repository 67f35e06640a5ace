import { joinBytes } from '../../core';
import { REPORT_SCHEMA_ID, REPORT_VERSION, type Report } from '../../report';
import { SITE_CHECK_DEFAULTS } from '../siteCheckDefaults';
import { FINDING_ORDER } from '../crawlFindings';
import type { CrawlResult, SiteFinding } from '../types';
import { siteFacts } from './siteFacts';
import type { RunSnapshot, UrlFacts } from './types';
import { urlFacts } from './urlFacts';

/** A baseline is read up to this many bytes (a 50,000-URL run's JSON Lines are a few hundred MB). */
export const BASELINE_MAX_BYTES = 1024 * 1024 * 1024;
/** A line longer than this is not read (a report with a render's HTML is a few MB at most). */
export const BASELINE_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Problems listed one by one (all are counted). */
export const BASELINE_MAX_PROBLEMS = 20;

export type BaselineProblemCode =
  /** No report in it (an empty file, blank lines, or only other JSON). Fatal. */
  | 'empty'
  /** Its first line is not JSON: not JSON Lines. params: [line]. Fatal. */
  | 'notJsonLines'
  /** One JSON document over several lines (a single report as the popup saves it), not JSON Lines. Fatal. */
  | 'prettyJson'
  /** Its first JSON line is not a Crawlscope report. params: [line]. Fatal. */
  | 'notReport'
  /** Reports of another schema version. params: [line, the version found, the version read]. Fatal. */
  | 'version'
  /** A line that is not JSON, or not a report, after the first. params: [line]. The rest is read. */
  | 'badLine'
  /** The last line ends in the middle (the file was cut short). params: [line]. */
  | 'truncated'
  /** The file ends in the middle of its first line: nothing to compare with. params: [line]. Fatal. */
  | 'truncatedFirst'
  /** A line longer than the cap: not read. params: [line, cap in bytes]. */
  | 'lineTooLong'
  /** The file is longer than the cap: read up to it. params: [cap in bytes]. */
  | 'tooBig'
  /** More URLs than a run checks: read up to the cap. params: [cap]. */
  | 'tooManyUrls'
  /** A URL reported twice. params: [url, its first line, this line]: the first counts. */
  | 'duplicate'
  /** More than one `{"site": …}` line. params: [line]: the last counts. */
  | 'siteTwice'
  /** A `{"site": …}` line whose findings cannot be read. params: [line]: no site findings compared. */
  | 'badSite';

export interface BaselineProblem {
  code: BaselineProblemCode;
  /** 1-based line of the file, or null. */
  line: number | null;
  params: (string | number)[];
}

export type BaselineRead =
  | {
      ok: true;
      run: RunSnapshot;
      /** The first problems (a clear line each); `problemCount` counts them all. */
      problems: BaselineProblem[];
      problemCount: number;
      lines: number;
      bytes: number;
    }
  | { ok: false; problem: BaselineProblem; lines: number; bytes: number };

export interface BaselineReader {
  /** The next bytes of the file. False: nothing more is needed (a cap was reached, or the file is not a baseline): stop reading. */
  push(chunk: Uint8Array | string): boolean;
  /** The file is over: what was read. */
  end(): BaselineRead;
}

export interface BaselineLimits {
  maxBytes?: number;
  maxLineBytes?: number;
  maxUrls?: number;
}

const VERDICTS = new Set(['indexable', 'not-indexable', 'at-risk']);
const FINDING_CODES = new Set<string>(FINDING_ORDER);
const SEVERITIES = new Set(['critical', 'warning', 'info']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A report this reader can take the facts of: the fields it reads, with their types. */
function asReport(o: Record<string, unknown>): Report | null {
  if (typeof o.url !== 'string' || !VERDICTS.has(o.verdict as string) || !Array.isArray(o.reasons) || !Array.isArray(o.redirects)) return null;
  if (!isObject(o.canonical) || (o.status !== null && !isObject(o.status))) return null;
  if (o.bytes !== null && !isObject(o.bytes)) return null;
  if (o.robots !== null && !(isObject(o.robots) && Array.isArray(o.robots.verdicts))) return null;
  if (o.siteCheck !== undefined && o.siteCheck !== null && !(isObject(o.siteCheck) && typeof o.siteCheck.requestedUrl === 'string')) return null;
  if (o.render !== undefined && o.render !== null && !(isObject(o.render) && Array.isArray(o.render.differences))) return null;
  if (!o.reasons.every((r) => isObject(r) && typeof r.code === 'string' && Array.isArray(r.sources))) return null;
  return o as unknown as Report;
}

/** The findings of a `{"site": …}` line, or null when they cannot be read. */
function asSite(v: unknown): Pick<CrawlResult, 'partial' | 'sitemapsRead' | 'rendered' | 'findings'> | null {
  if (!isObject(v) || !Array.isArray(v.findings)) return null;
  const findings: SiteFinding[] = [];
  for (const f of v.findings) {
    if (!isObject(f) || typeof f.code !== 'string' || !SEVERITIES.has(f.severity as string) || typeof f.count !== 'number' || !Array.isArray(f.items)) return null;
    // A finding this version does not know (a later one's): not compared.
    if (!FINDING_CODES.has(f.code)) continue;
    if (!f.items.every((x) => isObject(x) && typeof x.url === 'string')) return null;
    findings.push(f as unknown as SiteFinding);
  }
  return { partial: v.partial === true, sitemapsRead: v.sitemapsRead === true, rendered: v.rendered === true, findings };
}

const versionOf = (o: Record<string, unknown>): string | null => {
  if (typeof o.$schema === 'string' && o.$schema !== REPORT_SCHEMA_ID && /crawlscope/i.test(o.$schema)) return o.$schema;
  if (o.version !== undefined && o.version !== REPORT_VERSION) return String(o.version);
  return null;
};

/**
 * Reads a previous run's JSON Lines (what `crawlscope --json` writes, or the site check page's
 * export) a chunk at a time: each line is parsed on its own and kept as one URL's few facts, so a
 * file of any size is never one string; a byte cap, a line cap and a URL cap bound the work.
 * Hostile input is told, never thrown: a file that is not JSON Lines, another schema version, a
 * line cut short, duplicate URLs. Reports, the last `{"site": …}` line; other lines are skipped.
 */
export function createBaselineReader(limits: BaselineLimits = {}): BaselineReader {
  const maxBytes = limits.maxBytes ?? BASELINE_MAX_BYTES;
  const maxLine = limits.maxLineBytes ?? BASELINE_MAX_LINE_BYTES;
  const maxUrls = limits.maxUrls ?? SITE_CHECK_DEFAULTS.maxMaxUrls;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8');
  const urls: UrlFacts[] = [];
  const firstLine = new Map<string, number>();
  const problems: BaselineProblem[] = [];
  let problemCount = 0;
  let fatal: BaselineProblem | null = null;
  let complete = true;
  /** A fatal problem, or the URL cap: nothing more is read. */
  let stopped = false;
  /** The byte cap was reached. */
  let capped = false;
  let bytes = 0;
  let line = 0;
  let pieces: Uint8Array[] = [];
  let pieceBytes = 0;
  let tooLong = false;
  /** A JSON line was read (the first decides whether this is JSON Lines at all). */
  let sawJson = false;
  let generatedAt: string | null = null;
  let site: RunSnapshot['site'] = null;
  let siteLine = 0;

  const problem = (code: BaselineProblem['code'], at: number | null, params: (string | number)[]) => {
    problemCount++;
    if (problems.length < BASELINE_MAX_PROBLEMS) problems.push({ code, line: at, params });
  };
  const stop = (p: BaselineProblem) => {
    fatal = p;
    stopped = true;
  };

  /** One whole line (without its line end); `last`: the file ended without a line end after it. */
  function onLine(text: string, last: boolean) {
    const s = text.trim();
    if (!s) return;
    let o: unknown;
    try {
      o = JSON.parse(s);
    } catch {
      if (!sawJson) return stop({ code: s === '{' || s === '[' ? 'prettyJson' : last && s.startsWith('{"') ? 'truncatedFirst' : 'notJsonLines', line, params: [line] });
      complete = false;
      return problem(last ? 'truncated' : 'badLine', line, [line]);
    }
    const first = !sawJson;
    sawJson = true;
    if (!isObject(o)) {
      if (first) return stop({ code: 'notReport', line, params: [line] });
      complete = false;
      return problem('badLine', line, [line]);
    }
    if ('site' in o && Object.keys(o).length === 1) {
      const got = asSite(o.site);
      if (siteLine) problem('siteTwice', line, [line]);
      siteLine = line;
      site = got ? siteFacts(got) : null;
      if (!got) problem('badSite', line, [line]);
      return;
    }
    // This run's own comparison with its baseline: not part of the run.
    if ('changes' in o && Object.keys(o).length === 1) return;
    const version = versionOf(o);
    if (version !== null) return stop({ code: 'version', line, params: [line, version, REPORT_VERSION] });
    const report = o.$schema === REPORT_SCHEMA_ID ? asReport(o) : null;
    let facts: UrlFacts | null = null;
    try {
      facts = report ? urlFacts(report) : null;
    } catch {
      facts = null;
    }
    if (!report || !facts || !VERDICTS.has(facts.verdict)) {
      if (first) return stop({ code: 'notReport', line, params: [line] });
      complete = false;
      return problem('badLine', line, [line]);
    }
    const before = firstLine.get(facts.url);
    if (before !== undefined) return problem('duplicate', line, [facts.url, before, line]);
    if (urls.length >= maxUrls) {
      complete = false;
      problem('tooManyUrls', line, [maxUrls]);
      stopped = true;
      return;
    }
    firstLine.set(facts.url, line);
    generatedAt ??= typeof report.generatedAt === 'string' ? report.generatedAt : null;
    urls.push(facts);
  }

  function flushLine(last: boolean) {
    line++;
    if (tooLong) {
      complete = false;
      problem('lineTooLong', line, [line, maxLine]);
    } else if (pieceBytes > 0) {
      const whole = joinBytes(pieces, pieceBytes);
      onLine(decoder.decode(whole), last);
    }
    pieces = [];
    pieceBytes = 0;
    tooLong = false;
  }

  function take(part: Uint8Array) {
    if (tooLong) return;
    if (pieceBytes + part.length > maxLine) {
      tooLong = true;
      pieces = [];
      pieceBytes = 0;
      // No JSON line yet, and the first is longer than any report: not JSON Lines (a binary file, say) — not read to its end.
      if (!sawJson) stop({ code: 'notJsonLines', line: line + 1, params: [line + 1] });
      return;
    }
    // A copy: the caller may reuse its buffer.
    pieces.push(part.slice());
    pieceBytes += part.length;
  }

  return {
    push(chunk) {
      if (stopped || capped) return false;
      let b = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      if (bytes + b.length > maxBytes) {
        b = b.subarray(0, Math.max(0, maxBytes - bytes));
        complete = false;
        problem('tooBig', null, [maxBytes]);
        capped = true;
      }
      bytes += b.length;
      let from = 0;
      for (let nl = b.indexOf(0x0a, from); nl >= 0; nl = b.indexOf(0x0a, from)) {
        take(b.subarray(from, nl));
        if (stopped) return false;
        from = nl + 1;
        flushLine(false);
        if (stopped) return false;
      }
      // Past the byte cap, the line in progress is not read: it ends in the middle.
      if (!capped) take(b.subarray(from));
      return !capped && !stopped;
    },
    end() {
      if (!stopped && !capped && (pieceBytes > 0 || tooLong)) flushLine(true);
      if (fatal) return { ok: false, problem: fatal, lines: line, bytes };
      if (!urls.length) return { ok: false, problem: { code: 'empty', line: null, params: [] }, lines: line, bytes };
      return { ok: true, run: { generatedAt, urls, site, complete }, problems, problemCount, lines: line, bytes };
    },
  };
}
