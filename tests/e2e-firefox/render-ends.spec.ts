// A render always ends, in Firefox too: a script that never returns (Firefox cannot stop it: the
// page is read while it answers, and its window and container go at the end, which ends the
// script), dialogs, twenty window.open calls, a JavaScript redirect, a service worker, a page that
// asks to stay — each render ends within its time limit and 5 s, leaves no window or container,
// and nothing in the user's profile. The same pages as the Chromium suite (tests/e2e/render-ends.spec.ts).
import type { Page } from 'puppeteer-core';
import { test, expect, type ExtEval } from './fixtures';
import { chromeEval } from './firefox';
import { attr, expectAttr, expectText, text, tid } from './dom';
import { say } from '../support/say';

const LIMIT_S = 5;
const ENDS_WITHIN_MS = LIMIT_S * 1000 + 5000;
const RENDER_WAIT = { timeout: 45_000 };

async function renderUrl(openExt: (p: string) => Promise<Page>, url: string): Promise<Page> {
  const r = await openExt(`/render.html?url=${encodeURIComponent(url)}&limit=${LIMIT_S}`);
  await r.waitForSelector(tid('render-result'), RENDER_WAIT);
  return r;
}

async function endedInTime(r: Page) {
  const duration = Number(await attr(r, tid('render-result'), 'data-duration'));
  expect(duration).toBeGreaterThan(0);
  expect(duration).toBeLessThanOrEqual(ENDS_WITHIN_MS);
}

/** Nothing of a render is left: no container of its own, no tab in a container. */
async function nothingLeft(ext: ExtEval) {
  await expect
    .poll(() =>
      ext(async (b, name) => {
        const api = b as unknown as { contextualIdentities: { query(q: object): Promise<unknown[]> } };
        return {
          containers: (await api.contextualIdentities.query({ name })).length,
          containerTabs: (await b.tabs.query({})).filter((t) => (t as { cookieStoreId?: string }).cookieStoreId !== 'firefox-default').length,
          windows: (await b.windows.getAll()).length,
        };
      }, say('render.heading')),
    )
    .toEqual({ containers: 0, containerTabs: 0, windows: 1 });
}

const event = (id: string) => `${tid('render-page-events')} [data-event=${id}]`;

test.describe('A render always ends (Firefox)', () => {
  test('a script that never returns: the render ends at the time limit with what the page had, within the limit and 5 s; its window and container go', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/busy-script.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'time-limit');
    await expectAttr(r, tid('render-result'), 'data-script-stopped', 'true');
    await endedInTime(r);
    expect(await r.$eval(tid('render-html'), (e) => e.textContent ?? '')).toContain('Written before the endless loop.');
    await nothingLeft(ext);
  });

  test('a script that never returns before the page is ready (DOMContentLoaded held back by a slow script): read as it was before the loop began', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/busy-before-ready.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'time-limit');
    await endedInTime(r);
    expect(await r.$eval(tid('render-html'), (e) => e.textContent ?? '')).toContain('Written before the endless loop.');
    await nothingLeft(ext);
  });

  test('alert, confirm and prompt: answered by the render (dismissed), never shown; the page saw confirm false and prompt null', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/dialogs.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'idle');
    await expectAttr(r, tid('render-page-events'), 'data-dialogs', '3');
    expect(await r.$eval(tid('render-html'), (e) => e.textContent ?? '')).toContain('confirm=false prompt=null');
    await endedInTime(r);
    await nothingLeft(ext);
  });

  test('twenty window.open calls: none opens a window', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/popups.html`);
    await expectAttr(r, tid('render-page-events'), 'data-opened', '20');
    await expectAttr(r, tid('render-page-events'), 'data-windows-closed', '0');
    await endedInTime(r);
    await nothingLeft(ext);
  });

  test('a JavaScript redirect: followed as Google follows one, reported, and the render shows where it landed', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/js-redirect.html`);
    const target = `${demo}/render/js-redirect-target.html`;
    await expectText(r, event('navigation-followed'), say('render.page.navigation.followed', [target]));
    expect(await text(r, `[data-testid=render-difference][data-code=jsRedirect] ${tid('render-difference-text')}`)).toBe(say('render.difference.jsRedirect', [target]));
    await expectText(r, `${tid('render-views')} tr[data-field=headings] td[data-view=rendered]`, 'h1 Arrived by JavaScript');
    await endedInTime(r);
    await nothingLeft(ext);
  });

  test('a service worker, Cache Storage and IndexedDB: nothing of the rendered page stays in the profile', async ({ ff, tab: page, demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/service-worker.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'idle');
    expect(await r.$eval(tid('render-html'), (e) => e.textContent ?? '')).toContain('refused: SecurityError');
    await endedInTime(r);
    await nothingLeft(ext);
    // No service worker in any container of the profile.
    const workers = await chromeEval(ff, 'Cc["@mozilla.org/serviceworkers/manager;1"].getService(Ci.nsIServiceWorkerManager).getAllRegistrations().length');
    expect(workers).toBe(0);
    await page.goto(`${demo}/render/about.html`);
    const left = await page.evaluate(async () => ({ caches: await caches.keys(), databases: (await indexedDB.databases()).map((d) => d.name) }));
    expect(left).toEqual({ caches: [], databases: [] });
  });

  test('a page that asks to stay (beforeunload): its render window still closes', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/beforeunload.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'idle');
    await expectText(r, event('beforeunload'), say('render.page.beforeunload', [2]));
    await endedInTime(r);
    await nothingLeft(ext);
  });
});
