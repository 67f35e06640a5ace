import { CLAIMED_CRAWLERS, type ClaimedCrawler } from './claimedCrawler';
import type { LogTally } from './logAggregator';
import type { Coded } from './types';
import type { Verdict } from './verifyIp';

/** What verification said about one IP of the log. */
export interface IpOutcome {
  verdict: Verdict;
  category: string | null;
  reason: Coded;
}

export interface CrawlerSummary {
  crawler: ClaimedCrawler;
  lines: number;
  real: number;
  fake: number;
  unverified: number;
}

export interface FakeIp {
  ip: string;
  lines: number;
  bytes: number;
  crawlers: ClaimedCrawler[];
  reason: Coded;
}

export interface LogSummary {
  crawlers: CrawlerSummary[];
  realLines: number;
  fakeLines: number;
  unverifiedLines: number;
  realIps: number;
  unverifiedIps: number;
  fakeIps: FakeIp[];
}

/**
 * Real vs fake per claimed crawler, from the tally and each IP's verdict. "Fake" only where the
 * check answered no (outside the ranges and DNS says not Google); failed lookups, private
 * addresses and IPs past the tracking cap are "unverified".
 */
export function summarizeLog(tally: LogTally, outcomes: ReadonlyMap<string, IpOutcome>): LogSummary {
  const per = new Map<ClaimedCrawler, CrawlerSummary>();
  for (const c of CLAIMED_CRAWLERS) {
    const lines = tally.crawlerLines[c] ?? 0;
    if (lines) per.set(c, { crawler: c, lines, real: 0, fake: 0, unverified: 0 });
  }
  let realLines = 0;
  let fakeLines = 0;
  let realIps = 0;
  let unverifiedIps = 0;
  const fakeIps: FakeIp[] = [];
  for (const t of tally.ips) {
    const o = outcomes.get(t.ip);
    const v = o?.verdict === 'google' ? 'real' : o?.verdict === 'notGoogle' ? 'fake' : 'unverified';
    for (const [c, n] of Object.entries(t.crawlers) as [ClaimedCrawler, number][]) per.get(c)![v] += n;
    if (v === 'real') {
      realLines += t.lines;
      realIps++;
    } else if (v === 'fake') {
      fakeLines += t.lines;
      fakeIps.push({
        ip: t.ip,
        lines: t.lines,
        bytes: t.bytes,
        crawlers: (Object.keys(t.crawlers) as ClaimedCrawler[]).sort((a, b) => CLAIMED_CRAWLERS.indexOf(a) - CLAIMED_CRAWLERS.indexOf(b)),
        reason: o!.reason,
      });
    } else {
      unverifiedIps++;
    }
  }
  // Lines from IPs past the tracking cap could not be attributed to a crawler one by one.
  const crawlers = [...per.values()];
  const attributed = crawlers.reduce((s, c) => s + c.real + c.fake + c.unverified, 0);
  if (attributed < tally.googleLines) {
    // Spread the overflow onto "unverified" per crawler, by the counts the IPs did not cover.
    for (const c of crawlers) c.unverified = c.lines - c.real - c.fake;
  }
  fakeIps.sort((a, b) => b.lines - a.lines || (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
  crawlers.sort((a, b) => b.lines - a.lines || CLAIMED_CRAWLERS.indexOf(a.crawler) - CLAIMED_CRAWLERS.indexOf(b.crawler));
  return {
    crawlers,
    realLines,
    fakeLines,
    unverifiedLines: tally.googleLines - realLines - fakeLines,
    realIps,
    unverifiedIps,
    fakeIps,
  };
}
