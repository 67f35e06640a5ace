import { test, expect, type ExtEval } from './fixtures';
import { openedTab } from './firefox';
import { click, expectAttr, expectContains, expectText, expectTexts, tid } from './dom';

// Mobile vs desktop in Firefox: the agents really sent, and nothing of a comparison outlives it.
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.108 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DESKTOP_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.8078.108 Safari/537.36';

const row = (field: string) => tid(`compare-row-${field}`);
const sessionRules = (ext: ExtEval) => ext((b) => b.declarativeNetRequest.getSessionRules());

test.describe('mobile vs desktop Googlebot', () => {
  test('from the popup: HTML per user agent, the UA each request carried, no rule left, the tab keeps its own UA', async ({ tab: page, demo, openPopup, ff: browser, base, ext }) => {
    await page.goto(`${demo}/compare/by-agent.html`);
    const popup = await openPopup(page);
    await expectContains(popup, tid('compare-section'), 'Not compared yet');
    await click(popup, tid('compare-open'));
    const cmp = await openedTab(browser, `${base}/compare.html`);
    try {
      await cmp.waitForSelector(tid('compare-report'), { timeout: 30_000 });
      await expectText(cmp, tid('compare-url'), `${demo}/compare/by-agent.html`);
      await expectText(cmp, `${row('title')} ${tid('mobile')}`, 'Winter shoes (mobile)');
      await expectText(cmp, `${row('title')} ${tid('desktop')}`, 'Winter shoes — handmade in Porto');
      await expectText(cmp, `${row('title')} ${tid('rendered')}`, 'Winter shoes — handmade in Porto');
      await expectAttr(cmp, row('robotsMeta'), 'data-severity', 'critical');
      await expectText(cmp, `${row('robotsMeta')} ${tid('mobile')}`, 'robots: noindex');
      await expectText(cmp, `${row('wordCount')} ${tid('why')}`, 'The mobile HTML has 37 fewer words (10 against 47): Google indexes the smaller version.');
      await expectTexts(cmp, `${row('internalLinks')} ${tid('removed')} li`, [`${demo}/compare/sandals.html`, `${demo}/compare/slippers.html`]);
      await expectText(cmp, `${tid('compare-side-mobile')} ${tid('sent-ua')}`, MOBILE_UA);
      await expectText(cmp, `${tid('compare-side-desktop')} ${tid('sent-ua')}`, DESKTOP_UA);
      expect(await sessionRules(ext)).toEqual([]);
      await page.reload();
      const own = await page.evaluate(() => navigator.userAgent);
      expect(await page.$eval('#ua', (e) => e.textContent)).toBe(own);
      expect(own).not.toContain('Googlebot');
      expect(own).toContain('Firefox/');
    } finally {
      await cmp.close();
    }
    const again = await openPopup(page);
    await expectContains(again, tid('compare-summary'), '6 differences and 1 finding.');
    await expectText(again, tid('compare-worst'), 'Most severe (critical): Robots meta.');
  });

  test('the server receives exactly Googlebot’s User-Agent, no Accept-Language, no cookies; no rule left', async ({ tab: page, demo, openExt, ext }) => {
    // A normal load first, with a cookie: the browser itself sends both.
    await page.goto(`${demo}/compare/headers.html`);
    await page.evaluate(() => {
      document.cookie = 'crawlscope_demo=1; path=/';
    });
    await page.reload();
    const cmp = await openExt(`/compare.html?url=${encodeURIComponent(`${demo}/compare/headers.html`)}`);
    await cmp.waitForSelector(tid('compare-identical'), { visible: true, timeout: 30_000 });
    await expectText(cmp, tid('compare-identical'), 'No differences — Googlebot Smartphone and Googlebot Desktop were served the same page.');
    const seen = (await (await fetch(`${demo}/compare/headers-seen.json`)).json()) as Record<string, Record<string, string>>;
    expect(seen.browser!.cookie).toBe('crawlscope_demo=1');
    expect(seen.browser!['accept-language']).toBeTruthy();
    for (const agent of ['mobile', 'desktop'] as const) {
      const h = seen[agent]!;
      expect(Object.keys(h).filter((k) => k.startsWith('sec-ch-ua'))).toEqual([]);
      expect(h['accept-language']).toBeUndefined();
      expect(h.cookie).toBeUndefined();
      expect(h.accept).toBe('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    }
    expect(seen.mobile!['user-agent']).toBe(MOBILE_UA);
    expect(seen.desktop!['user-agent']).toBe(DESKTOP_UA);
    expect(await sessionRules(ext)).toEqual([]);
    await page.evaluate(() => {
      document.cookie = 'crawlscope_demo=; path=/; max-age=0';
    });
  });

  test('redirects are followed by hand; 403 for Googlebot Desktop only is a finding', async ({ tab: page, demo, openExt, ext }) => {
    const cmp = await openExt(`/compare.html?url=${encodeURIComponent(`${demo}/compare/mobile-redirect.html`)}`);
    await cmp.waitForSelector(tid('compare-report'), { timeout: 30_000 });
    await expectText(cmp, `${row('finalUrl')} ${tid('mobile')}`, `${demo}/compare/m/page.html`);
    await expectText(cmp, `${row('finalUrl')} ${tid('desktop')}`, `${demo}/compare/mobile-redirect.html`);
    await expectText(cmp, `${row('redirects')} ${tid('mobile')}`, `302 ${demo}/compare/mobile-redirect.html → /compare/m/page.html`);
    const blocked = await openExt(`/compare.html?url=${encodeURIComponent(`${demo}/compare/blocked-desktop.html`)}`);
    await blocked.waitForSelector(tid('compare-report'), { timeout: 30_000 });
    await expectAttr(blocked, `${tid('compare-findings')} li[data-code=blocked]`, 'data-agent', 'desktop');
    await expectText(blocked, `${row('status')} ${tid('desktop')}`, '403');
    expect(await sessionRules(ext)).toEqual([]);
    void page;
  });

  test('a rule left behind by a suspended event page is cleared by the next comparison', async ({ demo, openExt, ext }) => {
    // What an event page suspended mid-fetch would leave: a session rule in the comparison's id range.
    await ext(
      (b, url) =>
        b.declarativeNetRequest.updateSessionRules({
          addRules: [
            {
              id: 619_999,
              action: { type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType, requestHeaders: [{ header: 'user-agent', operation: 'set' as chrome.declarativeNetRequest.HeaderOperation, value: 'stale' }] },
              condition: { urlFilter: `|${url}|`, tabIds: [-1] },
            },
          ],
        }),
      `${demo}/nowhere.html`,
    );
    expect((await sessionRules(ext)).map((r) => r.id)).toEqual([619_999]);
    const cmp = await openExt(`/compare.html?url=${encodeURIComponent(`${demo}/compare/same.html`)}`);
    await cmp.waitForSelector(tid('compare-identical'), { visible: true, timeout: 30_000 });
    expect(await sessionRules(ext)).toEqual([]);
  });
});
