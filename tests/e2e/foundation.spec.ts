import { test, expect } from './fixtures';

// The small page is pure ASCII: its uncompressed size is fixed by routes/core.mjs.
const SMALL_BYTES = 4388;

test.describe('foundation', () => {
  test('the extension loads: a service worker with a popup page', async ({ extensionId, serviceWorker }) => {
    expect(extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.name).toBe('Crawlscope');
  });

  test('identity page: exact uncompressed bytes, status and ETag in the popup', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/small.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('html-size')).toHaveAttribute('data-bytes', String(SMALL_BYTES));
    await expect(popup.getByTestId('html-size')).toContainText('4,388 bytes');
    await expect(popup.getByTestId('status')).toHaveText(/^200\b/);
    await expect(popup.getByTestId('url')).toHaveText(`${demo}/small.html`);
    await expect(popup.getByTestId('content-type')).toHaveText('text/html; charset=utf-8');
    await popup.getByTestId('headers-details').locator('summary').click();
    await expect(popup.locator('[data-testid=headers] tr[data-header=etag] td')).toHaveText('"small-v1"');
  });

  test('gzip page: the same uncompressed count as identity', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/gzip/small.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('html-size')).toHaveAttribute('data-bytes', String(SMALL_BYTES));
    await expect(popup.getByTestId('transfer-size')).toContainText('gzip');
  });

  test('brotli page: the same uncompressed count as identity', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/br/small.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('html-size')).toHaveAttribute('data-bytes', String(SMALL_BYTES));
    await expect(popup.getByTestId('transfer-size')).toContainText('br');
  });

  test('redirect chain: both hops are listed', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/redirect/small.html`);
    expect(page.url()).toBe(`${demo}/small.html`);
    const popup = await openPopup(page);
    const hops = popup.getByTestId('redirects').locator('li');
    await expect(hops).toHaveCount(2);
    await expect(hops.nth(0)).toContainText('301');
    await expect(hops.nth(0)).toContainText(`${demo}/redirect/small.html`);
    await expect(hops.nth(1)).toContainText('302');
    await expect(hops.nth(1)).toContainText(`${demo}/small.html`);
  });

  test('chrome:// pages get a one-line explanation', async ({ page }) => {
    await page.goto('chrome://version/');
    const popup = await openPopupForInternal(page);
    const box = popup.getByTestId('not-inspectable');
    await expect(box).toHaveAttribute('data-reason', 'no-url');
    await expect(box).toHaveText(
      'This is not a web page (a browser page such as chrome:// or about:, or an extension page), so Googlebot could never fetch it and Crawlscope has nothing to inspect.',
    );
    await expect(popup.getByTestId('response')).toHaveCount(0);
  });
});

// chrome:// tabs hide their URL from the extension (no "tabs" permission), so the fixture's
// URL lookup cannot find them: open the popup for the newest tab without a URL instead.
async function openPopupForInternal(page: import('@playwright/test').Page) {
  const context = page.context();
  const sw = context.serviceWorkers()[0]!;
  const id = await sw.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    const hidden = tabs.filter((t) => !t.url && t.id !== undefined).map((t) => t.id!);
    return hidden.length ? Math.max(...hidden) : -1;
  });
  expect(id).toBeGreaterThanOrEqual(0);
  const ext = new URL(sw.url()).host;
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${ext}/popup.html?tab=${id}`);
  await popup.getByTestId('popup').waitFor();
  return popup;
}

test('the record survives a service-worker restart (storage.session)', async ({ page, demo, context, extensionId, tabIdOf, serviceWorker }) => {
  await page.goto(`${demo}/small.html`);
  const tabId = await tabIdOf(page);
  await serviceWorker.evaluate(() => {
    (globalThis as { __crawlscopeMarker?: number }).__crawlscopeMarker = 42;
  });
  // Stop the extension's worker, as the browser does when a worker idles out.
  const internals = await context.newPage();
  await internals.goto('chrome://serviceworker-internals/');
  await internals.getByRole('button', { name: 'Stop' }).first().click();
  await expect.poll(() => internals.locator('body').innerText()).toContain('Running Status: STOPPED');
  await internals.close();
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
  await expect(popup.getByTestId('status')).toHaveText(/^200\b/);
  await popup.getByTestId('headers-details').locator('summary').click();
  await expect(popup.locator('[data-testid=headers] tr[data-header=etag] td')).toHaveText('"small-v1"');
  await popup.close();
});

test('after a restart the worker is found again, fresh', async ({ serviceWorker }) => {
  expect(await serviceWorker.evaluate(() => chrome.runtime.getManifest().name)).toBe('Crawlscope');
  // The global set before the stop is gone: the worker really restarted.
  expect(await serviceWorker.evaluate(() => (globalThis as { __crawlscopeMarker?: number }).__crawlscopeMarker)).toBeUndefined();
});

test('response not seen: the popup fetches it itself and says so; "Reload the tab" records the tab\'s own', async ({ page, demo, context, extensionId, tabIdOf, serviceWorker }) => {
  await page.goto(`${demo}/small.html`);
  const tabId = await tabIdOf(page);
  // As if the page had loaded before the extension started.
  await serviceWorker.evaluate((id) => chrome.storage.session.remove(`tab:${id}`), tabId);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
  await expect(popup.getByTestId('response')).toHaveAttribute('data-source', 'refetch');
  await expect(popup.getByTestId('no-record')).toContainText(
    "Crawlscope did not see this tab's own response (the page loaded before Crawlscope started, or came from the back/forward cache). The status and headers below come from a request Crawlscope made just now, without cookies.",
  );
  await expect(popup.getByTestId('status')).toHaveText('200 OK (HTTP/1.1)');
  await popup.getByTestId('headers-details').locator('summary').click();
  await expect(popup.locator('[data-testid=headers] tr[data-header=etag] td')).toHaveText('"small-v1"');
  // The verdict stands on that response: no "headers unknown".
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  await expect(popup.getByTestId('verdict-label')).toHaveText('Verdict for Google Search: Indexable');
  await popup.getByTestId('reload-tab').click();
  await expect(popup.getByTestId('response')).toHaveAttribute('data-source', 'recorded', { timeout: 20_000 });
  await expect(popup.getByTestId('no-record')).toHaveCount(0);
  await popup.getByTestId('headers-details').locator('summary').click();
  await expect(popup.locator('[data-testid=headers] tr[data-header=etag] td')).toHaveText('"small-v1"');
  await popup.close();
});

test('page load carries no analysis code: the page-analysis script arrives only when the popup asks', async ({ page, demo, serviceWorker, tabIdOf, openPopup }) => {
  await page.goto(`${demo}/small.html`);
  const tabId = await tabIdOf(page);
  const loaded = () =>
    serviceWorker.evaluate(async (id) => {
      // Runs in the extension's isolated world, the one the content script lives in.
      const [r] = await chrome.scripting.executeScript({
        target: { tabId: id, frameIds: [0] },
        func: () => '__crawlscopePageAnalysis' in globalThis,
      });
      return r?.result;
    }, tabId);
  expect(await loaded()).toBe(false);
  const popup = await openPopup(page);
  // The verdict reads the served HTML, which needs the page-analysis script.
  await expect.poll(loaded).toBe(true);
  await popup.close();
});

test('"Open in tab" opens the same report at popup.html?tab=<id>', async ({ context, extensionId, serviceWorker }) => {
  // Opened as a tab, the popup's active tab is its own tab: an extension page.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByTestId('not-inspectable')).toHaveAttribute('data-reason', 'extension-page');
  const ownId = await serviceWorker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({ url: u });
    return tabs[0]?.id ?? -1;
  }, popup.url());
  const opened = context.waitForEvent('page');
  await popup.getByTestId('open-in-tab').click();
  const full = await opened;
  await full.waitForLoadState();
  expect(full.url()).toBe(`chrome-extension://${extensionId}/popup.html?tab=${ownId}`);
  await expect(full.getByTestId('not-inspectable')).toHaveAttribute('data-reason', 'extension-page');
  await expect(full.getByTestId('open-in-tab')).toHaveCount(0);
  await full.close();
  await popup.close();
});

test.describe('messages checked against their sender', () => {
  /** Sends `msg` to the background from Crawlscope's isolated world in the tab: the content script's identity. */
  const fromContentWorld = (sw: import('@playwright/test').Worker, tabId: number, msg: unknown) =>
    sw.evaluate(
      async ({ id, m }) => (await chrome.scripting.executeScript({ target: { tabId: id }, world: 'ISOLATED', func: (x) => chrome.runtime.sendMessage(x), args: [m] }))[0]?.result,
      { id: tabId, m: msg },
    );

  test('a content script asking for a page-only message is refused with a clear error; its own message is answered', async ({ page, demo, serviceWorker, tabIdOf, context, extensionId }) => {
    await page.goto(`${demo}/small.html`);
    const tabId = await tabIdOf(page);
    const refused = await fromContentWorld(serviceWorker, tabId, { crawlscope: 1, type: 'fetchPageResponse', data: { url: `${demo}/small.html` } });
    expect(refused).toEqual({ ok: false, error: `Refused: "fetchPageResponse" may only be sent from Crawlscope's own pages; this came from a content script.` });
    const hop = await fromContentWorld(serviceWorker, tabId, { crawlscope: 1, type: 'compareAgents', data: { url: `${demo}/small.html` } });
    expect(hop).toEqual({ ok: false, error: `Refused: "compareAgents" may only be sent from Crawlscope's own pages; this came from a content script.` });
    // An unknown type from our own world: an answer, not silence.
    expect(await fromContentWorld(serviceWorker, tabId, { crawlscope: 1, type: 'noSuchMessage', data: {} })).toEqual({ ok: false, error: 'Unknown message "noSuchMessage"' });
    // What the page-analysis script sends is answered (the whole document, fetched by the background).
    const doc = (await fromContentWorld(serviceWorker, tabId, {
      crawlscope: 1, type: 'bytesFetchDocument',
      data: { url: `${demo}/small.html`, headerBytes: 200, limit: 2_097_152, charset: 'utf-8', mediaType: 'text/html', nav: null },
    })) as { ok: boolean; value: { read: { fetchedBytes: number } } };
    expect(doc.ok).toBe(true);
    expect(doc.value.read.fetchedBytes).toBe(SMALL_BYTES);
    // The same page-only message from one of our pages opened in a tab (tab set, our address) is answered.
    const ext = await context.newPage();
    await ext.goto(`chrome-extension://${extensionId}/options.html`);
    const answered = (await ext.evaluate((u) => chrome.runtime.sendMessage({ crawlscope: 1, type: 'fetchPageResponse', data: { url: u } }), `${demo}/small.html`)) as {
      ok: boolean;
      value: { record: { statusCode: number } };
    };
    expect(answered.ok).toBe(true);
    expect(answered.value.record.statusCode).toBe(200);
    await ext.close();
  });
});
