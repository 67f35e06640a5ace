// Child process of bench/sitecheck.bench.ts (its own process, as the command line runs: the demo
// server lives in the bench's). `check`: one site check of the first `n` URLs of the demo's bench
// sitemap, keeping every report (`reports`), one table row per URL (`rows`) or nothing (`none`).
// `bare`: a GET of the same URLs with the same concurrency, the body read to its end, nothing
// else. Prints the time, peak and retained JS heap, and peak RSS, as JSON.
import http from 'node:http';
import { startSiteCheck, siteRow, type SiteRow } from '../lib/sitecheck';
import { nodeFetchHop } from '../cli/nodeFetchHop';
import { cliText } from '../cli/cliTranslate';

const [demo, what = 'check', n = '2000', concurrency = '4', keep = 'none'] = process.argv.slice(2);
const count = Number(n);
const c = Number(concurrency);
let peakHeap = 0;
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const timer = setInterval(sample, 10);
const kept: string[] = [];
const rows: SiteRow[] = [];
let done = 0;
const t0 = performance.now();
if (what === 'bare') {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const url = `${demo}/sitecheck/bench/page.html?n=${next++}`;
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent, headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
            res.on('data', () => undefined);
            res.on('end', resolve);
            res.on('error', reject);
          })
          .on('error', reject);
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: c }, worker));
  agent.destroy();
} else {
  const summary = await startSiteCheck({
    fetchHop: nodeFetchHop(),
    sitemaps: [`${demo}/sitecheck/bench/sitemap.xml?n=${count}`],
    concurrency: c,
    translate: cliText('en').t,
    generator: 'bench',
    onReport: (r) => {
      if (keep === 'reports') kept.push(JSON.stringify(r));
      else if (keep === 'rows') rows.push(siteRow(r));
    },
  }).done;
  done = summary.progress.done;
}
const ms = performance.now() - t0;
clearInterval(timer);
sample();
(globalThis as { gc?: () => void }).gc?.();
process.stdout.write(
  JSON.stringify({
    done,
    ms,
    peakHeap,
    retainedHeap: process.memoryUsage().heapUsed,
    maxRss: process.resourceUsage().maxRSS * 1024,
    keptBytes: kept.reduce((s, x) => s + x.length, 0),
    rows: rows.length,
  }) + '\n',
);
