import { test, expect } from './fixtures';
import { backgroundState, openedTab, terminateBackground } from './firefox';
import { click, expectAttr, expectContains, expectCount, expectText, tid } from './dom';

// The small page is pure ASCII: its uncompressed size is fixed by routes/core.mjs.
const SMALL_BYTES = 4388;
const etag = '[data-testid=headers] tr[data-header=etag] td';

test.describe('response record', () => {
  test('the add-on is installed: an event page (background scripts, no service worker), gecko id, MV3', async ({ ext, ff: browser, base }) => {
    const m = await ext((b) => b.runtime.getManifest());
    expect(m.manifest_version).toBe(3);
    expect(m.name).toBe('Crawlscope');
    expect(m.background).toMatchObject({ type: 'module', scripts: [`${base}/background.js`], service_worker: null });
    expect((m as { browser_specific_settings?: { gecko?: { id?: string } } }).browser_specific_settings?.gecko?.id).toBe('crawlscope@crawlscope.dev');
    expect(await backgroundState(browser)).toBe('running');
  });

  test('identity page: exact uncompressed bytes, status and ETag in the popup', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/small.html`);
    const popup = await openPopup(page);
    await expectAttr(popup, tid('html-size'), 'data-bytes', String(SMALL_BYTES));
    await expectContains(popup, tid('html-size'), '4,388 bytes');
    await expectAttr(popup, tid('response'), 'data-source', 'recorded');
    await expectText(popup, tid('status'), '200 OK (HTTP/1.1)');
    await expectText(popup, tid('url'), `${demo}/small.html`);
    await expectText(popup, tid('content-type'), 'text/html; charset=utf-8');
    await click(popup, `${tid('headers-details')} summary`);
    await expectText(popup, etag, '"small-v1"');
    await expectAttr(popup, tid('bytes-headers'), 'data-bytes', '254');
  });

  test('gzip and brotli pages: the same uncompressed count as identity', async ({ tab: page, demo, openPopup }) => {
    for (const enc of ['gzip', 'br']) {
      await page.goto(`${demo}/${enc}/small.html`);
      const popup = await openPopup(page);
      await expectAttr(popup, tid('html-size'), 'data-bytes', String(SMALL_BYTES));
      await expectContains(popup, tid('transfer-size'), enc);
      await popup.close();
    }
  });

  test('redirect chain: both hops are listed', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/redirect/small.html`);
    expect(page.url()).toBe(`${demo}/small.html`);
    const popup = await openPopup(page);
    const hops = `${tid('redirects')} li`;
    await expectCount(popup, hops, 2);
    await expectContains(popup, `${hops}:nth-child(1)`, `301`);
    await expectContains(popup, `${hops}:nth-child(1)`, `${demo}/redirect/small.html`);
    await expectContains(popup, `${hops}:nth-child(2)`, `302`);
    await expectContains(popup, `${hops}:nth-child(2)`, `${demo}/small.html`);
  });
});

test.describe('event page', () => {
  test('the record survives an event-page suspend (storage.session), and the woken page records the next load', async ({ tab: page, demo, ff: browser, openPopup, ext }) => {
    await page.goto(`${demo}/small.html`);
    // A mark in the event page's own global (getBackgroundPage wakes it if needed)…
    const mark = () => ext(async (b) => ((await b.runtime.getBackgroundPage()) as unknown as { __mark?: number } | null)?.__mark ?? null);
    await ext(async (b) => {
      ((await b.runtime.getBackgroundPage()) as unknown as { __mark?: number }).__mark = 42;
    });
    expect(await mark()).toBe(42);
    expect(await terminateBackground(browser)).toBe('stopped');
    expect(await backgroundState(browser)).toBe('stopped');
    // The popup's message wakes the event page; the record comes from storage.session.
    let popup = await openPopup(page);
    await expectAttr(popup, tid('response'), 'data-source', 'recorded');
    await expectText(popup, tid('status'), '200 OK (HTTP/1.1)');
    await click(popup, `${tid('headers-details')} summary`);
    await expectText(popup, etag, '"small-v1"');
    await popup.close();

    // Suspended again, a navigation wakes it through the webRequest listener (a persistent
    // listener of the event page) and is recorded from its first event: the redirect hops too.
    expect(await terminateBackground(browser)).toBe('stopped');
    await page.goto(`${demo}/redirect/small.html?after-suspend`);
    popup = await openPopup(page);
    await expectAttr(popup, tid('response'), 'data-source', 'recorded');
    await expectCount(popup, `${tid('redirects')} li`, 2);
    await expectAttr(popup, tid('html-size'), 'data-bytes', String(SMALL_BYTES));
    // …is gone: the page really was unloaded and started again.
    expect(await mark()).toBeNull();
  });

  test('the robots.txt cache survives a suspend', async ({ tab: page, demo, ff: browser, openPopup }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const first = await openPopup(page);
    await first.waitForSelector(tid('robots-status'));
    // The report read to its end (nothing the background is still fetching), as a user who reads it and closes the popup.
    await expectAttr(first, tid('verdict'), 'data-complete', 'true');
    await expectCount(first, '[aria-busy=true]', 0);
    await first.close();
    expect(await terminateBackground(browser)).toBe('stopped');
    const again = await openPopup(page);
    await expectAttr(again, tid('robots-fetched'), 'data-from-cache', 'true');
    await expectAttr(again, '[data-testid=robots-row][data-token="Googlebot"]', 'data-line', '3');
  });

});

test('"Open in tab" opens the same report at popup.html?tab=<id>', async ({ ff: browser, base, openExt, ext }) => {
  // Opened as a tab, the popup's active tab is its own tab: an extension page.
  const popup = await openExt('/popup.html');
  await expectAttr(popup, tid('not-inspectable'), 'data-reason', 'extension-page');
  const ownId = await ext(async (b, u) => (await b.tabs.query({})).find((t) => t.url === u)?.id ?? -1, `${base}/popup.html`);
  await click(popup, tid('open-in-tab'));
  const full = await openedTab(browser, `${base}/popup.html?tab=`);
  try {
    expect(await full.evaluate(() => location.href)).toBe(`${base}/popup.html?tab=${ownId}`);
    await expectAttr(full, tid('not-inspectable'), 'data-reason', 'extension-page');
    await expectCount(full, tid('open-in-tab'), 0);
  } finally {
    await full.close();
  }
});

test('messages checked against their sender: a content script asking for a page-only message is refused with a clear error', async ({ tab: page, demo, ext, tabIdOf }) => {
  await page.goto(`${demo}/small.html`);
  const tabId = await tabIdOf(page);
  // Sent from the add-on's isolated world in the tab: the content script's identity.
  const fromContentWorld = (msg: unknown) =>
    ext(
      async (b, a) => (await b.scripting.executeScript({ target: { tabId: a.id }, world: 'ISOLATED', func: (x: unknown) => chrome.runtime.sendMessage(x), args: [a.m] }))[0]?.result,
      { id: tabId, m: msg },
    );
  expect(await fromContentWorld({ crawlscope: 1, type: 'fetchPageResponse', data: { url: `${demo}/small.html` } })).toEqual({
    ok: false,
    error: `Refused: "fetchPageResponse" may only be sent from Crawlscope's own pages; this came from a content script.`,
  });
  // The same message from one of the add-on's pages (the tests' control page) is answered.
  const answered = (await ext((b, u) => b.runtime.sendMessage({ crawlscope: 1, type: 'fetchPageResponse', data: { url: u } }), `${demo}/small.html`)) as {
    ok: boolean;
    value: { record: { statusCode: number } };
  };
  expect(answered).toMatchObject({ ok: true, value: { record: { statusCode: 200 } } });
});
