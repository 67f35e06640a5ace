// The other crawlers' IP lists for the verify page: fetched only when the user asks ("Fetch the
// lists now"), from each operator's address (or the test stand-in), kept 24 hours in local storage.
import { storage } from 'wxt/utils/storage';
import { CRAWLER_IP_LISTS, crawlerListUrl } from '../../lib/crawlers';
import { crawlerListsInUse, type CrawlerLists, type CrawlerListStatus, type DownloadedCopy } from '../../lib/verify';
import { verifyTestRangesBase } from '../../utils/settings';
import { downloadRangeFile, type RefreshProblem } from './downloadRangeFile';

const downloadedItem = storage.defineItem<Record<string, DownloadedCopy>>('local:verify.crawlerListsDownloaded', { fallback: {} });

export interface CrawlerListsState {
  lists: CrawlerLists;
  status: CrawlerListStatus[];
  /** The lists that could not be fetched this time, and why (a good copy, if any, stays in use). */
  problems: RefreshProblem[];
}

/** The copies in use; with `fetch`, every list is fetched now first. */
export async function loadCrawlerLists(opts: { fetch: boolean }): Promise<CrawlerListsState> {
  const downloaded = { ...(await downloadedItem.getValue()) };
  const problems: RefreshProblem[] = [];
  if (opts.fetch) {
    const testBase = (await verifyTestRangesBase.getValue()) || null;
    const results = await Promise.all(CRAWLER_IP_LISTS.map((l) => downloadRangeFile(crawlerListUrl(l, testBase), l.token)));
    results.forEach((r, i) => {
      if ('ok' in r) downloaded[CRAWLER_IP_LISTS[i]!.token] = r.copy;
      else problems.push(r);
    });
    await downloadedItem.setValue(downloaded);
  }
  return { ...crawlerListsInUse(downloaded, Date.now()), problems };
}
