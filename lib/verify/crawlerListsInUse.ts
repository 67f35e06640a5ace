import { CRAWLER_IP_LISTS } from '../crawlers';
import type { DownloadedCopy } from './rangeCopies';
import { rangesNeedRefresh } from './rangeSources';
import type { CrawlerLists } from './verifyCrawlerIp';

/** One crawler's list: its operator's address, and the copy in use (none until the user fetches it). */
export interface CrawlerListStatus {
  token: string;
  url: string;
  fetchedAt: number | null;
  creationTime: string | null;
  prefixes: number;
}

/**
 * The other crawlers' lists to match against: each last good download, for 24 hours (after that it
 * is fetched again only when the user asks — nothing is fetched on its own).
 */
export function crawlerListsInUse(downloaded: Readonly<Record<string, DownloadedCopy | undefined>>, now: number): { lists: CrawlerLists; status: CrawlerListStatus[] } {
  const lists: Record<string, DownloadedCopy['file']> = {};
  const status = CRAWLER_IP_LISTS.map((l) => {
    const d = downloaded[l.token];
    if (!d || rangesNeedRefresh(d.fetchedAt, now)) return { token: l.token, url: l.url, fetchedAt: null, creationTime: null, prefixes: 0 };
    lists[l.token] = d.file;
    return { token: l.token, url: l.url, fetchedAt: d.fetchedAt, creationTime: d.file.creationTime ?? null, prefixes: d.file.prefixes.length };
  });
  return { lists, status };
}
