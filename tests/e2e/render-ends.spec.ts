// A render always ends, whatever the page does: a script that never returns, dialogs, twenty
// window.open calls, a JavaScript redirect, a service worker, a page that asks to stay — each
// render (Googlebot's and the visitor's) ends within its time limit and 5 s, leaves no window,
// dialog or debugger behind, and nothing in the user's profile.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { say } from '../support/say';

const LIMIT_S = 5;
/** The bound: the limit and 5 s, whatever the page does. */
const ENDS_WITHIN_MS = LIMIT_S * 1000 + 5000;

async function renderUrl(context: BrowserContext, extensionId: string, url: string): Promise<Page> {
  const r = await context.newPage();
  await r.goto(`chrome-extension://${extensionId}/render.html?url=${encodeURIComponent(url)}&limit=${LIMIT_S}`);
  await r.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r;
}

/** Nothing of a render is left: no window of its own, no debugger attached. */
async function nothingLeft(sw: Worker) {
  await expect
    .poll(() =>
      sw.evaluate(async () => ({
        attached: (await chrome.debugger.getTargets()).filter((t) => t.attached && t.extensionId === chrome.runtime.id).length,
        windows: (await chrome.windows.getAll()).length,
      })),
    )
    .toEqual({ attached: 0, windows: 1 });
}

async function endedInTime(r: Page) {
  const duration = Number(await r.getByTestId('render-result').getAttribute('data-duration'));
  expect(duration).toBeGreaterThan(0);
  expect(duration).toBeLessThanOrEqual(ENDS_WITHIN_MS);
}

/** Every dialog any page of the browser shows from now on (the render's windows are pages of the context too). */
function watchDialogs(context: BrowserContext): string[] {
  const seen: string[] = [];
  const watch = (p: Page) => p.on('dialog', (d) => void seen.push(`${d.type()}: ${d.message()}`));
  for (const p of context.pages()) watch(p);
  context.on('page', watch);
  return seen;
}

test.describe('A render always ends', () => {
  test('a script that never returns: stopped at the time limit, read as the page had it, within the limit and 5 s; no window left', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/busy-script.html`);
    const result = r.getByTestId('render-result');
    await expect(result).toHaveAttribute('data-stopped', 'time-limit');
    await expect(result).toHaveAttribute('data-script-stopped', 'true');
    await expect(r.getByTestId('render-stopped')).toHaveText(say('render.stopped.time-limit', [LIMIT_S]));
    await endedInTime(r);
    await expect(r.getByTestId('render-page-events').locator('[data-event=script-stopped]')).toHaveCount(1);
    // What the page had written before the loop began.
    expect(await r.getByTestId('render-html').textContent()).toContain('Written before the endless loop.');
    await nothingLeft(serviceWorker);
  });

  test('a script that never returns before the page is ready (DOMContentLoaded held back by a slow script): stopped, read as it was', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/busy-before-ready.html`);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'time-limit');
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-script-stopped', 'true');
    await endedInTime(r);
    expect(await r.getByTestId('render-html').textContent()).toContain('Written before the endless loop.');
    await nothingLeft(serviceWorker);
  });

  test('alert, confirm and prompt: answered by the render (dismissed), never shown; the page saw confirm false and prompt null', async ({ context, extensionId, demo, serviceWorker }) => {
    const dialogs = watchDialogs(context);
    const r = await renderUrl(context, extensionId, `${demo}/render/dialogs.html`);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    await expect(r.getByTestId('render-page-events')).toHaveAttribute('data-dialogs', '3');
    await expect(r.getByTestId('render-page-events').locator('[data-event=dialogs]')).toHaveText(say('render.page.dialogs', [3]));
    expect(await r.getByTestId('render-html').textContent()).toContain('confirm=false prompt=null');
    await endedInTime(r);
    expect(dialogs).toEqual([]);
    await nothingLeft(serviceWorker);
  });

  test('twenty window.open calls: none opens a window', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/popups.html`);
    await expect(r.getByTestId('render-page-events')).toHaveAttribute('data-opened', '20');
    await expect(r.getByTestId('render-page-events')).toHaveAttribute('data-windows-closed', '0');
    await expect(r.getByTestId('render-page-events').locator('[data-event=opened]')).toHaveText(say('render.page.opened', [20]));
    await endedInTime(r);
    await nothingLeft(serviceWorker);
  });

  test('a JavaScript redirect: followed as Google follows one, reported, and the render shows where it landed', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/js-redirect.html`);
    const target = `${demo}/render/js-redirect-target.html`;
    await expect(r.getByTestId('render-page-events').locator('[data-event=navigation-followed]')).toHaveText(say('render.page.navigation.followed', [target]));
    const d = r.locator('[data-testid=render-difference][data-code=jsRedirect]');
    await expect(d.getByTestId('render-difference-text')).toHaveText(say('render.difference.jsRedirect', [target]));
    await expect(r.locator('[data-testid=render-views] tr[data-field=headings] td[data-view=rendered]')).toHaveText('h1 Arrived by JavaScript');
    await endedInTime(r);
    await nothingLeft(serviceWorker);
  });

  test('a service worker, Cache Storage and IndexedDB: refused or deleted — nothing of the rendered page stays in the profile', async ({ context, extensionId, page, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/service-worker.html`);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    expect(await r.getByTestId('render-html').textContent()).toContain('refused: SecurityError');
    await endedInTime(r);
    await nothingLeft(serviceWorker);
    // The user's own view of the site: no worker, no cache, no database of the render's.
    await page.goto(`${demo}/render/about.html`);
    const left = await page.evaluate(async () => ({
      workers: (await navigator.serviceWorker.getRegistrations()).length,
      caches: await caches.keys(),
      databases: (await indexedDB.databases()).map((d) => d.name),
    }));
    expect(left).toEqual({ workers: 0, caches: [], databases: [] });
  });

  test('a page that asks to stay (beforeunload): its render window still closes', async ({ context, extensionId, demo, serviceWorker }) => {
    const dialogs = watchDialogs(context);
    const r = await renderUrl(context, extensionId, `${demo}/render/beforeunload.html`);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    await expect(r.getByTestId('render-page-events').locator('[data-event=beforeunload]')).toHaveText(say('render.page.beforeunload', [2]));
    await endedInTime(r);
    await nothingLeft(serviceWorker);
    expect(dialogs).toEqual([]);
  });
});
