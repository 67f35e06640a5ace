// One crawl layer in Firefox: the same figures as tests/e2e/crawl.spec.ts — a robots.txt that
// answers by User-Agent gives every view the same verdict and line, the badge never claims more
// than is known, and one response gives one header count and one cut everywhere.
import { test, expect, type ExtEval } from './fixtures';
import { click, expectAttr, expectContains, fill, text, tid } from './dom';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { BY_AGENT_LINE } from '../fixtures/demo-site/routes/robots.mjs';
import { SAME_BYTES_BODY, sameBytesKept } from '../fixtures/demo-site/routes/crawl.mjs';
import { say as en } from '../support/say';
import { jsonLines, runCli } from '../support/cli';
import { headerBytesOf } from '../support/headerBytesOf';
import type { Page } from 'puppeteer-core';

const GREEN = [20, 108, 46, 255];
const RED = [179, 38, 30, 255];

const badge = (ext: ExtEval, tabId: number) =>
  ext(
    async (b, id) => ({ text: await b.action.getBadgeText({ tabId: id }), color: await b.action.getBadgeBackgroundColor({ tabId: id }), title: await b.action.getTitle({ tabId: id }) }),
    tabId,
  );

async function badgeTexts(ext: ExtEval, tabId: number, until: string): Promise<string[]> {
  const seen: string[] = [];
  await expect
    .poll(async () => {
      const b = await badge(ext, tabId);
      seen.push(b.text);
      return b.text;
    }, { intervals: [20], timeout: 15_000 })
    .toBe(until);
  return seen;
}

const googlebotRow = '[data-testid="robots-row"][data-token="Googlebot"]';
const siteRow = (url: string) => `[data-testid="row"][data-url="${url}"]`;

async function runSiteCheck(sc: Page, sitemap = ''): Promise<void> {
  await sc.waitForSelector(tid('start'));
  if (sitemap) await fill(sc, tid('sitemap-input'), sitemap);
  await click(sc, tid('start'));
  await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
}

test.describe('robots.txt answered by User-Agent', () => {
  test('Disallow: / sent only to Googlebot: popup, badge, compare, site check and CLI say blocked by the same line', async ({ tab: page, openPopup, openExt, ext, tabIdOf }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsVariant: 'googlebot-only', robotsRequests });
    try {
      const url = `${site.origin}/crawl/page.html`;
      await page.goto(url);
      const tabId = await tabIdOf(page);
      const shown = await badgeTexts(ext, tabId, 'NO');
      expect(shown.filter((t) => t !== '' && t !== 'NO')).toEqual([]);
      expect(await badge(ext, tabId)).toEqual({ text: 'NO', color: RED, title: en('badge.title', [en('indexability.verdict.notIndexable')]) });

      const popup = await openPopup(page);
      await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
      await expectAttr(popup, tid('verdict'), 'data-verdict', 'not-indexable');
      await expectAttr(popup, googlebotRow, 'data-allowed', 'false');
      await expectAttr(popup, googlebotRow, 'data-line', String(BY_AGENT_LINE));
      await expect.poll(() => badge(ext, tabId)).toMatchObject({ text: 'NO', color: RED });

      const cmp = await openExt(`/compare.html?url=${encodeURIComponent(url)}`);
      await cmp.waitForSelector(tid('compare-report'), { timeout: 30_000 });
      for (const agent of ['mobile', 'desktop']) {
        const f = `${tid('compare-findings')} li[data-agent="${agent}"]`;
        await expectAttr(cmp, f, 'data-code', 'robotsBlocked');
        const who = en(agent === 'mobile' ? 'compare.agentMobile' : 'compare.agentDesktop');
        await expectContains(cmp, f, en('compare.finding.robotsBlocked', [who, url, `${site.origin}/robots.txt`, BY_AGENT_LINE, 'Disallow: /']));
      }

      const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(url)}`);
      await runSiteCheck(sc);
      await expectAttr(sc, siteRow(url), 'data-verdict', 'not-indexable');
      expect(await text(sc, `${siteRow(url)} [data-col="robots"]`)).toBe(en('sitecheck.robotsDisallowed', [BY_AGENT_LINE, 'Disallow: /']));

      const cli = await runCli(['--json', url]);
      expect(cli.code).toBe(1);
      const g = jsonLines(cli.out)[0]!.robots!.verdicts.find((v) => v.token === 'Googlebot')!;
      expect(g).toMatchObject({ allowed: false, line: BY_AGENT_LINE, rule: 'Disallow: /' });
      expect(robotsRequests.length).toBeGreaterThan(0);
      expect(robotsRequests.filter((ua) => !ua.includes('Googlebot'))).toEqual([]);
    } finally {
      await site.close();
    }
  });

  test('Disallow: / sent only to other agents: all of them say allowed', async ({ tab: page, openPopup, openExt, ext, tabIdOf }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsVariant: 'others-only', robotsRequests });
    try {
      const url = `${site.origin}/crawl/page.html`;
      await page.goto(url);
      const tabId = await tabIdOf(page);
      await expect.poll(() => badge(ext, tabId)).toMatchObject({ text: 'OK', color: GREEN });
      const popup = await openPopup(page);
      await expectAttr(popup, tid('verdict'), 'data-verdict', 'indexable');
      await expectAttr(popup, googlebotRow, 'data-allowed', 'true');
      await expectAttr(popup, googlebotRow, 'data-line', String(BY_AGENT_LINE));
      const cmp = await openExt(`/compare.html?url=${encodeURIComponent(url)}`);
      await cmp.waitForSelector(tid('compare-identical'), { visible: true, timeout: 30_000 });
      const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(url)}`);
      await runSiteCheck(sc);
      await expectAttr(sc, siteRow(url), 'data-verdict', 'indexable');
      expect(await text(sc, `${siteRow(url)} [data-col="robots"]`)).toBe(en('sitecheck.robotsAllowedLine', [BY_AGENT_LINE, 'Allow: /']));
      const cli = await runCli(['--json', url]);
      expect(cli.code).toBe(0);
      expect(robotsRequests.filter((ua) => !ua.includes('Googlebot'))).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

test.describe('the toolbar badge never claims more than is known', () => {
  const OPTION = 'settings.badge.robotsOnLoad';

  test('with the load-time check off: no verdict and no robots.txt request until robots.txt is known; noindex is still NO', async ({ tab: page, openPopup, ext, tabIdOf }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsRequests });
    await ext((b, k) => b.storage.local.set({ [k]: false }), OPTION);
    try {
      await page.goto(`${site.origin}/indexability/indexable.html`);
      const tabId = await tabIdOf(page);
      await expect.poll(() => badge(ext, tabId).then((b) => b.title)).toBe(en('badge.titleNoRobots'));
      expect((await badge(ext, tabId)).text).toBe('');
      expect(robotsRequests).toEqual([]);
      await page.goto(`${site.origin}/indexability/meta-noindex.html`);
      await expect.poll(() => badge(ext, tabId)).toMatchObject({ text: 'NO', color: RED });
      expect(robotsRequests).toEqual([]);
      await page.goto(`${site.origin}/indexability/indexable.html`);
      const popup = await openPopup(page);
      await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
      await expect.poll(() => badge(ext, tabId)).toMatchObject({ text: 'OK', color: GREEN });
      expect(robotsRequests).toHaveLength(1);
    } finally {
      await ext((b, k) => b.storage.local.remove(k), OPTION);
      await site.close();
    }
  });

  test('a page robots.txt blocks for Googlebot: never green, before or after the popup', async ({ tab: page, demo, openPopup, ext, tabIdOf }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const tabId = await tabIdOf(page);
    const shown = await badgeTexts(ext, tabId, 'NO');
    expect(shown.filter((t) => t === 'OK' || t === '!')).toEqual([]);
    const popup = await openPopup(page);
    await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
    await expect.poll(() => badge(ext, tabId)).toMatchObject({ text: 'NO', color: RED });
  });
});

test('one response, one count: the popup, compare, the site check and the CLI give the same header bytes and cut', async ({ tab: page, demo, openPopup, openExt }) => {
  const url = `${demo}/crawl/same-bytes.html`;
  const headerBytes = await headerBytesOf(url);
  const limit = 2_097_152;
  const kept = sameBytesKept(headerBytes, limit);

  await page.goto(url);
  const popup = await openPopup(page);
  await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
  await expectAttr(popup, tid('bytes-headers'), 'data-bytes', String(headerBytes));
  await click(popup, tid('bytes-analyze'));
  await expectAttr(popup, tid('bytes-cut'), 'data-header-bytes', String(headerBytes));
  await expectAttr(popup, tid('bytes-cut'), 'data-kept', String(kept));

  const cmp = await openExt(`/compare.html?url=${encodeURIComponent(url)}`);
  await cmp.waitForSelector(tid('compare-report'), { timeout: 30_000 });
  for (const agent of ['mobile', 'desktop']) {
    const side = `${tid(`compare-side-${agent}`)} ${tid('side-bytes')}`;
    await expectAttr(cmp, side, 'data-header-bytes', String(headerBytes));
    await expectAttr(cmp, side, 'data-cut', String(kept));
  }

  const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(url)}`);
  await runSiteCheck(sc, `${demo}/crawl/same-bytes-sitemap.xml`);
  expect(await text(sc, `${siteRow(url)} [data-col="cut"]`)).toBe(new Intl.NumberFormat('en').format(headerBytes + kept));

  const cli = await runCli(['--json', url]);
  expect(jsonLines(cli.out)[0]!.bytes).toMatchObject({ headerBytes, bodyBytes: SAME_BYTES_BODY, limit, truncated: true, cutOffset: headerBytes + kept });
});
