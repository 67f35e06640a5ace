import type { Translate } from '../../report';
import type { SiteFinding, SiteFindingItem } from '../types';

export interface FindingText {
  /** "3 URLs in a sitemap are linked from no crawled page (orphans)" */
  title: string;
  /** One line per case kept, with its evidence. */
  items: string[];
  /** "and 12 more (in the JSON Lines and the link graph)" when not every case is kept, else null. */
  more: string | null;
}

const chain = (urls: readonly string[] | undefined) => (urls ?? []).join(' → ');
const anchor = (x: SiteFindingItem) => x.anchorText ?? '';

/** One case of a finding, with its evidence, in words. */
export function findingItemText(code: SiteFinding['code'], x: SiteFindingItem, t: Translate): string {
  const k = `crawl.finding.${code}`;
  const at = (o: number | null | undefined) => (o === null || o === undefined ? t('crawl.afterRendering') : t('crawl.atByte', [o]));
  switch (code) {
    case 'orphan':
      return t(`${k}.item`, [x.url, x.sitemap ?? '', x.sitemapLine ?? '?']);
    case 'notInSitemap':
      return x.from ? t(`${k}.item`, [x.url, x.from, anchor(x), at(x.offset)]) : x.url;
    case 'sitemapNotIndexable':
      return t(`${k}.item`, [x.url, x.sitemap ?? '', x.sitemapLine ?? '?', x.reasonText ?? x.reason ?? '']);
    case 'linkBroken':
      return x.status ? t(`${k}.item`, [x.from ?? '', x.url, x.status, anchor(x), at(x.offset)]) : t(`${k}.itemNoAnswer`, [x.from ?? '', x.url, anchor(x), at(x.offset)]);
    case 'linkRedirectChain':
      return t(`${k}.item`, [x.from ?? '', x.url, x.hops ?? 0, x.target ?? '', anchor(x), at(x.offset)]);
    case 'linkNoindex':
      return t(`${k}.item`, [x.from ?? '', x.url, x.tag ?? '', anchor(x), at(x.offset)]);
    case 'linkRobotsBlocked':
      return t(`${k}.item`, [x.from ?? '', x.url, x.robotsUrl ?? '', x.line ?? '?', x.rule ?? '', anchor(x), at(x.offset)]);
    case 'redirectChain':
      return t(`${k}.item`, [x.url, x.hops ?? 0, chain(x.chain)]);
    case 'redirectLoop':
      return t(`${k}.item`, [x.url, chain(x.chain)]);
    case 'canonicalChain':
      return t(`${k}.item`, [chain(x.chain), x.tag ?? '']);
    case 'canonicalNotIndexable':
      return x.reasonText ? t(`${k}.item`, [x.url, x.target ?? '', x.tag ?? '', x.reasonText]) : t(`${k}.itemStatus`, [x.url, x.target ?? '', x.tag ?? '', x.status ?? 0, x.hops ?? 0]);
    case 'hreflangNoReturn':
      return t(`${k}.item`, [x.url, x.target ?? '', x.lang ?? '', x.tag ?? '']);
    case 'hreflangNotOk':
      return x.hops ? t(`${k}.itemRedirect`, [x.url, x.target ?? '', x.lang ?? '', x.hops]) : t(`${k}.item`, [x.url, x.target ?? '', x.lang ?? '', x.status ?? 0]);
    case 'hreflangNotCanonical':
      return t(`${k}.item`, [x.url, x.target ?? '', x.lang ?? '', x.chain?.[1] ?? '']);
    case 'hreflangNoXDefault':
      return x.url;
    case 'duplicateTitle':
      return t(`${k}.item`, [x.title ?? '', (x.urls ?? []).join(', ')]);
    case 'onlyPastCut':
      return t(`${k}.item`, [x.url, x.from ?? '', x.offset ?? 0, x.cutOffset ?? 0]);
    case 'onlyRendered':
      return t(`${k}.item`, [x.url, x.from ?? '']);
    case 'deep':
      return t(`${k}.item`, [x.url, x.depth ?? 0, chain(x.path)]);
    case 'badLink':
      return t(`${k}.item.${x.problem ?? 'invalid'}`, [x.from ?? '', x.href ?? '', x.offset ?? 0]);
    case 'depthLimit':
      return t(`${k}.item`, [x.url, x.from ?? '']);
    case 'linksNotKept':
      return t(`${k}.item`, [x.url, x.seen ?? 0, x.kept ?? 0]);
  }
}

/** A finding in words: its title with the count, each case kept, and how many more there are. */
export function findingText(f: SiteFinding, t: Translate, maxDepth?: number): FindingText {
  const title = f.code === 'depthLimit' ? t('crawl.finding.depthLimit.title', [f.count, maxDepth ?? 0]) : t(`crawl.finding.${f.code}.title`, [f.count]);
  const items = f.items.map((x) => findingItemText(f.code, x, t));
  const more = f.count > f.items.length ? t('crawl.more', [f.count - f.items.length]) : null;
  return { title, items, more };
}
