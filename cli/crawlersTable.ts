// `crawlscope --crawlers`: for every URL, which other crawlers robots.txt keeps out — from the
// robots.txt the check fetched (no request per crawler), in the words of lib/sitecheck/display.
import { crawlersCell, crawlersNote, siteRow, worstFirst, type SiteRow } from '../lib/sitecheck';
import type { Report, ReportOtherCrawler } from '../lib/report';
import type { CliText } from './cliTranslate';
import { displayWidth } from './displayWidth';

/** What the table keeps of a report: its row (for the order) and the other crawlers' verdicts. */
export interface CrawlersRow {
  row: SiteRow;
  others: ReportOtherCrawler[] | null;
}

export const crawlersRow = (r: Report): CrawlersRow => ({ row: siteRow(r), others: r.robots?.others ?? null });

/** The table, worst URL first: the heading (robots.txt fetched as `fetchedAs`), a line per URL, the note on fetchers robots.txt may not apply to. */
export function crawlersTable(rows: CrawlersRow[], fetchedAs: string, text: CliText): string {
  const { t } = text;
  const sorted = [...rows].sort((a, b) => worstFirst(a.row, b.row));
  const width = Math.min(70, Math.max(0, ...sorted.map((r) => displayWidth(r.row.url))));
  const out = [t('sitecheck.cli.crawlersHeading', [fetchedAs])];
  for (const r of sorted) {
    const pad = ' '.repeat(Math.max(0, width - displayWidth(r.row.url)));
    out.push(`${r.row.url}${pad}  ${crawlersCell(r.others, t)}`);
  }
  const note = crawlersNote(sorted.find((r) => r.others)?.others ?? [], t);
  if (note) out.push('', note);
  return out.join('\n');
}
