import { claimedCrawler, type ClaimedCrawler } from './claimedCrawler';
import { claimedOtherCrawler } from '../crawlers';
import { detectCsvHeader, parseAccessLine, parseCsvLine, type CsvLayout, type LineProblem, type LogRecord } from './parseLogLine';
import { parseLogTime } from './parseLogTime';

export interface LogLimits {
  /** Distinct IPs claiming Google that are tracked one by one (further ones are counted together). */
  maxIps: number;
  /** Distinct paths tracked; past it the least-hit half is dropped (the top list is then approximate). */
  maxPaths: number;
  maxStatuses: number;
  maxHours: number;
  maxExamples: number;
  exampleChars: number;
}

export const DEFAULT_LOG_LIMITS: LogLimits = {
  maxIps: 20_000,
  maxPaths: 5_000,
  maxStatuses: 100,
  maxHours: 24 * 400,
  maxExamples: 10,
  exampleChars: 300,
};

export interface IpTally {
  ip: string;
  lines: number;
  bytes: number;
  crawlers: Partial<Record<ClaimedCrawler, number>>;
}

/** One address whose lines claim to be other crawlers of the catalog (GPTBot, Applebot…), by token. */
export interface OtherIpTally {
  ip: string;
  lines: number;
  tokens: Record<string, number>;
}

export interface UnparseableExample {
  lineNo: number;
  problem: LineProblem;
  text: string;
}

/** Everything the aggregator learned, as plain data (it crosses the worker boundary). */
export interface LogTally {
  /** The format lines were read in: null when no line could be read at all. */
  format: 'access' | 'csv' | null;
  /**
   * Most non-blank lines were read in that format. When false, the file is not (or hardly) an
   * access log: the UI says the format was not recognised.
   */
  recognised: boolean;
  lines: number;
  blankLines: number;
  parsedLines: number;
  /** Lines in the common format (no user-agent, so they cannot claim to be Google). */
  commonFormatLines: number;
  unparseable: number;
  examples: UnparseableExample[];
  /** Lines whose user-agent claims a Google crawler. */
  googleLines: number;
  crawlerLines: Partial<Record<ClaimedCrawler, number>>;
  ips: IpTally[];
  /** Lines from IPs past `maxIps` (they cannot be verified one by one). */
  overflowLines: number;
  /** Lines whose user-agent claims another crawler of the catalog, by its token. */
  otherLines: Record<string, number>;
  otherIps: OtherIpTally[];
  /** Such lines from IPs past `maxIps` (counted as unverified). */
  otherOverflowLines: number;
  statuses: [string, number][];
  paths: [string, number][];
  pathsApproximate: boolean;
  bytes: number;
  /** [epoch ms of the UTC hour, lines] sorted by hour. */
  hours: [number, number][];
  linesWithoutTime: number;
}

export interface LogAggregator {
  line(text: string, lineNo: number, tooLong?: boolean): void;
  tally(): LogTally;
}

const HOUR = 3_600_000;
const MAX_PATH_CHARS = 300;
/** Longer than any IP address in text (IPv6 with an embedded IPv4 and a zone id included). */
const MAX_IP_CHARS = 64;
const MAX_STATUS_CHARS = 16;
const MAX_CACHED_UA = 512;

/** The request's path (`GET /a?b HTTP/1.1` → `/a?b`), or the whole field when it is not a request line. */
export function requestPath(request: string | null): string | null {
  if (!request || request === '-') return null;
  const parts = request.split(' ');
  const path = parts.length >= 2 ? parts[1] : parts[0];
  return path.length > MAX_PATH_CHARS ? path.slice(0, MAX_PATH_CHARS) : path;
}

/**
 * A streaming aggregator for access logs: feed it lines, ask for the tally. Memory is bounded by
 * `limits`, whatever the log's size. Only lines claiming a Google crawler are counted in detail;
 * lines claiming another crawler of the catalog are counted per token and address.
 * `onGoogleLine` sees each such record (for an export pass).
 */
export function createLogAggregator(
  limits: LogLimits = DEFAULT_LOG_LIMITS,
  onGoogleLine?: (rec: LogRecord, crawler: ClaimedCrawler, lineNo: number) => void,
): LogAggregator {
  let format: LogTally['format'] = null;
  let csv: CsvLayout | null = null;
  let lines = 0;
  let blankLines = 0;
  let parsedLines = 0;
  let commonFormatLines = 0;
  let unparseable = 0;
  const examples: UnparseableExample[] = [];
  let googleLines = 0;
  const crawlerLines: Partial<Record<ClaimedCrawler, number>> = {};
  const ips = new Map<string, IpTally>();
  let overflowLines = 0;
  const otherLines: Record<string, number> = {};
  const otherIps = new Map<string, OtherIpTally>();
  let otherOverflowLines = 0;
  const statuses = new Map<string, number>();
  let paths = new Map<string, number>();
  let pathsApproximate = false;
  let bytes = 0;
  const hours = new Map<number, number>();
  let linesWithoutTime = 0;

  const bad = (lineNo: number, problem: LineProblem, text: string) => {
    unparseable++;
    if (examples.length < limits.maxExamples) examples.push({ lineNo, problem, text: text.slice(0, limits.exampleChars) });
  };

  const bump = <K>(map: Map<K, number>, key: K, cap: number, overflowKey?: K) => {
    const v = map.get(key);
    if (v !== undefined) map.set(key, v + 1);
    else if (map.size < cap) map.set(key, 1);
    else if (overflowKey !== undefined) map.set(overflowKey, (map.get(overflowKey) ?? 0) + 1);
  };

  const countPath = (path: string) => {
    const v = paths.get(path);
    if (v !== undefined) {
      paths.set(path, v + 1);
      return;
    }
    if (paths.size >= limits.maxPaths) {
      // Keep the most-hit half; the counts kept stay exact from here on, earlier hits of dropped paths are lost.
      paths = new Map([...paths].sort((a, b) => b[1] - a[1]).slice(0, limits.maxPaths >> 1));
      pathsApproximate = true;
    }
    paths.set(path, 1);
  };

  // Logs repeat the same user-agents and run in time order: small caches skip most of the work.
  // A user-agent claims a Google crawler, else maybe another crawler of the catalog.
  const uaCache = new Map<string, { google: ClaimedCrawler | null; other: string | null }>();
  const claimOf = (ua: string) => {
    let c = uaCache.get(ua);
    if (c === undefined) {
      const google = claimedCrawler(ua);
      c = { google, other: google ? null : claimedOtherCrawler(ua) };
      // Only ordinary-length user-agents are cached, so hostile ones cannot fill memory.
      if (ua.length <= MAX_CACHED_UA) {
        if (uaCache.size >= 1000) uaCache.clear();
        uaCache.set(ua, c);
      }
    }
    return c;
  };

  const recordOther = (token: string, ip: string) => {
    otherLines[token] = (otherLines[token] ?? 0) + 1;
    let t = otherIps.get(ip);
    if (!t && otherIps.size < limits.maxIps) {
      t = { ip, lines: 0, tokens: {} };
      otherIps.set(ip, t);
    }
    if (t) {
      t.lines++;
      t.tokens[token] = (t.tokens[token] ?? 0) + 1;
    } else otherOverflowLines++;
  };
  let lastHourKey = '';
  let lastHour: number | null = null;
  const hourOf = (time: string): number | null => {
    // `21/Aug/2026:10:mm:ss +0200`: with a whole-hour offset the UTC hour is fixed by date, hour and offset.
    const whole = time.length === 26 && time.endsWith('00');
    const key = whole ? time.slice(0, 14) + time.slice(20) : '';
    if (whole && key === lastHourKey) return lastHour;
    const ms = parseLogTime(time);
    const hour = ms === null ? null : Math.floor(ms / HOUR) * HOUR;
    if (whole) {
      lastHourKey = key;
      lastHour = hour;
    }
    return hour;
  };

  const record = (rec: LogRecord, lineNo: number, text: string) => {
    if (rec.userAgent === null) {
      parsedLines++;
      commonFormatLines++;
      return;
    }
    const claim = claimOf(rec.userAgent);
    const crawler = claim.google;
    if ((crawler || claim.other) && rec.ip.length > MAX_IP_CHARS) {
      bad(lineNo, 'ipTooLong', text);
      return;
    }
    parsedLines++;
    if (claim.other) recordOther(claim.other, rec.ip);
    if (!crawler) return;
    googleLines++;
    crawlerLines[crawler] = (crawlerLines[crawler] ?? 0) + 1;
    const size = rec.bytes ?? 0;
    bytes += size;
    let t = ips.get(rec.ip);
    if (!t && ips.size < limits.maxIps) {
      t = { ip: rec.ip, lines: 0, bytes: 0, crawlers: {} };
      ips.set(rec.ip, t);
    }
    if (t) {
      t.lines++;
      t.bytes += size;
      t.crawlers[crawler] = (t.crawlers[crawler] ?? 0) + 1;
    } else {
      overflowLines++;
    }
    bump(statuses, rec.status === null ? '-' : rec.status.slice(0, MAX_STATUS_CHARS), limits.maxStatuses, 'other');
    const path = requestPath(rec.request);
    if (path !== null) countPath(path);
    const hour = rec.time === null ? null : hourOf(rec.time);
    if (hour === null) linesWithoutTime++;
    else bump(hours, hour, limits.maxHours);
    onGoogleLine?.(rec, crawler, lineNo);
  };

  return {
    line(text, lineNo, tooLong = false) {
      lines++;
      if (tooLong) {
        bad(lineNo, 'lineTooLong', text);
        return;
      }
      if (text.trim() === '') {
        blankLines++;
        return;
      }
      if (format === null) {
        // The format is the first one a line is read in: an access-log line, or (before any) a CSV header.
        const rec = parseAccessLine(text);
        if (rec) {
          format = 'access';
          record(rec, lineNo, text);
          return;
        }
        csv = detectCsvHeader(text);
        if (csv) {
          format = 'csv';
          return;
        }
        bad(lineNo, 'notAccessLog', text);
        return;
      }
      if (csv) {
        const rec = parseCsvLine(text, csv);
        if (typeof rec === 'string') bad(lineNo, rec, text);
        else record(rec, lineNo, text);
        return;
      }
      const rec = parseAccessLine(text);
      if (rec) record(rec, lineNo, text);
      else bad(lineNo, 'notAccessLog', text);
    },
    tally() {
      return {
        format,
        recognised: format !== null && parsedLines * 2 >= lines - blankLines - (csv ? 1 : 0),
        lines,
        blankLines,
        parsedLines,
        commonFormatLines,
        unparseable,
        examples: examples.slice(),
        googleLines,
        crawlerLines: { ...crawlerLines },
        ips: [...ips.values()].map((t) => ({ ...t, crawlers: { ...t.crawlers } })),
        overflowLines,
        otherLines: { ...otherLines },
        otherIps: [...otherIps.values()].map((t) => ({ ...t, tokens: { ...t.tokens } })),
        otherOverflowLines,
        statuses: [...statuses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
        paths: [...paths].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 50),
        pathsApproximate,
        bytes,
        hours: [...hours].sort((a, b) => a[0] - b[0]),
        linesWithoutTime,
      };
    },
  };
}
