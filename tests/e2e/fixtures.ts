// The shared browser-test fixture: one headless Chromium per worker with the built extension
// loaded, and the demo site running on 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { chromiumArgs, chromiumPath, extensionDir, extensionReady } from './chromium';

interface WorkerFixtures {
  /** The persistent Chromium context with the extension, shared by the worker's tests. */
  extContext: BrowserContext;
  extensionId: string;
  /** The demo site's origin, e.g. http://127.0.0.1:41234 */
  demo: string;
}

interface TestFixtures {
  context: BrowserContext;
  /** The extension's service worker, alive (woken if the browser had stopped it). */
  serviceWorker: Worker;
  page: Page;
  /** The extension's tab id of a page (the newest tab showing that URL). */
  tabIdOf: (page: Page) => Promise<number>;
  /** Opens popup.html?tab=<id of page> in a new tab and waits for the report. */
  openPopup: (page: Page) => Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  extContext: [
    async ({}, use) => {
      const ext = extensionDir();
      if (!fs.existsSync(path.join(ext, 'manifest.json'))) {
        throw new Error(`No built extension at ${ext}: run \`npx wxt build\` first.`);
      }
      const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-e2e-'));
      const context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: chromiumPath(),
        headless: true,
        args: chromiumArgs(ext),
      });
      await use(context);
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  extensionId: [
    async ({ extContext }, use) => {
      const sw = extContext.serviceWorkers()[0] ?? (await extContext.waitForEvent('serviceworker'));
      // The worker target exists before its script has run; a page loaded in between is one the
      // extension cannot see (the product then fetches the response itself and says so — see
      // first-run.spec.ts). The tests start once the worker's listeners are registered.
      await extensionReady(sw);
      await use(new URL(sw.url()).host);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  demo: [
    async ({}, use) => {
      const site = await startDemoSite();
      await use(site.origin);
      await site.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ extContext }, use) => {
    await use(extContext);
  },
  // Test-scoped: the browser may have stopped (and restarted) the worker since the last test.
  serviceWorker: async ({ extContext, extensionId }, use) => {
    const live = () => extContext.serviceWorkers().find((w) => new URL(w.url()).host === extensionId);
    let sw = live();
    if (!sw) {
      // Opening an extension page wakes the worker.
      const waking = extContext.waitForEvent('serviceworker');
      const p = await extContext.newPage();
      await p.goto(`chrome-extension://${extensionId}/popup.html?tab=-1`);
      sw = live() ?? (await waking);
      await p.close();
    }
    await use(sw);
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
    await page.close();
  },
  tabIdOf: async ({ serviceWorker }, use) => {
    await use(async (page) => {
      const url = page.url();
      const id = await serviceWorker.evaluate(async (u) => {
        const tabs = await chrome.tabs.query({});
        const ids = tabs.filter((t) => t.url === u && t.id !== undefined).map((t) => t.id!);
        return ids.length ? Math.max(...ids) : -1;
      }, url);
      if (id < 0) throw new Error(`No tab shows ${url}`);
      return id;
    });
  },
  openPopup: async ({ context, extensionId, tabIdOf }, use) => {
    const opened: Page[] = [];
    await use(async (page) => {
      const tabId = await tabIdOf(page);
      const popup = await context.newPage();
      opened.push(popup);
      await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
      await popup.getByTestId('popup').waitFor();
      return popup;
    });
    for (const p of opened) await p.close().catch(() => undefined);
  },
});

export { expect };
