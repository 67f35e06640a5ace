// Who else may read this page, in Firefox: the same rows, lines, first-screen line, JSON and
// sandbox as tests/e2e/crawlers.spec.ts, on the demo's 'others' robots.txt (GPTBot Disallow: /,
// CCBot Disallow: /private, Googlebot Disallow: /g-only, no Applebot group).
import { test, expect } from './fixtures';
import { openedTab } from './firefox';
import { attr, click, downloadedJson, expectAttr, expectCount, expectText, fill, tid, value } from './dom';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { OTHERS_LINES as L } from '../fixtures/demo-site/routes/crawlers.mjs';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import type { Page } from 'puppeteer-core';

const row = (token: string) => `[data-testid="others-row"][data-token="${token}"]`;

async function expectRow(p: Page, token: string, effect: string, line: number | null, group: string) {
  await expectAttr(p, row(token), 'data-effect', effect);
  await expectAttr(p, row(token), 'data-line', line === null ? '' : String(line));
  await expectAttr(p, row(token), 'data-group', group);
}

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

  test('/private/: CCBot blocked by line 6', async ({ tab: page, openPopup }) => {
    await page.goto(`${site.origin}/private/page.html`);
    const popup = await openPopup(page);
    await expectRow(popup, 'CCBot', 'blocked', L.ccbotPrivate, 'own');
    await expectRow(popup, 'Applebot', 'allowed', null, 'fallback');
  });

  test('sandbox: opened at the deciding line; an Applebot group takes over from Googlebot\'s as it is typed', async ({ tab: page, openPopup, ff: browser, base }) => {
    await page.goto(`${site.origin}/g-only/page.html`);
    const popup = await openPopup(page);
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
