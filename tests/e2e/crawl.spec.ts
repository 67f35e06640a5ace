// One crawl layer: every request Crawlscope makes as Googlebot goes through one fetcher, one
// redirect policy and one robots.txt reader — so the popup, the toolbar badge, the comparison, the
// site check and the command line agree about a server that answers by User-Agent, and about the
// header bytes and the cut of one response.
import fs from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { BY_AGENT_LINE } from '../fixtures/demo-site/routes/robots.mjs';
import { SAME_BYTES_BODY, sameBytesKept } from '../fixtures/demo-site/routes/crawl.mjs';
import { say as en } from '../support/say';
import { jsonLines, runCli } from '../support/cli';
import { headerBytesOf } from '../support/headerBytesOf';

const GREEN = [20, 108, 46, 255];
const RED = [179, 38, 30, 255];

const badge = (sw: Worker, tabId: number) =>
  sw.evaluate(
    async (id) => ({
      text: await chrome.action.getBadgeText({ tabId: id }),
      color: await chrome.action.getBadgeBackgroundColor({ tabId: id }),
      title: await chrome.action.getTitle({ tabId: id }),
    }),
    tabId,
  );

/** Samples the badge until `done` says stop: every text it showed on the way. */
async function badgeTexts(sw: Worker, tabId: number, done: (b: { text: string }) => boolean): Promise<string[]> {
  const seen: string[] = [];
  await expect
    .poll(async () => {
      const b = await badge(sw, tabId);
      seen.push(b.text);
      return done(b);
    }, { intervals: [20], timeout: 15_000 })
    .toBe(true);
  return seen;
}

async function compareFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  const [cmp] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('compare-open').click()]);
  await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
  return cmp;
}

/** The site check page opened from the popup, run with its defaults (the sitemaps robots.txt names) to the end. */
async function siteCheckFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  const [sc] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  await sc.getByTestId('start').click();
  await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  return sc;
}

async function jsonlExport(sc: Page) {
  const [file] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
  return fs.readFileSync((await file.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
}

const googlebotOf = (report: { robots: { verdicts: { token: string; allowed: boolean; line: number | null; rule: string | null }[] } | null }) =>
  report.robots!.verdicts.find((v) => v.token === 'Googlebot')!;

test.describe('robots.txt answered by User-Agent', () => {
  test('Disallow: / sent only to Googlebot: the popup, the badge, compare, the site check and the CLI all say blocked, by the same line', async ({
    context,
    page,
    openPopup,
    serviceWorker,
    tabIdOf,
  }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsVariant: 'googlebot-only', robotsRequests });
    try {
      const url = `${site.origin}/crawl/page.html`;
      await page.goto(url);
      const tabId = await tabIdOf(page);
      // The badge at load: robots.txt fetched as Googlebot, so never a green OK on the way to NO.
      const shown = await badgeTexts(serviceWorker, tabId, (b) => b.text === 'NO');
      expect(shown.filter((t) => t !== '' && t !== 'NO')).toEqual([]);
      expect(await badge(serviceWorker, tabId)).toEqual({ text: 'NO', color: RED, title: en('badge.title', [en('indexability.verdict.notIndexable')]) });

      const popup = await openPopup(page);
      await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
      await expect(popup.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-indexable');
      const googlebot = popup.locator('[data-testid=robots-row][data-token=Googlebot]');
      await expect(googlebot).toHaveAttribute('data-allowed', 'false');
      await expect(googlebot).toHaveAttribute('data-line', String(BY_AGENT_LINE));
      // After the popup's own verdict, still red.
      await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'NO', color: RED });

      const cmp = await compareFromPopup(context, popup);
      const findings = cmp.getByTestId('compare-findings').locator('li');
      await expect(findings).toHaveCount(2);
      for (const agent of ['mobile', 'desktop']) {
        const f = cmp.locator(`[data-testid=compare-findings] li[data-agent=${agent}]`);
        await expect(f).toHaveAttribute('data-code', 'robotsBlocked');
        const who = en(agent === 'mobile' ? 'compare.agentMobile' : 'compare.agentDesktop');
        await expect(f).toContainText(en('compare.finding.robotsBlocked', [who, url, `${site.origin}/robots.txt`, BY_AGENT_LINE, 'Disallow: /']));
      }
      await expect(cmp.getByTestId('compare-side-mobile').getByTestId('side-status')).toHaveText('—');

      const sc = await siteCheckFromPopup(context, popup);
      await expect(sc.locator(`[data-testid=row][data-url="${url}"]`)).toHaveAttribute('data-verdict', 'not-indexable');
      const [row] = await jsonlExport(sc);
      expect(row.siteCheck).toMatchObject({ requestedUrl: url, fetched: false });
      expect(googlebotOf(row)).toMatchObject({ allowed: false, line: BY_AGENT_LINE, rule: 'Disallow: /' });

      const cli = await runCli(['--json', url]);
      expect(cli.code).toBe(1);
      const [report] = jsonLines(cli.out);
      expect(report!.siteCheck).toMatchObject({ fetched: false });
      expect(googlebotOf(report!)).toMatchObject({ allowed: false, line: BY_AGENT_LINE, rule: 'Disallow: /' });

      // Every robots.txt request of all of them carried Googlebot's User-Agent.
      expect(robotsRequests.length).toBeGreaterThan(0);
      expect(robotsRequests.filter((ua) => !ua.includes('Googlebot'))).toEqual([]);
    } finally {
      await site.close();
    }
  });

  test('Disallow: / sent only to other agents: all of them say allowed', async ({ context, page, openPopup, serviceWorker, tabIdOf }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsVariant: 'others-only', robotsRequests });
    try {
      const url = `${site.origin}/crawl/page.html`;
      await page.goto(url);
      const tabId = await tabIdOf(page);
      await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'OK', color: GREEN });
      const popup = await openPopup(page);
      await expect(popup.getByTestId('verdict')).toHaveAttribute('data-verdict', 'indexable');
      const googlebot = popup.locator('[data-testid=robots-row][data-token=Googlebot]');
      await expect(googlebot).toHaveAttribute('data-allowed', 'true');
      await expect(googlebot).toHaveAttribute('data-line', String(BY_AGENT_LINE));

      const cmp = await compareFromPopup(context, popup);
      await expect(cmp.getByTestId('compare-identical')).toBeVisible();
      await expect(cmp.getByTestId('compare-side-mobile').getByTestId('side-status')).toHaveText('200');

      const sc = await siteCheckFromPopup(context, popup);
      await expect(sc.locator(`[data-testid=row][data-url="${url}"]`)).toHaveAttribute('data-verdict', 'indexable');
      const [row] = await jsonlExport(sc);
      expect(row.siteCheck).toMatchObject({ fetched: true });
      expect(googlebotOf(row)).toMatchObject({ allowed: true, line: BY_AGENT_LINE, rule: 'Allow: /' });

      const cli = await runCli(['--json', url]);
      expect(cli.code).toBe(0);
      expect(googlebotOf(jsonLines(cli.out)[0]!)).toMatchObject({ allowed: true, line: BY_AGENT_LINE });
      expect(robotsRequests.filter((ua) => !ua.includes('Googlebot'))).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

test.describe('the toolbar badge never claims more than is known', () => {
  const OPTION = 'settings.badge.robotsOnLoad';

  test('with "Check robots.txt when a page loads" off: no verdict (and no robots.txt request) until robots.txt is known; a noindex page is still NO', async ({
    page,
    openPopup,
    serviceWorker,
    tabIdOf,
  }) => {
    const robotsRequests: string[] = [];
    const site = await startDemoSite({ robotsRequests });
    await serviceWorker.evaluate((k) => chrome.storage.local.set({ [k]: false }), OPTION);
    try {
      await page.goto(`${site.origin}/indexability/indexable.html`);
      const tabId = await tabIdOf(page);
      // The load's verdict is done when the tooltip is set: it says why there is no badge.
      await expect.poll(() => badge(serviceWorker, tabId).then((b) => b.title)).toBe(en('badge.titleNoRobots'));
      expect((await badge(serviceWorker, tabId)).text).toBe('');
      expect(robotsRequests).toEqual([]);

      await page.goto(`${site.origin}/indexability/meta-noindex.html`);
      await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'NO', color: RED });
      expect(robotsRequests).toEqual([]);

      // The popup reads robots.txt (as Googlebot); from then on the badge knows it.
      await page.goto(`${site.origin}/indexability/indexable.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
      await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'OK', color: GREEN });
      expect(robotsRequests).toHaveLength(1);
      await page.reload();
      await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'OK', color: GREEN, title: en('badge.title', [en('indexability.verdict.indexable')]) });
      expect(robotsRequests).toHaveLength(1);
    } finally {
      await serviceWorker.evaluate((k) => chrome.storage.local.remove(k), OPTION);
      await site.close();
    }
  });

  test('a page robots.txt blocks for Googlebot: never green, before or after the popup', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const tabId = await tabIdOf(page);
    const shown = await badgeTexts(serviceWorker, tabId, (b) => b.text === 'NO');
    expect(shown.filter((t) => t === 'OK' || t === '!')).toEqual([]);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
    await expect.poll(() => badge(serviceWorker, tabId)).toMatchObject({ text: 'NO', color: RED });
  });
});

test('one response, one count: the popup, compare, the site check and the CLI give the same header bytes and the same cut', async ({ context, page, demo, openPopup }) => {
  const url = `${demo}/crawl/same-bytes.html`;
  // Measured independently: the status line as sent ("HTTP/1.1 200 Fine"), every header (Set-Cookie included), the blank line.
  const headerBytes = await headerBytesOf(url);
  const limit = 2_097_152;
  // The body is "€" (3 bytes) after an ASCII head: the cut backs off to the start of the character the limit falls in.
  const kept = sameBytesKept(headerBytes, limit);
  expect(limit - headerBytes - kept).toBeGreaterThan(0);

  await page.goto(url);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  await expect(popup.getByTestId('bytes-headers')).toHaveAttribute('data-bytes', String(headerBytes));
  await popup.getByTestId('bytes-analyze').click();
  const cut = popup.getByTestId('bytes-cut');
  await expect(cut).toHaveAttribute('data-header-bytes', String(headerBytes));
  await expect(cut).toHaveAttribute('data-kept', String(kept));
  await expect(cut).toHaveAttribute('data-total', String(headerBytes + SAME_BYTES_BODY));

  const cmp = await compareFromPopup(context, popup);
  for (const agent of ['mobile', 'desktop']) {
    const side = cmp.getByTestId(`compare-side-${agent}`).getByTestId('side-bytes');
    await expect(side).toHaveAttribute('data-header-bytes', String(headerBytes));
    await expect(side).toHaveAttribute('data-cut', String(kept));
    await expect(side).toHaveAttribute('data-bytes', String(SAME_BYTES_BODY));
  }

  // The site check page, on this one URL (the demo's sitemap does not list it): its JSON export.
  const [sc] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  const sitemap = `${demo}/crawl/same-bytes-sitemap.xml`;
  await sc.getByTestId('sitemap-input').fill(sitemap);
  await sc.getByTestId('start').click();
  await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const [row] = await jsonlExport(sc);
  expect(row.bytes).toMatchObject({ headerBytes, bodyBytes: SAME_BYTES_BODY, limit, truncated: true, cutOffset: headerBytes + kept });

  const cli = await runCli(['--json', url]);
  const [report] = jsonLines(cli.out);
  expect(report!.bytes).toMatchObject({ headerBytes, bodyBytes: SAME_BYTES_BODY, limit, truncated: true, cutOffset: headerBytes + kept });
});
