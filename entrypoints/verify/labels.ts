import type { Coded, CrawlerIpVerdict, CrawlerLists, IpVerdict } from '../../lib/verify';
import { findCrawler, NOT_DOCUMENTED } from '../../lib/crawlers';
import { tDynamic } from '#i18n';

/** `common-crawlers` → its label (i18n keys are camelCase). */
export function categoryLabel(category: string | null): string {
  if (!category) return tDynamic('verify.category.googleOther');
  return tDynamic(`verify.category.${category.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);
}

export const crawlerLabel = (crawler: string) => tDynamic(`verify.crawler.${crawler}`);

export const reasonText = (r: Coded) => tDynamic(`verify.reason.${r.code}`, r.params);

export function headline(v: IpVerdict): string {
  switch (v.verdict) {
    case 'google':
      return tDynamic('verify.verdict.google', [categoryLabel(v.category)]);
    case 'notGoogle':
      return tDynamic('verify.verdict.notGoogle');
    case 'unverified':
      return tDynamic('verify.verdict.unverified');
    case 'invalid':
      return tDynamic('verify.verdict.invalid');
  }
}

/** The headline of an address checked against another crawler's list and DNS. */
export function crawlerHeadline(v: CrawlerIpVerdict): string {
  if (v.verdict === 'invalid') return tDynamic('verify.verdict.invalid');
  return tDynamic(`verify.crawlerVerdict.${v.verdict}`, [v.token]);
}

export const crawlerReasonText = (r: CrawlerIpVerdict['reason']) => tDynamic(`verify.${r.ns}.${r.code}`, r.params);

/** How a claimed crawler's requests were checked: its list, its DNS domain, both, a list not fetched, or nothing published. */
export function checkMethod(token: string, lists: CrawlerLists): 'list' | 'dns' | 'both' | 'notFetched' | 'none' {
  const c = findCrawler(token);
  const hasList = !!c && c.ipList.value !== NOT_DOCUMENTED;
  const hasDns = !!c && Array.isArray(c.reverseDns.value) && c.reverseDns.value.length > 0;
  const fetched = hasList && !!lists[c!.token];
  if (fetched && hasDns) return 'both';
  if (fetched) return 'list';
  if (hasDns) return 'dns';
  return hasList ? 'notFetched' : 'none';
}

/** A moment as the verify page writes it: minutes, UTC ("—" for none). */
export const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');
