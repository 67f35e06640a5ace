import type { Page } from 'puppeteer-core';
import { test, expect } from './fixtures';
import { bigPage, PDF_OVER, PDF_SMALL } from '../fixtures/demo-site/routes/bytes.mjs';
import { headerBytesOf } from '../support/headerBytesOf';
import { reportSchemaErrors } from '../support/reportSchema';
import { pdfExpected, PDF_LIMIT } from '../support/pdfExpected';
import { click, downloadedJson, expectAttr, expectContains, expectCount, expectText, tid } from './dom';

// The Chromium suite's byte-budget figures (tests/e2e/bytes.spec.ts), in Firefox.
const LIMIT = 2_097_152;
const BIG = bigPage();
const BIG_BYTES = 2_999_697;


async function analyze(popup: Page) {
  await click(popup, tid('bytes-analyze'));
  await popup.waitForSelector(tid('bytes-report'), { visible: true, timeout: 30_000 });
}

// A page served from the browser cache comes without its hop-by-hop headers: fresh URLs.
let run = 0;
const fresh = (path: string) => `${path}?run=${Date.now()}-${run++}`;

test.describe('byte budget', () => {
  test('3 MB page: exact bytes, the first element past the cut, canonical lost', async ({ tab: page, demo, openPopup }) => {
    const url = `${demo}${fresh('/bytes/big.html')}`;
    await page.goto(url);
    const H = await headerBytesOf(url);
    const popup = await openPopup(page);
    await expectAttr(popup, tid('bytes-limit'), 'data-bytes', String(LIMIT));
    await analyze(popup);
    await expectAttr(popup, tid('bytes-headers'), 'data-bytes', String(H));
    await expectAttr(popup, tid('bytes-verdict'), 'data-truncated', 'true');
    await expectAttr(popup, tid('bytes-total'), 'data-bytes', String(H + BIG_BYTES));
    await expectAttr(popup, tid('bytes-read'), 'data-code', 'bytes.read.same');
    await expectAttr(popup, tid('bytes-cut'), 'data-kept', String(LIMIT - H));
    await expectAttr(popup, tid('bytes-cut'), 'data-backed-off', '0');
    await expectAttr(popup, tid('bytes-first-past'), 'data-id', 'past-cut');
    await expectAttr(popup, tid('bytes-first-past'), 'data-body-offset', String(BIG.pastCut));
    await expectContains(popup, tid('bytes-first-past'), `<section id="past-cut"> at byte ${(H + BIG.pastCut).toLocaleString('en-US')}`);
    await expectText(
      popup,
      `${tid('bytes-findings')} li[data-code="bytes.lost.canonical"]`,
      `The canonical is past the cut (byte ${(H + BIG.canonicalAt).toLocaleString('en-US')}, https://demo.crawlscope.dev/bytes/big.html): Google never sees it.`,
    );
    await expectText(popup, `${tid('bytes-findings')} li[data-code="bytes.lost.links"]`, 'Past the cut: 881 links of 2,640. Google does not discover pages through them here.');
    await expectAttr(popup, `${tid('bytes-lost')} tr[data-kind=jsonLd]`, 'data-offset', String(H + BIG.jsonLdAt));
    await expectAttr(popup, `${tid('bytes-breakdown')} tr[data-category=inlineScript]`, 'data-bytes', '299989');
  });

  test('gzip and brotli: the same cut as identity', async ({ tab: page, demo, openPopup }) => {
    for (const path of ['/bytes/gzip/big.html', '/bytes/br/big.html']) {
      const url = `${demo}${fresh(path)}`;
      await page.goto(url);
      const H = await headerBytesOf(url);
      const popup = await openPopup(page);
      await analyze(popup);
      await expectAttr(popup, tid('bytes-body'), 'data-bytes', String(BIG_BYTES));
      await expectAttr(popup, tid('bytes-cut'), 'data-kept', String(LIMIT - H));
      await expectAttr(popup, tid('bytes-first-past'), 'data-body-offset', String(BIG.pastCut));
      await popup.close();
    }
  });

  test('a 4-byte character across the limit is dropped whole', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}${fresh('/bytes/straddle-utf8.html')}`);
    const popup = await openPopup(page);
    await analyze(popup);
    await expectAttr(popup, tid('bytes-headers'), 'data-bytes', '140');
    await expectAttr(popup, tid('bytes-cut'), 'data-kept', '2097010');
    await expectAttr(popup, tid('bytes-cut'), 'data-backed-off', '2');
    await expectAttr(popup, tid('bytes-first-past'), 'data-id', 'after-emoji');
  });

  test('the in-page overlay marks the first element past the cut; removing it restores the DOM exactly', async ({ tab: page, demo, openPopup }) => {
    const url = `${demo}${fresh('/bytes/big.html')}`;
    await page.goto(url);
    const H = await headerBytesOf(url);
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    const popup = await openPopup(page);
    await analyze(popup);
    await click(popup, tid('bytes-overlay-toggle'));
    await popup.waitForSelector(tid('bytes-overlay-state'), { visible: true });
    // The overlay lives in a shadow root in the page.
    const marker = () =>
      page.evaluate(() => {
        const root = document.querySelector('crawlscope-bytes-overlay')?.shadowRoot;
        const m = root?.querySelector('[data-testid=bytes-marker]') as HTMLElement | null | undefined;
        if (!m) return null;
        const section = document.getElementById('past-cut')!.getBoundingClientRect().top + scrollY;
        return {
          text: m.textContent!.replace(/\s+/g, ' ').trim(),
          element: m.getAttribute('data-element'),
          offBy: Math.abs(parseFloat(m.style.top) - section),
          items: [...root!.querySelectorAll('[data-testid=bytes-lost-item]')].map((e) => e.getAttribute('data-kind')),
        };
      });
    await expect.poll(marker).not.toBeNull();
    const m = (await marker())!;
    expect(m.text).toBe(`Googlebot stops reading here — byte 2,097,152 of ${(H + BIG_BYTES).toLocaleString('en-US')}`);
    expect(m.element).toBe('section#past-cut');
    expect(m.offBy).toBeLessThan(1);
    expect(m.items.filter((k) => k === 'canonical')).toHaveLength(1);
    expect(m.items.filter((k) => k === 'jsonLd')).toHaveLength(1);
    await click(popup, tid('bytes-overlay-toggle'));
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('crawlscope-bytes-overlay').length)).toBe(0);
    const after = await page.evaluate(() => document.documentElement.outerHTML);
    expect(after === before).toBe(true);
  });

  test('a page that refuses its own re-read (403): fetched again by Crawlscope, and what that copy got is said', async ({ tab: page, demo, openPopup }) => {
    const url = `${demo}${fresh('/bytes/waf.html')}`;
    await page.goto(url);
    const popup = await openPopup(page);
    await analyze(popup);
    await expectAttr(popup, tid('bytes-read-source'), 'data-source', 'background');
    await expectText(popup, tid('bytes-read-source'), 'Analysed: a copy fetched again by Crawlscope: may differ from what you see. The page could not re-read itself.');
    // Firefox sends an extension's own fetch with Sec-Fetch-Site: same-origin (Chrome: none), so the
    // demo's firewall rule refuses Crawlscope's copy as well, and the popup says so.
    await expectText(popup, `${tid('bytes-read-note')}[data-code="bytes.read.statusDiffers"]`, 'The re-read answered HTTP 403, the page loaded with HTTP 200.');
  });

  test('a text file is measured against the same limit', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/notes.txt`);
    const popup = await openPopup(page);
    await analyze(popup);
    await expectContains(popup, tid('bytes-not-html'), 'text/plain');
    await expectAttr(popup, tid('bytes-body'), 'data-bytes', String('Crawlscope demo notes.\n'.length * 100));
    await expectAttr(popup, tid('bytes-cut'), 'data-code', 'bytes.cut.within');
    await expectCount(popup, tid('bytes-first-past'), 0);
  });
  // Firefox shows a PDF in pdf.js, where no page script runs: the background reads the response
  // itself. The popup, the summary, the verdict and the export all say the PDF's own bytes.
  for (const size of [PDF_SMALL, PDF_OVER]) {
    test(`a ${size.toLocaleString('en-US')}-byte PDF in Firefox's viewer: its own bytes against 64 MB, the same on the screen and in the export`, async ({ tab: page, demo, openPopup }) => {
      const x = pdfExpected(size);
      await page.goto(`${demo}${fresh(x.path)}`);
      const popup = await openPopup(page);
      await expectAttr(popup, tid('verdict'), 'data-complete', 'true', { timeout: 30_000 });
      await expectAttr(popup, tid('html-size'), 'data-bytes', String(size));
      await expectText(popup, tid('html-size'), x.text.size);
      await expectAttr(popup, tid('bytes-headers'), 'data-bytes', String(x.headerBytes));
      await expectAttr(popup, tid('bytes-body'), 'data-bytes', String(size));
      await expectText(popup, tid('bytes-body'), x.text.body);
      await expectAttr(popup, tid('bytes-total'), 'data-bytes', String(x.total));
      await expectAttr(popup, tid('bytes-limit'), 'data-bytes', String(PDF_LIMIT));
      await expectContains(popup, tid('bytes-assumption'), x.text.limit);
      await expectAttr(popup, tid('bytes-verdict'), 'data-truncated', String(x.over));
      await expectText(popup, tid('bytes-verdict'), x.text.verdict);
      await expectText(popup, tid('summary-bytes-text'), x.text.summary);
      const cutReason = `${tid('reasons')} > li[data-code=cutByLimit] ${tid('reason-text')}`;
      if (x.text.cutReason) await expectText(popup, cutReason, x.text.cutReason);
      else await expectCount(popup, cutReason, 0);
      await expectAttr(popup, tid('verdict'), 'data-verdict', x.verdict);

      const json = (await downloadedJson(popup, tid('download-json'))) as { bytes: unknown };
      expect(reportSchemaErrors(json)).toEqual([]);
      expect(json.bytes).toEqual(x.json);

      // "Find the cut" shows the analysis the verdict ran: no page script here, so the background's copy of the response.
      await analyze(popup);
      await expectAttr(popup, tid('bytes-read'), 'data-code', 'bytes.read.viewer');
      await expectText(popup, tid('bytes-read'), x.text.read);
      await expectAttr(popup, tid('bytes-read-source'), 'data-source', 'background');
      await expectAttr(popup, tid('bytes-cut'), 'data-code', x.cutCode);
      await expectAttr(popup, tid('bytes-cut'), 'data-kept', String(x.kept));
      await expectAttr(popup, tid('bytes-cut'), 'data-backed-off', '0');
    });
  }
});
