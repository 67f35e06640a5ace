// Byte budget: what the extension costs a page load (O(1) on load), and how long "find the cut"
// takes on 2, 10 and 50 MB pages compared with one DOMParser parse of the same page, and (in the
// tab DevTools does not watch) the read with its analysis against the same bytes read back alone.
import { launchBrowser, median, tabIdFor, type BenchRow, type ExtensionBrowser } from './harness';
import { launchUntraced, type UntracedBrowser } from './untracedBrowser';

const LOAD_RUNS = 12;
let seq = 0;

async function loadOnce(b: ExtensionBrowser, url: string): Promise<number> {
  const page = await b.context.newPage();
  // A new query string each time: every load comes from the network, not the HTTP cache.
  await page.goto(`${url}?load=${seq++}`, { waitUntil: 'load' });
  const ms = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  await page.close();
  return ms;
}

/** Loads the page alternately in a browser with and one without the extension, so drift hits both alike. */
async function pageLoads(withExt: ExtensionBrowser, without: ExtensionBrowser, url: string, runs: number) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const x = await loadOnce(withExt, url);
    const y = await loadOnce(without, url);
    if (i >= 2) {
      a.push(x);
      b.push(y);
    }
  }
  return { withExt: a, without: b };
}

async function analysisRow(b: ExtensionBrowser, demo: string, path: string, mb: number, runs: number): Promise<BenchRow> {
  const url = `${demo}${path}?analysis=${seq++}`;
  const page = await b.context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const tabId = await tabIdFor(b.serviceWorker, url);
  const popup = await b.context.newPage();
  await popup.goto(`chrome-extension://${b.extensionId}/popup.html?tab=${tabId}`);
  // The analysis code is injected on demand (utils/page-analysis.ts); inject it before timing.
  await popup.evaluate(async (id) => {
    await chrome.scripting.executeScript({ target: { tabId: id, frameIds: [0] }, files: ['/page-analysis.js'] });
  }, tabId);
  const analysis: number[] = [];
  const parse: number[] = [];
  let lostLinks = 0;
  const readMs: number[] = [];
  const scanMs: number[] = [];
  // `again`: every run is a new read of the page (the page keeps a read 15 s for a second asker).
  for (let i = 0; i < runs + 1; i++) {
    const r = await popup.evaluate(async (id) => {
      const t0 = performance.now();
      const reply = (await chrome.tabs.sendMessage(
        id,
        { crawlscope: 1, type: 'bytesAnalyze', data: { headerBytes: 0, limit: 2_097_152, again: true } },
        { frameId: 0 },
      )) as { ok: boolean; value?: { report: { links: { lost: number } }; read: { ms: number }; analysisMs: number }; error?: string };
      if (!reply.ok) throw new Error(reply.error);
      return { ms: performance.now() - t0, lost: reply.value!.report.links.lost, read: reply.value!.read.ms, analysis: reply.value!.analysisMs };
    }, tabId);
    const p = await page.evaluate(async () => {
      const text = await (await fetch(location.href, { cache: 'force-cache' })).text();
      const t0 = performance.now();
      const doc = new DOMParser().parseFromString(text, 'text/html');
      const ms = performance.now() - t0;
      return doc.body ? ms : NaN;
    });
    if (i >= 1) {
      analysis.push(r.ms);
      parse.push(p);
      readMs.push(r.read);
      scanMs.push(r.analysis);
    }
    lostLinks = r.lost;
  }
  await popup.close();
  await page.close();
  return {
    name: `find the cut on a ${mb} MB page (read bytes, cut, map, list lost)`,
    value: median(analysis),
    unit: 'ms',
    runs,
    baseline: { name: 'one DOMParser parse of the page', value: median(parse) },
    note: `of which reading the bytes ${median(readMs).toFixed(0)} ms, analysis ${median(scanMs).toFixed(0)} ms; ${lostLinks} links past the cut`,
  };
}

/**
 * The same measure in a browser no DevTools client watches (bench/untracedBrowser.ts), as a user's
 * is: Playwright's Network domain makes Chromium keep a copy of every fetch() body up to 10 MB,
 * which slows the page's re-read at 2 and 10 MB. Timed from an extension page; the parse runs in
 * the page's main world (chrome.scripting), on text fetched beforehand, as above.
 */
async function untracedRow(u: UntracedBrowser, demo: string, path: string, mb: number, runs: number): Promise<BenchRow & { also: BenchRow }> {
  const tabId = await u.openTab(`${demo}${path}?untraced=${seq++}`);
  const r = await u.inExtension(
    async ({ id, runs }: { id: number; runs: number }) => {
      await chrome.scripting.executeScript({ target: { tabId: id, frameIds: [0] }, files: ['/page-analysis.js'] });
      const out = { analysis: [] as number[], parse: [] as number[], read: [] as number[], scan: [] as number[], floor: [] as number[], lost: 0 };
      for (let i = 0; i < runs + 1; i++) {
        const t0 = performance.now();
        const reply = (await chrome.tabs.sendMessage(
          id,
          { crawlscope: 1, type: 'bytesAnalyze', data: { headerBytes: 0, limit: 2_097_152, again: true } },
          { frameId: 0 },
        )) as { ok: boolean; value?: { report: { links: { lost: number } }; read: { ms: number }; analysisMs: number }; error?: string };
        const ms = performance.now() - t0;
        if (!reply.ok) throw new Error(reply.error);
        const [p] = await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [0] },
          world: 'MAIN',
          func: async () => {
            const text = await (await fetch(location.href, { cache: 'force-cache' })).text();
            const t = performance.now();
            const doc = new DOMParser().parseFromString(text, 'text/html');
            const parseMs = performance.now() - t;
            return doc.body ? parseMs : NaN;
          },
        });
        // The floor: the same bytes read back in the same tab (the content script's world, the HTTP
        // cache, the body read to its end in the pieces the browser hands over), nothing done with them.
        const [f] = await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [0] },
          func: async () => {
            const t = performance.now();
            const res = await fetch(location.href, { cache: 'force-cache', credentials: 'include' });
            const reader = res.body!.getReader();
            let n = 0;
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              n += value.length;
            }
            return n > 0 ? performance.now() - t : NaN;
          },
        });
        if (i === 0) continue;
        out.analysis.push(ms);
        out.floor.push(f!.result as number);
        out.parse.push(p!.result as number);
        out.read.push(reply.value!.read.ms);
        out.scan.push(reply.value!.analysisMs);
        out.lost = reply.value!.report.links.lost;
      }
      await chrome.tabs.remove(id);
      return out;
    },
    { id: tabId, runs },
  );
  return {
    name: `find the cut on a ${mb} MB page, tab not watched by DevTools`,
    value: median(r.analysis),
    unit: 'ms',
    runs,
    baseline: { name: 'one DOMParser parse of the page', value: median(r.parse) },
    note: `of which reading the bytes ${median(r.read).toFixed(0)} ms, analysis ${median(r.scan).toFixed(0)} ms; ${r.lost} links past the cut`,
    also: {
      name: `find the cut on a ${mb} MB page, tab not watched by DevTools: the read with its analysis, in the tab`,
      value: median(r.read),
      unit: 'ms',
      runs,
      baseline: { name: 'the same bytes read back in the same tab, no analysis (the floor)', value: median(r.floor) },
      note: `analysis ${median(r.scan).toFixed(0)} ms, done while the bytes arrive; aim: at most 1.1×`,
    },
  };
}

export default async function bytesBench({ demo }: { demo: string }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const without = await launchBrowser({ withExtension: false });
  const b = await launchBrowser();
  try {
    const loads = await pageLoads(b, without, `${demo}/bytes/5mb.html`, LOAD_RUNS);
    rows.push({
      name: 'page load (loadEventEnd), 5 MB page, with the extension',
      value: median(loads.withExt),
      unit: 'ms',
      runs: LOAD_RUNS,
      baseline: { name: 'the same without the extension (loads alternated)', value: median(loads.without) },
    });
    await without.close();
    rows.push(await analysisRow(b, demo, '/bytes/2mb.html', 2, 7));
    rows.push(await analysisRow(b, demo, '/bytes/10mb.html', 10, 5));
    rows.push(await analysisRow(b, demo, '/bytes/50mb.html', 50, 3));
  } finally {
    await without.close().catch(() => undefined);
    await b.close();
  }
  const u = await launchUntraced();
  try {
    const floors: BenchRow[] = [];
    for (const [path, mb, runs] of [['/bytes/2mb.html', 2, 7], ['/bytes/10mb.html', 10, 5], ['/bytes/50mb.html', 50, 3]] as const) {
      const { also, ...row } = await untracedRow(u, demo, path, mb, runs);
      rows.push(row);
      floors.push(also);
    }
    rows.push(...floors);
  } finally {
    await u.close();
  }
  return rows;
}
