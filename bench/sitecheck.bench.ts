// Site check: URLs per second of the command line's whole per-URL pipeline (robots.txt, request,
// gunzip, byte analysis, signals, verdict, report as a JSON line) against a bare fetch loop that
// reads and gunzips the same bodies at the same concurrency, on a generated site shaped like a
// real one (bench/realSite.ts: 20–200 kB pages, one in 32 over 2 MB, half gzip) served from
// 127.0.0.1; and the command line's peak JS heap at 1,000 and 10,000 URLs. Each run is its own
// process (bench/sitecheckRun.ts, bundled as the command line is, with its analysis threads);
// throughput is the median of 3 runs.
// The extension's rows drive the site check page (headless Chromium with the built extension) over
// the same sitemap and URL count, timed in the page from the click on Start to the run's end as the
// page shows it; their baseline is the command line's median at the same concurrency, same run.
// They are measured twice: in Playwright's browser, which records every request of the page (the
// DevTools Network domain: each request and each piece of its body reported to the client, which
// also runs the bench's server, and each body of up to 10 MB kept), and in a browser no DevTools
// client records (untracedBrowser.ts), as a user runs it.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchBrowser, median, type BenchRow, type ExtensionBrowser } from './harness';
import { startRealSite } from './realSite';
import { launchUntraced, type AttachedPage, type UntracedBrowser } from './untracedBrowser';
import { analysisThreads } from '../cli/analysisPool';
import { bundle } from '../cli/bundle.mjs';

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

/**
 * The child's script as the command line runs its own: one bundle (cli/bundle.mjs), so the child's
 * code is the command line's, not tsx's transform of it (which wraps every function in a naming
 * call); through tsx if it cannot be bundled.
 */
let childScript: Promise<string[]> | null = null;
const childArgs = () =>
  (childScript ??= bundle('bench/sitecheckRun.ts', 'bench-sitecheck-run').then((b) => (b ? [fileURLToPath(b)] : ['--import', 'tsx', path.join(here, 'sitecheckRun.ts')])));

/** `threads`: the analysis threads (CRAWLSCOPE_ANALYSIS_THREADS); default, as the command line chooses. */
export async function runChild(origin: string, what: 'check' | 'bare', n: number, concurrency: number, keep = 'jsonl', threads?: number): Promise<Run> {
  const script = await childArgs();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', ...script, origin, what, String(n), String(concurrency), keep],
      { maxBuffer: 1 << 20, timeout: 900_000, env: { ...process.env, ...(threads === undefined ? {} : { CRAWLSCOPE_ANALYSIS_THREADS: String(threads) }) } },
      (err, out) => {
        if (err) return reject(err);
        const r = JSON.parse(out) as Run;
        if (r.done !== n) return reject(new Error(`${what}: ${r.done} of ${n} URLs`));
        resolve(r);
      },
    );
  });
}

/**
 * One site check of the sitemap's first `n` URLs in the extension's page at `concurrency`: URLs/s
 * from the click on Start to the page showing the run done (both timed in the page).
 */
export async function extensionRun(b: ExtensionBrowser, origin: string, n: number, concurrency: number): Promise<number> {
  const page: Page = await b.context.newPage();
  try {
    await page.goto(`chrome-extension://${b.extensionId}/sitecheck.html?url=${encodeURIComponent(`${origin}/`)}`);
    await page.getByTestId('start').waitFor();
    await page.getByTestId('sitemap-input').fill(`${origin}/sitemap.xml?n=${n}`);
    await page.getByTestId('concurrency').fill(String(concurrency));
    await page.evaluate(() => {
      const w = window as unknown as { benchStart?: number; benchEnd?: number };
      document.querySelector('[data-testid="start"]')!.addEventListener('click', () => (w.benchStart = performance.now()), { capture: true, once: true });
      const seen = new MutationObserver(() => {
        if (w.benchEnd === undefined && document.querySelector('[data-testid="state"]')?.getAttribute('data-state') === 'done') {
          w.benchEnd = performance.now();
          seen.disconnect();
        }
      });
      seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.getByTestId('start').click();
    // 'attached', not 'visible': a visibility check forces a layout of the page at every poll.
    await page.locator('[data-testid="state"][data-state="done"]').waitFor({ state: 'attached', timeout: 900_000 });
    const progress = await page.getByTestId('progress').textContent();
    if (progress !== `Checked: ${n.toLocaleString('en')} URLs of ${n.toLocaleString('en')}`) throw new Error(`extension: ${progress}`);
    const ms = await page.evaluate(() => {
      const w = window as unknown as { benchStart: number; benchEnd: number };
      return w.benchEnd - w.benchStart;
    });
    return (n / ms) * 1000;
  } finally {
    await page.close();
  }
}

/**
 * The same run in a browser no DevTools client records (untracedBrowser.ts): the site check page is
 * attached only to run this code, with no domain enabled. Playwright enables the Network domain in
 * every page it drives, and Chromium then reports each request and each chunk of its body to the
 * client and keeps a copy of each body of up to 10 MB: work for the browser that a user's run never
 * does.
 */
export async function extensionRunUntraced(u: UntracedBrowser, origin: string, n: number, concurrency: number, around?: { before(p: AttachedPage): Promise<void>; after(p: AttachedPage): Promise<void> }): Promise<number> {
  const page = await u.openAttached(`chrome-extension://${u.extensionId}/sitecheck.html?url=${encodeURIComponent(`${origin}/`)}`);
  try {
    await around?.before(page);
    const got = await page.evaluate(
      async ({ sitemap, concurrency: c }: { sitemap: string; concurrency: number }) => {
        const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
        for (let i = 0; i < 200 && !q('start'); i++) await new Promise((r) => setTimeout(r, 25));
        // A React input takes a value typed by the user: the native setter, then an input event.
        const type = (id: string, value: string) => {
          const el = q(id) as HTMLInputElement;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
          el.dispatchEvent(new Event('input', { bubbles: true }));
        };
        type('sitemap-input', sitemap);
        type('concurrency', String(c));
        await new Promise((r) => setTimeout(r, 50));
        const done = new Promise<number>((resolve) => {
          const seen = new MutationObserver(() => {
            if (q('state')?.getAttribute('data-state') === 'done') {
              seen.disconnect();
              resolve(performance.now());
            }
          });
          seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
        });
        const start = performance.now();
        (q('start') as HTMLButtonElement).click();
        // A run that cannot end (access refused, an error) says what the page shows instead of hanging.
        const end = await Promise.race([done, new Promise<null>((r) => setTimeout(() => r(null), 600_000))]);
        const progress = q('progress')?.textContent ?? document.body.innerText.slice(0, 300);
        return { ms: end === null ? NaN : end - start, progress };
      },
      { sitemap: `${origin}/sitemap.xml?n=${n}`, concurrency },
    );
    await around?.after(page);
    if (got.progress !== `Checked: ${n.toLocaleString('en')} URLs of ${n.toLocaleString('en')}`) throw new Error(`extension: ${got.progress}`);
    return (n / got.ms) * 1000;
  } finally {
    await page.close();
  }
}

const MB = (b: number) => b / 1_000_000;
const rate = (r: Run) => (r.done / r.ms) * 1000;

export default async function sitecheckBench(): Promise<BenchRow[]> {
  const site = await startRealSite();
  const rows: BenchRow[] = [];
  try {
    await runChild(site.origin, 'check', 100, 4); // warm-up
    const mb = MB(site.bytesOf(URLS)).toFixed(0);
    const cliMedian = new Map<number, number>();
    const cliCpu = new Map<number, number>();
    for (const c of CONCURRENCY) {
      const bare: number[] = [];
      const check: number[] = [];
      const oneThread: number[] = [];
      const faults = { bare: [] as number[], check: [] as number[] };
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const b = await runChild(site.origin, 'bare', URLS, c);
        const k = await runChild(site.origin, 'check', URLS, c);
        const one = await runChild(site.origin, 'check', URLS, c, 'jsonl', 0);
        bare.push(rate(b));
        check.push(rate(k));
        oneThread.push(rate(one));
        faults.bare.push(b.faults / URLS);
        faults.check.push(k.faults / URLS);
        cpu.push(k.cpuMs / URLS);
      }
      cliMedian.set(c, median(check));
      cliCpu.set(c, median(cpu));
      rows.push({
        name: `site check (command line), ${URLS} URLs (${mb} MB of HTML), concurrency ${c}`,
        value: median(check),
        unit: 'URLs/s',
        runs: RUNS,
        baseline: { name: 'bare fetch loop reading and gunzipping the same bodies', value: median(bare) },
        note: `runs: check ${check.map((x) => x.toFixed(0)).join(', ')}; bare ${bare.map((x) => x.toFixed(0)).join(', ')}; ${analysisThreads(c)} analysis thread(s) on ${os.availableParallelism()} cores; with the analysis in the main thread (CRAWLSCOPE_ANALYSIS_THREADS=0) ${median(oneThread).toFixed(0)} URLs/s; minor page faults per URL (fresh memory touched, process start included) check ${median(faults.check).toFixed(0)}, bare ${median(faults.bare).toFixed(0)}; 2 cores shared with the server`,
      });
    }
    // The extension: the same URLs through the site check page, 3 runs at each concurrency.
    const b = await launchBrowser();
    try {
      await extensionRun(b, site.origin, 100, 4); // warm-up
      for (const c of CONCURRENCY) {
        const ext: number[] = [];
        for (let i = 0; i < RUNS; i++) ext.push(await extensionRun(b, site.origin, URLS, c));
        rows.push({
          name: `site check (extension), ${URLS} URLs (${mb} MB of HTML), concurrency ${c}`,
          value: median(ext),
          unit: 'URLs/s',
          runs: RUNS,
          baseline: { name: `the command line, concurrency ${c}, this run`, value: cliMedian.get(c)! },
          note: `runs: ${ext.map((x) => x.toFixed(0)).join(', ')}; headless Chromium driven by Playwright, which records every request of the page and its workers (DevTools' Network domain), timed in the page from Start to done`,
        });
      }
    } finally {
      await b.close();
    }
    // The same runs in a browser no DevTools client records: what a user's run costs.
    const u = await launchUntraced();
    try {
      await extensionRunUntraced(u, site.origin, 100, 4); // warm-up
      for (const c of CONCURRENCY) {
        const ext: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const before = u.cpuMs();
          ext.push(await extensionRunUntraced(u, site.origin, URLS, c));
          const after = u.cpuMs();
          if (before !== null && after !== null) cpu.push((after - before) / URLS);
        }
        rows.push({
          name: `site check (extension, tab not watched by DevTools), ${URLS} URLs (${mb} MB of HTML), concurrency ${c}`,
          value: median(ext),
          unit: 'URLs/s',
          runs: RUNS,
          baseline: { name: `the command line, concurrency ${c}, this run`, value: cliMedian.get(c)! },
          note: `runs: ${ext.map((x) => x.toFixed(0)).join(', ')}; headless Chromium driven over --remote-debugging-pipe, the site check page attached with no domain enabled, timed in the page from Start to done; CPU per URL${cpu.length ? ` ${median(cpu).toFixed(1)} ms (all of Chromium's processes)` : ' not measured (no /proc)'} against the command line's ${cliCpu.get(c)!.toFixed(1)} ms (its process start included)`,
        });
      }
    } finally {
      await u.close();
    }
    // The heap rows keep the analysis in the main thread, so that all of it is in the heap measured.
    const small = await runChild(site.origin, 'check', 1000, 16, 'jsonl', 0);
    const large = await runChild(site.origin, 'check', 10_000, 16, 'jsonl', 0);
    rows.push({
      name: 'site check (command line, analysis in the main thread), peak JS heap at 10,000 URLs, JSON Lines out',
      value: MB(large.peakHeap),
      unit: 'MB',
      runs: 1,
      baseline: { name: 'the same at 1,000 URLs', value: MB(small.peakHeap) },
      note: `sampled every 5 ms, garbage awaiting collection included; at the end, after GC ${MB(large.retainedHeap).toFixed(1)} vs ${MB(small.retainedHeap).toFixed(1)} MB; peak RSS ${MB(large.maxRss).toFixed(0)} vs ${MB(small.maxRss).toFixed(0)} MB`,
    });
    rows.push({
      name: 'site check (command line, analysis in the main thread), live JS heap at 10,000 URLs (the most any full GC left)',
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
