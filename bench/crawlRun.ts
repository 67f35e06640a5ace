// Child process of bench/crawl.bench.ts, as the command line runs: `crawl` follows the links from
// /p/0.html (at most n URLs), its JSON Lines spooled to a file and written out with each URL's
// crawl facts, then the {"site": …} line (cli/crawlOutput.ts); `sitemap` checks the sitemap's
// first n URLs, each report written as a JSON line. Output goes to /dev/null. Prints the time,
// the URLs checked, the peak JS heap (sampled every 5 ms) and the peak of the heap each full
// garbage collection left, as JSON.
import fs from 'node:fs';
import v8 from 'node:v8';
import { startSiteCheck } from '../lib/sitecheck';
import { nodeFetchHop } from '../cli/nodeFetchHop';
import { cliText } from '../cli/cliTranslate';
import { openAnalysisPool } from '../cli/analysisPool';
import { createReportSpool, reportJson, siteLine } from '../cli/crawlOutput';

const [origin, what = 'crawl', n = '1000', concurrency = '4'] = process.argv.slice(2);
const count = Number(n);
let peakHeap = 0;
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const timer = setInterval(sample, 5);
const gcs = new v8.GCProfiler();
gcs.start();
const out = fs.createWriteStream('/dev/null');
const pool = await openAnalysisPool(Number(concurrency));
const t0 = performance.now();
const crawl = what === 'crawl';
const spool = crawl ? createReportSpool() : null;
const summary = await startSiteCheck({
  fetchHop: nodeFetchHop(),
  analyze: pool?.analyze,
  ...(crawl ? { crawl: { from: [`${origin}/p/0.html`], maxDepth: 1000 } } : { sitemaps: [`${origin}/sitemap.xml?n=${count}`] }),
  maxUrls: count,
  concurrency: Number(concurrency),
  translate: cliText('en').t,
  generator: 'bench',
  onReport: (r) => (spool ? spool.add(r) : void out.write(reportJson(r) + '\n')),
}).done;
if (spool) await spool.drain(out, summary.crawl ?? null);
if (summary.crawl) out.write(siteLine(summary.crawl.result));
await new Promise<void>((resolve) => out.end(resolve));
const ms = performance.now() - t0;
await pool?.close();
clearInterval(timer);
sample();
const full = gcs.stop().statistics.filter((g) => g.gcType === 'MarkSweepCompact');
const peakLive = full.reduce((m, g) => Math.max(m, g.afterGC.heapStatistics.usedHeapSize), 0);
process.stdout.write(JSON.stringify({ done: summary.progress.done, ms, peakHeap, peakLive, links: summary.crawl?.result.links.links ?? 0 }) + '\n');
