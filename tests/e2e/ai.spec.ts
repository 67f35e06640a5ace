// The AI era in the popup, the sandbox and the site check, on the demo's 'ai' robots.txt
// (Content-Signal line 3, Content-Usage lines 4 and 5, CCBot Disallow: /ai/ line 9, a policy-token
// group "train-ai" Disallow: /ai/ line 12, malformed values on lines 15 and 16), a page with a
// Content-Usage header that answers GPTBot alone with a 403 challenge page, and llms.txt good,
// bad and missing. Exact figures; tests/e2e-firefox/ai.spec.ts asserts the same in Firefox.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { AI_LINES as L, AI_PAGE_USAGE } from '../fixtures/demo-site/routes/ai.mjs';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';

const CHALLENGE_MARKERS = 'Cloudflare: cf-mitigated, <title>just a moment...</title>';

/** The section is closed until opened: its first-screen line opens it. */
async function openOthers(popup: Page) {
  await popup.getByTestId('summary-others').getByRole('link').click();
  await expect(popup.getByTestId('others-table')).toBeVisible();
}

/** Each purpose: [value, conflict, the lines of its statements ('' for the header)]. */
async function purposes(p: Page, scope: string) {
  return p.getByTestId(scope).getByTestId('aipref-row').evaluateAll((rows) =>
    rows.map((r) => [
      r.getAttribute('data-purpose'),
      r.getAttribute('data-value'),
      r.getAttribute('data-conflict'),
      [...r.querySelectorAll('[data-testid=aipref-statement]')].map((s) => `${s.getAttribute('data-kind')}@${s.getAttribute('data-line')}`),
    ]),
  );
}

test.afterEach(async ({ serviceWorker }) => {
  await serviceWorker.evaluate(async () => {
    const key = 'settings.popup.folds';
    const folds = ((await chrome.storage.local.get(key))[key] ?? {}) as Record<string, boolean>;
    delete folds.others;
    await chrome.storage.local.set({ [key]: folds });
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
  test('/ai/page.html: the usage preferences per purpose with their lines and the header; fetch as each crawler (GPTBot a 403 challenge page); llms.txt and its links; the JSON', async ({ page, openPopup }) => {
    test.setTimeout(90_000);
    const url = `${good.origin}/ai/page.html`;
    await page.goto(url);
    const popup = await openPopup(page);
    await openOthers(popup);

    // Preferences: what applies to this URL, each with its lines (and the page's header).
    await expect.poll(() => purposes(popup, 'aipref')).toEqual([
      ['search', 'y', 'false', [`content-signal@${L.contentSignal}`, 'header@']],
      ['ai-input', 'y', 'false', [`content-signal@${L.contentSignal}`]],
      ['ai-train', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`, 'header@']],
      ['train-genai', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`, 'header@']],
    ]);
    await expect(popup.getByTestId('aipref').locator('[data-testid=aipref-statement][data-kind=header]').first()).toContainText(`Content-Usage: ${AI_PAGE_USAGE}`);
    await expect(popup.getByTestId('aipref-finding')).toHaveCount(1);
    await expect(popup.getByTestId('aipref-finding')).toHaveAttribute('data-code', 'trainNoCrawlersAllowed');
    await expect(popup.getByTestId('aipref-finding')).toHaveAttribute('data-line', String(L.usageAll));
    await expect.poll(() => popup.getByTestId('aipref-diagnostic').evaluateAll((d) => d.map((e) => [e.getAttribute('data-code'), e.getAttribute('data-line')]))).toEqual([
      ['badValue', String(L.badSignal)],
      ['usageYesNo', String(L.badUsage)],
    ]);
    await expect(popup.getByTestId('aipref-policy-note')).toHaveText(say('aipref.policyNote'));

    // llms.txt, read when the section opened: 333 bytes, well formed, 2 sections, 3 links.
    await expect(popup.getByTestId('llms')).toHaveAttribute('data-outcome', 'found');
    await expect(popup.getByTestId('llms')).toHaveAttribute('data-well-formed', 'true');
    await expect(popup.getByTestId('llms-summary')).toHaveAttribute('data-bytes', '333');
    await expect(popup.getByTestId('llms-summary')).toContainText(say('llms.summary.wellFormed', [say('llms.size', [333]), say('llms.counts', [2, 3])]));
    await popup.getByTestId('llms-check-links').click();
    await expect(popup.getByTestId('llms-link')).toHaveCount(3);
    await expect.poll(() => popup.getByTestId('llms-link').evaluateAll((l) => l.map((e) => [e.getAttribute('data-line'), e.getAttribute('data-status')]))).toEqual([
      ['9', '200'],
      ['10', '404'],
      ['14', '200'],
    ]);

    // Fetch as each crawler: nothing is requested until the button is pressed.
    await expect(popup.getByTestId('live-row')).toHaveCount(0);
    await popup.getByTestId('live-fetch').click();
    await expect(popup.getByTestId('live-row')).toHaveCount(17, { timeout: 30_000 });
    await expect(popup.getByTestId('live-requests')).toHaveText(say('livefetch.requests', [12, 4]));
    const gpt = popup.locator('[data-testid=live-row][data-token=GPTBot]');
    await expect(gpt).toHaveAttribute('data-comparison', 'challenge');
    await expect(gpt).toHaveAttribute('data-status', '403');
    await expect(gpt).toHaveAttribute('data-bytes', '153');
    await expect(gpt.getByTestId('live-comparison')).toContainText(say('livefetch.comparison.challengeBy', [CHALLENGE_MARKERS]));
    expect(await gpt.getByTestId('live-marker').evaluateAll((m) => m.map((e) => [e.getAttribute('data-marker'), e.getAttribute('href')]))).toEqual([
      ['cf-mitigated', 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response'],
      ['cf-just-a-moment', 'https://docs.rs/parse-book-source/0.5.0/parse_book_source/fetch/fn.is_challenge.html'],
    ]);
    const ref = popup.locator('[data-testid=live-row][data-token=Googlebot]');
    await expect(ref).toHaveAttribute('data-comparison', 'reference');
    await expect(ref).toHaveAttribute('data-bytes', '302');
    await expect(popup.locator('[data-testid=live-row][data-comparison=same]')).toHaveCount(10);
    await expect(popup.locator('[data-testid=live-row][data-comparison=not-fetched]')).toHaveCount(5);
    await expect(popup.getByTestId('live-finding')).toHaveText([
      say('livefetch.finding.allowedButRefused', ['GPTBot', 403, CHALLENGE_MARKERS]),
      say('livefetch.finding.disallowedButServed', ['CCBot', 200, L.ccbotAi]),
    ]);
    await expect(popup.getByTestId('live-caveat')).toHaveText(say('livefetch.caveat'));

    // Google's user-triggered fetchers, listed in the robots.txt section with their sources.
    await expect(popup.getByTestId('robots-fetcher')).toHaveCount(9);

    // The JSON carries all three, valid against the schema.
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.aiPreferences.header).toBe(AI_PAGE_USAGE);
    expect(json.aiPreferences.purposes.map((p: { purpose: string; value: string }) => [p.purpose, p.value])).toEqual([
      ['search', 'y'], ['ai-input', 'y'], ['ai-train', 'n'], ['train-genai', 'n'],
    ]);
    expect(json.liveFetch.results.find((r: { token: string }) => r.token === 'GPTBot')).toMatchObject({ status: 403, comparison: 'challenge', bytes: 153 });
    expect(json.liveFetch.findings.map((f: { code: string }) => f.code)).toEqual(['allowedButRefused', 'disallowedButServed']);
    expect(json.llmsTxt).toMatchObject({ outcome: 'found', bytes: 333, wellFormed: true, links: 3 });
  });

  test('/ai/open/: Content-Usage train-ai=y (line 5) against lines 3 and 12 — stated both ways, and no wins', async ({ page, openPopup }) => {
    await page.goto(`${good.origin}/ai/open/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    await expect.poll(async () => (await purposes(popup, 'aipref'))[2]).toEqual(['ai-train', 'n', 'true', [`content-usage@${L.usageOpen}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`]]);
    await expect.poll(() => popup.getByTestId('aipref-finding').evaluateAll((f) => f.map((e) => e.getAttribute('data-code')))).toEqual(['trainNoCrawlersAllowed', 'conflict', 'conflict']);
  });

  test('llms.txt: a bad one lists its problems with their lines; none is information', async ({ page, openPopup }) => {
    await page.goto(`${bad.origin}/ai/open/page.html`);
    let popup = await openPopup(page);
    await openOthers(popup);
    await expect(popup.getByTestId('llms')).toHaveAttribute('data-well-formed', 'false');
    await expect(popup.getByTestId('llms-summary')).toContainText(say('llms.summary.notWellFormed', [say('llms.size', [118]), say('llms.counts', [1, 1]), 5]));
    expect(await popup.getByTestId('llms-problem').evaluateAll((p) => p.map((e) => `${e.getAttribute('data-code')}@${e.getAttribute('data-line')}`))).toEqual([
      'noH1First@1', 'h1NotFirst@2', 'headingBeforeSections@3', 'itemWithoutLink@5', 'badUrl@6',
    ]);
    await popup.close();

    await page.goto(`${none.origin}/ai/open/page.html`);
    popup = await openPopup(page);
    await openOthers(popup);
    await expect(popup.getByTestId('llms')).toHaveAttribute('data-outcome', 'missing');
    await expect(popup.getByTestId('llms-summary')).toContainText(say('llms.summary.missing', [404]));
    await expect(popup.getByTestId('llms-check-links')).toHaveCount(0);
  });

  test('sandbox: a preference line opens it there; the preferences follow the file as it is edited', async ({ page, openPopup, context }) => {
    await page.goto(`${good.origin}/ai/page.html`);
    const popup = await openPopup(page);
    await openOthers(popup);
    const opening = context.waitForEvent('page');
    await popup.getByTestId('aipref').locator(`[data-testid=aipref-row][data-purpose=ai-input] [data-testid=aipref-line]`).click();
    const sandbox = await opening;
    await sandbox.waitForLoadState();
    await expect(sandbox.getByTestId('sandbox-highlight')).toHaveAttribute('data-line', String(L.contentSignal));
    // The file alone (no page header here).
    await expect.poll(() => purposes(sandbox, 'sandbox-aipref')).toEqual([
      ['search', 'y', 'false', [`content-signal@${L.contentSignal}`]],
      ['ai-input', 'y', 'false', [`content-signal@${L.contentSignal}`]],
      ['ai-train', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`]],
      ['train-genai', 'n', 'false', [`content-usage@${L.usageAll}`, `content-signal@${L.contentSignal}`, `policy-group@${L.policyAi}`]],
    ]);
    // Google's verdicts do not move: Googlebot allowed by line 6 before and after the edit.
    const googlebot = sandbox.locator('[data-testid=sandbox-row][data-token=Googlebot]').first();
    await expect(googlebot).toHaveAttribute('data-line', String(L.allowAll));
    const editor = sandbox.getByTestId('sandbox-editor');
    await editor.fill((await editor.inputValue()).replace('Content-Usage: train-ai=n', 'Content-Usage: train-ai=y, search=n'));
    await expect(sandbox.locator('[data-testid=sandbox-aipref] [data-testid=aipref-row][data-purpose=search]')).toHaveAttribute('data-conflict', 'true');
    await expect(sandbox.locator('[data-testid=sandbox-aipref] [data-testid=aipref-row][data-purpose=search]')).toHaveAttribute('data-value', 'n');
    await expect(googlebot).toHaveAttribute('data-allowed', 'true');
    await expect(googlebot).toHaveAttribute('data-line', String(L.allowAll));
    await sandbox.close();
  });
});

test.describe('the site check: a sample fetched as each crawler, and llms.txt', () => {
  test('the demo AI sitemap with a sample of 2: both URLs fetched as each crawler, GPTBot refused on /ai/page.html; llms.txt in the summary; JSON Lines carry liveFetch', async ({ page, openPopup }) => {
    test.setTimeout(90_000);
    await page.goto(`${good.origin}/ai/page.html`);
    const popup = await openPopup(page);
    const [sc] = await Promise.all([page.context().waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
    await sc.getByTestId('start').waitFor();
    await sc.getByTestId('sitemap-input').fill(`${good.origin}/ai/sitemap.xml`);
    await sc.getByTestId('live-sample').fill('2');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('row')).toHaveCount(2);
    await expect(sc.getByTestId('llms-summary')).toHaveAttribute('data-outcome', 'found');
    await expect(sc.getByTestId('llms-summary')).toContainText(say('llms.summary.wellFormed', [say('llms.size', [333]), say('llms.counts', [2, 3])]));
    await expect(sc.getByTestId('live-url')).toHaveCount(2, { timeout: 30_000 });
    const live = (u: string) => sc.locator(`[data-testid=live-url][data-url="${good.origin}${u}"]`);
    await expect(live('/ai/page.html').locator('[data-testid=live-row][data-token=GPTBot]')).toHaveAttribute('data-comparison', 'challenge');
    await expect(live('/ai/open/page.html').locator('[data-testid=live-row][data-token=GPTBot]')).toHaveAttribute('data-comparison', 'same');
    await expect(live('/ai/open/page.html').locator('[data-testid=live-row][data-comparison=same]')).toHaveCount(11);
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports).toHaveLength(2);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    expect(reports.filter((r) => r.liveFetch)).toHaveLength(2);
    await sc.close();
  });
});
