// The AI era in Firefox: the same preferences, live fetch, llms.txt, sandbox and site check sample
// as tests/e2e/ai.spec.ts, with the same figures, on the demo's 'ai' robots.txt.
import { test, expect } from './fixtures';
import { download, openedTab } from './firefox';
import { attr, click, downloadedJson, expectAttr, expectContains, expectCount, expectTexts, fill, tid, value } from './dom';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { AI_LINES as L, AI_PAGE_USAGE } from '../fixtures/demo-site/routes/ai.mjs';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import type { Page } from 'puppeteer-core';

const CHALLENGE_MARKERS = 'Cloudflare: cf-mitigated, <title>just a moment...</title>';

async function openOthers(popup: Page) {
  await click(popup, `${tid('summary-others')} a`);
  await popup.waitForSelector(tid('others-table'), { visible: true });
}

/** Each purpose: [purpose, value, conflict, the kinds and lines of its statements]. */
function purposes(p: Page, scope: string) {
  return p.$$eval(`[data-testid="${scope}"] [data-testid="aipref-row"]`, (rows) =>
    rows.map((r) => [
      r.getAttribute('data-purpose'),
      r.getAttribute('data-value'),
      r.getAttribute('data-conflict'),
      [...r.querySelectorAll('[data-testid=aipref-statement]')].map((s) => `${s.getAttribute('data-kind')}@${s.getAttribute('data-line')}`),
    ]),
  );
}

const FULL = [
  ['search', 'y', 'false', [`content-signal@${L.contentSignal}`, 'header@']],
  ['ai-input', 'y', 'false', [`content-signal@${L.contentSignal}`]],
  ['ai-train', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`, 'header@']],
  ['train-genai', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`, 'header@']],
];

test.afterEach(async ({ ext }) => {
  await ext(async (b) => {
    const key = 'settings.popup.folds';
    const folds = ((await b.storage.local.get(key))[key] ?? {}) as Record<string, boolean>;
    delete folds.others;
    await b.storage.local.set({ [key]: folds });
  });
});

let good: DemoSite;
let bad: DemoSite;
let none: DemoSite;
test.beforeAll(async () => {
  [good, bad, none] = await Promise.all([
    startDemoSite({ robotsVariant: 'ai', llmsVariant: 'good' }),
    startDemoSite({ robotsVariant: 'ai', llmsVariant: 'bad' }),
    startDemoSite({ robotsVariant: 'ai' }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([good, bad, none].map((s) => s.close()));
});

test.describe('who else may read this page, in the AI era', () => {
  test('/ai/page.html: preferences with their lines and the header; fetch as each crawler (GPTBot a 403 challenge page); llms.txt and its links; the JSON', async ({ tab: page, openPopup }) => {
    test.setTimeout(90_000);
    await page.goto(`${good.origin}/ai/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);

    await expect.poll(() => purposes(popup, 'aipref')).toEqual(FULL);
    await expectContains(popup, `${tid('aipref')} [data-testid=aipref-statement][data-kind=header]`, `Content-Usage: ${AI_PAGE_USAGE}`);
    await expectCount(popup, tid('aipref-finding'), 1);
    await expectAttr(popup, tid('aipref-finding'), 'data-code', 'trainNoCrawlersAllowed');
    await expectAttr(popup, tid('aipref-finding'), 'data-line', String(L.usageAll));
    expect(await popup.$$eval(tid('aipref-diagnostic'), (d) => d.map((e) => [e.getAttribute('data-code'), e.getAttribute('data-line')]))).toEqual([
      ['badValue', String(L.badSignal)],
      ['usageYesNo', String(L.badUsage)],
    ]);

    await expectAttr(popup, tid('llms'), 'data-outcome', 'found');
    await expectAttr(popup, tid('llms'), 'data-well-formed', 'true');
    await expectAttr(popup, tid('llms-summary'), 'data-bytes', '333');
    await expectContains(popup, tid('llms-summary'), say('llms.summary.wellFormed', [say('llms.size', [333]), say('llms.counts', [2, 3])]));
    await click(popup, tid('llms-check-links'));
    await expectCount(popup, tid('llms-link'), 3);
    expect(await popup.$$eval(tid('llms-link'), (l) => l.map((e) => [e.getAttribute('data-line'), e.getAttribute('data-status')]))).toEqual([
      ['9', '200'],
      ['10', '404'],
      ['14', '200'],
    ]);

    expect(await popup.$$eval(tid('live-row'), (r) => r.length)).toBe(0);
    await click(popup, tid('live-fetch'));
    await expectCount(popup, tid('live-row'), 17, { timeout: 30_000 });
    await expectTexts(popup, tid('live-requests'), [say('livefetch.requests', [12, 4])]);
    const gpt = '[data-testid=live-row][data-token=GPTBot]';
    await expectAttr(popup, gpt, 'data-comparison', 'challenge');
    await expectAttr(popup, gpt, 'data-status', '403');
    await expectAttr(popup, gpt, 'data-bytes', '153');
    await expectContains(popup, `${gpt} ${tid('live-comparison')}`, say('livefetch.comparison.challengeBy', [CHALLENGE_MARKERS]));
    expect(await popup.$$eval(`${gpt} ${tid('live-marker')}`, (m) => m.map((e) => e.getAttribute('data-marker')))).toEqual(['cf-mitigated', 'cf-just-a-moment']);
    await expectAttr(popup, '[data-testid=live-row][data-token=Googlebot]', 'data-bytes', '302');
    await expectCount(popup, '[data-testid=live-row][data-comparison=same]', 10);
    await expectCount(popup, '[data-testid=live-row][data-comparison=not-fetched]', 5);
    await expectTexts(popup, tid('live-finding'), [
      say('livefetch.finding.allowedButRefused', ['GPTBot', 403, CHALLENGE_MARKERS]),
      say('livefetch.finding.disallowedButServed', ['CCBot', 200, L.ccbotAi]),
    ]);
    await expectTexts(popup, tid('live-caveat'), [say('livefetch.caveat')]);
    await expectCount(popup, tid('robots-fetcher'), 9);

    const json = (await downloadedJson(popup, tid('download-json'))) as Record<string, any>;
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.aiPreferences.header).toBe(AI_PAGE_USAGE);
    expect(json.liveFetch.results.find((r: { token: string }) => r.token === 'GPTBot')).toMatchObject({ status: 403, comparison: 'challenge', bytes: 153 });
    expect(json.liveFetch.findings.map((f: { code: string }) => f.code)).toEqual(['allowedButRefused', 'disallowedButServed']);
    expect(json.llmsTxt).toMatchObject({ outcome: 'found', bytes: 333, wellFormed: true, links: 3 });
  });

  test('/ai/open/: stated both ways, and no wins', async ({ tab: page, openPopup }) => {
    await page.goto(`${good.origin}/ai/open/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expect.poll(async () => (await purposes(popup, 'aipref'))[2]).toEqual(['ai-train', 'n', 'true', [`content-usage@${L.usageOpen}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`]]);
    expect(await popup.$$eval(tid('aipref-finding'), (f) => f.map((e) => e.getAttribute('data-code')))).toEqual(['trainNoCrawlersAllowed', 'conflict', 'conflict']);
  });

  test('llms.txt: a bad one lists its problems with their lines; none is information', async ({ tab: page, openPopup }) => {
    await page.goto(`${bad.origin}/ai/open/page.html`);
    let popup = await openPopup(page);
    await openOthers(popup);
    await expectAttr(popup, tid('llms'), 'data-well-formed', 'false');
    await expectContains(popup, tid('llms-summary'), say('llms.summary.notWellFormed', [say('llms.size', [118]), say('llms.counts', [1, 1]), 5]));
    expect(await popup.$$eval(tid('llms-problem'), (p) => p.map((e) => `${e.getAttribute('data-code')}@${e.getAttribute('data-line')}`))).toEqual([
      'noH1First@1', 'h1NotFirst@2', 'headingBeforeSections@3', 'itemWithoutLink@5', 'badUrl@6',
    ]);
    await popup.close();

    await page.goto(`${none.origin}/ai/open/page.html`);
    popup = await openPopup(page);
    await openOthers(popup);
    await expectAttr(popup, tid('llms'), 'data-outcome', 'missing');
    await expectContains(popup, tid('llms-summary'), say('llms.summary.missing', [404]));
    expect(await popup.$$eval(tid('llms-check-links'), (b) => b.length)).toBe(0);
  });

  test('sandbox: a preference line opens it there; the preferences follow the file, Google\'s verdicts do not move', async ({ tab: page, openPopup, ff: browser, base }) => {
    await page.goto(`${good.origin}/ai/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await click(popup, `${tid('aipref')} [data-testid=aipref-row][data-purpose=ai-input] ${tid('aipref-line')}`);
    const sandbox = await openedTab(browser, `${base}/robots-sandbox.html`);
    try {
      await expectAttr(sandbox, tid('sandbox-highlight'), 'data-line', String(L.contentSignal));
      await expect.poll(() => purposes(sandbox, 'sandbox-aipref')).toEqual(FULL.map(([p, v, c, s]) => [p, v, c, (s as string[]).filter((x) => x !== 'header@')]));
      const googlebot = '[data-testid=sandbox-row][data-token=Googlebot]';
      await expectAttr(sandbox, googlebot, 'data-line', String(L.allowAll));
      await fill(sandbox, tid('sandbox-editor'), (await value(sandbox, tid('sandbox-editor'))).replace('Content-Usage: train-ai=n', 'Content-Usage: train-ai=y, search=n'));
      const search = `${tid('sandbox-aipref')} [data-testid=aipref-row][data-purpose=search]`;
      await expectAttr(sandbox, search, 'data-conflict', 'true');
      await expectAttr(sandbox, search, 'data-value', 'n');
      expect(await attr(sandbox, googlebot, 'data-allowed')).toBe('true');
      expect(await attr(sandbox, googlebot, 'data-line')).toBe(String(L.allowAll));
    } finally {
      await sandbox.close();
    }
  });
});

test.describe('the site check: a sample fetched as each crawler, and llms.txt', () => {
  test('the demo AI sitemap with a sample of 2: both URLs fetched as each crawler; llms.txt in the summary; JSON Lines carry liveFetch', async ({ openExt, downloads }) => {
    test.setTimeout(90_000);
    const sc = await openExt(`/sitecheck.html?url=${encodeURIComponent(`${good.origin}/`)}`);
    await sc.waitForSelector(tid('start'));
    await fill(sc, tid('sitemap-input'), `${good.origin}/ai/sitemap.xml`);
    await fill(sc, tid('live-sample'), '2');
    await click(sc, tid('start'));
    await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
    await expectCount(sc, tid('row'), 2);
    await expectAttr(sc, tid('llms-summary'), 'data-outcome', 'found');
    await expectContains(sc, tid('llms-summary'), say('llms.summary.wellFormed', [say('llms.size', [333]), say('llms.counts', [2, 3])]));
    await expectCount(sc, tid('live-url'), 2, { timeout: 30_000 });
    const live = (u: string) => `[data-testid=live-url][data-url="${good.origin}${u}"]`;
    await expectAttr(sc, `${live('/ai/page.html')} [data-testid=live-row][data-token=GPTBot]`, 'data-comparison', 'challenge');
    await expectAttr(sc, `${live('/ai/open/page.html')} [data-testid=live-row][data-token=GPTBot]`, 'data-comparison', 'same');
    await expectCount(sc, `${live('/ai/open/page.html')} [data-testid=live-row][data-comparison=same]`, 11);
    const jsonl = await download(downloads, () => click(sc, tid('export-jsonl')));
    const reports = jsonl.text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports).toHaveLength(2);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    expect(reports.filter((r) => r.liveFetch)).toHaveLength(2);
  });
});
