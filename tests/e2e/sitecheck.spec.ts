import fs from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import { scopeSitemapLines } from '../fixtures/demo-site/routes/sitecheck.mjs';
import { demoCsv, demoOverBytes, demoProgress, demoRows, demoSitemaps, readRows } from '../support/sitecheckDemo';

const sessionRules = (sw: Worker) => sw.evaluate(() => chrome.declarativeNetRequest.getSessionRules());

/** From the popup of the demo's indexable page, open "Check this site". */
async function openSiteCheck(page: Page, demo: string, openPopup: (p: Page) => Promise<Page>) {
  await page.goto(`${demo}/sitecheck/ok.html`);
  const popup = await openPopup(page);
  const [sc] = await Promise.all([page.context().waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  await sc.getByTestId('start').waitFor();
  return sc;
}

test.describe('Check this site', () => {
  test('the sitemap index from robots.txt, a gzip child: every URL as Googlebot, worst first, exact figures; CSV and JSON Lines', async ({ page, demo, openPopup, serviceWorker }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    await expect(sc.getByTestId('site')).toHaveText(say('sitecheck.site', [demo]));
    await expect(sc.getByTestId('limit')).toHaveText(say('sitecheck.limitNote', [2_097_152]));
    // Access is granted (Chrome grants it at install): nothing to ask.
    await expect(sc.getByTestId('access')).toHaveCount(0);
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('state')).toHaveText(say('sitecheck.state.done'));
    await expect(sc.getByTestId('progress')).toHaveText(demoProgress().progress);
    await expect(sc.getByTestId('counts')).toHaveText(demoProgress().counts);
    await expect(sc.getByTestId('sitemap')).toHaveText(demoSitemaps(demo));

    // Every row, worst first (not indexable, at risk, indexable), with every cell.
    await expect(sc.getByTestId('row')).toHaveCount(8);
    expect(await sc.evaluate(readRows)).toEqual(demoRows(demo));
    const over = `${demo}/sitecheck/over.html`;

    // CSV: worst first, the same figures, as data.
    const [csvFile] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-csv').click()]);
    expect(csvFile.suggestedFilename()).toMatch(/^crawlscope-sitecheck-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
    expect(fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n')).toEqual(demoCsv(demo));

    // JSON Lines: one report per URL, each valid against the schema, with the figures of the table.
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports).toHaveLength(8);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    const overReport = reports.find((r) => r.siteCheck.requestedUrl === over);
    expect(overReport.bytes).toEqual(demoOverBytes(demo));
    expect(overReport.siteCheck).toMatchObject({ agent: 'smartphone', fetched: true, bodyComplete: true, sitemap: `${demo}/sitecheck/sitemap-pages.xml`, sitemapLine: 5 });
    expect(overReport.siteCheck.userAgent).toContain('Googlebot/2.1');
    expect(reports.find((r) => r.siteCheck.requestedUrl === `${demo}/sitecheck/unavailable.html`).siteCheck.retries).toBe(1);

    // Nothing of the check outlives it: no User-Agent rule is left.
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('a given sitemap that is malformed: the error with its line, the URLs before it checked; Googlebot Desktop', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/sitemap-malformed.xml`);
    await sc.getByTestId('agent').selectOption('desktop');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('sitemap-problem')).toHaveText([say('sitecheck.problemAt', [6, say('sitecheck.problem.malformed', ['unexpected close tag.'])])]);
    await expect(sc.getByTestId('counts')).toHaveText(say('sitecheck.counts', [1, 0, 2, 0]));
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports.map((r) => r.siteCheck.agent)).toEqual(['desktop', 'desktop', 'desktop']);
    expect(reports[0].siteCheck.userAgent).not.toContain('Mobile');
  });

  test('sitemap scope and the time limit: URLs not accepted listed with their lines, duplicates counted; the run stops at its time limit and says so', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    const l = scopeSitemapLines(demo);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/scope/sitemap.xml`);
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('sitemap-problem')).toHaveText([
      say('sitecheck.problemAt', [6, say('sitecheck.problem.outsideFolder', [l.outside, `${demo}/sitecheck/scope/`, `${demo}/robots.txt`])]),
      say('sitecheck.problemAt', [7, say('sitecheck.problem.foreignHost', [l.foreign])]),
    ]);
    await expect(sc.getByTestId('not-accepted')).toHaveText(say('sitecheck.notAccepted', [2]));
    await expect(sc.getByTestId('duplicates')).toHaveText(say('sitecheck.duplicates', [1]));
    expect((await sc.getByTestId('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-url')))).sort()).toEqual([`${demo}/sitecheck/scope/caf%C3%A9.html`, l.page]);

    // A sitemap that never ends, 3 s for the whole run.
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/scope/drip.xml`);
    await sc.getByTestId('max-time').fill('0.05');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'timeLimit', { timeout: 30_000 });
    await expect(sc.getByTestId('state')).toHaveText(say('sitecheck.state.timeLimit'));
    const [, n, total] = /^Checked: (\d+) URLs? of (\d+)$/.exec((await sc.getByTestId('progress').textContent())!)!;
    const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    await expect(sc.getByTestId('ended')).toHaveText(new RegExp(`^${esc(say('sitecheck.ended.timeLimit', ['\u0001', Number(n), Number(total)])).replace('\u0001', '[^)]+')}$`));
  });

  test('pause stops new requests, resume goes on, cancel ends the run (10,000-URL sitemap)', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/bench/sitemap.xml`);
    await sc.getByTestId('start').click();
    // The sitemap is read as the checks go (1,000 URLs queued at most): the total grows with it.
    await expect(sc.getByTestId('progress')).toHaveText(/^Checked: [1-9][\d,]* URLs? of [\d,]+$/, { timeout: 20_000 });
    await expect(sc.getByTestId('eta')).toHaveText(/^ — about .+ left$/);
    await sc.getByTestId('pause').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'paused');
    // What was in flight finishes; then nothing moves.
    await sc.waitForTimeout(1500);
    const still = await sc.getByTestId('progress').textContent();
    await sc.waitForTimeout(1500);
    await expect(sc.getByTestId('progress')).toHaveText(still!);
    await sc.getByTestId('resume').click();
    await expect(sc.getByTestId('progress')).not.toHaveText(still!, { timeout: 10_000 });
    await sc.getByTestId('cancel').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'cancelled', { timeout: 15_000 });
    const done = Number(/^Checked: ([\d,]+) URL/.exec((await sc.getByTestId('progress').textContent())!)![1]!.replace(/,/g, ''));
    expect(done).toBeLessThan(10_000);
    await expect(sc.getByTestId('row')).toHaveCount(Math.min(done, 1000));
  });
});
