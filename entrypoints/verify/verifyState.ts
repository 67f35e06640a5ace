// The "Is it really Googlebot?" page's one state object and every change to it, as a pure reducer
// (unit-tested in tests/unit/verify/verifyState.test.ts). store.ts runs the effects (downloads,
// the log worker, DNS) and dispatches what they answer; the views render the state.
import type { CrawlerIpVerdict, IpOutcome, IpVerdict, LogSummary, LogTally, OtherCrawlerSummary, ReadLogResult } from '../../lib/verify';
import type { CrawlerListsState } from './crawlerLists';
import type { RangesState } from './ranges';
import type { ResolverChoice } from './resolver';

/** At most this many addresses are checked at once from the box. */
export const MAX_IPS = 200;

/** Where the log analysis is. */
export type LogPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; raw: number; total: number }
  | { kind: 'verifying'; done: number; total: number }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** One analysed access log. */
export interface LogResult {
  name: string;
  size: number;
  tally: LogTally;
  read: ReadLogResult;
  gzip: boolean;
  summary: LogSummary;
  outcomes: Map<string, IpOutcome>;
  dnsCapped: number;
  /** The other crawlers a user-agent claims: a row each (requests, verified, not theirs, unverified). */
  others: OtherCrawlerSummary[];
  /** (crawler, address) pairs left unverified because the DNS budget was spent. */
  otherDnsCapped: number;
}

export interface VerifyState {
  ranges: RangesState | null;
  rangesBusy: boolean;
  rangesError: string | null;
  resolver: ResolverChoice | null;
  /** The other crawlers' IP lists (fetched only when asked), or null while the stored copies load. */
  crawlerLists: CrawlerListsState | null;
  crawlerListsBusy: boolean;
  crawlerListsError: string | null;
  /**
   * The box of addresses: `claimed` is who they claim to be — 'google' (Google's ranges and DNS) or
   * a catalog crawler's token (its operator's list and DNS); results of the one or the other.
   */
  ips: { text: string; claimed: string; results: IpVerdict[]; crawlerResults: CrawlerIpVerdict[]; busy: boolean; capped: number };
  log: {
    /** Each analysis (and a cancel) takes the next number: answers of an older one are dropped. */
    run: number;
    phase: LogPhase;
    result: LogResult | null;
    exporting: boolean;
    /** A file is being dragged over the drop zone. */
    drag: boolean;
  };
}

export const initialVerifyState: VerifyState = {
  ranges: null,
  rangesBusy: true,
  rangesError: null,
  resolver: null,
  crawlerLists: null,
  crawlerListsBusy: false,
  crawlerListsError: null,
  ips: { text: '', claimed: 'google', results: [], crawlerResults: [], busy: false, capped: 0 },
  log: { run: 0, phase: { kind: 'idle' }, result: null, exporting: false, drag: false },
};

export type VerifyEvent =
  | { type: 'rangesLoading' }
  | { type: 'rangesLoaded'; ranges: RangesState }
  | { type: 'rangesFailed'; error: string }
  | { type: 'resolverChosen'; choice: ResolverChoice }
  | { type: 'crawlerListsLoading' }
  | { type: 'crawlerListsLoaded'; lists: CrawlerListsState }
  | { type: 'crawlerListsFailed'; error: string }
  | { type: 'ipText'; text: string }
  | { type: 'ipClaimed'; claimed: string }
  | { type: 'crawlerIpChecked'; results: CrawlerIpVerdict[] }
  | { type: 'ipCheckStarted'; capped: number }
  | { type: 'ipChecked'; results: IpVerdict[] }
  | { type: 'ipCheckEnded' }
  | { type: 'logStarted'; size: number }
  | { type: 'logProgress'; run: number; raw: number; total: number }
  | { type: 'logVerifying'; run: number; done: number; total: number }
  | { type: 'logDone'; run: number; result: LogResult }
  | { type: 'logFailed'; run: number; message: string }
  | { type: 'logCancelled' }
  | { type: 'exporting'; on: boolean }
  | { type: 'drag'; on: boolean };

/** The addresses to check from the box's text (one per line, or separated by spaces, commas or semicolons): each once, at most `max`. */
export function ipsToCheck(text: string, max = MAX_IPS): { ips: string[]; capped: number } {
  const unique = [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
  return { ips: unique.slice(0, max), capped: Math.max(0, unique.length - max) };
}

/** The log analysis is reading or verifying (it can be cancelled). */
export const logBusy = (phase: LogPhase) => phase.kind === 'reading' || phase.kind === 'verifying';

export function verifyReducer(s: VerifyState, e: VerifyEvent): VerifyState {
  const log = (change: Partial<VerifyState['log']>) => ({ ...s, log: { ...s.log, ...change } });
  switch (e.type) {
    case 'rangesLoading':
      return { ...s, rangesBusy: true };
    case 'rangesLoaded':
      return { ...s, ranges: e.ranges, rangesError: null, rangesBusy: false };
    case 'rangesFailed':
      return { ...s, rangesError: e.error, rangesBusy: false };
    case 'resolverChosen':
      return { ...s, resolver: e.choice };
    case 'crawlerListsLoading':
      return { ...s, crawlerListsBusy: true };
    case 'crawlerListsLoaded':
      return { ...s, crawlerLists: e.lists, crawlerListsError: null, crawlerListsBusy: false };
    case 'crawlerListsFailed':
      return { ...s, crawlerListsError: e.error, crawlerListsBusy: false };
    case 'ipText':
      return { ...s, ips: { ...s.ips, text: e.text } };
    case 'ipClaimed':
      return { ...s, ips: { ...s.ips, claimed: e.claimed, results: [], crawlerResults: [] } };
    case 'crawlerIpChecked':
      return { ...s, ips: { ...s.ips, crawlerResults: e.results } };
    case 'ipCheckStarted':
      return { ...s, ips: { ...s.ips, busy: true, results: [], crawlerResults: [], capped: e.capped } };
    case 'ipChecked':
      return { ...s, ips: { ...s.ips, results: e.results } };
    case 'ipCheckEnded':
      return { ...s, ips: { ...s.ips, busy: false } };
    case 'logStarted':
      return log({ run: s.log.run + 1, phase: { kind: 'reading', raw: 0, total: e.size }, result: null });
    case 'logCancelled':
      return log({ run: s.log.run + 1, phase: { kind: 'cancelled' } });
    case 'exporting':
      return log({ exporting: e.on });
    case 'drag':
      return log({ drag: e.on });
    default:
      // An answer of an analysis that is no longer the current one goes nowhere.
      if (e.run !== s.log.run) return s;
      if (e.type === 'logProgress') return log({ phase: { kind: 'reading', raw: e.raw, total: e.total } });
      if (e.type === 'logVerifying') return log({ phase: { kind: 'verifying', done: e.done, total: e.total } });
      if (e.type === 'logDone') return log({ phase: { kind: 'done' }, result: e.result });
      return log({ phase: { kind: 'failed', message: e.message } });
  }
}
