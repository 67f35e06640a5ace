// The site check's one header rule per run (entrypoints/sitecheck/runRequests.ts): every request of
// the run leaves as Googlebot's exact request — its User-Agent, no Cookie, no Accept-Language, no
// client hints — while a request of the user's own tab to the same site during the run keeps the
// browser's headers and cookies; and no rule of ours is left after a run ends, after a cancel, or
// after the page is closed mid-run. The demo site notes each request's headers (requestLog).
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { googlebotUserAgent } from '../../lib/crawl/googlebotUserAgent';

interface Noted {
  path: string;
  userAgent: string;
  cookie: string | null;
  acceptLanguage: string | null;
  clientHints: string[];
}

const sessionRules = (sw: Worker) => sw.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
const checked = (sc: Page) => sc.getByTestId('progress');

test('one header rule per run, on the site check page\'s own requests only: Googlebot\'s exact request; the user\'s tab untouched; no rule left after the end, a cancel, a closed page', async ({ context, extensionId, serviceWorker }) => {
  const requestLog: Noted[] = [];
  const robotsRequests: string[] = [];
  const site = await startDemoSite({ requestLog, robotsRequests });
  const googlebot = googlebotUserAgent('mobile');
  const user = await context.newPage();
  try {
    // The user is signed in to the site (a cookie), and browses it in a tab of their own.
    await context.addCookies([{ name: 'sitecheck_rule_member', value: 'yes', url: site.origin }]);
    await user.goto(`${site.origin}/sitecheck/echo/page.html?n=user-before`);
    const browserUa = await user.evaluate(() => navigator.userAgent);
    const sc = await context.newPage();
    await sc.goto(`chrome-extension://${extensionId}/sitecheck.html?url=${encodeURIComponent(`${site.origin}/`)}`);
    await sc.getByTestId('start').waitFor();
    const scTab = await sc.evaluate(async () => (await chrome.tabs.getCurrent())!.id!);

    // A run to its end: every request as Googlebot, nothing of the user's.
    await sc.getByTestId('sitemap-input').fill(`${site.origin}/sitecheck/echo/sitemap.xml?n=5`);
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(checked(sc)).toHaveText('Checked: 5 URLs of 5');
    expect(await sessionRules(serviceWorker)).toEqual([]);
    const asGooglebot = (path: string): Noted => ({ path, userAgent: googlebot, cookie: null, acceptLanguage: null, clientHints: [] });
    // The paths as the server got them: no fragment (the tag of each request never leaves the browser).
    expect(requestLog.filter((r) => !r.path.endsWith('user-before')).sort((a, b) => a.path.localeCompare(b.path))).toEqual([0, 1, 2, 3, 4].map((n) => asGooglebot(`/sitecheck/echo/page.html?n=${n}`)));
    // robots.txt of the run, through the crawl layer, as Googlebot too.
    expect(robotsRequests.length).toBeGreaterThan(0);
    expect(new Set(robotsRequests)).toEqual(new Set([googlebot]));
    // The user's own request before the run, for comparison: the browser's headers, the cookie, client hints.
    const userBefore = requestLog.find((r) => r.path.endsWith('user-before'))!;
    // (The jar may also hold cookies other tests set on 127.0.0.1: a cookie is not bound to a port.)
    expect(userBefore.userAgent).toBe(browserUa);
    expect(userBefore.cookie?.split('; ')).toContain('sitecheck_rule_member=yes');
    expect(userBefore.acceptLanguage).not.toBeNull();
    expect(userBefore.clientHints.length).toBeGreaterThan(0);

    // A long run (10,000 URLs): while it runs, ONE rule — this page's tab, this extension's requests.
    requestLog.length = 0;
    await sc.getByTestId('sitemap-input').fill(`${site.origin}/sitecheck/echo/sitemap.xml`);
    await sc.getByTestId('start').click();
    // The first run's "Checked: 5 URLs of 5" stays until this run starts: its state, then its own figures.
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'running');
    await expect(checked(sc)).toHaveText(/^Checked: [1-9][\d,]* URLs? of [\d,]+$/, { timeout: 20_000 });
    const during = await sessionRules(serviceWorker);
    expect(during.map((r) => ({ id: r.id, ua: r.action.requestHeaders?.[0], condition: r.condition }))).toEqual([
      {
        id: 620_000,
        ua: { header: 'user-agent', operation: 'set', value: googlebot },
        // The run's own requests: the tag every one of them carries in its URL's fragment (never sent).
        condition: { urlFilter: expect.stringMatching(/^#crawlscope-[a-z0-9]+-\d+-$/), tabIds: [scTab], initiatorDomains: [extensionId], resourceTypes: ['xmlhttprequest', 'other'] },
      },
    ]);
    // The user's tab asks the same site meanwhile (a page load and a fetch of its script): not touched.
    await user.goto(`${site.origin}/sitecheck/echo/page.html?n=user-during`);
    await user.evaluate(() => fetch('/sitecheck/echo/page.html?n=user-fetch').then((r) => r.text()));
    // The extension's own background request (the popup's stand-in fetch, as the browser) during the run: not touched either.
    await serviceWorker.evaluate((u) => fetch(u, { credentials: 'omit', cache: 'no-store' }).then((r) => r.text()), `${site.origin}/sitecheck/echo/page.html?n=background`);
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'running');
    await sc.getByTestId('cancel').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'cancelled', { timeout: 15_000 });
    expect(await sessionRules(serviceWorker)).toEqual([]);
    const mine = ['user-during', 'user-fetch', 'background'].map((n) => requestLog.find((r) => r.path.endsWith(`n=${n}`)));
    const member = (cookie: string | null | undefined) => (cookie == null ? null : cookie.split('; ').includes('sitecheck_rule_member=yes'));
    expect(mine.map((r) => [r?.userAgent, member(r?.cookie)])).toEqual([
      [browserUa, true],
      [browserUa, true],
      [browserUa, null],
    ]);
    for (const r of mine) expect(r!.acceptLanguage, r!.path).not.toBeNull();
    const run = requestLog.filter((r) => /n=\d+$/.test(r.path));
    expect(run.length).toBeGreaterThan(0);
    expect(run.filter((r) => r.userAgent !== googlebot || r.cookie !== null || r.acceptLanguage !== null || r.clientHints.length > 0)).toEqual([]);

    // The page closed mid-run: its rule goes with it.
    await sc.getByTestId('start').click();
    // (The state changes with the progress reset: the figures that follow are the new run's.)
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'running');
    await expect(checked(sc)).toHaveText(/^Checked: [1-9][\d,]* URLs? of [\d,]+$/, { timeout: 20_000 });
    expect((await sessionRules(serviceWorker)).map((r) => r.condition.tabIds)).toEqual([[scTab]]);
    await sc.close();
    await expect.poll(() => sessionRules(serviceWorker)).toEqual([]);
  } finally {
    // The cookie is the host's (every port of 127.0.0.1): the next tests start from the jar they had.
    await context.clearCookies({ name: 'sitecheck_rule_member' });
    await user.close();
    await site.close();
  }
});
