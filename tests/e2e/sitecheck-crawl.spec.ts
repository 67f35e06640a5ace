// "Crawl from this page" on the site check page (Chromium): the crawl of the demo's /crawlsite/
// finds every planted finding with its exact evidence, the findings tab lists them (every URL a
// link), the rows gain depth, first link and inlinks, the link graph exports as CSV and the JSON
// Lines end with the {"site": …} line; a cancelled crawl keeps what it found, marked partial; and
// "Compare with an earlier run" names a regression planted between two runs.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { say } from '../support/say';
import { reportSchemaErrors, siteLineErrors } from '../support/reportSchema';
import { CRAWL_FINDINGS, CRAWL_URLS, flipRegression, plantedItems } from '../support/crawlDemo';
import { HOSTILE_ANCHOR, hangRequested } from '../fixtures/demo-site/routes/sitecrawl.mjs';
import { FLIP_HOME, MANY_HUB, MANY_LINKS, MANY_PAGES, flipHomeHtml } from '../fixtures/demo-site/routes/crawlui.mjs';

/** The site check page opened from the popup of `url`, as a user opens it. */
async function openSiteCheck(page: Page, url: string, openPopup: (p: Page) => Promise<Page>) {
  await page.goto(url);
  const popup = await openPopup(page);
  const [sc] = await Promise.all([page.context().waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  await sc.getByTestId('crawl-start').waitFor();
  return sc;
}

const readJsonl = async (sc: Page) => {
  const [file] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  return { path: (await file.path())!, lines: text.trimEnd().split('\n').map((l) => JSON.parse(l)) };
};

test.describe('Crawl from this page', () => {
  test('the crawl of /crawlsite/ finds every planted finding with its evidence; rows gain depth, first link and inlinks; link CSV and JSON Lines with the site line', async ({ page, demo, openPopup }) => {
    const home = `${demo}/crawlsite/`;
    const sc = await openSiteCheck(page, home, openPopup);
    // The crawl starts from the tab's page.
    await expect(sc.getByTestId('crawl-from')).toHaveValue(home);
    await expect(sc.getByTestId('max-depth')).toHaveValue('10');
    await sc.getByTestId('sitemap-input').fill(`${demo}/crawlsite/sitemap.xml`);
    await sc.getByTestId('crawl-start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(sc.getByTestId('row')).toHaveCount(CRAWL_URLS);

    // The JSON Lines: one report per URL with its place in the link graph, then the site line.
    const { lines } = await readJsonl(sc);
    expect(lines).toHaveLength(CRAWL_URLS + 1);
    const reports = lines.slice(0, -1);
    const siteLine = lines.at(-1);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    expect(siteLineErrors(siteLine)).toEqual([]);
    expect(siteLine.site).toMatchObject({ start: [home], partial: false, ended: 'done', sitemapsRead: true, rendered: false, maxDepth: 10 });
    expect(siteLine.site.findings.map((f: { code: string; severity: string; count: number }) => [f.code, f.severity, f.count])).toEqual(CRAWL_FINDINGS);
    const by = new Map(reports.map((r) => [r.siteCheck.requestedUrl as string, r]));
    const a = by.get(`${demo}/crawlsite/a.html`);
    expect(a.siteCheck).toMatchObject({ depth: 1, discoveredFrom: { url: home, anchorText: 'About the twins', afterRendering: false }, inlinks: 1 });
    expect(by.get(`${demo}/crawlsite/orphan.html`).siteCheck).toMatchObject({ depth: null, discoveredFrom: null, inlinks: 0 });

    // The findings tab: every finding in order, with its severity and count, the planted ones with their exact evidence.
    await sc.getByTestId('tab-findings').click();
    await expect(sc.getByTestId('tab-findings')).toHaveText(say('sitecheck.crawl.tabFindings', [String(CRAWL_FINDINGS.length)]));
    await expect(sc.getByTestId('findings')).toHaveAttribute('data-partial', 'false');
    const l = siteLine.site.links;
    await expect(sc.getByTestId('crawl-summary')).toHaveText(say('crawl.summary', [CRAWL_URLS, l.pages, l.links, l.followed]));
    expect([l.nofollow, l.pastCut, l.bad, l.depthLimited]).toEqual([2, 1, 3, 1]);
    const shown = await sc.getByTestId('finding').evaluateAll((els) => els.map((e) => [e.getAttribute('data-code'), e.getAttribute('data-severity'), Number(e.getAttribute('data-count'))]));
    expect(shown).toEqual(CRAWL_FINDINGS);
    for (const [code, severity, n] of CRAWL_FINDINGS) {
      const f = sc.locator(`[data-testid="finding"][data-code="${code}"]`);
      await expect(f.getByTestId('finding-severity')).toHaveText(say(`compare.severity${severity[0]!.toUpperCase()}${severity.slice(1)}`));
      await expect(f.getByTestId('finding-title')).toHaveText(code === 'depthLimit' ? say('crawl.finding.depthLimit.title', [n, 10]) : say(`crawl.finding.${code}.title`, [n]));
      await expect(f.getByTestId('finding-item')).toHaveCount(n);
    }
    const headers = { home: by.get(home).bytes.headerBytes, big: by.get(`${demo}/crawlsite/big.html`).bytes.headerBytes };
    const noindexReason = by.get(`${demo}/crawlsite/noindex.html`).reasons.find((x: { code: string }) => x.code === 'noindex').message;
    for (const [code, items] of Object.entries(plantedItems(demo, headers, noindexReason))) {
      await expect(sc.locator(`[data-testid="finding"][data-code="${code}"]`).getByTestId('finding-item'), code).toHaveText(items);
    }
    // Every URL of the evidence is a link (text, never the page's HTML): the broken link's two pages.
    const broken = sc.locator('[data-testid="finding"][data-code="linkBroken"] a');
    expect(await broken.evaluateAll((as) => as.map((x) => [x.getAttribute('href'), x.textContent]))).toEqual([
      [home, home],
      [`${demo}/crawlsite/missing.html`, `${demo}/crawlsite/missing.html`],
    ]);
    // The hostile anchor text stays text: the page has no element the anchor text would make.
    await expect(sc.locator('[data-testid="findings"] a[href="http://evil.example"]')).toHaveCount(0);

    // The link graph as CSV: one line per link, the anchor text as data.
    const [csvFile] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-links').click()]);
    expect(csvFile.suggestedFilename()).toMatch(/^crawlscope-links-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('source,target,anchor_text,nofollow,past_cut,after_rendering');
    expect(csv).toHaveLength(1 + l.links + 1);
    expect(csv).toContain(`${home},${demo}/crawlsite/b.html,"'${HOSTILE_ANCHOR.replace(/\s+/g, ' ').replace(/"/g, '""')}",false,false,false`);
    expect(csv).toContain(`${home},${demo}/crawlsite/rel-nofollow.html,A rel=nofollow link,true,false,false`);
    expect(csv).toContain(`${demo}/crawlsite/nofollow.html,${demo}/crawlsite/behind-nofollow.html,Behind a nofollow page,true,false,false`);
    expect(csv).toContain(`${demo}/crawlsite/big.html,${demo}/crawlsite/past-cut.html,Only past the cut,false,true,false`);

    // The URLs tab: each row with its depth, the page that first links to it (and the link's text), its inlinks.
    await sc.getByTestId('tab-urls').click();
    const row = sc.locator(`[data-testid="row"][data-url="${demo}/crawlsite/a.html"]`);
    await expect(row.locator('[data-col="depth"]')).toHaveText('1');
    await expect(row.locator('[data-col="discovered-from"]')).toHaveText(home + say('sitecheck.crawl.viaLink', ['About the twins']));
    await expect(row.locator('[data-col="discovered-from"] a')).toHaveAttribute('href', home);
    await expect(row.locator('[data-col="inlinks"]')).toHaveText('1');
    const deepest = sc.locator(`[data-testid="row"][data-url="${demo}/crawlsite/calendar?month=2026-10"]`);
    await expect(deepest.locator('[data-col="depth"]')).toHaveText('10');
    await expect(sc.locator(`[data-testid="row"][data-url="${demo}/crawlsite/orphan.html"] [data-col="inlinks"]`)).toHaveText('0');
  });

  test('with a render: the link only JavaScript adds is followed, marked only after rendering', async ({ page, demo, openPopup }) => {
    const js = `${demo}/crawlsite/js.html`;
    const only = `${demo}/crawlsite/js-only.html`;
    const sc = await openSiteCheck(page, js, openPopup);
    await sc.getByTestId('read-sitemaps').uncheck();
    await sc.getByTestId('max-depth').fill('1');
    await sc.getByTestId('render').check();
    await sc.getByTestId('crawl-start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(sc.getByTestId('row')).toHaveCount(2);
    const { lines } = await readJsonl(sc);
    const site = lines.at(-1).site;
    expect(site).toMatchObject({ rendered: true, partial: false });
    expect(site.links).toMatchObject({ links: 1, afterRendering: 1, followed: 1 });
    // Each report carries Googlebot's render.
    for (const r of lines.slice(0, -1)) expect(r.render?.finalUrl, r.siteCheck.requestedUrl).toBe(r.siteCheck.requestedUrl);
    expect(lines.find((r) => r.siteCheck?.requestedUrl === only).siteCheck).toMatchObject({ depth: 1, discoveredFrom: { url: js, anchorText: '', offset: null, afterRendering: true }, inlinks: 1 });
    const row = sc.locator(`[data-testid="row"][data-url="${only}"]`);
    await expect(row.locator('[data-col="discovered-from"]')).toHaveText(js + say('crawl.afterRendering'));
    await sc.getByTestId('tab-findings').click();
    await expect(sc.getByTestId('crawl-not-followed')).toHaveText(say('crawl.notFollowed', [0, 0, 0, 0, 0]) + ' · ' + say('crawl.afterRenderingCount', [1]));
    await expect(sc.locator('[data-testid="finding"][data-code="onlyRendered"] [data-testid="finding-item"]')).toHaveText([say('crawl.finding.onlyRendered.item', [only, js])]);
    const [csvFile] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-links').click()]);
    expect(fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n')).toEqual(['source,target,anchor_text,nofollow,past_cut,after_rendering', `${js},${only},,false,false,true`, '']);
  });

  test('past 65,536 links the link graph goes to IndexedDB, and comes back whole for the findings and the CSV; the next run removes it', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, `${demo}${MANY_HUB}`, openPopup);
    const spilled = () =>
      sc.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('crawlscope-linkgraph');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('edges')) return db.close(), resolve(0);
              const req = db.transaction('edges').objectStore('edges').count();
              req.onsuccess = () => (db.close(), resolve(req.result));
              req.onerror = () => (db.close(), reject(req.error));
            };
          }),
      );
    await sc.getByTestId('read-sitemaps').uncheck();
    await sc.getByTestId('max-depth').fill('1');
    await sc.getByTestId('crawl-start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(sc.getByTestId('row')).toHaveCount(1 + MANY_PAGES);
    const links = MANY_PAGES + MANY_PAGES * MANY_LINKS;
    // 90,009 links: blocks of 16,384, four kept in memory; the oldest went to IndexedDB.
    expect(await spilled()).toBe(Math.floor(links / 16_384) - 4);
    const { lines } = await readJsonl(sc);
    expect(lines.at(-1).site.links).toMatchObject({ links, depthLimited: MANY_PAGES * MANY_LINKS });
    const [csvFile] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('tab-findings').click().then(() => sc.getByTestId('export-links').click())]);
    const csv = fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n');
    expect(csv).toHaveLength(1 + links + 1);
    // In the order the pages were read: the spilled block first, read back from IndexedDB.
    expect(csv[1]).toMatch(new RegExp(`^${demo.replace(/[.]/g, '\\.')}/crawlui/hub\\.html,${demo.replace(/[.]/g, '\\.')}/crawlui/many\\.html\\?p=1,Page 1,false,false,false$`));
    expect(new Set(csv.slice(1, -1).map((l) => l.split(',')[1])).size).toBe(links);
    // The next run drops this run's blocks.
    await sc.getByTestId('max-depth').fill('0');
    await sc.getByTestId('crawl-start').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect(await spilled()).toBe(0);
  });

  test('Cancel in the middle of a crawl keeps what it found, marked partial', async ({ page, demo, openPopup }) => {
    const sc = await openSiteCheck(page, `${demo}/crawlsite/hang-start.html`, openPopup);
    await sc.getByTestId('read-sitemaps').uncheck();
    const hung = hangRequested();
    await sc.getByTestId('crawl-start').click();
    // The crawl waits for a page whose answer never ends: cancel it there.
    await hung;
    await sc.getByTestId('cancel').click();
    await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
    const { lines } = await readJsonl(sc);
    const site = lines.at(-1).site;
    expect(siteLineErrors(lines.at(-1))).toEqual([]);
    expect(site).toMatchObject({ partial: true, ended: 'cancelled', sitemapsRead: false });
    // Nothing already fetched is lost: every report the page shows is in the export.
    await expect(sc.getByTestId('row')).toHaveCount(lines.length - 1);
    expect(lines.map((r) => r.siteCheck?.requestedUrl)).toContain(`${demo}/crawlsite/a.html`);
    await sc.getByTestId('tab-findings').click();
    await expect(sc.getByTestId('findings')).toHaveAttribute('data-partial', 'true');
    await expect(sc.getByTestId('findings-partial')).toHaveText(say('crawl.partial', [site.links.pages]));
    await expect(sc.getByTestId('crawl-no-sitemap')).toHaveText(say('sitecheck.crawl.noSitemap'));
    // The twins were read before the crawl stopped: their shared title is among the findings so far.
    await expect(sc.locator('[data-testid="finding"][data-code="duplicateTitle"] [data-testid="finding-item"]').first()).toContainText(`${demo}/crawlsite/a.html`);
    await expect(sc.getByTestId('finding')).toHaveCount(site.findings.length);
  });

  test('Compare with an earlier run: a page that broke since is named, from a kept run and from a saved export; only the last 5 runs are kept', async ({ page, demo, openPopup }) => {
    const flip = `${demo}/crawlui/flip.html`;
    const setBroken = (on: boolean) => fetch(`${demo}/crawlui/flip-state?regressed=${on ? 1 : 0}`).then((r) => r.text());
    await setBroken(false);
    const sc = await openSiteCheck(page, `${demo}${FLIP_HOME}`, openPopup);
    // Runs kept by earlier tests of this browser go: this test counts its own.
    await sc.evaluate(() => new Promise((r) => { const q = indexedDB.deleteDatabase('crawlscope-runs'); q.onsuccess = q.onerror = q.onblocked = r; }));
    await sc.reload();
    await sc.getByTestId('read-sitemaps').uncheck();
    const crawl = async () => {
      await sc.getByTestId('crawl-start').click();
      await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    };
    await crawl();
    await expect(sc.getByTestId('row')).toHaveCount(3);
    const before = await readJsonl(sc);
    const homeUrl = `${demo}${FLIP_HOME}`;
    const html = flipHomeHtml();
    const flipLinkAt = before.lines.find((r) => r.siteCheck?.requestedUrl === homeUrl).bytes.headerBytes + Buffer.byteLength(html.slice(0, html.indexOf('<a href="/crawlui/flip.html"')));
    await sc.getByTestId('tab-compare').click();
    await expect(sc.getByTestId('saved-summary')).toHaveAttribute('data-runs', '1');
    await expect(sc.getByTestId('saved-none')).toHaveText(say('sitecheck.compare.noSaved'));

    await setBroken(true);
    await crawl();
    const after = await readJsonl(sc);
    await sc.getByTestId('tab-compare').click();
    await expect(sc.getByTestId('saved-run')).toHaveCount(1);
    await expect(sc.getByTestId('saved-run')).toHaveAttribute('data-urls', '3');
    await sc.getByTestId('saved-run-compare').click();
    const why = after.lines.find((r) => r.siteCheck?.requestedUrl === flip).reasons.filter((r: { severity: string }) => r.severity === 'block').map((r: { message: string }) => r.message);
    /** The comparison as the page shows it: the summary, the group of what got worse, each entry and its lines. */
    const shown = () =>
      sc.getByTestId('comparison').evaluate((el) => ({
        baseline: el.getAttribute('data-baseline') ?? '',
        summary: el.querySelector('[data-testid="changes-summary"]')?.textContent ?? '',
        groups: [...el.querySelectorAll('[data-testid="changes-group"]')].map((g) => g.getAttribute('data-direction')),
        heading: el.querySelector('[data-testid="changes-group"][data-direction="worse"] [data-testid="changes-heading"]')?.textContent ?? '',
        entries: [...el.querySelectorAll('[data-testid="change-entry"]')].map((e) => ({
          what: e.querySelector('[data-testid="change-what"]')?.textContent ?? '',
          lines: [...e.querySelectorAll('[data-testid="change-line"]')].map((l) => l.textContent ?? ''),
        })),
      }));
    const regression = async (baseline: string) => {
      await expect(sc.getByTestId('comparison')).toHaveAttribute('data-state', 'done');
      await expect(sc.getByTestId('changes')).toHaveAttribute('data-worse', '3');
      await expect(sc.getByTestId('changes')).toHaveAttribute('data-better', '0');
      const { baseline: named, ...rest } = await shown();
      expect(named).toBe(baseline);
      expect(rest).toEqual({ groups: ['worse'], ...flipRegression(demo, baseline, why, flipLinkAt) });
      // The URLs of the evidence are links.
      await expect(sc.locator(`[data-testid="change-entry"] a[href="${flip}"]`)).toHaveCount(2);
    };
    const when = (await sc.getByTestId('comparison').getAttribute('data-baseline'))!;
    expect(when).toMatch(new RegExp(`^${say('sitecheck.compare.savedName', ['\u0000']).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '.+')}$`));
    await regression(when);

    // The same from the saved export of the first run (a file picked).
    await sc.getByTestId('compare-file').setInputFiles(before.path);
    await regression(before.path.split('/').at(-1)!);

    // Four more runs: only the last 5 of the site are kept, and the page says how much they hold.
    await setBroken(false);
    for (let i = 0; i < 4; i++) await crawl();
    await sc.getByTestId('tab-compare').click();
    const summary = sc.getByTestId('saved-summary');
    await expect(summary).toHaveAttribute('data-runs', '5');
    await expect(sc.getByTestId('saved-run')).toHaveCount(4);
    const bytes = Number(await summary.getAttribute('data-bytes'));
    expect(bytes).toBeGreaterThan(0);
    const kept = await sc.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('crawlscope-runs');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('runs').objectStore('runs').count();
            req.onsuccess = () => (open.result.close(), resolve(req.result));
            req.onerror = () => reject(req.error);
          };
        }),
    );
    expect(kept).toBe(5);
    await sc.getByTestId('forget-runs').click();
    await expect(sc.getByTestId('saved-summary')).toHaveAttribute('data-runs', '0');
  });
});
