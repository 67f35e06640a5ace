import { useRef, useState } from 'react';
import { i18n, formatBytes, tDynamic } from '#i18n';
import {
  fakeIpsCsv,
  summarizeLog,
  verifyIp,
  MAX_DNS_IPS,
  type DnsResolver,
  type IpOutcome,
  type LogSummary,
  type LogTally,
  type RangeFiles,
  type ReadLogResult,
} from '../../lib/verify';
import type { FromWorker, ToWorker } from './log-protocol';
import { LogSummaryView } from './LogSummaryView';

/** IPs outside the published ranges checked by DNS at most (the busiest first); the rest stay unverified. */

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; raw: number; total: number }
  | { kind: 'verifying'; done: number; total: number }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export interface LogResult {
  name: string;
  size: number;
  tally: LogTally;
  read: ReadLogResult;
  gzip: boolean;
  summary: LogSummary;
  outcomes: Map<string, IpOutcome>;
  dnsCapped: number;
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function LogAnalyzer({ files, resolver }: { files: RangeFiles | null; resolver: DnsResolver | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<LogResult | null>(null);
  const [exporting, setExporting] = useState(false);
  const [drag, setDrag] = useState(false);
  const worker = useRef<Worker | null>(null);
  const file = useRef<File | null>(null);
  const run = useRef(0);

  const newWorker = () => new Worker(new URL('./log-worker.ts', import.meta.url), { type: 'module' });

  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
  };

  const verifyAll = async (tally: LogTally, id: number) => {
    const outcomes = new Map<string, IpOutcome>();
    const byLines = [...tally.ips].sort((a, b) => b.lines - a.lines);
    let dnsBudget = MAX_DNS_IPS;
    let dnsCapped = 0;
    let done = 0;
    setPhase({ kind: 'verifying', done, total: byLines.length });
    await Promise.all(
      byLines.map(async (t) => {
        // Range checks are free; DNS only for the busiest IPs outside the ranges.
        const quick = await verifyIp(t.ip, files!, null, { dns: 'never' });
        let v = quick;
        if (quick.reason.code === 'notInRangesNoDns') {
          if (dnsBudget > 0 && resolver) {
            dnsBudget--;
            v = await verifyIp(t.ip, files!, resolver, { dns: 'outsideRanges' });
          } else dnsCapped++;
        }
        outcomes.set(t.ip, v);
        done++;
        if (run.current === id && (done % 20 === 0 || done === byLines.length)) setPhase({ kind: 'verifying', done, total: byLines.length });
      }),
    );
    return { outcomes, dnsCapped };
  };

  const start = (f: File) => {
    stop();
    const id = ++run.current;
    file.current = f;
    setResult(null);
    setPhase({ kind: 'reading', raw: 0, total: f.size });
    const w = newWorker();
    worker.current = w;
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      const msg = ev.data;
      if (run.current !== id) return;
      if (msg.type === 'progress') setPhase({ kind: 'reading', raw: msg.raw, total: msg.total });
      else if (msg.type === 'error') {
        stop();
        setPhase({ kind: 'failed', message: msg.message });
      } else if (msg.type === 'done') {
        stop();
        void verifyAll(msg.tally, id).then(({ outcomes, dnsCapped }) => {
          if (run.current !== id) return;
          setResult({ name: f.name, size: f.size, tally: msg.tally, read: msg.read, gzip: msg.gzip, summary: summarizeLog(msg.tally, outcomes), outcomes, dnsCapped });
          setPhase({ kind: 'done' });
        });
      }
    };
    w.onerror = (e) => {
      stop();
      setPhase({ kind: 'failed', message: e.message || 'worker error' });
    };
    w.postMessage({ type: 'analyze', file: f } satisfies ToWorker);
  };

  const cancel = () => {
    run.current++;
    stop();
    setPhase({ kind: 'cancelled' });
  };

  const exportLines = () => {
    if (!result || !file.current) return;
    setExporting(true);
    const w = newWorker();
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      const msg = ev.data;
      if (msg.type === 'exported') {
        w.terminate();
        setExporting(false);
        download(msg.csv, `${result.name}.google-lines.csv`);
      } else if (msg.type === 'error') {
        w.terminate();
        setExporting(false);
      }
    };
    const outcomes = [...result.outcomes].map(([ip, o]) => [ip, { verdict: o.verdict, category: o.category }] as [string, { verdict: IpOutcome['verdict']; category: string | null }]);
    w.postMessage({ type: 'export', file: file.current, outcomes } satisfies ToWorker);
  };

  const exportFake = () => {
    if (!result) return;
    download(new Blob([fakeIpsCsv(result.summary.fakeIps)], { type: 'text/csv' }), `${result.name}.fake-ips.csv`);
  };

  const busy = phase.kind === 'reading' || phase.kind === 'verifying';
  return (
    <section className="cs-section" aria-labelledby="verify-log-h">
      <h2 id="verify-log-h">{i18n.t('verify.log.heading')}</h2>
      <p className="cs-muted">{i18n.t('verify.log.help')}</p>
      <div
        className={`verify-drop${drag ? ' verify-drag' : ''}`}
        data-testid="log-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDrag(true);
        }}
        onDragLeave={() => setDrag(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDrag(false);
          const f = e.dataTransfer.files[0];
          if (f && files) start(f);
        }}
      >
        <label>
          {i18n.t('verify.log.pick')}{' '}
          <input
            type="file"
            data-testid="log-file"
            disabled={!files}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) start(f);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {phase.kind === 'reading' ? (
        <p data-testid="log-reading">
          <progress max={phase.total || 1} value={phase.raw} data-testid="log-progress" />{' '}
          {i18n.t('verify.log.reading', [formatBytes(phase.raw), formatBytes(phase.total)])}
        </p>
      ) : null}
      {phase.kind === 'verifying' ? (
        <p data-testid="log-verifying">
          <progress max={phase.total || 1} value={phase.done} /> {i18n.t('verify.log.verifying', [phase.done, phase.total])}
        </p>
      ) : null}
      {busy ? (
        <button type="button" onClick={cancel} data-testid="log-cancel">
          {i18n.t('verify.log.cancel')}
        </button>
      ) : null}
      {phase.kind === 'cancelled' ? <p data-testid="log-cancelled">{i18n.t('verify.log.cancelled')}</p> : null}
      {phase.kind === 'failed' ? (
        <p className="cs-error" role="alert" data-testid="log-failed">
          {i18n.t('verify.log.failed', [phase.message])}
        </p>
      ) : null}
      {result && phase.kind === 'done' ? (
        <>
          {result.read.stopped ? (
            <p className="cs-error" role="alert" data-testid="log-stopped" data-code={result.read.stopped.code}>
              {tDynamic(`verify.log.stopped.${result.read.stopped.code}`, [result.tally.lines, ...result.read.stopped.params])}
            </p>
          ) : null}
          <LogSummaryView result={result} onExportLines={exportLines} onExportFake={exportFake} exporting={exporting} />
        </>
      ) : null}
    </section>
  );
}
