import type { LogTally } from './logAggregator';
import type { CrawlerIpVerdict } from './verifyCrawlerIp';
import { otherOutcomeKey } from './verifyOtherTally';

/** One claimed crawler of the catalog in a log: its requests, and how many came from its operator's addresses. */
export interface OtherCrawlerSummary {
  token: string;
  requests: number;
  /** From an address its operator publishes (or confirms by DNS). */
  verified: number;
  /** From an address that is not theirs: the name is claimed by someone else. */
  notTheirs: number;
  /** Could not be checked (no list fetched, nothing published, DNS failed, past the caps). */
  unverified: number;
}

/** Requests per claimed crawler, verified / not theirs / unverified, busiest first. */
export function summarizeOtherCrawlers(tally: LogTally, outcomes: ReadonlyMap<string, Pick<CrawlerIpVerdict, 'verdict'>>): OtherCrawlerSummary[] {
  const rows = new Map<string, OtherCrawlerSummary>();
  for (const [token, requests] of Object.entries(tally.otherLines)) rows.set(token, { token, requests, verified: 0, notTheirs: 0, unverified: 0 });
  for (const t of tally.otherIps) {
    for (const [token, n] of Object.entries(t.tokens)) {
      const v = outcomes.get(otherOutcomeKey(token, t.ip))?.verdict;
      const row = rows.get(token)!;
      if (v === 'theirs') row.verified += n;
      else if (v === 'notTheirs') row.notTheirs += n;
    }
  }
  // Lines from addresses past the tracking cap, and pairs not checked, are unverified.
  for (const r of rows.values()) r.unverified = r.requests - r.verified - r.notTheirs;
  return [...rows.values()].sort((a, b) => b.requests - a.requests || (a.token < b.token ? -1 : 1));
}
