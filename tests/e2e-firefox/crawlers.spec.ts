// Who else may read this page, in Firefox: the same rows, lines, first-screen line, JSON and
// sandbox as tests/e2e/crawlers.spec.ts, on the demo's 'others' robots.txt (GPTBot Disallow: /,
// CCBot Disallow: /private, Googlebot Disallow: /g-only, no Applebot group).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './fixtures';
import { download, openedTab } from './firefox';
import { attr, click, downloadedJson, expectAttr, expectCount, expectText, fill, tid, value } from './dom';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { OTHERS_LINES as L } from '../fixtures/demo-site/routes/crawlers.mjs';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import { jsonLines, runCli } from '../support/cli';
import { crawlerLog, CRAWLER_LOG_ROWS } from '../support/crawlerLog';
import type { Page } from 'puppeteer-core';

const row = (token: string) => `[data-testid="others-row"][data-token="${token}"]`;

async function expectRow(p: Page, token: string, effect: string, line: number | null, group: string) {
  await expectAttr(p, row(token), 'data-effect', effect);
  await expectAttr(p, row(token), 'data-line', line === null ? '' : String(line));
  await expectAttr(p, row(token), 'data-group', group);
}

/** The section is closed until opened: its first-screen line opens it. */
async function openOthers(popup: Page) {
  await click(popup, `${tid('summary-others')} a`);
  await popup.waitForSelector(tid('others-table'), { visible: true });
}

// The popup remembers opened sections: forget this one, so later tests see the popup as a user first does.
test.afterEach(async ({ ext }) => {
  await ext(async (b) => {
    const key = 'settings.popup.folds';
    const folds = ((await b.storage.local.get(key))[key] ?? {}) as Record<string, boolean>;
    delete folds.others;
    await b.storage.local.set({ [key]: folds });
  });
});

let site: DemoSite;
test.beforeAll(async () => {
  site = await startDemoSite({ robotsVariant: 'others' });
});
test.afterAll(async () => {
  await site.close();
});

test.describe('who else may read this page', () => {
  test('/g-only/: GPTBot blocked by line 3, Applebot through Googlebot\'s group (line 9), CCBot allowed, ChatGPT-User "may not apply"; the first screen and the JSON say the same', async ({ tab: page, openPopup }) => {
    await page.goto(`${site.origin}/g-only/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expectText(popup, tid('others-fetched-as'), say('crawlers.fetchedAsGooglebot'));
    await expectCount(popup, tid('others-row'), 16);
    await expectRow(popup, 'GPTBot', 'blocked', L.gptbotAll, 'own');
    await expectRow(popup, 'Applebot', 'blocked', L.googlebotGOnly, 'fallback');
    await expectText(popup, `${row('Applebot')} ${tid('others-group-used')}`, say('robots.group.fallback', ['Googlebot']));
    await expectRow(popup, 'CCBot', 'allowed', null, 'own');
    await expectRow(popup, 'ChatGPT-User', 'may-not-apply', null, 'none');
    await expectText(popup, `${row('ChatGPT-User')} ${tid('others-verdict')}`, say('crawlers.mayNotApply'));
    await expectText(
      popup,
      tid('summary-others-text'),
      [
        say('summary.othersSomeBlocked', [say('crawlers.counted.training'), 1, 6]),
        say('summary.othersAllAllowed', [say('crawlers.counted.aiSearch')]),
        say('summary.othersSomeBlocked', [say('crawlers.counted.search'), 1, 2]),
      ].join('; '),
    );
    const json = (await downloadedJson(popup, tid('download-json'))) as { robots: { others: { token: string }[] } };
    expect(reportSchemaErrors(json)).toEqual([]);
    const other = (t: string) => json.robots.others.find((o) => o.token === t);
    expect(other('GPTBot')).toMatchObject({ verdict: 'blocked', group: 'own', line: L.gptbotAll, rule: 'Disallow: /' });
    expect(other('Applebot')).toMatchObject({ verdict: 'blocked', group: 'fallback', groupToken: 'Googlebot', line: L.googlebotGOnly, rule: 'Disallow: /g-only' });
    expect(other('CCBot')).toMatchObject({ verdict: 'allowed', line: null });
    expect(other('ChatGPT-User')).toMatchObject({ verdict: 'may-not-apply', honoursRobots: 'may-not-apply' });
  });

  test('the command line says what the popup says: --crawlers and --json, from the same robots.txt', async ({ tab: page, openPopup }) => {
    const url = `${site.origin}/g-only/page.html`;
    await page.goto(url);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expectCount(popup, tid('others-row'), 16);
    const shown = await popup.$$eval('[data-testid="others-row"]', (rows) => rows.map((r) => [r.getAttribute('data-token'), r.getAttribute('data-effect'), r.getAttribute('data-line')]));
    const [report] = jsonLines((await runCli(['--json', '--crawlers', url])).out);
    const byToken = new Map(report!.robots!.others!.map((o) => [o.token, [o.token, o.verdict, o.line === null ? '' : String(o.line)]]));
    expect(shown.map((r) => byToken.get(r[0]!))).toEqual(shown);
    const table = await runCli(['--crawlers', url]);
    expect(table.out.split('\n')[1]).toBe(
      `${url}  ${say('sitecheck.cli.crawlersBlocked', [`${say('sitecheck.cli.crawlerLine', ['GPTBot', L.gptbotAll])}, ${say('sitecheck.cli.crawlerVia', ['Applebot', L.googlebotGOnly, 'Googlebot'])}`])}`,
    );
  });

  test('/private/: CCBot blocked by line 6', async ({ tab: page, openPopup }) => {
    await page.goto(`${site.origin}/private/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expectRow(popup, 'CCBot', 'blocked', L.ccbotPrivate, 'own');
    await expectRow(popup, 'Applebot', 'allowed', null, 'fallback');
  });

  test('sandbox: opened at the deciding line; an Applebot group takes over from Googlebot\'s as it is typed', async ({ tab: page, openPopup, ff: browser, base }) => {
    await page.goto(`${site.origin}/g-only/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await click(popup, `${row('Applebot')} ${tid('others-line')}`);
    const sandbox = await openedTab(browser, `${base}/robots-sandbox.html`);
    try {
      expect(new URL(await sandbox.evaluate(() => location.href)).searchParams.get('line')).toBe(String(L.googlebotGOnly));
      const other = (t: string) => `[data-testid="sandbox-other-row"][data-token="${t}"]`;
      await expectCount(sandbox, tid('sandbox-other-row'), 16);
      await expectAttr(sandbox, other('Applebot'), 'data-effect', 'blocked');
      await expectAttr(sandbox, other('Applebot'), 'data-group', 'fallback');
      await fill(sandbox, tid('sandbox-editor'), `${await value(sandbox, tid('sandbox-editor'))}User-agent: Applebot\nAllow: /\n`);
      await expectAttr(sandbox, other('Applebot'), 'data-effect', 'allowed');
      await expectAttr(sandbox, other('Applebot'), 'data-group', 'own');
      await expectAttr(sandbox, other('Applebot'), 'data-line', '11');
      await click(sandbox, `${other('GPTBot')} ${tid('others-pick')}`);
      await expectAttr(sandbox, tid('sandbox-highlight'), 'data-line', String(L.gptbotAll));
      expect(await attr(sandbox, other('GPTBot'), 'data-line')).toBe(String(L.gptbotAll));
    } finally {
      await sandbox.close();
    }
  });
});

test.describe('the site check page as another crawler', () => {
  test('GPTBot: its User-Agent on robots.txt, nothing requested that its group disallows, each report says why with the line', async ({ openExt, downloads }) => {
    const robotsRequests: string[] = [];
    const own = await startDemoSite({ robotsVariant: 'others', robotsRequests });
    try {
      const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(`${own.origin}/`)}`);
      await sc.waitForSelector(tid('start'));
      await fill(sc, tid('sitemap-input'), `${own.origin}/sitecheck/sitemap-pages.xml`);
      await sc.select(tid('agent'), 'GPTBot');
      await click(sc, tid('start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
      // The sitemap lists four pages; /blocked/sitecheck.html is outside its folder, and this
      // robots.txt has no Sitemap: line naming it, so it is not accepted from it (not requested).
      await expectCount(sc, tid('row'), 3);
      await expectCount(sc, '[data-testid=row][data-verdict=at-risk]', 3);
      await expectText(sc, tid('not-accepted'), say('sitecheck.notAccepted', [1]));
      const jsonl = await download(downloads, () => click(sc, tid('export-jsonl')));
      const reports = jsonl.text.trimEnd().split('\n').map((l) => JSON.parse(l));
      expect(reports).toHaveLength(3);
      for (const r of reports) {
        expect(reportSchemaErrors(r)).toEqual([]);
        expect(r.siteCheck).toMatchObject({ crawler: 'GPTBot', fetched: false });
        expect(r.reasons.find((x: { code: string }) => x.code === 'crawlerRobotsBlocked').sources[0]).toMatchObject({ line: L.gptbotAll, rule: 'Disallow: /', userAgent: 'GPTBot' });
      }
      expect(robotsRequests.length).toBeGreaterThan(0);
      expect(robotsRequests.filter((ua) => !ua.includes('GPTBot/1.3'))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

test.describe('is it really that crawler?', () => {
  test('lists fetched only on request (bad ones refused with why); IPs by list and by DNS; a log row per claimed crawler', async ({ demo, ext, openExt }) => {
    await ext(
      async (b, { resolver, ranges }) => {
        await b.storage.local.remove(['verify.rangesDownloaded', 'verify.rangesLastAttempt', 'verify.crawlerListsDownloaded']);
        await b.storage.local.set({ 'settings.verify.testResolverUrl': resolver, 'settings.verify.testRangesBase': ranges });
      },
      { resolver: `${demo}/verify/dns-query`, ranges: `${demo}/verify/ipranges` },
    );
    const page = await openExt('/verify.html');
    await expectAttr(page, tid('verify'), 'data-ready', 'true');
    const list = (t: string) => `[data-testid=crawler-list][data-token="${t}"]`;
    await expectAttr(page, list('GPTBot'), 'data-fetched', 'false');
    expect(await ext((b) => b.storage.local.get('verify.crawlerListsDownloaded'))).toEqual({});

    const res = (ip: string) => `[data-testid=crawler-ip-result][data-ip="${ip}"]`;
    const check = async (claimed: string, ips: string[]) => {
      await page.select(tid('ip-claimed'), claimed);
      await fill(page, tid('ip-input'), ips.join('\n'));
      await click(page, tid('ip-check'));
      await expectCount(page, tid('crawler-ip-result'), ips.length, { timeout: 20_000 });
    };
    await check('GPTBot', ['20.171.206.5']);
    await expectText(page, `${res('20.171.206.5')} ${tid('ip-reason')}`, say('verify.crawlerReason.listNotFetched', ['OpenAI']));

    await click(page, tid('crawler-lists-fetch'));
    await expectAttr(page, list('GPTBot'), 'data-fetched', 'true');
    await expectText(page, `${list('GPTBot')} ${tid('crawler-list-prefixes')}`, '2');
    await expectAttr(page, '[data-testid=crawler-list-problems] li[data-token=bingbot]', 'data-code', 'refreshNoPrefixes');
    await expectAttr(page, '[data-testid=crawler-list-problems] li[data-token=Perplexity-User]', 'data-code', 'refreshHtml');

    await check('GPTBot', ['20.171.206.5', '45.83.64.10']);
    await expectAttr(page, res('20.171.206.5'), 'data-verdict', 'theirs');
    await expectText(page, `${res('20.171.206.5')} ${tid('ip-reason')}`, say('verify.crawlerReason.inList', ['OpenAI', '20.171.206.0/24', 'https://openai.com/gptbot.json']));
    await expectAttr(page, res('45.83.64.10'), 'data-verdict', 'notTheirs');
    await check('Applebot', ['17.58.101.179']);
    await expectText(page, `${res('17.58.101.179')} ${tid('ip-reason')}`, say('verify.crawlerReason.dnsConfirmed', ['17-58-101-179.applebot.apple.com', 'applebot.apple.com']));

    const file = path.join(os.tmpdir(), `crawlscope-ff-${process.pid}-crawlers.log`);
    fs.writeFileSync(file, crawlerLog());
    try {
      const input = await page.waitForSelector(tid('log-file'));
      await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(file);
      await page.waitForSelector(tid('other-crawler-table'), { visible: true, timeout: 30_000 });
      await expectCount(page, '[data-testid=other-crawler-table] tbody tr', CRAWLER_LOG_ROWS.length);
      for (const [token, requests, verified, notTheirs, unverified, method] of CRAWLER_LOG_ROWS) {
        const r = `[data-testid=other-crawler-table] tr[data-token="${token}"]`;
        await expectText(page, `${r} ${tid('requests')}`, requests);
        await expectText(page, `${r} ${tid('verified')}`, verified);
        await expectText(page, `${r} ${tid('not-theirs')}`, notTheirs);
        await expectText(page, `${r} ${tid('unverified')}`, unverified);
        await expectAttr(page, r, 'data-method', method);
      }
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
