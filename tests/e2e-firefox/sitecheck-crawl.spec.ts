// "Crawl from this page" in Firefox: the same crawl of the demo's /crawlsite/ as in Chromium
// (tests/e2e/sitecheck-crawl.spec.ts) — every planted finding with its evidence, the rows' depth,
// first link and inlinks, the site line — a cancelled crawl marked partial, and a regression named
// by "Compare with an earlier run".
import type { Page } from 'puppeteer-core';
import { test, expect } from './fixtures';
import { download, openedTab } from './firefox';
import { attr, click, count, expectAttr, expectCount, expectText, expectTexts, fill, texts, tid } from './dom';
import { say } from '../support/say';
import { reportSchemaErrors, siteLineErrors } from '../support/reportSchema';
import { CRAWL_FINDINGS, CRAWL_URLS, flipRegression, plantedItems } from '../support/crawlDemo';
import { hangRequested } from '../fixtures/demo-site/routes/sitecrawl.mjs';
import { FLIP_HOME, flipHomeHtml } from '../fixtures/demo-site/routes/crawlui.mjs';

const finding = (code: string) => `[data-testid="finding"][data-code="${code}"]`;
const parse = (text: string) => text.trimEnd().split('\n').map((l) => JSON.parse(l));

test.describe('Crawl from this page', () => {
  /** The site check page opened from the popup of `url`, as a user opens it. */
  const open = async (page: Page, url: string, openPopup: (p: Page) => Promise<Page>, ff: Parameters<typeof openedTab>[0], base: string) => {
    await page.goto(url);
    const popup = await openPopup(page);
    await click(popup, tid('sitecheck-open'));
    const sc = await openedTab(ff, `${base}/sitecheck.html?url=`);
    await sc.waitForSelector(tid('crawl-start'));
    return sc;
  };

  test('the crawl of /crawlsite/ finds every planted finding with its evidence, the rows gain depth, first link and inlinks, the JSON Lines end with the site line', async ({ demo, openPopup, tab: page, downloads, ff, base }) => {
    const home = `${demo}/crawlsite/`;
    const sc = await open(page, home, openPopup, ff, base);
    try {
      expect(await sc.evaluate(() => (document.querySelector('[data-testid="crawl-from"]') as HTMLInputElement).value)).toBe(home);
      await fill(sc, tid('sitemap-input'), `${demo}/crawlsite/sitemap.xml`);
      await click(sc, tid('crawl-start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 60_000 });
      await expectCount(sc, tid('row'), CRAWL_URLS);

      const jsonl = await download(downloads, () => click(sc, tid('export-jsonl')));
      const lines = parse(jsonl.text);
      expect(lines).toHaveLength(CRAWL_URLS + 1);
      for (const r of lines.slice(0, -1)) expect(reportSchemaErrors(r)).toEqual([]);
      expect(siteLineErrors(lines.at(-1))).toEqual([]);
      const site = lines.at(-1).site;
      expect(site).toMatchObject({ start: [home], partial: false, ended: 'done', sitemapsRead: true, rendered: false });
      expect(site.findings.map((f: { code: string; severity: string; count: number }) => [f.code, f.severity, f.count])).toEqual(CRAWL_FINDINGS);
      const by = new Map(lines.slice(0, -1).map((r) => [r.siteCheck.requestedUrl as string, r]));
      expect(by.get(`${demo}/crawlsite/a.html`).siteCheck).toMatchObject({ depth: 1, discoveredFrom: { url: home, anchorText: 'About the twins', afterRendering: false }, inlinks: 1 });

      await click(sc, tid('tab-findings'));
      await expectAttr(sc, tid('findings'), 'data-partial', 'false');
      expect(await sc.evaluate(() => [...document.querySelectorAll('[data-testid="finding"]')].map((e) => [e.getAttribute('data-code'), e.getAttribute('data-severity'), Number(e.getAttribute('data-count'))]))).toEqual(
        CRAWL_FINDINGS,
      );
      for (const [code, , n] of CRAWL_FINDINGS) {
        await expectText(sc, `${finding(code)} ${tid('finding-title')}`, code === 'depthLimit' ? say('crawl.finding.depthLimit.title', [n, 10]) : say(`crawl.finding.${code}.title`, [n]));
        expect(await count(sc, `${finding(code)} ${tid('finding-item')}`), code).toBe(n);
      }
      const headers = { home: by.get(home).bytes.headerBytes, big: by.get(`${demo}/crawlsite/big.html`).bytes.headerBytes };
      const noindexReason = by.get(`${demo}/crawlsite/noindex.html`).reasons.find((x: { code: string }) => x.code === 'noindex').message;
      for (const [code, items] of Object.entries(plantedItems(demo, headers, noindexReason))) await expectTexts(sc, `${finding(code)} ${tid('finding-item')}`, items);
      expect(await sc.evaluate(() => [...document.querySelectorAll('[data-testid="finding"][data-code="linkBroken"] a')].map((a) => a.getAttribute('href')))).toEqual([home, `${demo}/crawlsite/missing.html`]);

      // The link graph's CSV: one line per link.
      const csv = await download(downloads, () => click(sc, tid('export-links')));
      expect(csv.name).toMatch(/^crawlscope-links-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
      const csvLines = csv.text.split('\r\n');
      expect(csvLines).toHaveLength(1 + site.links.links + 1);
      expect(csvLines).toContain(`${demo}/crawlsite/big.html,${demo}/crawlsite/past-cut.html,Only past the cut,false,true,false`);

      await click(sc, tid('tab-urls'));
      const row = `[data-testid="row"][data-url="${demo}/crawlsite/a.html"]`;
      await expectText(sc, `${row} [data-col="depth"]`, '1');
      await expectText(sc, `${row} [data-col="discovered-from"]`, home + say('sitecheck.crawl.viaLink', ['About the twins']));
      await expectText(sc, `${row} [data-col="inlinks"]`, '1');
    } finally {
      await sc.close().catch(() => undefined);
    }
  });

  test('with a render: the link only JavaScript adds is followed, marked only after rendering', async ({ demo, openPopup, tab: page, downloads, ff, base }) => {
    const js = `${demo}/crawlsite/js.html`;
    const only = `${demo}/crawlsite/js-only.html`;
    const sc = await open(page, js, openPopup, ff, base);
    try {
      await click(sc, tid('read-sitemaps'));
      await fill(sc, tid('max-depth'), '1');
      await click(sc, tid('render'));
      await click(sc, tid('crawl-start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 90_000 });
      await expectCount(sc, tid('row'), 2);
      const lines = parse((await download(downloads, () => click(sc, tid('export-jsonl')))).text);
      expect(lines.at(-1).site).toMatchObject({ rendered: true, partial: false });
      expect(lines.at(-1).site.links).toMatchObject({ links: 1, afterRendering: 1, followed: 1 });
      expect(lines.find((r) => r.siteCheck?.requestedUrl === only).siteCheck).toMatchObject({ depth: 1, discoveredFrom: { url: js, anchorText: '', offset: null, afterRendering: true }, inlinks: 1 });
      await click(sc, tid('tab-findings'));
      await expectTexts(sc, `${finding('onlyRendered')} ${tid('finding-item')}`, [say('crawl.finding.onlyRendered.item', [only, js])]);
    } finally {
      await sc.close().catch(() => undefined);
    }
  });

  test('Cancel in the middle of a crawl keeps what it found, marked partial', async ({ demo, openPopup, tab: page, downloads, ff, base }) => {
    const sc = await open(page, `${demo}/crawlsite/hang-start.html`, openPopup, ff, base);
    try {
      await click(sc, tid('read-sitemaps'));
      const hung = hangRequested();
      await click(sc, tid('crawl-start'));
      await hung;
      await click(sc, tid('cancel'));
      await expectAttr(sc, tid('state'), 'data-state', 'cancelled', { timeout: 30_000 });
      const lines = parse((await download(downloads, () => click(sc, tid('export-jsonl')))).text);
      const site = lines.at(-1).site;
      expect(site).toMatchObject({ partial: true, ended: 'cancelled', sitemapsRead: false });
      await expectCount(sc, tid('row'), lines.length - 1);
      await click(sc, tid('tab-findings'));
      await expectAttr(sc, tid('findings'), 'data-partial', 'true');
      await expectText(sc, tid('findings-partial'), say('crawl.partial', [site.links.pages]));
      expect(await count(sc, tid('finding'))).toBe(site.findings.length);
      expect((await texts(sc, `${finding('duplicateTitle')} ${tid('finding-item')}`))[0]).toContain(`${demo}/crawlsite/a.html`);
    } finally {
      await sc.close().catch(() => undefined);
    }
  });

  test('Compare with an earlier run names the page that broke since', async ({ demo, openPopup, tab: page, downloads, ff, base }) => {
    const flip = `${demo}/crawlui/flip.html`;
    const homeUrl = `${demo}${FLIP_HOME}`;
    const setBroken = (on: boolean) => fetch(`${demo}/crawlui/flip-state?regressed=${on ? 1 : 0}`).then((r) => r.text());
    await setBroken(false);
    const sc = await open(page, homeUrl, openPopup, ff, base);
    try {
      await click(sc, tid('read-sitemaps'));
      await click(sc, tid('crawl-start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
      const first = parse((await download(downloads, () => click(sc, tid('export-jsonl')))).text);
      const html = flipHomeHtml();
      const flipLinkAt = first.find((r) => r.siteCheck?.requestedUrl === homeUrl).bytes.headerBytes + Buffer.byteLength(html.slice(0, html.indexOf('<a href="/crawlui/flip.html"')));
      await setBroken(true);
      await click(sc, tid('crawl-start'));
      await expectAttr(sc, tid('state'), 'data-state', 'done', { timeout: 30_000 });
      const second = parse((await download(downloads, () => click(sc, tid('export-jsonl')))).text);
      const why = second.find((r) => r.siteCheck?.requestedUrl === flip).reasons.filter((r: { severity: string }) => r.severity === 'block').map((r: { message: string }) => r.message);
      await click(sc, tid('tab-compare'));
      // The newest run kept before this one is the first run.
      await sc.waitForSelector(tid('saved-run-compare'));
      expect(await attr(sc, tid('saved-run'), 'data-urls')).toBe('3');
      await click(sc, tid('saved-run-compare'));
      await expectAttr(sc, tid('comparison'), 'data-state', 'done');
      await expectAttr(sc, tid('changes'), 'data-worse', '3');
      const baseline = (await attr(sc, tid('comparison'), 'data-baseline'))!;
      expect(baseline.startsWith(say('sitecheck.compare.savedName', ['']))).toBe(true);
      const shown = await sc.evaluate(() => {
        const el = document.querySelector('[data-testid="comparison"]')!;
        return {
          summary: el.querySelector('[data-testid="changes-summary"]')?.textContent ?? '',
          groups: [...el.querySelectorAll('[data-testid="changes-group"]')].map((g) => g.getAttribute('data-direction')),
          heading: el.querySelector('[data-testid="changes-group"][data-direction="worse"] [data-testid="changes-heading"]')?.textContent ?? '',
          entries: [...el.querySelectorAll('[data-testid="change-entry"]')].map((e) => ({
            what: e.querySelector('[data-testid="change-what"]')?.textContent ?? '',
            lines: [...e.querySelectorAll('[data-testid="change-line"]')].map((l) => l.textContent ?? ''),
          })),
        };
      });
      expect(shown).toEqual({ groups: ['worse'], ...flipRegression(demo, baseline, why, flipLinkAt) });
      const runs = Number(await attr(sc, tid('saved-summary'), 'data-runs'));
      expect(runs).toBeGreaterThanOrEqual(2);
      expect(runs).toBeLessThanOrEqual(5);
    } finally {
      await setBroken(false);
      await sc.close().catch(() => undefined);
    }
  });
});
