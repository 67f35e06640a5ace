// Render as Googlebot: Googlebot's render beside a visitor's (both at once, each in a window of its
// own; experiments only when a difference has more than one possible cause — none on these pages),
// and Googlebot's render alone as before, against loading the same URL in a plain tab of the same
// browser, in the same run. Measured in the background (renderStart → done, the render's own
// durationMs) and in a tab (navigation start → load event, then the network quiet as long as the
// render waits for it).
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
      const both: number[] = [];
      const alone: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RUNS + 1; i++) {
        const times: number[] = [];
        for (const visitor of [true, false]) {
          // No named function inside: tsx would wrap it in a helper the page does not have.
          const ms = await page.evaluate(
            async ([u, v]) => {
              const start = (await chrome.runtime.sendMessage({ crawlscope: 1, type: 'renderStart', data: { url: u, agent: 'smartphone', browser: null, visitor: v } })) as { ok: boolean; value: { id: string }; error?: string };
              if (!start.ok) throw new Error(start.error);
              for (;;) {
                const st = (await chrome.runtime.sendMessage({ crawlscope: 1, type: 'renderStatus', data: { id: start.value.id } })) as { value: { state: string; result: { durationMs: number; experiments: unknown[] } } | null };
                if (st.value?.state === 'done') {
                  if (st.value.result.experiments.length) throw new Error('The bench page needed experiments: its figure would not be the two renders alone.');
                  return st.value.result.durationMs as number;
                }
                await new Promise((r) => setTimeout(r, 50));
              }
            },
            [url, visitor] as const,
          );
          times.push(ms);
        }
        const tab = await b.context.newPage();
        const t0 = Date.now();
        await tab.goto(url, { waitUntil: 'load' });
        // The plain tab's equivalent of the render's end: the network quiet as long after load.
        await tab.waitForTimeout(RENDER_IDLE_MS);
        const loadMs = Date.now() - t0;
        await tab.close();
        if (i >= 1) {
          both.push(times[0]!);
          alone.push(times[1]!);
          plain.push(loadMs);
        }
      }
      const baseline = { name: `a plain tab: load + ${RENDER_IDLE_MS} ms quiet`, value: median(plain) };
      rows.push({
        name: `render: Googlebot + visitor, ${pathName} (two windows at once, documents fetched, DOMs read back, compared)`,
        value: median(both),
        unit: 'ms',
        runs: RUNS,
        baseline,
        note: pathName === '/small.html' ? 'aim ≤ 2×' : 'aim ≤ 3×',
      });
      rows.push({
        name: `render: Googlebot alone, ${pathName} (window, document as Googlebot, DOM read back)`,
        value: median(alone),
        unit: 'ms',
        runs: RUNS,
        baseline,
      });
    }
  } finally {
    await b.close();
  }
  return rows;
}
