import { CRAWLER_CATALOG } from './crawlerCatalog';
import { NOT_DOCUMENTED, type CrawlerEntry, type CrawlerPurpose, type NotDocumented, type OtherCrawlerVerdict } from './types';

/** The order the purposes are shown in. */
export const PURPOSE_ORDER: readonly (CrawlerPurpose | NotDocumented)[] = ['training', 'control-token', 'ai-search', 'search', 'user-triggered', NOT_DOCUMENTED];

export interface CrawlerRow {
  crawler: CrawlerEntry;
  verdict: OtherCrawlerVerdict;
}

export interface CrawlerGroup {
  purpose: CrawlerPurpose | NotDocumented;
  rows: CrawlerRow[];
}

/** The verdicts (CRAWLER_CATALOG order) grouped by purpose, in PURPOSE_ORDER; empty groups left out. */
export function crawlerGroups(verdicts: readonly OtherCrawlerVerdict[]): CrawlerGroup[] {
  return PURPOSE_ORDER.map((purpose) => ({
    purpose,
    rows: verdicts.flatMap((verdict, i) => {
      const crawler = CRAWLER_CATALOG[i];
      return crawler && crawler.purpose.value === purpose ? [{ crawler, verdict }] : [];
    }),
  })).filter((g) => g.rows.length > 0);
}
