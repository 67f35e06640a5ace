import type { DnsResolver } from './dns';
import type { LogTally } from './logAggregator';
import { verifyCrawlerIp, type CrawlerIpVerdict, type CrawlerLists } from './verifyCrawlerIp';
import { MAX_DNS_IPS } from './verifyIp';

/** The key of one (claimed crawler, address) pair in the outcomes map. */
export const otherOutcomeKey = (token: string, ip: string) => `${token} ${ip}`;

export interface OtherTallyVerification {
  outcomes: Map<string, Pick<CrawlerIpVerdict, 'verdict' | 'reason'>>;
  /** Pairs left unverified because the DNS budget was spent. */
  dnsCapped: number;
}

/**
 * Every (crawler, address) pair a log claims, checked against that crawler's list (free) and,
 * where its operator documents a domain, reverse + forward DNS for the busiest `maxDns` pairs
 * (the rest stay unverified and are counted).
 */
export async function verifyOtherTally(
  tally: LogTally,
  lists: CrawlerLists,
  resolver: DnsResolver | null,
  opts: { maxDns?: number } = {},
): Promise<OtherTallyVerification> {
  const outcomes: OtherTallyVerification['outcomes'] = new Map();
  const pairs = tally.otherIps.flatMap((t) => Object.entries(t.tokens).map(([token, lines]) => ({ token, ip: t.ip, lines }))).sort((a, b) => b.lines - a.lines);
  let budget = opts.maxDns ?? MAX_DNS_IPS;
  let dnsCapped = 0;
  for (const p of pairs) {
    let v = await verifyCrawlerIp(p.ip, p.token, lists, null, { dns: 'never' });
    // Not settled by the list, and the operator documents a domain: DNS decides, within the budget.
    if (v.reason.code === 'dnsNotChecked' && resolver) {
      if (budget > 0) {
        budget--;
        v = await verifyCrawlerIp(p.ip, p.token, lists, resolver, { dns: 'outsideRanges' });
      } else dnsCapped++;
    }
    outcomes.set(otherOutcomeKey(p.token, p.ip), { verdict: v.verdict, reason: v.reason });
  }
  return { outcomes, dnsCapped };
}
