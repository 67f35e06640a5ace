import { browser } from 'wxt/browser';
import type { HopFetcher } from '../../lib/crawl';
import { extensionHops } from '../../utils/extensionHops';

/**
 * The site check's requests, sent from this page itself (an extension page in a tab of its own:
 * it holds the host permissions, so it fetches any site) — every one as the crawler, through ONE
 * declarativeNetRequest session rule for the whole run (lib/crawl webRequestHops, a run): the
 * crawler's User-Agent set, client hints and Accept-Language removed, for this run's own tagged
 * requests of THIS tab started by this extension only — never the user's browsing, never the
 * extension's other pages or its background. No cookies, never the HTTP cache, redirects not
 * followed; status lines and headers from this page's own webRequest events, matched by request id.
 *
 * The rule is added with the run's first request and removed when the run ends (done, cancelled,
 * time limit, error) and when the page goes away; the background removes the rule of a tab that
 * closes, and the next run sweeps rules left by pages that are gone.
 */

export interface RunRequests {
  /** The HopFetcher of the run: every request as the run's User-Agent (one per run). */
  fetchHop: HopFetcher;
  /** Removes the run's rule (idempotent). */
  end(): Promise<void>;
}

export async function startRunRequests(): Promise<RunRequests> {
  const tabId = (await browser.tabs.getCurrent())?.id;
  if (tabId === undefined) throw new Error('The site check runs in a tab of its own.');
  const hops = extensionHops(tabId);
  // Rules left by pages that are gone (and by an earlier page of this tab).
  const tabs = await browser.tabs.query({});
  await hops.sweep(new Set(tabs.map((t) => t.id).filter((id): id is number => id !== undefined)));

  const run = hops.startRun();
  const end = async () => {
    removeEventListener('pagehide', onHide);
    await run.end();
  };
  // The page going away (closed, reloaded, navigated) takes the run's rule with it.
  const onHide = () => void end();
  addEventListener('pagehide', onHide);
  return { fetchHop: run.fetchHop, end };
}
