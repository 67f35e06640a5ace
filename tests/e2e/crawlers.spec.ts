// Who else may read this page: the other crawlers of the catalog, judged by the one robots.txt
// (the demo's 'others' variant: GPTBot Disallow: /, CCBot Disallow: /private, Googlebot
// Disallow: /g-only, no Applebot group), in the popup, its first screen, the JSON and Markdown
// exports and the sandbox.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { OTHERS_LINES as L } from '../fixtures/demo-site/routes/crawlers.mjs';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import { jsonLines, runCli } from '../support/cli';
import { crawlerLog, CRAWLER_LOG_ROWS } from '../support/crawlerLog';

const row = (p: Page, token: string) => p.locator(`[data-testid=others-row][data-token="${token}"]`);

async function expectRow(p: Page, token: string, effect: string, line: number | null, group: string) {
  const r = row(p, token);
  await expect(r).toHaveAttribute('data-effect', effect);
  await expect(r).toHaveAttribute('data-line', line === null ? '' : String(line));
  await expect(r).toHaveAttribute('data-group', group);
}

/** The section is closed until opened: its first-screen line opens it. */
async function openOthers(popup: Page) {
  await popup.getByTestId('summary-others').getByRole('link').click();
  await expect(popup.getByTestId('others-table')).toBeVisible();
}

// The popup remembers opened sections: forget this one, so later tests see the popup as a user first does.
test.afterEach(async ({ serviceWorker }) => {
  await serviceWorker.evaluate(async () => {
    const key = 'settings.popup.folds';
    const folds = ((await chrome.storage.local.get(key))[key] ?? {}) as Record<string, boolean>;
    delete folds.others;
    await chrome.storage.local.set({ [key]: folds });
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
  test('/g-only/: GPTBot blocked by line 3, Applebot through Googlebot\'s group (line 9), CCBot allowed, ChatGPT-User "may not apply" — on screen, on the first screen, in JSON and Markdown', async ({
    page,
    openPopup,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const url = `${site.origin}/g-only/page.html`;
    await page.goto(url);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expect(popup.getByTestId('others-fetched-as')).toHaveText(say('crawlers.fetchedAsGooglebot'));
    await expect(popup.getByTestId('others-row')).toHaveCount(16);
    await expectRow(popup, 'GPTBot', 'blocked', L.gptbotAll, 'own');
    await expectRow(popup, 'Applebot', 'blocked', L.googlebotGOnly, 'fallback');
    await expect(row(popup, 'Applebot').getByTestId('others-group-used')).toHaveText(say('robots.group.fallback', ['Googlebot']));
    await expect(row(popup, 'Applebot').getByTestId('others-reason')).toHaveText(say('robots.reason.disallowedByRule', [L.googlebotGOnly, '/g-only', 'Googlebot']));
    await expectRow(popup, 'CCBot', 'allowed', null, 'own');
    await expect(row(popup, 'CCBot').getByTestId('others-reason')).toHaveText(say('robots.reason.noMatchingRule', ['CCBot']));
    await expectRow(popup, 'ChatGPT-User', 'may-not-apply', null, 'none');
    await expect(row(popup, 'ChatGPT-User').getByTestId('others-verdict')).toHaveText(say('crawlers.mayNotApply'));
    await expect(row(popup, 'ChatGPT-User').getByTestId('others-note')).toHaveText(say('crawlers.mayNotApplyNote', ['OpenAI']));
    await expectRow(popup, 'bingbot', 'allowed', null, 'none');
    // Grouped by purpose, in a fixed order; the operator's page is linked.
    await expect(popup.getByTestId('others-group')).toHaveCount(6);
    expect(await popup.getByTestId('others-group').evaluateAll((g) => g.map((e) => e.getAttribute('data-purpose')))).toEqual([
      'training', 'control-token', 'ai-search', 'search', 'user-triggered', 'not documented',
    ]);
    await expect(row(popup, 'GPTBot').getByTestId('others-docs')).toHaveAttribute('href', 'https://developers.openai.com/api/docs/bots');
    await expect(row(popup, 'Bytespider').getByTestId('others-note')).toHaveText(say('crawlers.notDocumentedNote', ['ByteDance', 'Bytespider']));

    // The first screen: GPTBot of 6 training crawlers and tokens; Applebot of 2 search crawlers.
    await expect(popup.getByTestId('summary-others-text')).toHaveText(
      [
        say('summary.othersSomeBlocked', [say('crawlers.counted.training'), 1, 6]),
        say('summary.othersAllAllowed', [say('crawlers.counted.aiSearch')]),
        say('summary.othersSomeBlocked', [say('crawlers.counted.search'), 1, 2]),
      ].join('; '),
    );

    // JSON: the same verdicts, with their lines, valid against the schema.
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    const other = (t: string) => json.robots.others.find((o: { token: string }) => o.token === t);
    expect(other('GPTBot')).toMatchObject({ verdict: 'blocked', allowed: false, group: 'own', line: L.gptbotAll, rule: 'Disallow: /', purpose: 'training' });
    expect(other('Applebot')).toMatchObject({ verdict: 'blocked', group: 'fallback', groupToken: 'Googlebot', line: L.googlebotGOnly, rule: 'Disallow: /g-only', honoursRobots: 'follows-with-fallback' });
    expect(other('CCBot')).toMatchObject({ verdict: 'allowed', line: null });
    expect(other('ChatGPT-User')).toMatchObject({ verdict: 'may-not-apply', honoursRobots: 'may-not-apply', purpose: 'user-triggered' });

    // Markdown: the same, in words.
    await popup.getByTestId('copy-markdown').click();
    const md = await popup.evaluate(() => navigator.clipboard.readText());
    expect(md).toContain(`### ${say('crawlers.heading')}`);
    expect(md).toContain(`- \`GPTBot\` — OpenAI, ${say('crawlers.purpose.training')}: ${say('report.md.disallowed')} (${say('report.md.line', [L.gptbotAll])} \`Disallow: /\`)`);
    expect(md).toContain(
      `- \`Applebot\` — Apple, ${say('crawlers.purpose.search')}: ${say('report.md.disallowed')} (${say('report.md.line', [L.googlebotGOnly])} \`Disallow: /g-only\`, ${say('crawlers.throughGroup', ['Googlebot'])})`,
    );
    expect(md).toContain(`- \`ChatGPT-User\` — OpenAI, ${say('crawlers.purpose.userTriggered')}: ${say('crawlers.mayNotApply')}`);
  });

  test('the command line says what the popup says: --crawlers and --json, from the same robots.txt', async ({ page, openPopup }) => {
    const url = `${site.origin}/g-only/page.html`;
    await page.goto(url);
    const popup = await openPopup(page);
    await openOthers(popup);
    const shown = await popup.getByTestId('others-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-token'), r.getAttribute('data-effect'), r.getAttribute('data-line')]));
    const [report] = jsonLines((await runCli(['--json', '--crawlers', url])).out);
    const byToken = new Map(report!.robots!.others!.map((o) => [o.token, [o.token, o.verdict, o.line === null ? '' : String(o.line)]]));
    expect(shown.map((r) => byToken.get(r[0]!))).toEqual(shown);
    const table = await runCli(['--crawlers', url]);
    expect(table.out.split('\n')[1]).toBe(
      `${url}  ${say('sitecheck.cli.crawlersBlocked', [`${say('sitecheck.cli.crawlerLine', ['GPTBot', L.gptbotAll])}, ${say('sitecheck.cli.crawlerVia', ['Applebot', L.googlebotGOnly, 'Googlebot'])}`])}`,
    );
  });

  test('/private/: CCBot blocked by line 6 only there; Applebot allowed (Googlebot\'s group has no rule for it)', async ({ page, openPopup }) => {
    await page.goto(`${site.origin}/private/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expectRow(popup, 'CCBot', 'blocked', L.ccbotPrivate, 'own');
    await expectRow(popup, 'GPTBot', 'blocked', L.gptbotAll, 'own');
    await expectRow(popup, 'Applebot', 'allowed', null, 'fallback');
    await expect(popup.getByTestId('summary-others-text')).toHaveText(
      [
        say('summary.othersSomeBlocked', [say('crawlers.counted.training'), 2, 6]),
        say('summary.othersAllAllowed', [say('crawlers.counted.aiSearch')]),
        say('summary.othersAllAllowed', [say('crawlers.counted.search')]),
      ].join('; '),
    );
  });

  test('sandbox: the other crawlers live as the file is edited; a line button opens it there', async ({ page, openPopup, context }) => {
    await page.goto(`${site.origin}/g-only/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    const opening = context.waitForEvent('page');
    await row(popup, 'Applebot').getByTestId('others-line').click();
    const sandbox = await opening;
    await sandbox.waitForLoadState();
    expect(new URL(sandbox.url()).searchParams.get('line')).toBe(String(L.googlebotGOnly));
    await expect(sandbox.getByTestId('sandbox-highlight')).toHaveAttribute('data-line', String(L.googlebotGOnly));
    const other = (t: string) => sandbox.locator(`[data-testid=sandbox-other-row][data-token="${t}"]`);
    await expect(sandbox.getByTestId('sandbox-other-row')).toHaveCount(16);
    await expect(other('Applebot')).toHaveAttribute('data-effect', 'blocked');
    await expect(other('Applebot')).toHaveAttribute('data-group', 'fallback');
    await expect(other('GPTBot')).toHaveAttribute('data-line', String(L.gptbotAll));

    // A group for Applebot: its own group decides now, not Googlebot's.
    const editor = sandbox.getByTestId('sandbox-editor');
    const text = await editor.inputValue();
    await editor.fill(`${text}User-agent: Applebot\nAllow: /\n`);
    await expect(other('Applebot')).toHaveAttribute('data-effect', 'allowed');
    await expect(other('Applebot')).toHaveAttribute('data-group', 'own');
    await expect(other('Applebot')).toHaveAttribute('data-line', '11');
    // GPTBot's rule turned into an Allow: allowed, by the same line.
    await editor.fill((await editor.inputValue()).replace('User-agent: GPTBot\nDisallow: /', 'User-agent: GPTBot\nAllow: /'));
    await expect(other('GPTBot')).toHaveAttribute('data-effect', 'allowed');
    await expect(other('GPTBot')).toHaveAttribute('data-line', String(L.gptbotAll));
    // Picking a row highlights its deciding line.
    await other('GPTBot').getByTestId('others-pick').click();
    await expect(sandbox.getByTestId('sandbox-highlight')).toHaveAttribute('data-line', String(L.gptbotAll));
    await sandbox.close();
  });
});

test.describe('the site check page as another crawler', () => {
  test('GPTBot: its User-Agent on robots.txt, nothing requested that its group disallows, each report says why with the line', async ({ page, extensionId }) => {
    const robotsRequests: string[] = [];
    const own = await startDemoSite({ robotsVariant: 'others', robotsRequests });
    try {
      await page.goto(`chrome-extension://${extensionId}/sitecheck.html?url=${encodeURIComponent(`${own.origin}/`)}`);
      await page.getByTestId('sitemap-input').fill(`${own.origin}/sitecheck/sitemap-pages.xml`);
      await page.getByTestId('agent').selectOption('GPTBot');
      await page.getByTestId('start').click();
      await expect(page.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      // The sitemap lists four pages; /blocked/sitecheck.html is outside its folder, and this
      // robots.txt has no Sitemap: line naming it, so it is not accepted from it (not requested).
      await expect(page.getByTestId('row')).toHaveCount(3);
      await expect(page.locator('[data-testid=row][data-verdict=at-risk]')).toHaveCount(3);
      await expect(page.getByTestId('not-accepted')).toHaveText(say('sitecheck.notAccepted', [1]));
      const [jsonl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-jsonl').click()]);
      const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
      for (const r of reports) {
        expect(reportSchemaErrors(r)).toEqual([]);
        expect(r.siteCheck).toMatchObject({ crawler: 'GPTBot', fetched: false, userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot' });
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
  test('lists fetched only on request (bad ones refused with why); IPs by list and by DNS; a log row per claimed crawler', async ({ page, demo, serviceWorker, extensionId }) => {
    await serviceWorker.evaluate(
      async ({ resolver, ranges }) => {
        await chrome.storage.local.remove(['verify.rangesDownloaded', 'verify.rangesLastAttempt', 'verify.crawlerListsDownloaded']);
        await chrome.storage.local.set({ 'settings.verify.testResolverUrl': resolver, 'settings.verify.testRangesBase': ranges });
      },
      { resolver: `${demo}/verify/dns-query`, ranges: `${demo}/verify/ipranges` },
    );
    await page.goto(`chrome-extension://${extensionId}/verify.html`);
    await expect(page.getByTestId('verify')).toHaveAttribute('data-ready', 'true');
    const list = (t: string) => page.locator(`[data-testid=crawler-list][data-token="${t}"]`);
    // Nothing fetched on opening.
    await expect(list('GPTBot')).toHaveAttribute('data-fetched', 'false');
    await expect(list('GPTBot').getByTestId('crawler-list-copy')).toHaveText(say('verify.others.notFetched'));
    expect(await serviceWorker.evaluate(() => chrome.storage.local.get('verify.crawlerListsDownloaded'))).toEqual({});

    const check = async (claimed: string, ips: string[]) => {
      await page.getByTestId('ip-claimed').selectOption(claimed);
      await page.getByTestId('ip-input').fill(ips.join('\n'));
      await page.getByTestId('ip-check').click();
      await expect(page.getByTestId('crawler-ip-result')).toHaveCount(ips.length);
    };
    const res = (ip: string) => page.locator(`[data-testid=crawler-ip-result][data-ip="${ip}"]`);
    await check('GPTBot', ['20.171.206.5']);
    await expect(res('20.171.206.5')).toHaveAttribute('data-verdict', 'unverified');
    await expect(res('20.171.206.5').getByTestId('ip-reason')).toHaveText(say('verify.crawlerReason.listNotFetched', ['OpenAI']));

    await page.getByTestId('crawler-lists-fetch').click();
    await expect(list('GPTBot')).toHaveAttribute('data-fetched', 'true');
    await expect(list('GPTBot').getByTestId('crawler-list-prefixes')).toHaveText('2');
    await expect(list('bingbot')).toHaveAttribute('data-fetched', 'false');
    await expect(page.locator('[data-testid=crawler-list-problems] li[data-token=bingbot]')).toHaveText(
      say('verify.others.problem', ['bingbot', say('verify.reason.refreshNoPrefixes', ['keys: ranges'])]),
    );
    await expect(page.locator('[data-testid=crawler-list-problems] li[data-token=Perplexity-User]')).toHaveAttribute('data-code', 'refreshHtml');

    await check('GPTBot', ['20.171.206.5', '45.83.64.10']);
    await expect(res('20.171.206.5')).toHaveAttribute('data-verdict', 'theirs');
    await expect(res('20.171.206.5').getByTestId('ip-headline')).toHaveText(say('verify.crawlerVerdict.theirs', ['GPTBot']));
    await expect(res('20.171.206.5').getByTestId('ip-reason')).toHaveText(say('verify.crawlerReason.inList', ['OpenAI', '20.171.206.0/24', 'https://openai.com/gptbot.json']));
    await expect(res('45.83.64.10')).toHaveAttribute('data-verdict', 'notTheirs');
    await expect(res('45.83.64.10').getByTestId('ip-reason')).toHaveText(say('verify.crawlerReason.notInList', ['OpenAI', 'https://openai.com/gptbot.json']));

    await check('Applebot', ['17.58.101.179', '45.83.64.10']);
    await expect(res('17.58.101.179')).toHaveAttribute('data-verdict', 'theirs');
    await expect(res('17.58.101.179').getByTestId('ip-reason')).toHaveText(say('verify.crawlerReason.dnsConfirmed', ['17-58-101-179.applebot.apple.com', 'applebot.apple.com']));
    await expect(res('45.83.64.10').getByTestId('ip-reason')).toHaveText(say('verify.crawlerReason.ptrNotTheirs', ['scraper.example.net', 'applebot.apple.com', 'Apple']));

    await page.getByTestId('log-file').setInputFiles({ name: 'crawlers.log', mimeType: 'text/plain', buffer: Buffer.from(crawlerLog()) });
    await expect(page.getByTestId('other-crawler-table')).toBeVisible({ timeout: 30_000 });
    const rows = page.locator('[data-testid=other-crawler-table] tbody tr');
    await expect(rows).toHaveCount(CRAWLER_LOG_ROWS.length);
    for (const [i, [token, requests, verified, notTheirs, unverified, method]] of CRAWLER_LOG_ROWS.entries()) {
      const r = rows.nth(i);
      await expect(r).toHaveAttribute('data-token', token);
      await expect(r.getByTestId('requests')).toHaveText(requests);
      await expect(r.getByTestId('verified')).toHaveText(verified);
      await expect(r.getByTestId('not-theirs')).toHaveText(notTheirs);
      await expect(r.getByTestId('unverified')).toHaveText(unverified);
      await expect(r.getByTestId('method')).toHaveText(say(`verify.log.method.${method}`));
    }
  });
});
