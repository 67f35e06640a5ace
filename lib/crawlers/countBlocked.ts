import { CRAWLER_CATALOG } from './crawlerCatalog';
import type { OtherCrawlerVerdict } from './types';

/** The summary's groups: AI training (its crawlers and the control tokens that opt out of it), AI search, search. */
export type CountedGroup = 'training' | 'ai-search' | 'search';

export interface BlockedCount {
  group: CountedGroup;
  total: number;
  blocked: number;
}

const GROUP_OF: Partial<Record<string, CountedGroup>> = { training: 'training', 'control-token': 'training', 'ai-search': 'ai-search', search: 'search' };

/**
 * How many crawlers of each summary group robots.txt blocks for the URL. User-triggered fetchers
 * are never counted (robots.txt may not apply to them, or they act for one user rather than
 * crawl), nor crawlers whose operator documents no purpose.
 */
export function countBlocked(verdicts: readonly OtherCrawlerVerdict[]): BlockedCount[] {
  const counts = new Map<CountedGroup, BlockedCount>((['training', 'ai-search', 'search'] as const).map((g) => [g, { group: g, total: 0, blocked: 0 }]));
  verdicts.forEach((v, i) => {
    const purpose = CRAWLER_CATALOG[i]?.purpose.value;
    const group = purpose ? GROUP_OF[purpose] : undefined;
    if (!group) return;
    const c = counts.get(group)!;
    c.total++;
    if (v.effect === 'blocked') c.blocked++;
  });
  return [...counts.values()].filter((c) => c.total > 0);
}
