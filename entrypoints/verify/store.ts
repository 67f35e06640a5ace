// The "Is it really Googlebot?" page's one store: its state (verifyState.ts) and the actions that
// run the effects — Google's ranges, the DNS resolver, the log worker, the downloads.
import { create } from 'zustand';
import { fakeIpsCsv, summarizeLog, summarizeOtherCrawlers, verifyCrawlerIp, verifyIp, verifyOtherTally, verifyTally, type IpOutcome } from '../../lib/verify';
import { loadCrawlerLists } from './crawlerLists';
import { verifyResolver } from '../../utils/settings';
import { downloadFile } from '../../utils/downloadFile';
import type { FromWorker, ToWorker } from './logProtocol';
import { loadRanges } from './ranges';
import { resolverChoice, resolverFor } from './resolver';
import { initialVerifyState, ipsToCheck, verifyReducer, type VerifyEvent, type VerifyState } from './verifyState';

interface VerifyPage extends VerifyState {
  /** Loads Google's ranges (downloading what is due) and the resolver chosen in the options. */
  init: () => void;
  refreshRanges: () => void;
  /** Fetches the other crawlers' IP lists now (the only time they are fetched). */
  fetchCrawlerLists: () => void;
  /** Who the addresses in the box claim to be: 'google' or a catalog crawler's token. */
  setClaimed: (claimed: string) => void;
  chooseResolver: (provider: 'google' | 'cloudflare') => void;
  setIpText: (text: string) => void;
  checkIps: () => Promise<void>;
  /** Reads a dropped or picked access log in a worker, then verifies its IPs. */
  analyzeLog: (file: File) => void;
  cancelLog: () => void;
  exportLines: () => void;
  exportFake: () => void;
  setDrag: (on: boolean) => void;
}

const newWorker = () => new Worker(new URL('./logWorker.ts', import.meta.url), { type: 'module' });
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const useVerifyPage = create<VerifyPage>((set, get) => {
  const dispatch = (e: VerifyEvent) => set((s) => verifyReducer(s, e));
  const resolver = () => {
    const choice = get().resolver;
    return choice ? resolverFor(choice.endpoint) : null;
  };
  /** The worker reading the current log, and that log (the export reads it again). */
  let worker: Worker | null = null;
  let file: File | null = null;
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  const loadCrawlerListsNow = (fetchNow: boolean) => {
    dispatch({ type: 'crawlerListsLoading' });
    loadCrawlerLists({ fetch: fetchNow }).then(
      (lists) => dispatch({ type: 'crawlerListsLoaded', lists }),
      (err: unknown) => dispatch({ type: 'crawlerListsFailed', error: errText(err) }),
    );
  };
  const loadRangesNow = (refresh: 'auto' | 'force') => {
    dispatch({ type: 'rangesLoading' });
    loadRanges({ refresh }).then(
      (ranges) => dispatch({ type: 'rangesLoaded', ranges }),
      (err: unknown) => dispatch({ type: 'rangesFailed', error: errText(err) }),
    );
  };

  return {
    ...initialVerifyState,
    init: () => {
      loadRangesNow('auto');
      // The other crawlers' lists: only the copies already fetched (nothing is requested here).
      loadCrawlerListsNow(false);
      void resolverChoice().then((choice) => dispatch({ type: 'resolverChosen', choice }));
    },
    refreshRanges: () => loadRangesNow('force'),
    fetchCrawlerLists: () => loadCrawlerListsNow(true),
    setClaimed: (claimed) => dispatch({ type: 'ipClaimed', claimed }),
    chooseResolver: (provider) => {
      void verifyResolver
        .setValue(provider)
        .then(resolverChoice)
        .then((choice) => dispatch({ type: 'resolverChosen', choice }));
    },
    setIpText: (text) => dispatch({ type: 'ipText', text }),
    checkIps: async () => {
      const files = get().ranges?.files;
      if (!files) return;
      const { ips, capped } = ipsToCheck(get().ips.text);
      const claimed = get().ips.claimed;
      dispatch({ type: 'ipCheckStarted', capped });
      try {
        if (claimed === 'google') {
          const results = await Promise.all(ips.map((ip) => verifyIp(ip, files, resolver(), { dns: 'always' })));
          dispatch({ type: 'ipChecked', results });
        } else {
          const lists = get().crawlerLists?.lists ?? {};
          const results = await Promise.all(ips.map((ip) => verifyCrawlerIp(ip, claimed, lists, resolver(), { dns: 'always' })));
          dispatch({ type: 'crawlerIpChecked', results });
        }
      } finally {
        dispatch({ type: 'ipCheckEnded' });
      }
    },
    analyzeLog: (f) => {
      const files = get().ranges?.files;
      if (!files) return;
      stop();
      file = f;
      dispatch({ type: 'logStarted', size: f.size });
      const run = get().log.run;
      const w = newWorker();
      worker = w;
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const msg = ev.data;
        if (get().log.run !== run) return;
        if (msg.type === 'progress') dispatch({ type: 'logProgress', run, raw: msg.raw, total: msg.total });
        else if (msg.type === 'error') {
          stop();
          dispatch({ type: 'logFailed', run, message: msg.message });
        } else if (msg.type === 'done') {
          stop();
          void verifyTally(msg.tally, files, resolver(), { onProgress: (done, total) => dispatch({ type: 'logVerifying', run, done, total }) })
            .then(async ({ outcomes, dnsCapped }) => {
              // The other crawlers the log claims: their lists (if fetched) and documented DNS domains.
              const other = await verifyOtherTally(msg.tally, get().crawlerLists?.lists ?? {}, resolver());
              const result = {
                name: f.name, size: f.size, tally: msg.tally, read: msg.read, gzip: msg.gzip, summary: summarizeLog(msg.tally, outcomes), outcomes, dnsCapped,
                others: summarizeOtherCrawlers(msg.tally, other.outcomes), otherDnsCapped: other.dnsCapped,
              };
              dispatch({ type: 'logDone', run, result });
            });
        }
      };
      w.onerror = (e) => {
        stop();
        dispatch({ type: 'logFailed', run, message: e.message || 'worker error' });
      };
      w.postMessage({ type: 'analyze', file: f } satisfies ToWorker);
    },
    cancelLog: () => {
      stop();
      dispatch({ type: 'logCancelled' });
    },
    exportLines: () => {
      const result = get().log.result;
      if (!result || !file) return;
      dispatch({ type: 'exporting', on: true });
      const w = newWorker();
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const msg = ev.data;
        if (msg.type === 'exported') {
          w.terminate();
          dispatch({ type: 'exporting', on: false });
          downloadFile(`${result.name}.google-lines.csv`, msg.csv);
        } else if (msg.type === 'error') {
          w.terminate();
          dispatch({ type: 'exporting', on: false });
        }
      };
      const outcomes = [...result.outcomes].map(([ip, o]) => [ip, { verdict: o.verdict, category: o.category }] as [string, { verdict: IpOutcome['verdict']; category: string | null }]);
      w.postMessage({ type: 'export', file, outcomes } satisfies ToWorker);
    },
    exportFake: () => {
      const result = get().log.result;
      if (result) downloadFile(`${result.name}.fake-ips.csv`, new Blob([fakeIpsCsv(result.summary.fakeIps)], { type: 'text/csv' }));
    },
    setDrag: (on) => dispatch({ type: 'drag', on }),
  };
});
