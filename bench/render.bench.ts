// Render as Googlebot: one render of a demo page (document fetched as Googlebot, every request of
// the page answered by the policy, the DOM read back) against loading the same URL in a plain tab
// of the same browser, in the same run. Measured in the background (renderStart → done, the
// render's own durationMs) and in a tab (navigation start → load event, then the network quiet
// as long as the render waits for it).
import { launchBrowser, median, type BenchRow } from './harness';
import { RENDER_IDLE_MS } from '../lib/render/renderPolicy';

const RUNS = 7;

export default async function renderBench({ demo }: { demo: string }): Promise<BenchRow[]> {
  const b = await launchBrowser();
  const rows: BenchRow[] = [];
  try {
    const page = await b.context.newPage();
    await page.goto(`chrome-extension://${b.extensionId}/options.html`);
    for (const pathName of ['/small.html', '/bytes/big.html']) {
      const url = demo + pathName;
      const renders: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RUNS + 1; i++) {
        // No named function inside: tsx would wrap it in a helper the page does not have.
        const ms = await page.evaluate(async (u) => {
          const start = (await chrome.runtime.sendMessage({ crawlscope: 1, type: 'renderStart', data: { url: u, agent: 'smartphone', browser: null } })) as { ok: boolean; value: { id: string }; error?: string };
          if (!start.ok) throw new Error(start.error);
          for (;;) {
            const st = (await chrome.runtime.sendMessage({ crawlscope: 1, type: 'renderStatus', data: { id: start.value.id } })) as { value: { state: string; result: { durationMs: number } } | null };
            if (st.value?.state === 'done') return st.value.result.durationMs as number;
            await new Promise((r) => setTimeout(r, 50));
          }
        }, url);
        const tab = await b.context.newPage();
        const t0 = Date.now();
        await tab.goto(url, { waitUntil: 'load' });
        // The plain tab's equivalent of the render's end: the network quiet as long after load.
        await tab.waitForTimeout(RENDER_IDLE_MS);
        const loadMs = Date.now() - t0;
        await tab.close();
        if (i >= 1) {
          renders.push(ms);
          plain.push(loadMs);
        }
      }
      rows.push({
        name: `render as Googlebot, ${pathName} (window, document as Googlebot, DOM read back)`,
        value: median(renders),
        unit: 'ms',
        runs: RUNS,
        baseline: { name: `a plain tab: load + ${RENDER_IDLE_MS} ms quiet`, value: median(plain) },
      });
    }
  } finally {
    await b.close();
  }
  return rows;
}
