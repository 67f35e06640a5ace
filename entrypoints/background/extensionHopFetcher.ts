import type { HopFetcher, HopFetchOptions } from '../../lib/crawl';
import { extensionHops } from '../../utils/extensionHops';

/**
 * The background's HopFetcher (lib/crawl webRequestHops, in the background's context: requests
 * outside any tab). The requests Crawlscope makes from the background — robots.txt, the comparison,
 * the canonical check, the render — go through it as the crawler, a header rule per fetch (one rule
 * for many fetches: `extensionHops(-1).startRun()`, as the site check page does); the tab's stand-in
 * request (fetchPageResponse) goes as the browser, without a rule.
 */

export type ExtensionHopOptions = HopFetchOptions;

const hops = () => extensionHops(-1);

/** A HopFetcher with one header rule per fetch (none with `asAgent: false`). */
export function extensionHopFetcher(opts: ExtensionHopOptions = {}): HopFetcher {
  let fetcher: HopFetcher | null = null;
  return (url, request) => (fetcher ??= hops().fetcher(opts))(url, request);
}

/**
 * Removes the background's header rules that no fetch of this worker is using: a worker stopped
 * mid-fetch leaves its rule behind (session rules outlive the worker; such a rule names a tag no
 * request will carry again, yet it counts against the browser's limit).
 */
export function removeStaleUaRules(): Promise<void> {
  return hops().sweep(null);
}
