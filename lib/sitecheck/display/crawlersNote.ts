import type { ReportOtherCrawler, Translate } from '../../report';

/** The fetchers never listed as blocked, because their operators say robots.txt may not apply to them. */
export function crawlersNote(others: readonly ReportOtherCrawler[], t: Translate): string | null {
  const tokens = others.filter((o) => o.honoursRobots === 'may-not-apply').map((o) => o.token);
  return tokens.length ? t('sitecheck.cli.crawlersMayNotApply', [tokens.join(', ')]) : null;
}
