import type { Page } from 'puppeteer-core';
import { test, expect } from './fixtures';
import { openedTab } from './firefox';
import { click, expectAttr, expectCount, expectText, expectTexts, fill, tid, value } from './dom';

// The Chromium suite's robots.txt figures (tests/e2e/robots.spec.ts): line numbers of the demo
// robots.txt (tests/fixtures/demo-site/routes/robots.mjs).
const L = { googlebotBlocked: 3, googlebotPrivateJs: 4, imageAllowAll: 9, adsBotRobots: 13, extendedAll: 16 };

const row = (token: string) => `[data-testid=robots-row][data-token="${token}"]`;

async function expectRow(popup: Page, token: string, allowed: boolean, line: number | null, group: string) {
  await expectAttr(popup, row(token), 'data-allowed', String(allowed));
  await expectAttr(popup, row(token), 'data-line', line === null ? '' : String(line));
  await expectAttr(popup, row(token), 'data-group', group);
}

test.describe('robots.txt', () => {
  test('popup: exact verdict, group and deciding line per Google token on the demo page', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/robots/page.html`);
    const popup = await openPopup(page);
    await expectAttr(popup, tid('robots-status'), 'data-outcome', 'parse');
    await expectText(popup, tid('robots-outcome'), 'HTTP 200 — parsed as Google parses it.');
    await expectText(popup, tid('robots-url'), `${demo}/robots.txt`);
    if ((await popup.$eval(tid('robots-show-all'), (b) => b.getAttribute('aria-expanded'))) !== 'true') await click(popup, tid('robots-show-all'));
    await expectCount(popup, tid('robots-row'), 16);
    await expectRow(popup, 'Googlebot', true, null, 'own');
    await expectRow(popup, 'Googlebot-Image', true, L.imageAllowAll, 'own');
    await expectRow(popup, 'AdsBot-Google', false, L.adsBotRobots, 'own');
    await expectRow(popup, 'Google-Extended', false, L.extendedAll, 'own');
    await expectRow(popup, 'Googlebot-News', true, null, 'fallback');
    await expectRow(popup, 'Storebot-Google', true, null, 'global');
    await expectRow(popup, 'AdsBot-Google-Mobile', true, null, 'none');
    await expectRow(popup, 'Google-Safety', true, null, 'ignored');
    await expectText(popup, `${row('AdsBot-Google')} ${tid('robots-reason')}`, 'Line 13 (Disallow /robots/) is the longest match.');
    await expectText(popup, `${row('Googlebot-News')} ${tid('robots-group')}`, 'fallback: Googlebot');
    // The page's own JS as Firefox loaded it: app.js is blocked for Googlebot by line 4.
    await expectAttr(popup, tid('robots-resources-blocked'), 'data-count', '1');
    await expectTexts(popup, tid('robots-blocked-resource'), [`${demo}/private-js/app.js — line ${L.googlebotPrivateJs}`]);
  });

  test('popup: /blocked/noindex.html is blocked for Googlebot by line 3', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const popup = await openPopup(page);
    await expectRow(popup, 'Googlebot', false, L.googlebotBlocked, 'own');
    if ((await popup.$eval(tid('robots-show-all'), (b) => b.getAttribute('aria-expanded'))) !== 'true') await click(popup, tid('robots-show-all'));
    await expectRow(popup, 'Googlebot-Video', false, L.googlebotBlocked, 'fallback');
    await expectRow(popup, 'Googlebot-Image', true, L.imageAllowAll, 'own');
  });

  test('sandbox: opened at the deciding line; an edit changes the verdict live; a second URL', async ({ tab: page, demo, openPopup, ff: browser, base }) => {
    await page.goto(`${demo}/robots/page.html`);
    const popup = await openPopup(page);
    await click(popup, `${row('AdsBot-Google')} ${tid('robots-line')}`);
    const sandbox = await openedTab(browser, `${base}/robots-sandbox.html`);
    try {
      expect(new URL(await sandbox.evaluate(() => location.href)).searchParams.get('line')).toBe(String(L.adsBotRobots));
      await expectAttr(sandbox, tid('sandbox-highlight'), 'data-line', String(L.adsBotRobots));
      const ads = '[data-testid=sandbox-row][data-token="AdsBot-Google"]';
      await expectAttr(sandbox, ads, 'data-allowed', 'false');
      await expectAttr(sandbox, ads, 'data-line', String(L.adsBotRobots));
      await sandbox.waitForSelector(tid('sandbox-no-diff'), { visible: true });

      const text = await value(sandbox, tid('sandbox-editor'));
      await fill(sandbox, tid('sandbox-editor'), text.replace('Disallow: /robots/', 'Allow: /robots/'));
      await expectAttr(sandbox, ads, 'data-allowed', 'true');
      await expectAttr(sandbox, ads, 'data-line', String(L.adsBotRobots));
      await expectTexts(sandbox, `${tid('sandbox-diff')} li`, [`−${String(13).padStart(5)} Disallow: /robots/`, `+${String(13).padStart(5)} Allow: /robots/`]);

      await fill(sandbox, tid('sandbox-urls'), `${demo}/robots/page.html\n/blocked/x`);
      const second = `[data-testid=sandbox-verdicts][data-url="${demo}/blocked/x"] [data-token=Googlebot]`;
      await expectAttr(sandbox, second, 'data-line', String(L.googlebotBlocked));
      await expectAttr(sandbox, second, 'data-allowed', 'false');
      await click(sandbox, `${second} ${tid('sandbox-pick')}`);
      await expectAttr(sandbox, tid('sandbox-highlight'), 'data-line', String(L.googlebotBlocked));
      await expectCount(sandbox, '[data-testid=sandbox-gutter-mark][data-line="20"]', 1);
    } finally {
      await sandbox.close();
    }
  });
});
