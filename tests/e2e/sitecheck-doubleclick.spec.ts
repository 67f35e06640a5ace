// A double click on Start starts one run: the second click comes while the first is still asking
// for site access and setting up its header rule (the page not yet "running"), and must start
// nothing — not a second run over the same URLs, not a second rule.
import { test, expect } from './fixtures';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { say } from '../support/say';

test('a double click on Start: one run, every URL requested once', async ({ context, extensionId }) => {
  const requestLog: { path: string }[] = [];
  const site = await startDemoSite({ requestLog });
  try {
    const sc = await context.newPage();
    await sc.goto(`chrome-extension://${extensionId}/sitecheck.html?url=${encodeURIComponent(`${site.origin}/`)}`);
    await sc.getByTestId('start').waitFor();
    await sc.getByTestId('sitemap-input').fill(`${site.origin}/sitecheck/echo/sitemap.xml?n=5`);
    await sc.getByTestId('start').dblclick();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('progress')).toHaveText(say('sitecheck.progress', [5, 5]));
    const pages = requestLog.map((r) => r.path).filter((p) => p.startsWith('/sitecheck/echo/page.html')).sort();
    expect(pages).toEqual([0, 1, 2, 3, 4].map((n) => `/sitecheck/echo/page.html?n=${n}`));
  } finally {
    await site.close();
  }
});
