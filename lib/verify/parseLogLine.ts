/** The fields of one access-log line that the summary uses (raw text; parsed further on demand). */
export interface LogRecord {
  ip: string;
  /** Apache/nginx `[10/Oct/2000:13:55:36 -0700]` text, or a CSV time column; null when absent. */
  time: string | null;
  /** `GET /path HTTP/1.1`, or a CSV path/URL column. */
  request: string | null;
  status: string | null;
  bytes: number | null;
  /** Null in the common format (it has no user-agent). */
  userAgent: string | null;
  format: 'combined' | 'common' | 'csv';
}

export type LineProblem = 'notAccessLog' | 'csvColumns' | 'csvQuote' | 'lineTooLong' | 'ipTooLong';

// Anchored, and each group is unambiguous, so a failing line costs one linear pass.
const ACCESS_LINE =
  /^(\S+) \S+ \S+ \[([^\]]{1,64})\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;

/** Parse one Apache/nginx common or combined log line (extra fields after the user-agent are ignored). */
export function parseAccessLine(line: string): LogRecord | null {
  const m = ACCESS_LINE.exec(line);
  if (!m) return null;
  const bytes = m[5] === '-' ? 0 : Number(m[5]);
  return {
    ip: m[1],
    time: m[2],
    request: m[3],
    status: m[4] === '-' ? null : m[4],
    bytes,
    userAgent: m[7] === undefined ? null : unescapeLogField(m[7]),
    format: m[7] === undefined ? 'common' : 'combined',
  };
}

/** Apache writes `\"` and nginx `\x22` inside quoted fields. */
function unescapeLogField(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : (ch as string),
  );
}

/** Split one CSV record (RFC 4180 quoting, on one line). Returns null on an unbalanced quote. */
export function splitCsvLine(line: string, delimiter: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  while (true) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (true) {
        const q = line.indexOf('"', i);
        if (q < 0) return null;
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      out.push(value);
      if (i >= n) return out;
      if (line[i] !== delimiter) return null;
      i++;
    } else {
      const d = line.indexOf(delimiter, i);
      if (d < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, d));
      i = d + 1;
    }
  }
}

const COLUMN_NAMES: Record<keyof CsvColumns, string[]> = {
  ip: ['ip', 'clientip', 'clientipaddress', 'remoteaddr', 'remoteaddress', 'remoteip', 'cip', 'ipaddress', 'sourceip', 'srcip', 'visitorip', 'remotehost'],
  userAgent: ['useragent', 'ua', 'csuseragent', 'httpuseragent', 'agent'],
  status: ['status', 'statuscode', 'scstatus', 'httpstatus', 'responsecode', 'responsestatus'],
  request: ['request', 'path', 'url', 'uri', 'requesturi', 'csuristem', 'requestpath', 'requesturl', 'page'],
  bytes: ['bytes', 'size', 'bytessent', 'scbytes', 'bodybytessent', 'responsesize', 'responsebytes'],
  time: ['time', 'timestamp', 'date', 'datetime', 'requesttime', 'timelocal'],
};

export interface CsvColumns {
  ip: number;
  userAgent: number;
  status: number;
  request: number;
  bytes: number;
  time: number;
}

export interface CsvLayout {
  delimiter: string;
  columns: CsvColumns;
  width: number;
}

/** Recognise a CSV header with an IP column and a user-agent column (`,`, `;` or tab separated). */
export function detectCsvHeader(line: string): CsvLayout | null {
  for (const delimiter of [',', ';', '\t']) {
    if (!line.includes(delimiter)) continue;
    const cells = splitCsvLine(line.replace(/^\uFEFF/, ''), delimiter);
    if (!cells) continue;
    const norm = cells.map((c) => c.trim().toLowerCase().replace(/[^a-z0-9]/g, ''));
    const find = (names: string[]) => norm.findIndex((c) => names.includes(c));
    const columns = {
      ip: find(COLUMN_NAMES.ip),
      userAgent: find(COLUMN_NAMES.userAgent),
      status: find(COLUMN_NAMES.status),
      request: find(COLUMN_NAMES.request),
      bytes: find(COLUMN_NAMES.bytes),
      time: find(COLUMN_NAMES.time),
    };
    if (columns.ip >= 0 && columns.userAgent >= 0) return { delimiter, columns, width: cells.length };
  }
  return null;
}

/** Parse one CSV data line by a detected layout. */
export function parseCsvLine(line: string, layout: CsvLayout): LogRecord | LineProblem {
  const cells = splitCsvLine(line, layout.delimiter);
  if (!cells) return 'csvQuote';
  const { columns } = layout;
  const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i].trim() : null);
  const ip = cell(columns.ip);
  const userAgent = cell(columns.userAgent);
  if (!ip || userAgent === null) return 'csvColumns';
  const bytesText = cell(columns.bytes);
  const bytes = bytesText && /^\d+$/.test(bytesText) ? Number(bytesText) : null;
  return {
    ip,
    time: cell(columns.time) || null,
    request: cell(columns.request) || null,
    status: cell(columns.status) || null,
    bytes,
    userAgent,
    format: 'csv',
  };
}
