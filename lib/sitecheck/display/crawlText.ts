import type { Translate } from '../../report';
import type { CrawlResult } from '../types';

export interface CrawlText {
  /** "Crawl: 12 pages read, 85 links (40 followed) …" */
  summary: string;
  /** Links Googlebot does not follow, by why: "nofollow 3 · past the cut 1 · …" */
  notFollowed: string;
  /** Why the findings are partial (cancelled, out of time), or null. */
  partial: string | null;
  /** No sitemap was read: which findings were not looked for; or null. */
  noSitemap: string | null;
  /** "No site findings." when there are none, else null. */
  none: string | null;
}

/** What a crawl read, in words (the command line's lines after the table; the page's findings tab). */
export function crawlText(c: CrawlResult, t: Translate): CrawlText {
  const l = c.links;
  return {
    summary: t('crawl.summary', [c.urls.checked, l.pages, l.links, l.followed]),
    notFollowed: t('crawl.notFollowed', [l.nofollow, l.pastCut, l.foreign, l.bad, l.depthLimited]) + (c.rendered ? ` · ${t('crawl.afterRenderingCount', [l.afterRendering])}` : ''),
    partial: c.partial ? t('crawl.partial', [l.pages]) : null,
    noSitemap: c.sitemapsRead ? null : t('crawl.noSitemap'),
    none: c.findings.length ? null : t('crawl.noFindings'),
  };
}
