import type { ReportOtherCrawler, Translate } from '../../report';
import { noneText } from './noneText';

/**
 * Which other crawlers robots.txt keeps from the URL, each with its deciding line (and the group it
 * fell back to): "blocked for GPTBot (line 3), Applebot (line 9, through Googlebot's group)", or
 * that every other crawler may fetch it. A fetcher whose operator says robots.txt may not apply to
 * it is never listed as blocked (crawlersNote names them). `others` null: robots.txt not read.
 */
export function crawlersCell(others: readonly ReportOtherCrawler[] | null | undefined, t: Translate): string {
  if (!others) return noneText(t);
  const blocked = others.filter((o) => o.verdict === 'blocked');
  if (!blocked.length) return t('sitecheck.cli.crawlersAll');
  const named = blocked.map((o) =>
    o.line === null ? o.token : o.group === 'fallback' && o.groupToken ? t('sitecheck.cli.crawlerVia', [o.token, o.line, o.groupToken]) : t('sitecheck.cli.crawlerLine', [o.token, o.line]),
  );
  return t('sitecheck.cli.crawlersBlocked', [named.join(', ')]);
}
