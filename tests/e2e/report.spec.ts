import fs from 'node:fs';
import { test, expect } from './fixtures';

// One report per tab: what the popup says must be true of the address the user sees, whatever the
// page did (History API, a body that never ends, no Content-Type), and every export must be the
// screen's report.

test('History API: the address /report/next (404) is reported, not the document it came from', async ({ page, demo, openPopup }) => {
  await page.goto(`${demo}/report/spa.html`);
  await expect(page).toHaveURL(`${demo}/report/next`);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  await expect(popup.getByTestId('url')).toHaveText(`${demo}/report/next`);
  await expect(popup.getByTestId('response-moved')).toHaveText(
    `The page changed this tab's address with the History API after it loaded from ${demo}/report/spa.html: the browser made no request for the address shown. That first address answered 200 OK (HTTP/1.1).`,
  );
  await expect(popup.getByTestId('response-refetched-history')).toHaveText(
    `Googlebot would request ${demo}/report/next itself: Crawlscope did, just now (without cookies). The status and headers below are that answer.`,
  );
  await expect(popup.getByTestId('status')).toHaveText('404 Not Found (HTTP/1.1)');
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-indexable');
  await expect(popup.locator('[data-testid=reasons] > li[data-code=statusGone] [data-testid=reason-text]')).toHaveText(
    'HTTP 404: Google drops the URL from its index and recrawls it less and less often.',
  );
});

test('no Content-Type header: "not sent", and what the browser sniffed', async ({ page, demo, openPopup }) => {
  await page.goto(`${demo}/report/no-content-type.html`);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('content-type')).toHaveText('not sent (the browser sniffed text/html)');
  await popup.getByTestId('headers-details').locator('summary').click();
  await expect(popup.locator('[data-testid=headers] tr[data-header=content-type]')).toHaveCount(0);
});

test('a canonical on another host is not requested until the user asks', async ({ page, demo, openPopup }) => {
  await page.goto(`${demo}/report/canonical-other-host.html`);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  const other = `${demo.replace('127.0.0.1', 'localhost')}/small.html`;
  const host = new URL(other).host;
  await expect(popup.locator('[data-testid=reasons] > li[data-code=canonicalTargetOtherHost] [data-testid=reason-text]')).toHaveText(
    `The canonical URL ${other} is on another host (${host}). Crawlscope contacts only the site you inspect, so what that URL answers was not checked.`,
  );
  await popup.getByTestId('canonical-check-other-host').click();
  await expect(popup.locator('[data-testid=reasons] > li[data-code=canonicalTargetOk] [data-testid=reason-text]')).toHaveText(`The canonical URL ${other} answers 200.`);
});

test('export = screen: a canonical that redirects gives the same five reasons on screen, in JSON and in Markdown', async ({ page, demo, openPopup, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${demo}/indexability/canonical-to-redirect.html`);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  await expect(popup.locator('[data-testid=caching][data-probe=pending]')).toHaveCount(0);
  const screen = await popup.locator('[data-testid=reasons] > li').evaluateAll((els) =>
    els.map((e) => ({ code: e.getAttribute('data-code'), text: e.querySelector('[data-testid=reason-text]')!.textContent })),
  );
  expect(screen.map((r) => r.code)).toEqual(['canonicalElsewhere', 'canonicalTargetRedirects', 'googleExtendedBlocked', 'status200', 'robotsAllowed']);
  const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
  const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(json.reasons.map((r: { code: string; message: string }) => ({ code: r.code, text: r.message }))).toEqual(screen);
  await popup.getByTestId('copy-markdown').click();
  const md = await popup.evaluate(() => navigator.clipboard.readText());
  for (const r of screen) expect(md).toContain(r.text!);
});

test('a body that never ends: the headers at once, every step ends within its time, the first 2 MB measured', async ({ page, demo, openPopup }) => {
  await page.goto(`${demo}/report/endless.html`, { waitUntil: 'commit' });
  await page.locator('h1').waitFor();
  const popup = await openPopup(page);
  await expect(popup.getByTestId('response')).toHaveAttribute('data-source', 'arriving');
  await expect(popup.getByTestId('status')).toHaveText('200 OK (HTTP/1.1)');
  await expect(popup.getByTestId('response-arriving')).toHaveText(
    'The body is still arriving: the status and headers are final; sizes are counted once it ends (or as far as Crawlscope reads it).',
  );
  // The page's own re-read stops after 10 s with what had arrived (well past 2 MB): the verdict
  // completes on it, never "still checking".
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });
  await expect(popup.getByTestId('verdict-label')).toHaveText('Verdict for Google Search: At risk');
  const headers = Number(await popup.getByTestId('bytes-headers').getAttribute('data-bytes'));
  const body = Number(await popup.getByTestId('bytes-body').getAttribute('data-bytes'));
  expect(body).toBeGreaterThan(2_097_152);
  const n = (x: number) => x.toLocaleString('en');
  await expect(popup.locator('[data-testid=reasons] > li[data-code=cutByLimitAtLeast] [data-testid=reason-text]')).toHaveText(
    `The response is at least ${n(headers + body)} bytes (it was still arriving when Crawlscope stopped reading), over Googlebot's limit of 2,097,152 bytes (headers included): Google indexes only what comes before response byte 2,097,152 and never reads the rest.`,
  );
  await expect(popup.getByTestId('bytes-body')).toHaveAttribute('data-complete', 'false');
  await expect(popup.getByTestId('bytes-body')).toHaveText(`at least ${n(body)} bytes (reading stopped)`);
  await expect(popup.getByTestId('bytes-total')).toHaveText(`at least ${n(headers + body)} bytes`);
  await expect(popup.getByTestId('summary-bytes-text')).toHaveText(
    `at least ${n(headers + body)} bytes of 2,097,152 (still arriving when reading stopped): cut at byte 2,097,152`,
  );
  // "Find the cut" shows the same analysis at once: the cut is exact whatever came after it.
  await popup.getByTestId('bytes-analyze').click();
  await expect(popup.getByTestId('bytes-busy')).toHaveCount(0);
  await expect(popup.getByTestId('bytes')).toContainText(
    `Googlebot keeps the first ${n(2_097_152 - headers)} bytes of the body (what the limit leaves after the headers) and drops the rest: at least ${n(body - (2_097_152 - headers))} bytes.`,
  );
  await expect(popup.getByTestId('bytes')).toContainText(
    `The body was still arriving after 10 s: Crawlscope stopped reading at ${n(body)} bytes, so the body is at least that long. What was read is analysed.`,
  );
});
