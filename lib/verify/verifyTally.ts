import type { DnsResolver } from './dns';
import type { LogTally } from './logAggregator';
import type { IpOutcome } from './summarizeLog';
import type { RangeFiles } from './types';
import { MAX_DNS_IPS, verifyIp } from './verifyIp';

export interface TallyVerification {
  outcomes: Map<string, IpOutcome>;
  /** IPs outside Google's ranges left unverified because the DNS budget was spent. */
  dnsCapped: number;
}

/**
 * Every IP of a log's tally checked: Google's ranges for all (free), reverse + forward DNS only for
 * the busiest `maxDns` IPs outside them (the rest stay unverified and are counted). `onProgress`
 * hears (done, total) every 20 IPs and at the end.
 */
export async function verifyTally(
  tally: LogTally,
  files: RangeFiles,
  resolver: DnsResolver | null,
  opts: { maxDns?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<TallyVerification> {
  const outcomes = new Map<string, IpOutcome>();
  const byLines = [...tally.ips].sort((a, b) => b.lines - a.lines);
  let dnsBudget = opts.maxDns ?? MAX_DNS_IPS;
  let dnsCapped = 0;
  let done = 0;
  opts.onProgress?.(0, byLines.length);
  await Promise.all(
    byLines.map(async (t) => {
      const quick = await verifyIp(t.ip, files, null, { dns: 'never' });
      let v = quick;
      if (quick.reason.code === 'notInRangesNoDns') {
        // The range checks end in the order they started (busiest first), so the busiest IPs get the budget.
        if (dnsBudget > 0 && resolver) {
          dnsBudget--;
          v = await verifyIp(t.ip, files, resolver, { dns: 'outsideRanges' });
        } else dnsCapped++;
      }
      outcomes.set(t.ip, v);
      done++;
      if (done % 20 === 0 || done === byLines.length) opts.onProgress?.(done, byLines.length);
    }),
  );
  return { outcomes, dnsCapped };
}
