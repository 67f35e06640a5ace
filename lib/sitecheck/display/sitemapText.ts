import type { Translate } from '../../report';
import type { SitemapStatus } from '../types';

export interface SitemapText {
  /** "<url> — 4 entries, 457 bytes" */
  line: string;
  /** "sitemap index", "gzip", "2 not accepted", "1 duplicate" */
  tags: string[];
  /** Where it was named ("named on line 22 of <robots.txt>", "listed in <index>"), or null when it was given. */
  from: string | null;
  /** All of it on one line: `line (tags) — from`. */
  text: string;
}

/** One sitemap as it was read. */
export function sitemapText(s: SitemapStatus, t: Translate): SitemapText {
  const from = s.from.kind === 'robots' ? t('sitecheck.sitemapFromRobots', [s.from.robotsUrl, s.from.line]) : s.from.kind === 'index' ? t('sitecheck.sitemapFromIndex', [s.from.index]) : null;
  const tags = [
    ...(s.kind === 'sitemapindex' ? [t('sitecheck.sitemapIndex')] : []),
    ...(s.gzip ? [t('sitecheck.sitemapGzip')] : []),
    ...(s.notAccepted ? [t('sitecheck.sitemapNotAccepted', [s.notAccepted])] : []),
    ...(s.duplicates ? [t('sitecheck.sitemapDuplicates', [s.duplicates])] : []),
  ];
  const line = t('sitecheck.sitemapLine', [s.url, s.entries, s.bytes]);
  return { line, tags, from, text: `${line}${tags.length ? ` (${tags.join(', ')})` : ''}${from ? ` — ${from}` : ''}` };
}
