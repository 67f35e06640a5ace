// The crawl (crawlscope --crawl): a generated 10,000-page site (bench/crawlSite.ts) crawled from
// its first page, against a sitemap-only check of the same 10,000 pages in the same run: URLs/s,
// the time per URL of the crawl over the sitemap check's (the link reader, the link graph and the
// findings are the crawl's extra work; the aim is at most 1.2×), and the crawl's peak JS heap at
// 10,000 pages over that at 1,000 (the aim is at most 1.3×: the reports wait in a file, the link
// graph is typed arrays). Each run is its own process (bench/crawlRun.ts), as the command line
// is; the figures are medians of 3 runs, crawl and sitemap check taking turns.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from './harness';
import { startCrawlSite } from './crawlSite';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Number(process.env.CRAWL_BENCH_PAGES ?? 10_000);
const SMALL = PAGES / 10;
const RUNS = 3;
const CONCURRENCY = 4;

interface Run {
  done: number;
  ms: number;
  peakHeap: number;
  peakLive: number;
  links: number;
}

function runChild(origin: string, what: 'crawl' | 'sitemap', n: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(here, 'crawlRun.ts'), origin, what, String(n), String(CONCURRENCY)], { maxBuffer: 1 << 20, timeout: 900_000 }, (err, out) => {
      if (err) return reject(err);
      const r = JSON.parse(out) as Run;
      if (r.done !== n) return reject(new Error(`${what}: ${r.done} of ${n} URLs`));
      resolve(r);
    });
  });
}

export default async function crawlBench(): Promise<BenchRow[]> {
  const site = await startCrawlSite(PAGES);
  try {
    const crawl: Run[] = [];
    const sitemap: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      crawl.push(await runChild(site.origin, 'crawl', PAGES));
      sitemap.push(await runChild(site.origin, 'sitemap', PAGES));
    }
    const small: Run[] = [];
    for (let i = 0; i < RUNS; i++) small.push(await runChild(site.origin, 'crawl', SMALL));
    const perUrl = (rs: Run[]) => median(rs.map((r) => r.ms / r.done));
    const rate = (rs: Run[]) => median(rs.map((r) => (r.done / r.ms) * 1000));
    const mib = (b: number) => b / 2 ** 20;
    const n = PAGES.toLocaleString('en');
    return [
      { name: `crawl of a ${n}-page site, concurrency ${CONCURRENCY}`, value: rate(crawl), unit: 'URLs/s', runs: RUNS, baseline: { name: `sitemap check of the same ${n} pages`, value: rate(sitemap) }, note: `${median(crawl.map((r) => r.links)).toLocaleString('en')} links in the graph` },
      { name: `time per URL, crawl (${n} pages)`, value: perUrl(crawl), unit: 'ms', runs: RUNS, baseline: { name: 'sitemap check', value: perUrl(sitemap) }, note: 'aim: at most 1.2×' },
      {
        name: `crawl's peak JS heap at ${n} pages`,
        value: mib(median(crawl.map((r) => r.peakHeap))),
        unit: 'MiB',
        runs: RUNS,
        baseline: { name: `at ${SMALL.toLocaleString('en')} pages`, value: mib(median(small.map((r) => r.peakHeap))) },
        note: `aim: at most 1.3×; heap left by full GCs ${mib(median(crawl.map((r) => r.peakLive))).toFixed(1)} vs ${mib(median(small.map((r) => r.peakLive))).toFixed(1)} MiB; sitemap check's peak ${mib(median(sitemap.map((r) => r.peakHeap))).toFixed(1)} MiB`,
      },
    ];
  } finally {
    await site.close();
  }
}
