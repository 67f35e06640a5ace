// The site check when Crawlscope may not read the site (Firefox lets the user withdraw the host
// permission: about:addons → Crawlscope → Permissions): the page says so before any run, and its
// own button asks for the access — inside the click, as Firefox requires — then runs the check.
// Its own Firefox, so that the withdrawn grant can never leak into other tests.
import { test, expect } from '@playwright/test';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { launchFirefox, openExtensionPage } from './firefox';
import { click, count, expectAttr, expectText, tid } from './dom';
import { say } from '../support/say';
import { demoProgress, demoRows, readRows } from '../support/sitecheckDemo';
import { hostPermissionPattern } from '../../lib/core/hostPermissionPattern';

test('access withdrawn: the site check says so, its button asks for access to the site, and the check runs', async () => {
  const site = await startDemoSite();
  const ff = await launchFirefox();
  try {
    const demo = site.origin;
    const control = await openExtensionPage(ff.browser, `${ff.base}/options.html`);
    const api = <R>(src: string) => control.evaluate(src) as Promise<R>;
    const held = (origin: string) => api<boolean>(`browser.permissions.contains({ origins: [${JSON.stringify(origin)}] })`);
    expect(await held('<all_urls>')).toBe(true);

    // Opened while access is held: nothing to ask.
    const sc = await openExtensionPage(ff.browser, `${ff.base}/sitecheck.html?url=${encodeURIComponent(`${demo}/sitecheck/ok.html`)}`);
    await sc.waitForSelector(tid('start'));
    expect(await count(sc, tid('access'))).toBe(0);

    // The user withdraws it while the page is open: the page says so at once, before any run.
    expect(await api<boolean>(`browser.permissions.remove({ origins: ['<all_urls>'] })`)).toBe(true);
    // The site's pattern has no port: Firefox never matches a request against one that names a port.
    const sitePattern = hostPermissionPattern(demo);
    expect(sitePattern).toBe('http://127.0.0.1/*');
    expect(await held(sitePattern)).toBe(false);
    await expectAttr(sc, tid('access'), 'data-state', 'missing');
    await expectText(sc, tid('access-missing'), say('sitecheck.access.missing', [demo]));
    await expectText(sc, tid('access-grant'), say('sitecheck.access.grant'));
    expect(await count(sc, tid('progress-section'))).toBe(0);

    // A page opened without it says so too.
    const fresh = await openExtensionPage(ff.browser, `${ff.base}/sitecheck.html?url=${encodeURIComponent(`${demo}/sitecheck/ok.html`)}`);
    await expectAttr(fresh, tid('access'), 'data-state', 'missing');
    await fresh.close();

    // The page's own button asks (Firefox answers without its doorhanger under the test profile's
    // extensions.webextOptionalPermissionPrompts=false, but only for a request made in the click):
    // the site is granted — only the site — and the check runs to its end.
    await click(sc, tid('access-grant'));
    await expect.poll(() => held(sitePattern)).toBe(true);
    expect(await held('<all_urls>')).toBe(false);
    await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
    expect(await count(sc, tid('access'))).toBe(0);
    await expectText(sc, tid('progress'), demoProgress().progress);
    await expectText(sc, tid('counts'), demoProgress().counts);
    expect(await sc.evaluate(readRows)).toEqual(demoRows(demo));
  } finally {
    await ff.close();
    await site.close();
  }
});
