// Structured data in the popup (Chromium): the demo's structured pages (tests/fixtures/demo-site/
// routes/structured.mjs), each figure derived from how the page is built.
import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { CUT_PRODUCT_BYTE, PRODUCT_LINE } from '../fixtures/demo-site/routes/structured.mjs';
import { say } from '../support/say';
import { reportSchemaErrors } from '../support/reportSchema';
import { headerBytesOf } from '../support/headerBytesOf';

const item = (popup: Page, type: string) => popup.locator(`[data-testid=structured-item][data-types="${type}"]`);

/** Opens the structured data section (folded by default) and waits until its step has ended. */
async function openSection(popup: Page) {
  const section = popup.getByTestId('structured-section');
  await expect(section).not.toHaveAttribute('data-status', 'pending', { timeout: 30_000 });
  await section.locator('summary').click();
  return section;
}

async function renderFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  const [r] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('render-open').click()]);
  await r.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r;
}

test.describe('Structured data', () => {
  test('a Product missing its price: the first-screen line, the finding with its path and line, the JSON export', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/product.html`);
    const popup = await openPopup(page);
    const line = `${say('structured.summary.errors', ['Product', 1, say('structured.summary.missing', ['offers.price'])])} · ${say('structured.summary.eligible', ['BreadcrumbList', 0])}`;
    await expect(popup.getByTestId('summary-structured-text')).toHaveText(line, { timeout: 30_000 });
    await expect(popup.getByTestId('summary-structured')).toHaveAttribute('data-state', 'bad');
    await openSection(popup);
    await expect(item(popup, 'Product')).toHaveAttribute('data-verdict', 'errors');
    await expect(item(popup, 'Product')).toHaveAttribute('data-status', 'served');
    await expect(item(popup, 'BreadcrumbList')).toHaveAttribute('data-verdict', 'eligible');
    const missing = item(popup, 'Product').locator('[data-testid=structured-finding][data-code=requiredOneOf]');
    await expect(missing).toHaveAttribute('data-path', 'offers.price');
    // The line of the offer, the entity the price is missing from.
    await expect(missing).toHaveAttribute('data-line', String(PRODUCT_LINE + 5));
    await expect(missing.locator('a')).toHaveAttribute('href', 'https://developers.google.com/search/docs/appearance/structured-data/product-snippet');

    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
    const report = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    const product = report.structuredData.items.find((i: { types: string[] }) => i.types[0] === 'Product');
    expect(product).toMatchObject({ format: 'jsonld', status: 'served', line: PRODUCT_LINE, verdict: 'errors' });
    expect(product.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([
      { code: 'requiredOneOf', severity: 'error', path: 'offers.price', params: ['price, priceSpecification.price'], message: say('structured.finding.requiredOneOf', ['price, priceSpecification.price']), line: PRODUCT_LINE + 5, source: 'https://developers.google.com/search/docs/appearance/structured-data/product-snippet', feature: 'product-snippet' },
    ]);
  });

  test('JSON-LD a script adds: not in the HTML as served; after Googlebot’s render, shown as added by JavaScript', async ({ context, page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/js-added.html`);
    // The script ran in the browser: the live page has both blocks.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
    const popup = await openPopup(page);
    await openSection(popup);
    await expect(popup.locator('[data-testid=structured-item]')).toHaveCount(1);
    await expect(item(popup, 'BreadcrumbList')).toHaveAttribute('data-status', 'served');
    await expect(popup.getByTestId('structured-render-note')).toHaveText(say('structured.renderNote'));
    const r = await renderFromPopup(context, popup);
    // The render page, side by side: the Product is not in the HTML as served, it is in Googlebot's render and in your browser.
    const row = r.locator('[data-testid=render-structured] tr[data-type=Product]');
    await expect(row.locator('td[data-view=served]')).toHaveAttribute('data-count', '0');
    await expect(row.locator('td[data-view=rendered]')).toHaveAttribute('data-count', '1');
    await expect(row.locator('td[data-view=browser]')).toHaveAttribute('data-count', '1');
    await expect(r.locator('[data-testid=render-structured] tr[data-type=BreadcrumbList] td[data-view=served]')).toHaveAttribute('data-count', '1');
    await expect(row.locator('td[data-view=rendered]')).toContainText(say('structured.verdict.warnings'));
    await r.close();

    const again = await openPopup(page);
    await openSection(again);
    await expect(item(again, 'Product')).toHaveAttribute('data-status', 'rendered');
    // Eligible, with warnings: a product snippet recommends a review or a rating beside an offer.
    await expect(item(again, 'Product')).toHaveAttribute('data-verdict', 'warnings');
    await expect(item(again, 'BreadcrumbList')).toHaveAttribute('data-status', 'served');
    await expect(again.getByTestId('structured-render-note')).toHaveText(say('structured.renderIncluded'));
    await expect(again.getByTestId('summary-structured-text')).toContainText(say('structured.summary.rendered', ['Product', 0]));
  });

  test('a Product past the cut: lost, with its byte', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/structured/past-cut.html`);
    const popup = await openPopup(page);
    await openSection(popup);
    const product = item(popup, 'Product');
    await expect(product).toHaveAttribute('data-status', 'lost');
    const lost = product.locator('[data-testid=structured-finding][data-code=itemLost]');
    await expect(lost).toHaveCount(1);
    // Its body byte as the demo page builds it; its response byte with the headers as received.
    const responseByte = (await headerBytesOf(`${demo}/structured/past-cut.html`)) + CUT_PRODUCT_BYTE;
    await expect(product).toHaveAttribute('data-byte', String(CUT_PRODUCT_BYTE));
    await expect(product).toHaveAttribute('data-response-byte', String(responseByte));
    await expect(lost).toContainText(say('structured.finding.itemLost', [responseByte]));
    await expect(item(popup, 'BreadcrumbList')).toHaveAttribute('data-status', 'served');
    await expect(popup.getByTestId('summary-structured-text')).toContainText(say('structured.summary.lost', ['Product', 0]));
  });
});
