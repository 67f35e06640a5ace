// Structured data in the popup (Firefox): the same demo pages and figures as the Chromium suite
// (tests/e2e/structured.spec.ts) — the served HTML read by the page, Googlebot's render in a
// container of its own, JSON-LD a script adds shown as added by JavaScript.
import type { Browser, Page } from 'puppeteer-core';
import { test, expect } from './fixtures';
import { openedTab } from './firefox';
import { attr, click, count, expectAttr, expectText, text, tid } from './dom';
import { CUT_PRODUCT_BYTE, PRODUCT_LINE } from '../fixtures/demo-site/routes/structured.mjs';
import { say } from '../support/say';
import { headerBytesOf } from '../support/headerBytesOf';

const item = (type: string) => `[data-testid=structured-item][data-types="${type}"]`;

async function openSection(popup: Page) {
  await popup.waitForSelector(`${tid('structured-section')}:not([data-status=pending])`, { timeout: 30_000 });
  await click(popup, `${tid('structured-section')} summary`);
}

async function renderFromPopup(ff: Browser, base: string, popup: Page): Promise<void> {
  await click(popup, tid('render-open'));
  const r = await openedTab(ff, `${base}/render.html`);
  await r.waitForSelector(tid('render-result'), { timeout: 45_000 });
  await r.close();
}

test.describe('Structured data (Firefox)', () => {
  test('a Product missing its price: the first-screen line and the finding with its path and line', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/product.html`);
    const popup = await openPopup(page);
    const line = `${say('structured.summary.errors', ['Product', 1, say('structured.summary.missing', ['offers.price'])])} · ${say('structured.summary.eligible', ['BreadcrumbList', 0])}`;
    await expectText(popup, tid('summary-structured-text'), line, { timeout: 30_000 });
    await openSection(popup);
    await expectAttr(popup, item('Product'), 'data-verdict', 'errors');
    const missing = `${item('Product')} [data-testid=structured-finding][data-code=requiredOneOf]`;
    expect(await attr(popup, missing, 'data-path')).toBe('offers.price');
    expect(await attr(popup, missing, 'data-line')).toBe(String(PRODUCT_LINE + 5));
    await expectAttr(popup, item('BreadcrumbList'), 'data-verdict', 'eligible');
  });

  test('JSON-LD a script adds: not in the HTML as served; after Googlebot’s render, shown as added by JavaScript', async ({ ff, base, tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/js-added.html`);
    await expect.poll(() => count(page, 'script[type="application/ld+json"]')).toBe(2);
    const popup = await openPopup(page);
    await openSection(popup);
    expect(await count(popup, tid('structured-item'))).toBe(1);
    await expectAttr(popup, item('BreadcrumbList'), 'data-status', 'served');
    expect(await text(popup, tid('structured-render-note'))).toBe(say('structured.renderNote'));
    await renderFromPopup(ff, base, popup);

    const again = await openPopup(page);
    await openSection(again);
    await expectAttr(again, item('Product'), 'data-status', 'rendered');
    await expectAttr(again, item('BreadcrumbList'), 'data-status', 'served');
    expect(await text(again, tid('structured-render-note'))).toBe(say('structured.renderIncluded'));
  });

  test('a Product past the cut: lost, with its byte', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/past-cut.html`);
    const popup = await openPopup(page);
    await openSection(popup);
    const responseByte = (await headerBytesOf(`${demo}/structured/past-cut.html`)) + CUT_PRODUCT_BYTE;
    await expectAttr(popup, item('Product'), 'data-status', 'lost');
    expect(await attr(popup, item('Product'), 'data-byte')).toBe(String(CUT_PRODUCT_BYTE));
    expect(await attr(popup, item('Product'), 'data-response-byte')).toBe(String(responseByte));
    expect(await text(popup, `${item('Product')} [data-testid=structured-finding][data-code=itemLost]`)).toContain(say('structured.finding.itemLost', [responseByte]));
  });
});
