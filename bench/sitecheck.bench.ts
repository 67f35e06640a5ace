// Site check: URLs per second of the command line's whole per-URL pipeline (robots.txt, request,
// gunzip, byte analysis, signals, verdict, report as a JSON line) against a bare fetch loop that
// reads and gunzips the same bodies at the same concurrency, on a generated site shaped like a
// real one (bench/realSite.ts: 20–200 kB pages, one in 32 over 2 MB, half gzip) served from
// 127.0.0.1; and the command line's peak JS heap at 1,000 and 10,000 URLs. Each run is its own
// process (bench/sitecheckRun.ts), as the command line is; throughput is the median of 3 runs.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from './harness';
import { startRealSite } from './realSite';

const here = path.dirname(fileURLToPath(import.meta.url));
/** URLs per throughput run. */
const URLS = Number(process.env.SITECHECK_BENCH_URLS ?? 500);
const RUNS = 3;
const CONCURRENCY = [4, 16];

interface Run {
  done: number;
  ms: number;
  bytes: number;
  peakHeap: number;
  peakLive: number;
  fullGcs: number;
  cpuMs: number;
  faults: number;
  retainedHeap: number;
  maxRss: number;
}

export function runChild(origin: string, what: 'check' | 'bare', n: number, concurrency: number, keep = 'jsonl'): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(here, 'sitecheckRun.ts'), origin, what, String(n), String(concurrency), keep],
      { maxBuffer: 1 << 20, timeout: 900_000 },
      (err, out) => {
        if (err) return reject(err);
        const r = JSON.parse(out) as Run;
        if (r.done !== n) return reject(new Error(`${what}: ${r.done} of ${n} URLs`));
        resolve(r);
      },
    );
  });
}

const MB = (b: number) => b / 1_000_000;
const rate = (r: Run) => (r.done / r.ms) * 1000;

export default async function sitecheckBench(): Promise<BenchRow[]> {
  const site = await startRealSite();
  const rows: BenchRow[] = [];
  try {
    await runChild(site.origin, 'check', 100, 4); // warm-up
    const mb = MB(site.bytesOf(URLS)).toFixed(0);
    for (const c of CONCURRENCY) {
      const bare: number[] = [];
      const check: number[] = [];
      const faults = { bare: [] as number[], check: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        const b = await runChild(site.origin, 'bare', URLS, c);
        const k = await runChild(site.origin, 'check', URLS, c);
        bare.push(rate(b));
        check.push(rate(k));
        faults.bare.push(b.faults / URLS);
        faults.check.push(k.faults / URLS);
      }
      rows.push({
        name: `site check (command line), ${URLS} URLs (${mb} MB of HTML), concurrency ${c}`,
        value: median(check),
        unit: 'URLs/s',
        runs: RUNS,
        baseline: { name: 'bare fetch loop reading and gunzipping the same bodies', value: median(bare) },
        note: `runs: check ${check.map((x) => x.toFixed(0)).join(', ')}; bare ${bare.map((x) => x.toFixed(0)).join(', ')}; minor page faults per URL (fresh memory touched, process start included) check ${median(faults.check).toFixed(0)}, bare ${median(faults.bare).toFixed(0)}; 2 cores shared with the server`,
      });
    }
    const small = await runChild(site.origin, 'check', 1000, 16);
    const large = await runChild(site.origin, 'check', 10_000, 16);
    rows.push({
      name: 'site check (command line), peak JS heap at 10,000 URLs, JSON Lines out',
      value: MB(large.peakHeap),
      unit: 'MB',
      runs: 1,
      baseline: { name: 'the same at 1,000 URLs', value: MB(small.peakHeap) },
      note: `sampled every 5 ms, garbage awaiting collection included; at the end, after GC ${MB(large.retainedHeap).toFixed(1)} vs ${MB(small.retainedHeap).toFixed(1)} MB; peak RSS ${MB(large.maxRss).toFixed(0)} vs ${MB(small.maxRss).toFixed(0)} MB`,
    });
    rows.push({
      name: 'site check (command line), live JS heap at 10,000 URLs (the most any full GC left)',
      value: MB(large.peakLive),
      unit: 'MB',
      runs: 1,
      baseline: { name: 'the same at 1,000 URLs', value: MB(small.peakLive) },
      note: `${large.fullGcs} vs ${small.fullGcs} full collections`,
    });
  } finally {
    await site.close();
  }
  return rows;
}
