// Host permissions the user can withdraw (Firefox: about:addons → Crawlscope → Permissions →
// "Access your data for all websites"): the popup says why it cannot read the tab and offers the
// button that asks for the grant again. Its own Firefox, so that the withdrawn grant can never
// leak into other tests.
import { test, expect } from '@playwright/test';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { launchFirefox, openExtensionPage } from './firefox';
import { click, count, expectAttr, expectText, tid } from './dom';

test('access withdrawn: the popup says so and its button asks for it; once given, the report is back', async () => {
  const site = await startDemoSite();
  const ff = await launchFirefox();
  try {
    const control = await openExtensionPage(ff.browser, `${ff.base}/options.html`);
    const api = <R>(src: string) => control.evaluate(src) as Promise<R>;
    // A temporary add-on gets <all_urls> at install in Firefox 153 (MV3 host permissions are the user's to withdraw).
    expect(await api<boolean>(`browser.permissions.contains({ origins: ['<all_urls>'] })`)).toBe(true);
    const page = await ff.browser.newPage();
    await page.goto(`${site.origin}/small.html`);
    const tabId = await api<number>(`browser.tabs.query({}).then((ts) => ts.find((t) => t.url === ${JSON.stringify(`${site.origin}/small.html`)}).id)`);
    const url = `${site.origin}/small.html?while-withdrawn`;

    // The user withdraws it (what the add-on manager's toggle does).
    expect(await api<boolean>(`browser.permissions.remove({ origins: ['<all_urls>'] })`)).toBe(true);
    expect(await api<boolean>(`browser.permissions.contains({ origins: ['<all_urls>'] })`)).toBe(false);
    // Asked outside a user gesture, Firefox refuses: the popup must ask from its button's click.
    expect(await api<string>(`browser.permissions.request({ origins: ['<all_urls>'] }).then(() => 'granted', (e) => e.message)`)).toContain('user input handler');
    // A load Crawlscope cannot see.
    await page.goto(url);

    const popup = await openExtensionPage(ff.browser, `${ff.base}/popup.html?tab=${tabId}`);
    await popup.waitForSelector(tid('host-access'));
    await expectAttr(popup, tid('host-access'), 'data-state', 'missing');
    await expectText(
      popup,
      `${tid('host-access')} p`,
      "Crawlscope is not allowed to read websites, so it cannot see this tab's address, its response or its page. Browsers let you withdraw this access (Firefox: Add-ons and themes → Crawlscope → Permissions; Chrome: Extensions → Crawlscope → Details → Site access); Crawlscope needs it for every page it inspects.",
    );
    await expectText(popup, tid('host-access-grant'), 'Allow access to websites');
    // Not the "this is not a web page" message: the address is hidden by the missing grant.
    expect(await count(popup, tid('not-inspectable'))).toBe(0);

    await click(popup, tid('host-access-grant'));
    await expect.poll(() => api<boolean>(`browser.permissions.contains({ origins: ['<all_urls>'] })`)).toBe(true);
    await expect.poll(() => count(popup, tid('host-access'))).toBe(0);
    // The report is back for the tab's address. (Firefox 153 still reported that load to the
    // webRequest listener, so the response is the recorded one; the content script, though, is not
    // in a tab that loaded without the grant: the page's own measurements come with its next load.)
    await expectText(popup, tid('url'), url);
    await expectText(popup, tid('status'), '200 OK (HTTP/1.1)');
    await page.reload();
    const again = await openExtensionPage(ff.browser, `${ff.base}/popup.html?tab=${tabId}`);
    await expectAttr(again, tid('response'), 'data-source', 'recorded');
    await expectAttr(again, tid('html-size'), 'data-bytes', '4388');
    await expectAttr(again, tid('verdict'), 'data-complete', 'true');
    // The query string makes the page's canonical (/small.html) point elsewhere.
    await expectText(again, tid('verdict-label'), 'Verdict for Google Search: At risk');
    await expectAttr(again, '[data-testid=reasons] > li:first-child', 'data-code', 'canonicalElsewhere');
  } finally {
    await ff.close();
    await site.close();
  }
});
