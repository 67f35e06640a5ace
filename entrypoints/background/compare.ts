import { browser } from 'wxt/browser';
import type { BackgroundHandler } from '../../utils/protocol';
import { bytesLimit, compareChromeVersion, compareIncludeCookies } from '../../utils/settings';
import { compareFetches, fetchAsAgent, googlebotUserAgent, summarizeComparison, type Agent, type ComparisonSummary } from '../../lib/compare';
import { googlebotHopFetcher, removeStaleUaRules } from './googlebot-fetch';


// The last summary per URL lives in storage.session: the popup shows it without fetching again.
const summaryKey = (url: string) => `compare:${url}`;

export const compareAgents: BackgroundHandler<'compareAgents'> = async ({ url }) => {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: 'not-http', origin: '' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, reason: 'not-http', origin: target.origin };
  // Without host access the rule cannot set the User-Agent and the fetch cannot read the answer.
  const allowed = await browser.permissions.contains({ origins: [`${target.origin}/*`] });
  if (!allowed) return { ok: false, reason: 'no-permission', origin: target.origin };

  // The byte limit is the byte-budget setting, so both sections put the cut at the same byte.
  const [chromeVersion, includeCookies, limit] = await Promise.all([
    compareChromeVersion.getValue(),
    compareIncludeCookies.getValue(),
    bytesLimit.getValue(),
  ]);
  await removeStaleUaRules();
  const sentUserAgents: Record<Agent, string | null> = { mobile: null, desktop: null };
  const run = (agent: Agent) => {
    const ua = googlebotUserAgent(agent, chromeVersion);
    const hop = googlebotHopFetcher(ua, includeCookies, (s) => {
      sentUserAgents[agent] ??= s.userAgent;
    });
    return fetchAsAgent(target.href, agent, ua, hop, { limit });
  };
  const [mobile, desktop] = await Promise.all([run('mobile'), run('desktop')]);
  const comparison = compareFetches(mobile, desktop);
  const comparedAt = Date.now();
  await browser.storage.session.set({ [summaryKey(url)]: summarizeComparison(comparison, comparedAt) });
  return { ok: true, comparison, comparedAt, includeCookies, sentUserAgents };
};

export const getCompareSummary: BackgroundHandler<'getCompareSummary'> = async ({ url }) => {
  const got = await browser.storage.session.get(summaryKey(url));
  return (got[summaryKey(url)] as ComparisonSummary | undefined) ?? null;
};
