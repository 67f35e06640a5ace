// Reads a dropped access log off the page's thread: streamed (gzip through DecompressionStream),
// split into lines and aggregated with constant memory. The page cancels by terminating the worker.
import {
  createLogAggregator,
  DEFAULT_LOG_LIMITS,
  looksGzipped,
  readLogStream,
  verifiedLineRow,
  VERIFIED_LINES_HEADER,
  type Verdict,
} from '../../lib/verify';
import type { FromWorker, ToWorker } from './logProtocol';

const post = (msg: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(msg);

async function isGzip(file: Blob): Promise<boolean> {
  return looksGzipped(new Uint8Array(await file.slice(0, 2).arrayBuffer()));
}

const progressEvery = (size: number) => Math.max(256 * 1024, Math.floor(size / 200));

async function analyze(file: Blob, limits = DEFAULT_LOG_LIMITS): Promise<void> {
  const gzip = await isGzip(file);
  const agg = createLogAggregator(limits);
  const read = await readLogStream(file.stream(), (l, n, long) => agg.line(l, n, long), {
    gzip,
    progressEveryBytes: progressEvery(file.size),
    onProgress: (raw) => post({ type: 'progress', raw, total: file.size }),
  });
  post({ type: 'done', tally: agg.tally(), read, gzip });
}

async function exportLines(file: Blob, outcomes: Map<string, { verdict: Verdict; category: string | null }>): Promise<void> {
  const gzip = await isGzip(file);
  const parts: BlobPart[] = [VERIFIED_LINES_HEADER];
  let pending = '';
  let rows = 0;
  let csv = new Blob([]);
  const agg = createLogAggregator(DEFAULT_LOG_LIMITS, (rec, crawler, lineNo) => {
    pending += verifiedLineRow(lineNo, rec, crawler, outcomes.get(rec.ip));
    rows++;
    // Hand finished text to a Blob every MB so the worker's heap stays small.
    if (pending.length > 1 << 20) {
      parts.push(pending);
      pending = '';
      csv = new Blob([csv, ...parts], { type: 'text/csv' });
      parts.length = 0;
    }
  });
  const read = await readLogStream(file.stream(), (l, n, long) => agg.line(l, n, long), {
    gzip,
    progressEveryBytes: progressEvery(file.size),
    onProgress: (raw) => post({ type: 'progress', raw, total: file.size }),
  });
  parts.push(pending);
  csv = new Blob([csv, ...parts], { type: 'text/csv' });
  post({ type: 'exported', csv, rows, read });
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  const job = msg.type === 'analyze' ? analyze(msg.file, msg.limits) : exportLines(msg.file, new Map(msg.outcomes));
  job.catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
};
