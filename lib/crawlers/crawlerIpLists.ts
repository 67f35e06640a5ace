import { CRAWLER_CATALOG } from './crawlerCatalog';

/** One operator-published JSON list of a crawler's IP ranges. */
export interface CrawlerIpList {
  token: string;
  /** The operator's address for it. */
  url: string;
  /** The name a test stand-in serves it under (`<base>/crawlers/<file>`). */
  file: string;
}

/** Every catalog crawler whose operator documents a JSON list of its addresses (fetched only when the user asks). */
export const CRAWLER_IP_LISTS: readonly CrawlerIpList[] = CRAWLER_CATALOG.flatMap((c) =>
  typeof c.ipList.value === 'string' && c.ipList.value !== 'not documented'
    ? [{ token: c.token, url: c.ipList.value, file: `${c.token.toLowerCase()}.json` }]
    : [],
);

/** Where to fetch a list: the operator's address, or a test stand-in's base (`…/crawlers/<file>`). */
export function crawlerListUrl(list: CrawlerIpList, testBase?: string | null): string {
  if (!testBase) return list.url;
  return new URL(`crawlers/${list.file}`, testBase.endsWith('/') ? testBase : `${testBase}/`).toString();
}
