// Child process of bench/sitecheck.bench.ts (its own process, as the command line runs: the
// generated site is served by the bench's process). `check`: one site check of the first `n`
// URLs of the generated site's sitemap, as the command line runs it: every report written as a
// JSON line (`jsonl`, to /dev/null), or one table row kept per URL (`rows`). `bare`: a GET of
// the same URLs with the same concurrency, each body read to its end and gunzipped, nothing else.
// Prints the time, peak JS heap (sampled every 5 ms, garbage included), the peak of the heap each
// full garbage collection left, the retained heap, peak RSS, CPU time and page faults, as JSON.
// The heaps are this thread's: the analysis threads' are counted only when there are none
// (CRAWLSCOPE_ANALYSIS_THREADS=0, the analysis in this thread). CPU time and faults are the process's.
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import v8 from 'node:v8';
import { startSiteCheck, siteRow, type SiteRow } from '../lib/sitecheck';
import { nodeFetchHop } from '../cli/nodeFetchHop';
import { cliText } from '../cli/cliTranslate';
import { openAnalysisPool } from '../cli/analysisPool';

const [origin, what = 'check', n = '1000', concurrency = '4', keep = 'jsonl'] = process.argv.slice(2);
const count = Number(n);
const c = Number(concurrency);
let peakHeap = 0;
// v8's heap statistics rather than process.memoryUsage() (the same heapUsed): that one also reads
// the RSS from /proc each time, ~3 % of the main thread's profile at 200 samples a second.
const sample = () => {
  peakHeap = Math.max(peakHeap, v8.getHeapStatistics().used_heap_size);
};
const timer = setInterval(sample, 5);
// The heap each full garbage collection leaves: what the run really holds, garbage not counted.
const gcs = new v8.GCProfiler();
gcs.start();
const rows: SiteRow[] = [];
let done = 0;
let bytes = 0;
const t0 = performance.now();
if (what === 'bare') {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const url = `${origin}/p/${next++}.html`;
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
            const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
            body.on('data', (d: Buffer) => void (bytes += d.length));
            body.on('end', resolve);
            body.on('error', reject);
          })
          .on('error', reject);
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: c }, worker));
  agent.destroy();
} else {
  const out = fs.openSync('/dev/null', 'w');
  // Analysis threads as the command line has them (CRAWLSCOPE_ANALYSIS_THREADS from the bench).
  const pool = await openAnalysisPool(c);
  const summary = await startSiteCheck({
    fetchHop: nodeFetchHop(),
    analyze: pool?.analyze,
    sitemaps: [`${origin}/sitemap.xml?n=${count}`],
    concurrency: c,
    translate: cliText('en').t,
    generator: 'bench',
    onReport: (r) => {
      if (r.bytes) bytes += r.bytes.bodyBytes;
      if (keep === 'rows') rows.push(siteRow(r));
      else fs.writeSync(out, JSON.stringify(r) + '\n');
    },
  }).done;
  await pool?.close();
  done = summary.progress.done;
}
const ms = performance.now() - t0;
clearInterval(timer);
const full = gcs.stop().statistics.filter((g) => g.gcType === 'MarkSweepCompact');
const peakLive = full.reduce((m, g) => Math.max(m, g.afterGC.heapStatistics.usedHeapSize), 0);
sample();
(globalThis as { gc?: () => void }).gc?.();
process.stdout.write(
  JSON.stringify({ done, ms, bytes, peakHeap, peakLive, fullGcs: full.length, retainedHeap: process.memoryUsage().heapUsed, maxRss: process.resourceUsage().maxRSS * 1024, faults: process.resourceUsage().minorPageFault, cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000, rows: rows.length }) + '\n',
);
