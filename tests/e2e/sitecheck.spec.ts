import fs from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import { scopeSitemapLines } from '../fixtures/demo-site/routes/sitecheck.mjs';
import { demoCsv, demoOverBytes, demoProgress, demoRows, demoSitemaps, readRows } from '../support/sitecheckDemo';

const sessionRules = (sw: Worker) => sw.evaluate(() => chrome.declarativeNetRequest.getSessionRules());

/**
 * Reports per run in the site check's IndexedDB store, keyed [run id, sequence] (read once the page
 * has made the store). Other site check pages of the browser may hold runs too.
 */
const storedRuns = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('crawlscope-sitecheck');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const runs: Record<string, number> = {};
          if (!db.objectStoreNames.contains('reports')) return db.close(), resolve(runs);
          const req = db.transaction('reports').objectStore('reports').openKeyCursor();
          req.onerror = () => (db.close(), reject(req.error));
          req.onsuccess = () => {
            const c = req.result;
            if (!c) return db.close(), resolve(runs);
            const [run, seq] = c.key as [string, number];
            // Numbered from 0 without a gap.
            if (seq !== (runs[run] ?? 0)) return db.close(), reject(new Error(`${run}: report ${seq} after ${runs[run] ?? 0}`));
            runs[run] = seq + 1;
            c.continue();
          };
        };
      }),
  );
/** The runs of `after` that are not in `before`, with their report counts. */
const newRuns = (before: Record<string, number>, after: Record<string, number>) => Object.values(Object.fromEntries(Object.entries(after).filter(([k]) => !(k in before))));

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
    const before = await storedRuns(sc);
    await expect(sc.getByTestId('limit')).toHaveText(say('sitecheck.limitNote', [2_097_152]));
    // Access is granted (Chrome grants it at install): nothing to ask.
    await expect(sc.getByTestId('access')).toHaveCount(0);
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('state')).toHaveText(say('sitecheck.state.done'));
    // The bodies were read in workers: every core but the page's, at most the URLs at once (2).
    const cores = await sc.evaluate(() => navigator.hardwareConcurrency);
    await expect(sc.getByTestId('progress-section')).toHaveAttribute('data-analysis-threads', String(Math.max(0, Math.min(cores - 1, 2))));
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
    // The reports were in IndexedDB, not in the page: the export read back every one of them.
    expect(newRuns(before, await storedRuns(sc))).toEqual([8]);

    // Nothing of the check outlives it: no User-Agent rule is left.
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('a given sitemap that is malformed: the error with its line, the URLs before it checked; Googlebot Desktop', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, demo, openPopup);
    const before = await storedRuns(sc);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/sitemap-malformed.xml`);
    await sc.getByTestId('agent').selectOption('desktop');
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(sc.getByTestId('sitemap-problem')).toHaveText([say('sitecheck.problemAt', [6, say('sitecheck.problem.malformed', ['unexpected close tag.'])])]);
    await expect(sc.getByTestId('counts')).toHaveText(say('sitecheck.counts', [1, 0, 2, 0]));
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports.map((r) => r.siteCheck.agent)).toEqual(['desktop', 'desktop', 'desktop']);
    // The next run drops this run's reports when it starts; its own export holds only its own.
    expect(newRuns(before, await storedRuns(sc))).toEqual([3]);
    await sc.getByTestId('sitemap-input').fill(`${demo}/sitecheck/scope/sitemap.xml`);
    await sc.getByTestId('start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    const [again] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const second = fs.readFileSync((await again.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(second.map((r) => r.siteCheck.requestedUrl).sort()).toEqual((await sc.getByTestId('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-url')))).sort());
    expect(newRuns(before, await storedRuns(sc))).toEqual([second.length]);
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
    const before = await storedRuns(sc);
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

    // The exports hold exactly every report checked, read back from IndexedDB: as many as the
    // progress says, each URL once, the same URLs in the JSON Lines and in the CSV.
    const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
    const reports = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(reports).toHaveLength(done);
    const urls = reports.map((r) => r.siteCheck.requestedUrl as string).sort();
    expect(new Set(urls).size).toBe(done);
    for (const u of urls) expect(u).toMatch(new RegExp(`^${demo.replace(/[.]/g, '\\.')}/sitecheck/bench/`));
    const [csv] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-csv').click()]);
    const csvUrls = fs.readFileSync((await csv.path())!, 'utf8').trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[0]!).sort();
    expect(csvUrls).toEqual(urls);
    const runs = await storedRuns(sc);
    expect(newRuns(before, runs)).toEqual([done]);

    // Reloaded, the page no longer holds the run, nor does IndexedDB.
    const run = Object.keys(runs).find((k) => !(k in before))!;
    await sc.reload();
    await sc.getByTestId('start').waitFor();
    await expect.poll(async () => run in (await storedRuns(sc))).toBe(false);
  });
});
