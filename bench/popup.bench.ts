// Popup: time from opening the report to its first full render, on demo pages.
import { launchBrowser, median, tabIdFor, type BenchRow } from './harness';

const RUNS = 12;

let demoOrigin = '';

export default async function popupBench({ demo }: { demo: string }): Promise<BenchRow[]> {
  demoOrigin = demo;
  const b = await launchBrowser();
  const rows: BenchRow[] = [];
  try {
    for (const pathName of ['/small.html', '/gzip/small.html']) {
      const page = await b.context.newPage();
      await page.goto(demo + pathName);
      const tabId = await tabIdFor(b.serviceWorker, demo + pathName);
      const render: number[] = [];
      const dcl: number[] = [];
      const popup = await b.context.newPage();
      for (let i = 0; i < RUNS + 2; i++) {
        await popup.goto(`chrome-extension://${b.extensionId}/popup.html?tab=${tabId}`);
        await popup.getByTestId('response').waitFor();
        const t = await popup.evaluate(() => {
          const mark = performance.getEntriesByName('cs-first-render')[0];
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return { render: mark?.startTime ?? NaN, dcl: nav.domContentLoadedEventEnd };
        });
        if (i >= 2) {
          render.push(t.render);
          dcl.push(t.dcl);
        }
      }
      await popup.close();
      await page.close();
      rows.push({
        name: `popup open → first full render, ${pathName}`,
        value: median(render),
        unit: 'ms',
        runs: RUNS,
        baseline: { name: 'its own DOMContentLoaded', value: median(dcl) },
      });
    }
    rows.push(...(await verdictRows(b)));
  } finally {
    await b.close();
  }
  return rows;
}

/**
 * The popup report: open → the verdict complete (every step it needs ended), and open → every
 * section complete (live DOM and served HTML read, robots.txt fetched, the 304 probe answered,
 * no section busy). Measured inside the popup from its navigation start; the small page and the
 * 3 MB page. robots.txt is cached after the first open, as it would be for a user.
 */
async function verdictRows(b: Awaited<ReturnType<typeof launchBrowser>>): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const pathName of ['/small.html', '/bytes/big.html']) {
    const page = await b.context.newPage();
    await page.goto(demoOrigin + pathName);
    const tabId = await tabIdFor(b.serviceWorker, demoOrigin + pathName);
    const popup = await b.context.newPage();
    const first: number[] = [];
    const done: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      await popup.goto(`chrome-extension://${b.extensionId}/popup.html?tab=${tabId}`);
      // Checked on every animation frame (±1 frame): verdict complete, the probe answered, no section busy.
      const all = await popup.waitForFunction(
        () =>
          document.querySelector('[data-testid=verdict][data-complete=true]') !== null &&
          document.querySelector('[aria-busy=true]') === null &&
          document.querySelector('[data-testid=caching][data-probe=running], [data-testid=caching][data-probe=idle]') === null &&
          performance.now(),
        null,
        { polling: 'raf', timeout: 30_000 },
      );
      const t = {
        first: await popup.evaluate(() => performance.getEntriesByName('cs-verdict-complete')[0]?.startTime ?? NaN),
        all: (await all.jsonValue()) as number,
      };
      if (i >= 2) {
        first.push(t.first);
        done.push(t.all);
      }
    }
    await popup.close();
    await page.close();
    const base = { name: 'popup open → verdict complete', value: median(first) };
    rows.push({ name: `popup open → verdict complete, ${pathName}`, value: median(first), unit: 'ms', runs: RUNS });
    rows.push({ name: `popup open → all sections complete, ${pathName}`, value: median(done), unit: 'ms', runs: RUNS, baseline: base });
  }
  return rows;
}
