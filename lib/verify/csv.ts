import type { ClaimedCrawler } from './claimedCrawler';
import type { LogRecord } from './parseLogLine';
import type { FakeIp } from './summarizeLog';
import type { Verdict } from './verifyIp';

/**
 * One CSV cell: quoted when it holds a delimiter, quote or newline; a leading = + - @ is prefixed
 * with ' so a spreadsheet does not run a log line as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const VERIFIED_LINES_HEADER = csvRow(['line', 'ip', 'time', 'request', 'status', 'bytes', 'claimed_crawler', 'verdict', 'category', 'user_agent']);

/** One line of the export of every line that claimed a Google crawler, with its IP's verdict. */
export function verifiedLineRow(
  lineNo: number,
  rec: LogRecord,
  crawler: ClaimedCrawler,
  outcome: { verdict: Verdict; category: string | null } | undefined,
): string {
  return csvRow([lineNo, rec.ip, rec.time, rec.request, rec.status, rec.bytes, crawler, outcome?.verdict ?? 'unverified', outcome?.category ?? null, rec.userAgent]);
}

/** The fake-IP list as CSV (reason as its code and parameters, so it needs no translation). */
export function fakeIpsCsv(fakeIps: FakeIp[]): string {
  let out = csvRow(['ip', 'lines', 'bytes', 'claimed_crawlers', 'reason', 'detail']);
  for (const f of fakeIps) out += csvRow([f.ip, f.lines, f.bytes, f.crawlers.join(' '), f.reason.code, f.reason.params.join(' ')]);
  return out;
}
