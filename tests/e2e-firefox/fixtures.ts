// The Firefox browser-test fixture: one headless firefox-esr per worker with the built extension
// installed as a temporary add-on, and the demo site running on 127.0.0.1.
import { test as base, expect } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { downloadsFolder, launchFirefox, openExtensionPage, type Firefox } from './firefox';
import { tid } from './dom';

/** Runs `fn(browser, arg)` in an extension page: `browser` is the WebExtension API (typed as Chrome's, which Firefox's matches for what the tests use). */
export type ExtEval = <A, R>(fn: (api: typeof chrome, arg: A) => R | Promise<R>, arg?: A) => Promise<R>;

interface WorkerFixtures {
  firefox: Firefox;
  /** moz-extension://<uuid> */
  base: string;
  /** The demo site's origin, e.g. http://127.0.0.1:41234 */
  demo: string;
  /** An extension page kept open for the tests' own calls to the WebExtension API. */
  control: Page;
  /** The folder this Firefox saves downloads in (without asking). */
  downloads: string;
}

// Named `ff` and `tab` (not browser and page): these are puppeteer's Browser and Page, not Playwright's.
interface TestFixtures {
  ff: Browser;
  ext: ExtEval;
  /** A new tab for a web page (closed after the test). */
  tab: Page;
  /** The extension's tab id of a page (the newest tab showing that URL). */
  tabIdOf: (page: Page) => Promise<number>;
  /** Opens popup.html?tab=<id of page> in a new tab and waits for the popup to render. */
  openPopup: (page: Page) => Promise<Page>;
  /** Opens an extension page (path such as /compare.html?url=…) in a new tab. */
  openExt: (pathAndQuery: string) => Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  firefox: [
    async ({}, use) => {
      const ff = await launchFirefox();
      await use(ff);
      await ff.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  base: [async ({ firefox }, use) => use(firefox.base), { scope: 'worker' }],
  demo: [
    async ({}, use) => {
      const site = await startDemoSite();
      await use(site.origin);
      await site.close();
    },
    { scope: 'worker' },
  ],
  control: [
    async ({ firefox }, use) => {
      const page = await openExtensionPage(firefox.browser, `${firefox.base}/options.html`);
      await use(page);
    },
    { scope: 'worker' },
  ],
  downloads: [async ({ firefox }, use) => use(await downloadsFolder(firefox.browser)), { scope: 'worker' }],
  ff: async ({ firefox }, use) => use(firefox.browser),
  ext: async ({ control }, use) => {
    const run: ExtEval = async (fn, arg) => {
      // A page closed by the product (e.g. a reload) would leave no realm: the control page stays open.
      const src = `(${fn.toString()})(browser, ${JSON.stringify(arg ?? null)})`;
      return (await control.evaluate(src)) as never;
    };
    await use(run);
  },
  tab: async ({ ff }, use) => {
    const page = await ff.newPage();
    await use(page);
    await page.close().catch(() => undefined);
  },
  tabIdOf: async ({ ext }, use) => {
    await use(async (page) => {
      const url = page.url();
      // tabs.query({ url }) patterns do not match a port in Firefox: filter the URLs here.
      const id = await ext(async (b, u) => {
        const tabs = await b.tabs.query({});
        const ids = tabs.filter((t) => t.url === u && t.id !== undefined).map((t) => t.id!);
        return ids.length ? Math.max(...ids) : -1;
      }, url);
      if (id < 0) throw new Error(`No tab shows ${url}`);
      return id;
    });
  },
  openExt: async ({ ff, base: root }, use) => {
    const opened: Page[] = [];
    await use(async (p) => {
      const page = await openExtensionPage(ff, `${root}${p}`);
      opened.push(page);
      return page;
    });
    for (const p of opened) await p.close().catch(() => undefined);
  },
  openPopup: async ({ tabIdOf, openExt }, use) => {
    await use(async (page) => {
      const popup = await openExt(`/popup.html?tab=${await tabIdOf(page)}`);
      await popup.waitForSelector(tid('popup'));
      return popup;
    });
  },
});

export { expect };
