// A new profile, the extension just installed: the first page is loaded at once, with no wait for
// the extension. The worker may or may not have registered its listeners by then (Chromium starts
// it a few hundred ms after the first page on a new profile); either way the popup must give the
// same, exact answer — the tab's own response, or one Crawlscope fetched itself and labelled so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { chromiumArgs, chromiumPath, extensionDir, extensionReady } from './chromium';

test('fresh profile, first navigation with no wait: exact status, header bytes and verdict', async () => {
  const site = await startDemoSite();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-first-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: chromiumArgs(extensionDir()) });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site.origin}/small.html`);
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await extensionReady(sw);
    const id = new URL(sw.url()).host;
    const tabId = await sw.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, page.url());
    expect(tabId).toBeGreaterThan(-1);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${id}/popup.html?tab=${tabId}`);
    await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
    const source = await popup.getByTestId('response').getAttribute('data-source');
    expect(['recorded', 'refetch']).toContain(source);
    if (source === 'refetch') {
      await expect(popup.getByTestId('no-record')).toContainText('The status and headers below come from a request Crawlscope made just now, without cookies.');
    } else {
      await expect(popup.getByTestId('no-record')).toHaveCount(0);
    }
    await expect(popup.getByTestId('status')).toHaveText('200 OK (HTTP/1.1)');
    await expect(popup.getByTestId('verdict-label')).toHaveText('Verdict for Google Search: Indexable');
    await expect(popup.getByTestId('reasons').locator('[data-code=headersUnknown]')).toHaveCount(0);
    // Headers as HTTP/1.1 text: the same count whichever request they came from (same names, same value lengths).
    const recordedBytes = await popup.getByTestId('bytes-headers').getAttribute('data-bytes');
    expect(recordedBytes).toBe('254');
    // And once the worker runs, the next navigation is the tab's own, recorded (a new request, not a
    // revalidation from the cache, whose headers lack the hop-by-hop ones).
    await page.goto(`${site.origin}/small.html?again`);
    const again = await context.newPage();
    await again.goto(`chrome-extension://${id}/popup.html?tab=${tabId}`);
    await expect(again.getByTestId('response')).toHaveAttribute('data-source', 'recorded');
    await expect(again.getByTestId('bytes-headers')).toHaveAttribute('data-bytes', recordedBytes!);
  } finally {
    await context.close();
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
