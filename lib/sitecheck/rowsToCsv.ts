import type { SiteRow } from './siteRow';

/**
 * CSV columns: stable names (like the JSON fields), not words of the UI language. The CSV is data
 * for a spreadsheet or a script, the same in every language: codes where the table has words
 * (verdict `at-risk`, why `cutByLimit`, error `timeout`, googlebot_robots `allowed`/`disallowed`),
 * plain digits where it has formatted numbers (2097152, never 2,097,152), `true`/`false`, URLs and
 * page content as they are; an empty field where the table says "—". The words are the table's
 * (lib/sitecheck/display); a row's whole report, messages included, is in the JSON Lines export.
 */
export const CSV_COLUMNS = [
  'url', 'final_url', 'verdict', 'why', 'status', 'redirects', 'error', 'bytes', 'limit', 'truncated', 'cut_offset',
  'lost', 'googlebot_robots', 'robots_line', 'robots_rule', 'canonical', 'noindex', 'sitemap',
  'structured_items', 'structured_errors', 'structured_warnings', 'structured_types',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe: page
 * content is data, never a formula.
 */
export function csvField(v: string | number | boolean | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The table as CSV, one line per row (CRLF line ends, as RFC 4180 says), header first. */
export function rowsToCsv(rows: readonly SiteRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.url, r.finalUrl, r.verdict, r.why.join(' '), r.status, r.redirects, r.error, r.bytes, r.limit, r.truncated, r.cutOffset,
        r.lost.join(' | '), r.robots ? (r.robots.allowed ? 'allowed' : 'disallowed') : null, r.robots?.line ?? null, r.robots?.rule ?? null,
        r.canonical, r.noindex.join(' | '), r.sitemap,
        r.structured?.items ?? null, r.structured?.errors ?? null, r.structured?.warnings ?? null,
        r.structured ? [...new Set(r.structured.list.map((i) => i.types[0] ?? '?'))].join(' | ') : null,
      ].map(csvField).join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
