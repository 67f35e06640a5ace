// Site check: URLs per second through the whole per-URL pipeline (robots.txt, request, byte
// analysis, parse5 signals, verdict, report) at concurrency 1, 4 and 16 against the demo site,
// beside a bare GET of the same URLs with the same concurrency; and memory over the 10,000-URL
// sitemap, keeping every report or one table row per URL, beside the same run keeping nothing.
// Each run is its own process (bench/sitecheckRun.ts), as the command line is.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
/** URLs per throughput run (the first of the bench sitemap). */
const URLS = 2000;
const ALL = 10_000;

interface Run {
  done: number;
  ms: number;
  peakHeap: number;
  retainedHeap: number;
  maxRss: number;
  keptBytes: number;
}

function run(demo: string, what: 'check' | 'bare', n: number, concurrency: number, keep = 'none'): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(here, 'sitecheckRun.ts'), demo, what, String(n), String(concurrency), keep],
      { maxBuffer: 1 << 20, timeout: 600_000 },
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

export default async function sitecheckBench({ demo }: { demo: string }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await run(demo, 'check', 200, 4); // warm-up (the demo builds its pages)
  for (const c of [1, 4, 16]) {
    const base = await run(demo, 'bare', URLS, c);
    const check = await run(demo, 'check', URLS, c);
    rows.push({
      name: `site check, ${URLS.toLocaleString('en')} URLs of ~5 kB, concurrency ${c}`,
      value: rate(check),
      unit: 'URLs/s',
      runs: 1,
      baseline: { name: 'bare GET of the same URLs', value: rate(base) },
      note: 'per URL: request, byte analysis, parse5 signals, verdict, report (robots.txt once); 2 cores shared with the demo server',
    });
  }
  const none = await run(demo, 'check', ALL, 4, 'none');
  for (const [keep, name] of [['reports', 'keeping every report (for the JSON Lines export)'], ['rows', 'keeping one table row per URL']] as const) {
    const m = await run(demo, 'check', ALL, 4, keep);
    rows.push({
      name: `site check, ${ALL.toLocaleString('en')} URLs, peak JS heap, ${name}`,
      value: MB(m.peakHeap),
      unit: 'MB',
      runs: 1,
      baseline: { name: 'the same run keeping nothing', value: MB(none.peakHeap) },
      note: `after GC ${MB(m.retainedHeap).toFixed(1)} MB vs ${MB(none.retainedHeap).toFixed(1)} MB; peak RSS ${MB(m.maxRss).toFixed(0)} vs ${MB(none.maxRss).toFixed(0)} MB${m.keptBytes ? `; ${MB(m.keptBytes).toFixed(1)} MB of JSON` : ''}`,
    });
  }
  return rows;
}
