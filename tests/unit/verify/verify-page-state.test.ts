// The verify page's one state object: each change, an older analysis's answers dropped, the IP box,
// and the verification of a log's IPs with its DNS budget.
import { describe, expect, it } from 'vitest';
import { initialVerifyState, ipsToCheck, logBusy, verifyReducer, type LogResult, type VerifyEvent, type VerifyState } from '../../../entrypoints/verify/verifyState';
import { createLogAggregator, DEFAULT_LOG_LIMITS, verifyTally, type CrawlerIpVerdict, type DnsResolver, type LogTally } from '../../../lib/verify';
import { loadSnapshot } from './ranges';

const run = (events: VerifyEvent[], from: VerifyState = initialVerifyState) => events.reduce(verifyReducer, from);

describe('the IP box', () => {
  it('each address once, split on whitespace, commas and semicolons; past 200 the rest is counted', () => {
    expect(ipsToCheck(' 66.249.66.1,66.249.66.1;\n2001:4860:4801:10::1  8.8.8.8 ')).toEqual({ ips: ['66.249.66.1', '2001:4860:4801:10::1', '8.8.8.8'], capped: 0 });
    const many = Array.from({ length: 205 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join('\n');
    const got = ipsToCheck(many);
    expect(got.ips).toHaveLength(200);
    expect(got.ips.at(-1)).toBe('10.0.0.199');
    expect(got.capped).toBe(5);
  });

  it('a check clears the last results, shows the new ones, and ends busy', () => {
    const s = run([{ type: 'ipText', text: '8.8.8.8' }, { type: 'ipCheckStarted', capped: 0 }]);
    expect(s.ips).toEqual({ text: '8.8.8.8', claimed: 'google', results: [], crawlerResults: [], busy: true, capped: 0 });
    expect(run([{ type: 'ipCheckEnded' }], s).ips.busy).toBe(false);
  });

  it('another claimed crawler: earlier results go, its own results come', () => {
    const v: CrawlerIpVerdict = { input: '20.171.206.5', ip: '20.171.206.5', token: 'GPTBot', verdict: 'theirs', range: null, dns: null, reason: { ns: 'crawlerReason', code: 'inList', params: [] } };
    let s = run([{ type: 'ipText', text: '20.171.206.5' }, { type: 'ipClaimed', claimed: 'GPTBot' }, { type: 'ipCheckStarted', capped: 0 }, { type: 'crawlerIpChecked', results: [v] }]);
    expect(s.ips).toMatchObject({ claimed: 'GPTBot', results: [], crawlerResults: [v] });
    s = run([{ type: 'ipClaimed', claimed: 'google' }], s);
    expect(s.ips).toMatchObject({ claimed: 'google', results: [], crawlerResults: [] });
  });

  it('the other crawlers\' lists: loading, loaded, failed', () => {
    let s = run([{ type: 'crawlerListsLoading' }]);
    expect(s.crawlerListsBusy).toBe(true);
    s = run([{ type: 'crawlerListsLoaded', lists: { lists: {}, status: [], problems: [] } }], s);
    expect(s).toMatchObject({ crawlerListsBusy: false, crawlerLists: { lists: {}, status: [], problems: [] }, crawlerListsError: null });
    expect(run([{ type: 'crawlerListsFailed', error: 'boom' }], s)).toMatchObject({ crawlerListsBusy: false, crawlerListsError: 'boom' });
  });
});

describe('the log analysis', () => {
  const result = { name: 'access.log', size: 10 } as LogResult;

  it('reading → verifying → done, each answer of the current run', () => {
    let s = run([{ type: 'logStarted', size: 1000 }]);
    expect(s.log).toMatchObject({ run: 1, phase: { kind: 'reading', raw: 0, total: 1000 }, result: null });
    expect(logBusy(s.log.phase)).toBe(true);
    s = run([{ type: 'logProgress', run: 1, raw: 500, total: 1000 }, { type: 'logVerifying', run: 1, done: 20, total: 40 }], s);
    expect(s.log.phase).toEqual({ kind: 'verifying', done: 20, total: 40 });
    s = run([{ type: 'logDone', run: 1, result }], s);
    expect(s.log).toMatchObject({ phase: { kind: 'done' }, result });
    expect(logBusy(s.log.phase)).toBe(false);
  });

  it('after a cancel or a newer file, the older run\'s answers go nowhere', () => {
    const cancelled = run([{ type: 'logStarted', size: 1000 }, { type: 'logCancelled' }]);
    expect(cancelled.log).toMatchObject({ run: 2, phase: { kind: 'cancelled' } });
    expect(run([{ type: 'logDone', run: 1, result }], cancelled)).toBe(cancelled);
    const newer = run([{ type: 'logStarted', size: 1000 }, { type: 'logStarted', size: 2000 }]);
    expect(run([{ type: 'logFailed', run: 1, message: 'x' }, { type: 'logProgress', run: 1, raw: 9, total: 1000 }], newer)).toBe(newer);
    expect(run([{ type: 'logFailed', run: 2, message: 'gzip: bad header' }], newer).log.phase).toEqual({ kind: 'failed', message: 'gzip: bad header' });
  });

  it('ranges: loading, loaded (the error cleared), failed (the last ranges kept)', () => {
    const ranges = { files: {}, status: [], problems: [], refreshedAt: null, testBase: null };
    const loaded = run([{ type: 'rangesFailed', error: 'offline' }, { type: 'rangesLoading' }, { type: 'rangesLoaded', ranges }]);
    expect(loaded).toMatchObject({ ranges, rangesBusy: false, rangesError: null });
    expect(run([{ type: 'rangesLoading' }, { type: 'rangesFailed', error: 'HTTP 503' }], loaded)).toMatchObject({ ranges, rangesBusy: false, rangesError: 'HTTP 503' });
  });
});

describe('verifyTally: ranges for every IP, DNS for the busiest outside them', () => {
  const tallyOf = (lines: string[]): LogTally => {
    const agg = createLogAggregator(DEFAULT_LOG_LIMITS);
    lines.forEach((l, i) => agg.line(l, i + 1, false));
    return agg.tally();
  };
  const line = (ip: string) => `${ip} - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`;

  it('in range: real without DNS; outside: DNS in order of lines while the budget lasts, the rest unverified', async () => {
    // 66.249.66.1 is in Google's ranges; 45.83.64.10 (3 lines) and 45.83.64.11 (2 lines) and 45.83.64.12 (1 line) are not.
    const tally = tallyOf([line('66.249.66.1'), ...Array(3).fill(line('45.83.64.10')), ...Array(2).fill(line('45.83.64.11')), line('45.83.64.12')]);
    const asked: string[] = [];
    const resolver: DnsResolver = async (name, type) => {
      asked.push(`${type} ${name}`);
      return { kind: 'nxdomain', ttl: 60 };
    };
    const progress: [number, number][] = [];
    const { outcomes, dnsCapped } = await verifyTally(tally, loadSnapshot(), resolver, { maxDns: 2, onProgress: (d, t) => progress.push([d, t]) });
    expect(outcomes.get('66.249.66.1')?.verdict).toBe('google');
    expect(asked).toEqual(['PTR 10.64.83.45.in-addr.arpa', 'PTR 11.64.83.45.in-addr.arpa']);
    expect(outcomes.get('45.83.64.10')?.verdict).toBe('notGoogle');
    expect(outcomes.get('45.83.64.12')).toMatchObject({ verdict: 'unverified', reason: { code: 'notInRangesNoDns' } });
    expect(dnsCapped).toBe(1);
    expect(progress).toEqual([[0, 4], [4, 4]]);
  });
});
