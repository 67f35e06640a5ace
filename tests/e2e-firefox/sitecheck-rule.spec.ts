// The site check's one header rule per run in Firefox (entrypoints/sitecheck/runRequests.ts; the
// same checks as tests/e2e/sitecheck-rule.spec.ts): every request of the run leaves as Googlebot's
// exact request — its User-Agent, no Cookie, no Accept-Language (Firefox adds one that only the
// rule removes) — while the user's tab and the extension's other pages keep the browser's headers;
// no rule of ours is left after a run ends, after a cancel, or after the page is closed mid-run.
import { test, expect } from './fixtures';
import { click, expectAttr, expectText, fill, tid } from './dom';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { googlebotUserAgent } from '../../lib/crawl/googlebotUserAgent';

interface Noted {
  path: string;
  userAgent: string;
  cookie: string | null;
  acceptLanguage: string | null;
  clientHints: string[];
}
const RUNNING = /^Checked: [1-9][\d,]* URLs? of [\d,]+$/;

test('one header rule per run, on the site check page\'s own requests only: Googlebot\'s exact request; the user\'s tab untouched; no rule left after the end, a cancel, a closed page', async ({ tab: user, ext, openExt, base }) => {
  const requestLog: Noted[] = [];
  const robotsRequests: string[] = [];
  const site = await startDemoSite({ requestLog, robotsRequests });
  const googlebot = googlebotUserAgent('mobile');
  const rules = () => ext((b) => b.declarativeNetRequest.getSessionRules());
  try {
    // The user is signed in to the site (a cookie), and browses it in a tab of their own.
    await user.goto(`${site.origin}/sitecheck/echo/page.html?n=user-set`);
    await user.evaluate(() => void (document.cookie = 'sitecheck_rule_member=yes; path=/'));
    await user.goto(`${site.origin}/sitecheck/echo/page.html?n=user-before`);
    const browserUa = await user.evaluate(() => navigator.userAgent);
    const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(`${site.origin}/`)}`);
    await sc.waitForSelector(tid('start'));
    const scTab = (await sc.evaluate('browser.tabs.getCurrent().then((t) => t.id)')) as number;

    // A run to its end: every request as Googlebot, nothing of the user's.
    await fill(sc, tid('sitemap-input'), `${site.origin}/sitecheck/echo/sitemap.xml?n=5`);
    await click(sc, tid('start'));
    await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
    await expectText(sc, tid('progress'), 'Checked: 5 URLs of 5');
    expect(await rules()).toEqual([]);
    const asGooglebot = (path: string): Noted => ({ path, userAgent: googlebot, cookie: null, acceptLanguage: null, clientHints: [] });
    const runOf = (log: Noted[]) => log.filter((r) => /n=\d+$/.test(r.path));
    // The paths as the server got them: no fragment (the tag of each request never leaves the browser).
    expect(runOf(requestLog).sort((a, b) => a.path.localeCompare(b.path))).toEqual([0, 1, 2, 3, 4].map((n) => asGooglebot(`/sitecheck/echo/page.html?n=${n}`)));
    expect(robotsRequests.length).toBeGreaterThan(0);
    expect(new Set(robotsRequests)).toEqual(new Set([googlebot]));
    const userBefore = requestLog.find((r) => r.path.endsWith('user-before'))!;
    // (The jar may also hold cookies other tests set on 127.0.0.1: a cookie is not bound to a port.)
    expect(userBefore.userAgent).toBe(browserUa);
    expect(userBefore.cookie?.split('; ')).toContain('sitecheck_rule_member=yes');
    expect(userBefore.acceptLanguage).not.toBeNull();

    // A long run (10,000 URLs): while it runs, ONE rule — this page's tab, this extension's requests.
    requestLog.length = 0;
    await fill(sc, tid('sitemap-input'), `${site.origin}/sitecheck/echo/sitemap.xml`);
    await click(sc, tid('start'));
    // The first run's "Checked: 5 URLs of 5" stays until this run starts: its state, then its own figures.
    await expectAttr(sc, tid('state'), 'data-state', 'running');
    await expectText(sc, tid('progress'), RUNNING, { timeout: 20_000 });
    const during = (await rules()) as chrome.declarativeNetRequest.Rule[];
    expect(during.map((r) => ({ id: r.id, ua: r.action.requestHeaders?.[0], urlFilter: r.condition.urlFilter, tabIds: r.condition.tabIds, initiatorDomains: r.condition.initiatorDomains, resourceTypes: r.condition.resourceTypes }))).toEqual([
      // The run's own requests: the tag every one of them carries in its URL's fragment (never sent).
      { id: 620_000, ua: { header: 'user-agent', operation: 'set', value: googlebot }, urlFilter: expect.stringMatching(/^#crawlscope-[a-z0-9]+-\d+-$/), tabIds: [scTab], initiatorDomains: [new URL(base).hostname], resourceTypes: ['xmlhttprequest', 'other'] },
    ]);
    // The user's tab asks the same site meanwhile (a page load and a fetch): not touched.
    await user.goto(`${site.origin}/sitecheck/echo/page.html?n=user-during`);
    await user.evaluate(() => fetch('/sitecheck/echo/page.html?n=user-fetch').then((r) => r.text()));
    // Another page of the extension (another tab) asks it too: not touched either.
    await ext((b, u) => fetch(u, { credentials: 'omit', cache: 'no-store' }).then((r) => r.text()), `${site.origin}/sitecheck/echo/page.html?n=other-page`);
    await expectAttr(sc, tid('state'), 'data-state', 'running');
    await click(sc, tid('cancel'));
    await expectAttr(sc, tid('state'), 'data-state', 'cancelled', { timeout: 15_000 });
    expect(await rules()).toEqual([]);
    const mine = ['user-during', 'user-fetch', 'other-page'].map((n) => requestLog.find((r) => r.path.endsWith(`n=${n}`)));
    const member = (cookie: string | null | undefined) => (cookie == null ? null : cookie.split('; ').includes('sitecheck_rule_member=yes'));
    expect(mine.map((r) => [r?.userAgent, member(r?.cookie)])).toEqual([
      [browserUa, true],
      [browserUa, true],
      [browserUa, null],
    ]);
    for (const r of mine) expect(r!.acceptLanguage, r!.path).not.toBeNull();
    const run = runOf(requestLog);
    expect(run.length).toBeGreaterThan(0);
    expect(run.filter((r) => r.userAgent !== googlebot || r.cookie !== null || r.acceptLanguage !== null || r.clientHints.length > 0)).toEqual([]);

    // The page closed mid-run: its rule goes with it.
    await click(sc, tid('start'));
    await expectAttr(sc, tid('state'), 'data-state', 'running');
    await expectText(sc, tid('progress'), RUNNING, { timeout: 20_000 });
    expect(((await rules()) as chrome.declarativeNetRequest.Rule[]).map((r) => r.condition.tabIds)).toEqual([[scTab]]);
    await sc.close();
    await expect.poll(rules).toEqual([]);
  } finally {
    // The cookie is the host's (every port of 127.0.0.1): the next tests start from the jar they had.
    await user.evaluate(() => void (document.cookie = 'sitecheck_rule_member=; max-age=0; path=/')).catch(() => undefined);
    await site.close();
  }
});
