// "Check this site" in Firefox: the demo's sitemap index from robots.txt, every URL as Googlebot,
// the same rows, figures and exports as in Chromium (tests/e2e/sitecheck.spec.ts).
import { test, expect } from './fixtures';
import { download, openedTab } from './firefox';
import { click, count, expectAttr, expectText, expectTexts, tid } from './dom';
import { reportSchemaErrors } from '../support/reportSchema';
import { say } from '../support/say';
import { demoCsv, demoOverBytes, demoProgress, demoRows, demoSitemaps, readRows } from '../support/sitecheckDemo';

/** Reports per run in the site check's IndexedDB store (other site check pages may hold runs too). */
const storedRuns = (sc: { evaluate: <T>(fn: () => Promise<T>) => Promise<T> }) =>
  sc.evaluate(
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
            const run = (c.key as [string, number])[0];
            runs[run] = (runs[run] ?? 0) + 1;
            c.continue();
          };
        };
      }),
  );

test.describe('Check this site', () => {
  test('the sitemap index from robots.txt, a gzip child: every row worst first with its figures; CSV and JSON Lines', async ({ demo, openPopup, tab: page, ext, downloads, ff: browser, base }) => {
    // From the popup of a page, as a user opens it.
    await page.goto(`${demo}/sitecheck/ok.html`);
    const popup = await openPopup(page);
    await click(popup, tid('sitecheck-open'));
    const sc = await openedTab(browser, `${base}/sitecheck.html?url=`);
    try {
      await expectText(sc, tid('site'), say('sitecheck.site', [demo]));
      await expectText(sc, tid('limit'), say('sitecheck.limitNote', [2_097_152]));
      // Access is held (a temporary add-on gets it at install): nothing to ask.
      expect(await count(sc, tid('access'))).toBe(0);
      const runsBefore = await storedRuns(sc);
      await click(sc, tid('start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
      await expectText(sc, tid('state'), say('sitecheck.state.done'));
      // The bodies were read in workers: every core but the page's, at most the URLs at once (2).
      const cores = await sc.evaluate(() => navigator.hardwareConcurrency);
      await expectAttr(sc, tid('progress-section'), 'data-analysis-threads', String(Math.max(0, Math.min(cores - 1, 2))));
      await expectText(sc, tid('progress'), demoProgress().progress);
      await expectText(sc, tid('counts'), demoProgress().counts);
      await expectTexts(sc, tid('sitemap'), demoSitemaps(demo));
      expect(await count(sc, tid('row'))).toBe(8);
      expect(await sc.evaluate(readRows)).toEqual(demoRows(demo));

      // CSV: the same rows, as data.
      const csv = await download(downloads, () => click(sc, tid('export-csv')));
      expect(csv.name).toMatch(/^crawlscope-sitecheck-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
      expect(csv.text.split('\r\n')).toEqual(demoCsv(demo));

      // JSON Lines: one report per URL, each valid against docs/report-schema.json.
      const jsonl = await download(downloads, () => click(sc, tid('export-jsonl')));
      expect(jsonl.name).toMatch(/^crawlscope-sitecheck-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.jsonl$/);
      expect(jsonl.text.endsWith('\n')).toBe(true);
      const reports = jsonl.text.trimEnd().split('\n').map((l) => JSON.parse(l));
      expect(reports).toHaveLength(8);
      for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
      const by = new Map(reports.map((r) => [r.siteCheck.requestedUrl as string, r]));
      expect([...by.keys()].sort()).toEqual(demoRows(demo).map((r) => r.url).sort());
      for (const row of demoRows(demo)) expect(by.get(row.url).verdict, row.url).toBe(row.verdict);
      const over = `${demo}/sitecheck/over.html`;
      expect(by.get(over).bytes).toEqual(demoOverBytes(demo));
      expect(by.get(over).siteCheck).toMatchObject({ agent: 'smartphone', fetched: true, bodyComplete: true, sitemap: `${demo}/sitecheck/sitemap-pages.xml`, sitemapLine: 5, retries: 0 });
      expect(by.get(over).siteCheck.userAgent).toMatch(/ Mobile Safari\/537\.36 \(compatible; Googlebot\/2\.1; \+http:\/\/www\.google\.com\/bot\.html\)$/);
      expect(by.get(`${demo}/blocked/sitecheck.html`).reasons[0].sources[0]).toEqual({ kind: 'robotsTxt', url: `${demo}/robots.txt`, line: 3, rule: 'Disallow: /blocked/', userAgent: 'googlebot' });
      expect(by.get(`${demo}/sitecheck/unavailable.html`).siteCheck.retries).toBe(1);
      // The reports were read back from the page's IndexedDB store ([run id, sequence]), every one of them.
      const runsAfter = await storedRuns(sc);
      expect(Object.entries(runsAfter).filter(([k]) => !(k in runsBefore)).map(([, n]) => n)).toEqual([8]);
      expect(by.get(`${demo}/sitecheck/redirect.html`).redirects).toEqual([{ url: `${demo}/sitecheck/redirect.html`, statusCode: 301, location: '/sitecheck/ok.html' }]);

      // Nothing of the check outlives it: no User-Agent rule is left.
      expect(await ext((b) => b.declarativeNetRequest.getSessionRules())).toEqual([]);
    } finally {
      await sc.close().catch(() => undefined);
    }
  });
});
