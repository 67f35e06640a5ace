import { browser } from 'wxt/browser';
import type { BackgroundHandler } from '../../utils/protocol';
import { bytesLimit, compareChromeVersion } from '../../utils/settings';
import { compareFetches, fetchCompared, summarizeComparison, type ComparedFetch, type ComparisonSummary } from '../../lib/compare';
import { googlebotUserAgent, type Agent, type RobotsBlock } from '../../lib/crawl';
import { evaluateReportForGoogle, parseRobotsReport } from '../../lib/robots';
import { ruleText } from '../../lib/indexability';
import { extensionHopFetcher, removeStaleUaRules } from './extensionHopFetcher';
import { robotsReader } from './robots';
import { fetchableTarget } from './fetchableTarget';

// The last summary per URL lives in storage.session: the popup shows it without fetching again.
const summaryKey = (url: string) => `compare:${url}`;

/** Googlebot's robots.txt verdict for a URL, from the background's one reader (cached 24 h). */
async function googlebotRobots(url: string): Promise<{ allowed: boolean; block: RobotsBlock }> {
  const report = await robotsReader.get(url);
  const v = evaluateReportForGoogle(report, url, parseRobotsReport(report) ?? undefined).find((x) => x.token === 'Googlebot')!;
  return { allowed: v.allowed, block: { robotsUrl: report.robotsUrl, line: v.line, rule: ruleText(v.rule) } };
}

export const compareAgents: BackgroundHandler<'compareAgents'> = async ({ url }) => {
  // Without host access the rule cannot set the User-Agent and the fetch cannot read the answer.
  const checked = await fetchableTarget(url);
  if (!checked.ok) return checked;
  const { target } = checked;

  // The byte limit is the byte-budget setting, so both sections put the cut at the same byte.
  const [chromeVersion, limit] = await Promise.all([compareChromeVersion.getValue(), bytesLimit.getValue()]);
  await removeStaleUaRules();
  const sentUserAgents: Record<Agent, string | null> = { mobile: null, desktop: null };
  // Googlebot asks robots.txt before every request, each redirect target included (its own origin's file).
  const blocks = new Map<string, RobotsBlock>();
  const allowHop = async (hopUrl: string) => {
    const r = await googlebotRobots(hopUrl);
    if (!r.allowed) blocks.set(hopUrl, r.block);
    return r.allowed;
  };
  const run = async (agent: Agent): Promise<ComparedFetch> => {
    const ua = googlebotUserAgent(agent, chromeVersion);
    // As Googlebot: never with the user's cookies (Googlebot has none), whatever the page needs.
    const hop = extensionHopFetcher({
      onSent: (s) => {
        sentUserAgents[agent] ??= s.userAgent;
      },
    });
    const f = await fetchCompared(target.href, agent, ua, hop, { limit, allowHop });
    return f.blockedAt !== undefined && blocks.has(f.blockedAt) ? { ...f, blockedBy: blocks.get(f.blockedAt)! } : f;
  };
  const [mobile, desktop] = await Promise.all([run('mobile'), run('desktop')]);
  const comparison = compareFetches(mobile, desktop);
  const comparedAt = Date.now();
  await browser.storage.session.set({ [summaryKey(url)]: summarizeComparison(comparison, comparedAt) });
  return { ok: true, comparison, comparedAt, sentUserAgents };
};

export const getCompareSummary: BackgroundHandler<'getCompareSummary'> = async ({ url }) => {
  const got = await browser.storage.session.get(summaryKey(url));
  return (got[summaryKey(url)] as ComparisonSummary | undefined) ?? null;
};
