import { browser } from 'wxt/browser';
import type { BackgroundHandler } from '../../utils/protocol';
import { compareChromeVersion } from '../../utils/settings';
import { googlebotUserAgent } from '../../lib/crawl';
import { fetchAsCrawlers as fetchLive } from '../../lib/livefetch';
import { evaluateReportForCrawlers } from '../../lib/crawlers';
import { parseRobotsReport } from '../../lib/robots';
import { checkLlmsLinks as checkLinks, fetchLlmsTxt } from '../../lib/llmstxt';
import { fetchableTarget } from './fetchableTarget';
import { extensionHopFetcher, removeStaleUaRules } from './extensionHopFetcher';
import { robotsReader } from './robots';

/**
 * Fetch as each crawler, on request: through the background's hop fetcher (each request's
 * User-Agent set by its own scoped, self-removing rule; no cookies), 4 at a time. The findings
 * compare with the robots.txt verdicts of the background's one reader (fetched as Googlebot, cached).
 */
export const fetchAsCrawlers: BackgroundHandler<'fetchAsCrawlers'> = async ({ url }) => {
  const checked = await fetchableTarget(url);
  if (!checked.ok) return checked;
  const { target } = checked;
  await removeStaleUaRules();
  const robots = await robotsReader.get(target.href);
  const verdicts = evaluateReportForCrawlers(robots, target.href, parseRobotsReport(robots) ?? undefined);
  const report = await fetchLive(target.href, extensionHopFetcher(), { chromeVersion: await compareChromeVersion.getValue(), verdicts });
  return { ok: true, report };
};

export const getLlmsTxt: BackgroundHandler<'getLlmsTxt'> = async ({ url }) =>
  fetchLlmsTxt(url, extensionHopFetcher(), googlebotUserAgent('mobile', await compareChromeVersion.getValue()));

export const checkLlmsLinks: BackgroundHandler<'checkLlmsLinks'> = async ({ parsed }) =>
  checkLinks(parsed, extensionHopFetcher(), googlebotUserAgent('mobile', await compareChromeVersion.getValue()));
