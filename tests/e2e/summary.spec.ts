// The popup's first screen, at the toolbar popup's size (420×600, nothing scrolled): one line per
// question, each with its exact answer, in its place from the first paint (no layout shift), and
// reachable in order from the keyboard. Screenshots of each state go to test-results/summary-screens/.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/summary-screens');
const POPUP = { width: 420, height: 600 };
const LINES = ['verdict', 'bytes', 'robots', 'others', 'caching', 'compare'] as const;

/** Records layout shifts from before the first paint (buffered), so any shift after it is counted. */
const observeLayoutShift = (popup: Page) =>
  popup.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, at: e.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/**
 * Loads `path` as a first visit: the browser cache is emptied first, so the response is the
 * server's own (a revalidated copy from the cache reports fewer header bytes, and the popup says so).
 */
async function firstVisit(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.goto(url);
}

/** Opens the popup of `page` as the toolbar shows it (view=popup, 420×600). */
async function openFirstScreen(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const popup = await context.newPage();
  await popup.setViewportSize(POPUP);
  await observeLayoutShift(popup);
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}&view=popup`);
  await popup.getByTestId('summary').waitFor();
  return popup;
}

/** Every line answered; none checking. */
async function settled(popup: Page) {
  for (const id of LINES) await expect(popup.getByTestId(`summary-${id}`)).not.toHaveAttribute('data-state', 'checking', { timeout: 20_000 });
}

async function expectOnFirstScreen(popup: Page) {
  expect(await popup.evaluate(() => window.scrollY)).toBe(0);
  for (const id of LINES) {
    const box = (await popup.getByTestId(`summary-${id}`).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `summary line ${id} is below the first screen`).toBeLessThanOrEqual(POPUP.height);
  }
}

const shiftsAfterFirstRender = (popup: Page) =>
  popup.evaluate(() => {
    const first = performance.getEntriesByName('cs-first-render')[0]?.startTime ?? 0;
    return (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts.filter((s) => s.at >= first).reduce((n, s) => n + s.value, 0);
  });

const text = (popup: Page, id: string) => popup.getByTestId(`summary-${id}-text`);

async function shot(popup: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await popup.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test.describe('the first screen', () => {
  // Which sections a user opened or closed is remembered in the profile: start each test from the defaults.
  const resetFolds = async ({ serviceWorker }: { serviceWorker: import('@playwright/test').Worker }) => {
    await serviceWorker.evaluate(() => chrome.storage.local.remove('settings.popup.folds'));
  };
  test.beforeEach(resetFolds);
  test.afterEach(resetFolds);

  test('indexable small page: every answer, on the first screen, without a layout shift', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/small.html`);
    const popup = await openFirstScreen(context, extensionId, await tabIdOf(page));
    await settled(popup);
    await expect(text(popup, 'verdict')).toHaveText("Indexable: nothing keeps it out of Google's index");
    // 254 header bytes as HTTP/1.1 text + 4,388 body bytes (tests/fixtures/demo-site/routes/core.mjs).
    await expect(text(popup, 'bytes')).toHaveText('4,642 bytes of 2,097,152 (0.22%), headers included');
    await expect(text(popup, 'robots')).toHaveText('Googlebot allowed (no rule matches); 1 other token blocked: Google-Extended');
    await expect(text(popup, 'caching')).toHaveText('Google uses the ETag; 304 probe: 304 Not Modified');
    await expect(text(popup, 'compare')).toHaveText('not compared yet');
    // The verdict's evidence says the same as the summary: the Googlebot group applied, no rule of it matched.
    await expect(popup.locator('[data-testid=reasons] > li[data-code=robotsAllowed] li')).toHaveText(`${demo}/robots.txt: no rule of the Googlebot group matches`);
    await expect(popup.getByTestId('summary-verdict')).toHaveAttribute('data-state', 'ok');
    await expect(popup.getByTestId('summary-caching')).toHaveAttribute('data-state', 'ok');
    await expectOnFirstScreen(popup);
    expect(await shiftsAfterFirstRender(popup)).toBe(0);
    await shot(popup, 'indexable');
  });

  test('a page over the limit: bytes against the limit, the share and the cut', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/bytes/big.html`);
    const popup = await openFirstScreen(context, extensionId, await tabIdOf(page));
    await settled(popup);
    await expect(text(popup, 'bytes')).toHaveText('2,999,894 bytes of 2,097,152 (143%): cut at byte 2,097,152');
    await expect(popup.getByTestId('summary-bytes')).toHaveAttribute('data-state', 'bad');
    await expect(text(popup, 'verdict')).toHaveText('At risk: 2 risks');
    await expectOnFirstScreen(popup);
    expect(await shiftsAfterFirstRender(popup)).toBe(0);
    await shot(popup, 'over-limit');
  });

  test('a page robots.txt blocks: the deciding line, and the other tokens it blocks', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/blocked/noindex.html`);
    const popup = await openFirstScreen(context, extensionId, await tabIdOf(page));
    await settled(popup);
    await expect(text(popup, 'robots')).toHaveText('Googlebot blocked by line 3 (Disallow: /blocked/); 5 other Google tokens blocked');
    await expect(popup.getByTestId('summary-robots')).toHaveAttribute('data-state', 'bad');
    await expect(text(popup, 'verdict')).toHaveText('Not indexable: 1 blocking reason');
    await expectOnFirstScreen(popup);
    expect(await shiftsAfterFirstRender(popup)).toBe(0);
    await shot(popup, 'robots-blocked');
  });

  test('only Last-Modified: Google uses the date, and the probe gets 304', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/indexability/last-modified-only.html`);
    const popup = await openFirstScreen(context, extensionId, await tabIdOf(page));
    await settled(popup);
    await expect(text(popup, 'caching')).toHaveText('Google uses Last-Modified; 304 probe: 304 Not Modified');
    await expectOnFirstScreen(popup);
    expect(await shiftsAfterFirstRender(popup)).toBe(0);
    await shot(popup, 'last-modified-only');
  });

  test('a compared page with differences: how many, the worst, and the button that runs it', async ({ page, demo, context, extensionId, tabIdOf }) => {
    // Its own address: the comparison tests may have compared /compare/by-agent.html already.
    await firstVisit(page, `${demo}/compare/by-agent.html?first-screen`);
    const tabId = await tabIdOf(page);
    const first = await openFirstScreen(context, extensionId, tabId);
    await settled(first);
    await expect(text(first, 'compare')).toHaveText('not compared yet');
    const [cmp] = await Promise.all([context.waitForEvent('page'), first.getByTestId('summary-compare-button').click()]);
    await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
    // The summary line counts what the comparison page lists.
    await expect(cmp.getByTestId('compare-differences').locator('tbody tr')).toHaveCount(6);
    await cmp.close();
    await first.close();
    const popup = await openFirstScreen(context, extensionId, tabId);
    await settled(popup);
    await expect(text(popup, 'compare')).toHaveText(/^6 differences, worst: critical \(as of \d{1,2}:\d{2}:\d{2}\s?[AP]M\)$/);
    await expect(popup.getByTestId('summary-compare')).toHaveAttribute('data-state', 'bad');
    await expectOnFirstScreen(popup);
    expect(await shiftsAfterFirstRender(popup)).toBe(0);
    await shot(popup, 'compared-differences');
  });

  test('keyboard and screen reader: the lines in order, each a link to its section that says its state', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/small.html`);
    const popup = await openFirstScreen(context, extensionId, await tabIdOf(page));
    await settled(popup);
    const order: string[] = [];
    for (let i = 0; i < LINES.length; i++) {
      await popup.keyboard.press('Tab');
      order.push(await popup.evaluate(() => document.activeElement?.closest('[data-testid^="summary-"]')?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''));
    }
    expect(order).toEqual(LINES.map((id) => `summary-${id}`));
    // Each line is announced with its label and answer, and is no longer busy once answered.
    const link = popup.getByTestId('summary-robots').getByRole('link');
    await expect(link).toHaveAccessibleName('robots.txt Googlebot allowed (no rule matches); 1 other token blocked: Google-Extended');
    await expect(link).toHaveAttribute('aria-busy', 'false');
    // Enter opens the section it leads to and brings it into view.
    await popup.getByTestId('summary-robots').getByRole('link').focus();
    await popup.keyboard.press('Enter');
    await expect(popup.locator('#cs-robots > details')).toHaveAttribute('open', '');
    await expect(popup.getByTestId('robots')).toBeInViewport();
  });

  test('sections fold, and what the user opened or closed is remembered', async ({ page, demo, context, extensionId, tabIdOf }) => {
    await firstVisit(page, `${demo}/small.html`);
    const tabId = await tabIdOf(page);
    const popup = await openFirstScreen(context, extensionId, tabId);
    await settled(popup);
    await popup.locator('#cs-response > details > summary').click();
    await expect(popup.locator('#cs-response > details')).not.toHaveAttribute('open', '');
    await popup.getByTestId('robots-show-all').click();
    await expect(popup.getByTestId('robots-row')).toHaveCount(16);
    await popup.close();
    const again = await openFirstScreen(context, extensionId, tabId);
    await expect(again.locator('#cs-response > details')).not.toHaveAttribute('open', '');
    await expect(again.getByTestId('robots-row')).toHaveCount(16);
  });
});
