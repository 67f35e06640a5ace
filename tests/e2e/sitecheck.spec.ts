import fs from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { reportSchemaErrors } from '../support/reportSchema';
import { overTail } from '../fixtures/demo-site/routes/sitecheck.mjs';

const sessionRules = (sw: Worker) => sw.evaluate(() => chrome.declarativeNetRequest.getSessionRules());

/** From the popup of the demo's indexable page, open "Check this site". */
async function openSiteCheck(page: Page, demo: string, openPopup: (p: Page) => Promise<Page>) {
  await page.goto(`${demo}/sitecheck/ok.html`);
  const popup = await openPopup(page);
  const [sc] = await Promise.all([page.context().waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  await sc.getByTestId('start').waitFor();
  return sc;
}

const row = (sc: Page, url: string) => sc.locator(`[data-testid="row"][data-url="${url}"]`);
const cell = (sc: Page, url: string, col: string) => row(sc, url).locator(`[data-col="${col}"]`);

test.describe('Check this site', () => {
  test('the sitemap index from robots.txt, a gzip child: every URL as Googlebot, worst first, exact figures; CSV and JSON Lines', async ({ page, demo, openPopup, serviceWorker }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    await expect(sc.getByTestId('site')).toHaveText(`Site: ${demo}`);
    await expect(sc.getByTestId('limit')).toHaveText('Byte limit: 2,097,152 bytes (the options\' choice; PDFs 64 MB).');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('progress')).toHaveText('Checked: 8 URLs of 8');
    await expect(sc.getByTestId('counts')).toHaveText('Indexable: 2 · At risk: 1 · Not indexable: 5 · Over the byte limit: 1');

    await expect(sc.getByTestId('sitemap')).toHaveText([
      `${demo}/sitemap.xml — 2 entries, 290 bytes (sitemap index) — named on line 22 of ${demo}/robots.txt`,
      `${demo}/sitecheck/sitemap-pages.xml — 4 entries, 457 bytes — listed in ${demo}/sitemap.xml`,
      `${demo}/sitecheck/sitemap-more.xml.gz — 4 entries, 402 bytes (gzip) — listed in ${demo}/sitemap.xml`,
    ]);

    // Worst first: not indexable, at risk, indexable.
    const verdicts = await sc.getByTestId('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verdict')));
    expect(verdicts).toEqual(['not-indexable', 'not-indexable', 'not-indexable', 'not-indexable', 'not-indexable', 'at-risk', 'indexable', 'indexable']);

    const over = `${demo}/sitecheck/over.html`;
    await expect(cell(sc, over, 'verdict')).toHaveText('At risk');
    await expect(cell(sc, over, 'status')).toHaveText('200');
    await expect(cell(sc, over, 'bytes')).toHaveText('2,600,168 of 2,097,152 — over by 503,016');
    await expect(cell(sc, over, 'cut')).toHaveText('2,097,152');
    await expect(cell(sc, over, 'lost').locator('.cs-code')).toHaveText([`<link> ${over}`, '<h2> Below the cut']);
    await expect(cell(sc, over, 'canonical')).toHaveText('—');

    const blocked = `${demo}/blocked/sitecheck.html`;
    await expect(cell(sc, blocked, 'status')).toHaveText('not fetched');
    await expect(cell(sc, blocked, 'robots')).toHaveText('blocked — line 3: Disallow: /blocked/');
    await expect(cell(sc, blocked, 'bytes')).toHaveText('—');

    await expect(cell(sc, `${demo}/sitecheck/noindex-header.html`, 'noindex')).toHaveText('X-Robots-Tag: googlebot: noindex');
    await expect(cell(sc, `${demo}/sitecheck/noindex-meta.html?from=sitemap&v=1`, 'noindex')).toHaveText('<meta name="robots" content="noindex">');
    await expect(cell(sc, `${demo}/sitecheck/missing.html`, 'status')).toHaveText('404');
    await expect(cell(sc, `${demo}/sitecheck/unavailable.html`, 'status')).toHaveText('503');
    const ok = `${demo}/sitecheck/ok.html`;
    await expect(cell(sc, ok, 'verdict')).toHaveText('Indexable');
    await expect(cell(sc, ok, 'bytes')).toHaveText('477 of 2,097,152');
    await expect(cell(sc, ok, 'canonical')).toHaveText('this URL');
    await expect(cell(sc, ok, 'robots')).toHaveText('allowed');
    await expect(cell(sc, `${demo}/sitecheck/redirect.html`, 'status')).toHaveText(`2001 redirect → ${ok}`);

    // CSV: worst first, the same figures.
    const [csvFile] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-csv').click()]);
    expect(csvFile.suggestedFilename()).toMatch(/^crawlscope-sitecheck-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('url,final_url,verdict,why,status,redirects,error,bytes,limit,truncated,cut_offset,lost,googlebot_robots,robots_line,robots_rule,canonical,noindex,sitemap');
    expect(csv).toHaveLength(10);
    expect(csv).toContain(`${over},${over},at-risk,cutByLimit pastCut,200,0,,2600168,2097152,true,2097152,<link> ${over} | <h2> Below the cut,allowed,,,,,${demo}/sitecheck/sitemap-pages.xml`);
    expect(csv).toContain(`${blocked},${blocked},not-indexable,robotsBlocked,,0,,,,false,,,disallowed,3,Disallow: /blocked/,,,${demo}/sitecheck/sitemap-pages.xml`);

    // JSON Lines: one report per URL, each valid against the schema, with the figures of the table.
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports).toHaveLength(8);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    const overReport = reports.find((r) => r.siteCheck.requestedUrl === over);
    expect(overReport.bytes).toEqual({
      headerBytes: 168,
      bodyBytes: 2_600_000,
      limit: 2_097_152,
      truncated: true,
      cutOffset: 2_097_152,
      lost: [
        { item: '<h2> Below the cut', offset: 168 + 2_600_000 - overTail(demo).length },
        { item: `<link> ${over}`, offset: 168 + 2_600_000 - overTail(demo).length + overTail(demo).indexOf('<link') },
      ],
    });
    expect(overReport.siteCheck).toMatchObject({ agent: 'smartphone', fetched: true, bodyComplete: true, sitemap: `${demo}/sitecheck/sitemap-pages.xml`, sitemapLine: 5 });
    expect(overReport.siteCheck.userAgent).toContain('Googlebot/2.1');
    expect(reports.find((r) => r.siteCheck.requestedUrl === `${demo}/sitecheck/unavailable.html`).siteCheck.retries).toBe(1);

    // Nothing of the check outlives it: no User-Agent rule is left.
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('a given sitemap that is malformed: the error with its line, the URLs before it checked; Googlebot Desktop', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/broken/malformed.xml`);
    await sc.getByTestId('agent').selectOption('desktop');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('sitemap-problem')).toHaveText(['line 6: Malformed XML (unexpected close tag.): Google stops reading the file here; the URLs before it are checked.']);
    await expect(sc.getByTestId('counts')).toHaveText('Indexable: 1 · At risk: 0 · Not indexable: 2 · Over the byte limit: 0');
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports.map((r) => r.siteCheck.agent)).toEqual(['desktop', 'desktop', 'desktop']);
    expect(reports[0].siteCheck.userAgent).not.toContain('Mobile');
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
