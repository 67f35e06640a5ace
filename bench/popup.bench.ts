// Popup: time from opening the report to its first full render, on demo pages.
import { launchBrowser, median, tabIdFor, type BenchRow } from './harness';

const RUNS = 12;

export default async function popupBench({ demo }: { demo: string }): Promise<BenchRow[]> {
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
  } finally {
    await b.close();
  }
  return rows;
}
