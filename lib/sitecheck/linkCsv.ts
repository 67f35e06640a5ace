import { csvField } from './rowsToCsv';
import type { CrawlLink } from './types';

/** The link graph's CSV columns: stable names, the same in every language (as the table's CSV). */
export const LINK_CSV_COLUMNS = ['source', 'target', 'anchor_text', 'nofollow', 'past_cut', 'after_rendering'] as const;

/** The CSV's first line (CRLF, as RFC 4180 says). */
export const linkCsvHeader = (): string => LINK_CSV_COLUMNS.join(',') + '\r\n';

/** One link as a CSV line: anchor text is page content, quoted and never a formula (csvField). */
export function linkCsvLine(l: CrawlLink): string {
  return [l.source, l.target, l.anchorText, l.nofollow, l.pastCut, l.afterRendering].map(csvField).join(',') + '\r\n';
}
