import fs from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { reportSchemaErrors } from '../support/reportSchema';

const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.108 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DESKTOP_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.8078.108 Safari/537.36';

/** From the popup of `page`, open the comparison page and wait for its report. */
async function compareFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  const [cmp] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('compare-open').click()]);
  await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
  return cmp;
}

const row = (cmp: Page, field: string) => cmp.getByTestId(`compare-row-${field}`);
const sessionRules = (sw: Worker) => sw.evaluate(() => chrome.declarativeNetRequest.getSessionRules());

test.describe('mobile vs desktop Googlebot', () => {
  test('HTML per user agent: title, mobile-only noindex, word counts, removed links; no rule left; the tab keeps its own UA', async ({
    page,
    demo,
    context,
    openPopup,
    serviceWorker,
  }) => {
    await page.goto(`${demo}/compare/by-agent.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('compare-section')).toContainText('Not compared yet');
    const cmp = await compareFromPopup(context, popup);
    await expect(cmp.getByTestId('compare-url')).toHaveText(`${demo}/compare/by-agent.html`);

    await expect(row(cmp, 'title').getByTestId('mobile')).toHaveText('Winter shoes (mobile)');
    await expect(row(cmp, 'title').getByTestId('desktop')).toHaveText('Winter shoes — handmade in Porto');
    // Third column: the tab as this browser rendered it (a browser gets the desktop page).
    await expect(row(cmp, 'title').getByTestId('rendered')).toHaveText('Winter shoes — handmade in Porto');
    await expect(row(cmp, 'robotsMeta').getByTestId('rendered')).toHaveText('(none)');
    await expect(row(cmp, 'wordCount').getByTestId('rendered')).toHaveCount(0);

    await expect(row(cmp, 'robotsMeta')).toHaveAttribute('data-severity', 'critical');
    await expect(row(cmp, 'robotsMeta').getByTestId('mobile')).toHaveText('robots: noindex');
    await expect(row(cmp, 'robotsMeta').getByTestId('desktop')).toHaveText('(none)');
    await expect(row(cmp, 'robotsMeta').getByTestId('why')).toHaveText(
      'noindex only on mobile (meta): Google indexes the mobile version, so the page drops out of the index.',
    );

    await expect(row(cmp, 'wordCount').getByTestId('mobile')).toHaveText('10');
    await expect(row(cmp, 'wordCount').getByTestId('desktop')).toHaveText('47');
    await expect(row(cmp, 'wordCount').getByTestId('why')).toHaveText(
      'The mobile HTML has 37 fewer words (10 against 47): Google indexes the smaller version.',
    );

    await expect(row(cmp, 'internalLinks').getByTestId('removed').locator('li')).toHaveText([
      `${demo}/compare/sandals.html`,
      `${demo}/compare/slippers.html`,
    ]);
    await expect(row(cmp, 'externalLinks').getByTestId('removed').locator('li')).toHaveText(['https://partner.example/shoes']);
    await expect(cmp.getByTestId('compare-findings').locator('li')).toHaveAttribute('data-code', 'varyMissing');
    // Most severe first: the mobile-only noindex leads.
    await expect(cmp.getByTestId('compare-differences').locator('tbody tr').first()).toHaveAttribute('data-field', 'robotsMeta');

    // The User-Agent each request really carried.
    await expect(cmp.getByTestId('compare-side-mobile').getByTestId('sent-ua')).toHaveText(
      /^Mozilla\/5\.0 \(Linux; Android 6\.0\.1; Nexus 5X Build\/MMB29P\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/156\.0\.8078\.108 Mobile Safari\/537\.36 \(compatible; Googlebot\/2\.1; \+http:\/\/www\.google\.com\/bot\.html\)$/,
    );
    await expect(cmp.getByTestId('compare-side-desktop').getByTestId('sent-ua')).toHaveText(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.8078.108 Safari/537.36',
    );

    // Nothing of the comparison outlives it: no session rule, and the tab sends the browser's own User-Agent.
    expect(await sessionRules(serviceWorker)).toEqual([]);
    await page.reload();
    const own = await page.evaluate(() => navigator.userAgent);
    await expect(page.locator('#ua')).toHaveText(own);
    expect(own).not.toContain('Googlebot');

    // The popup now shows the summary of that comparison.
    await popup.reload();
    await expect(popup.getByTestId('compare-summary')).toContainText('6 differences and 1 finding.');
    await expect(popup.getByTestId('compare-worst')).toHaveText('Most severe (critical): Robots meta.');
  });

  test('the exported report carries the last comparison: JSON (schema-valid) and the Markdown section', async ({ page, demo, context, openPopup }) => {
    const url = `${demo}/compare/by-agent.html`;
    await page.goto(url);
    const before = Date.now();
    await compareFromPopup(context, await openPopup(page));
    const after = Date.now();
    // The bodies each agent gets, measured outside the extension.
    const size = async (ua: string) => Buffer.byteLength(await (await fetch(url, { headers: { 'user-agent': ua } })).text());
    const [mobileBytes, desktopBytes] = [await size(MOBILE_UA), await size(DESKTOP_UA)];
    expect(mobileBytes).toBeLessThan(desktopBytes);

    const popup = await openPopup(page);
    await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
    await expect(popup.getByTestId('compare-summary')).toContainText('6 differences and 1 finding.');
    await expect(popup.getByTestId('compare-worst')).toHaveText('Most severe (critical): Robots meta.');
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    const c = json.compare;
    expect(c).toMatchObject({ url, identical: false, worst: 'critical' });
    expect(Date.parse(c.comparedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(c.comparedAt)).toBeLessThanOrEqual(after);
    const agent = { status: 200, finalUrl: url, complete: true, cutAt: null, limit: 2097152, error: null };
    expect(c.agents.mobile).toEqual({ ...agent, headerBytes: c.agents.mobile.headerBytes, bodyBytes: mobileBytes });
    expect(c.agents.desktop).toEqual({ ...agent, headerBytes: c.agents.desktop.headerBytes, bodyBytes: desktopBytes });
    expect(c.agents.mobile.headerBytes).toBeGreaterThan(0);
    const diff = (field: string) => c.differences.find((d: { field: string }) => d.field === field);
    expect(c.differences[0]).toEqual({
      field: 'robotsMeta', code: 'noindexOnlyMobile', severity: 'critical', params: ['meta'],
      message: 'noindex only on mobile (meta): Google indexes the mobile version, so the page drops out of the index.',
      mobile: 'robots: noindex', desktop: '',
    });
    expect(diff('title')).toEqual({
      field: 'title', code: 'titleDiffers', severity: 'warning', params: [], message: 'Google shows and ranks the title from the mobile HTML.',
      mobile: 'Winter shoes (mobile)', desktop: 'Winter shoes — handmade in Porto',
    });
    expect(diff('wordCount')).toMatchObject({
      code: 'fewerWordsMobile', params: ['37', '10', '47'], mobile: '10', desktop: '47',
      message: 'The mobile HTML has 37 fewer words (10 against 47): Google indexes the smaller version.',
    });
    expect(c.differences.map((d: { code: string }) => d.code)).toEqual([
      'noindexOnlyMobile', 'titleDiffers', 'fewerWordsMobile', 'internalLinksDiffer', 'bytesDiffer', 'externalLinksDiffer',
    ]);
    expect(diff('bytes')).toMatchObject({ severity: 'info', params: [String(mobileBytes - desktopBytes)], mobile: String(mobileBytes), desktop: String(desktopBytes) });
    expect(c.findings).toEqual([
      {
        code: 'varyMissing', agent: 'both', severity: 'warning', error: null, params: [],
        message: 'Both agents: the server sends different HTML per user agent without Vary: User-Agent, so caches and CDNs may hand one version to the other agent.',
      },
    ]);

    // The same comparison in "Copy as Markdown".
    await popup.evaluate(() => {
      navigator.clipboard.writeText = async (t: string) => {
        (window as unknown as { __md: string }).__md = t;
      };
    });
    await popup.getByTestId('copy-markdown').click();
    await expect(popup.getByTestId('export-note')).toHaveText('Copied the report as Markdown.');
    const md = (await popup.evaluate(() => (window as unknown as { __md: string }).__md)).split('\n');
    const at = md.indexOf('## Mobile vs desktop');
    expect(md.slice(at, at + 9)).toEqual([
      '## Mobile vs desktop',
      '',
      `- Compared ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(Date.parse(c.comparedAt))}: ${url}`,
      `- Googlebot Smartphone: HTTP 200, final URL \`${url}\`, ${mobileBytes} body bytes`,
      `- Googlebot Desktop: HTTP 200, final URL \`${url}\`, ${desktopBytes} body bytes`,
      '- **critical** Robots meta — noindex only on mobile (meta): Google indexes the mobile version, so the page drops out of the index.',
      '  - Googlebot Smartphone: `robots: noindex`',
      '  - Googlebot Desktop: —',
      '- **warning** Title — Google shows and ranks the title from the mobile HTML.',
    ]);
    expect(md).toContain('- **warning** — Both agents: the server sends different HTML per user agent without Vary: User-Agent, so caches and CDNs may hand one version to the other agent.');
  });

  test('identical HTML: one line "no differences"; a rule left by a stopped worker is cleared', async ({
    page,
    demo,
    context,
    openPopup,
    serviceWorker,
  }) => {
    // What a worker stopped mid-fetch would leave behind: a rule in the comparison's id range.
    await serviceWorker.evaluate(
      (url) =>
        chrome.declarativeNetRequest.updateSessionRules({
          addRules: [
            {
              id: 619_999,
              action: {
                type: chrome.declarativeNetRequest.RuleActionType.MODIFY_HEADERS,
                requestHeaders: [{ header: 'user-agent', operation: chrome.declarativeNetRequest.HeaderOperation.SET, value: 'stale' }],
              },
              condition: { urlFilter: `|${url}|`, tabIds: [-1] },
            },
          ],
        }),
      `${demo}/nowhere.html`,
    );
    expect((await sessionRules(serviceWorker)).map((r) => r.id)).toEqual([619_999]);
    await page.goto(`${demo}/compare/same.html`);
    const cmp = await compareFromPopup(context, await openPopup(page));
    await expect(cmp.getByTestId('compare-identical')).toHaveText(
      'No differences — Googlebot Smartphone and Googlebot Desktop were served the same page.',
    );
    await expect(cmp.getByTestId('compare-differences')).toHaveCount(0);
    await expect(cmp.getByTestId('compare-findings')).toHaveCount(0);
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('403 for Googlebot Desktop only is reported as a finding', async ({ page, demo, context, openPopup, serviceWorker }) => {
    await page.goto(`${demo}/compare/blocked-desktop.html`);
    const cmp = await compareFromPopup(context, await openPopup(page));
    const blocked = cmp.getByTestId('compare-findings').locator('li[data-code=blocked]');
    await expect(blocked).toHaveAttribute('data-agent', 'desktop');
    await expect(blocked).toHaveText(
      "critical Googlebot Desktop got HTTP 403 while the other agent got the page: your CDN or server blocks a Googlebot user agent from a non-Google IP. Real Googlebot may be served differently — check your server logs or Search Console's URL Inspection.",
    );
    await expect(row(cmp, 'status').getByTestId('mobile')).toHaveText('200');
    await expect(row(cmp, 'status').getByTestId('desktop')).toHaveText('403');
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('redirects are followed by hand and a loop is reported for both agents', async ({
    page,
    demo,
    context,
    openPopup,
    serviceWorker,
    extensionId,
  }) => {
    await page.goto(`${demo}/compare/mobile-redirect.html`);
    let cmp = await compareFromPopup(context, await openPopup(page));
    await expect(row(cmp, 'finalUrl').getByTestId('mobile')).toHaveText(`${demo}/compare/m/page.html`);
    await expect(row(cmp, 'finalUrl').getByTestId('desktop')).toHaveText(`${demo}/compare/mobile-redirect.html`);
    await expect(row(cmp, 'redirects').getByTestId('mobile')).toHaveText(
      `302 ${demo}/compare/mobile-redirect.html → /compare/m/page.html`,
    );

    // A tab cannot show a loop: open the comparison page for the looping URL directly.
    cmp = await context.newPage();
    await cmp.goto(`chrome-extension://${extensionId}/compare.html?url=${encodeURIComponent(`${demo}/compare/loop.html`)}`);
    const findings = cmp.getByTestId('compare-findings').locator('li[data-code=fetchFailed]');
    await expect(findings).toHaveCount(2);
    await expect(findings.first()).toContainText(`redirect loop — ${demo}/compare/loop2.html redirects back to ${demo}/compare/loop.html.`);
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('50 MB for mobile: counted to the last byte, the 2 MB cut reported only for mobile', async ({ demo, context, serviceWorker, extensionId }) => {
    const cmp = await context.newPage();
    await cmp.goto(`chrome-extension://${extensionId}/compare.html?url=${encodeURIComponent(`${demo}/compare/huge-mobile.html`)}`);
    await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
    await expect(cmp.getByTestId('compare-side-mobile').getByTestId('side-bytes')).toHaveAttribute('data-bytes', '52428800');
    await expect(cmp.getByTestId('compare-findings').locator('li[data-code=overLimit]')).toHaveAttribute('data-agent', 'mobile');
    await expect(row(cmp, 'bytes')).toHaveAttribute('data-severity', 'critical');
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('different content types per agent, and a desktop fetch that never answers (10 s timeout)', async ({
    demo,
    context,
    serviceWorker,
    extensionId,
  }) => {
    const open = async (path: string) => {
      const cmp = await context.newPage();
      await cmp.goto(`chrome-extension://${extensionId}/compare.html?url=${encodeURIComponent(`${demo}${path}`)}`);
      await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
      return cmp;
    };
    let cmp = await open('/compare/json-for-mobile.html');
    await expect(row(cmp, 'contentType').getByTestId('mobile')).toHaveText('application/json');
    await expect(row(cmp, 'contentType').getByTestId('desktop')).toHaveText('text/html');
    await expect(cmp.getByTestId('compare-findings').locator('li[data-code=nonHtml]')).toHaveText(
      'warning Googlebot Smartphone received “application/json”, not HTML: there is no page content to compare.',
    );

    cmp = await open('/compare/hang-desktop.html');
    const timeout = cmp.getByTestId('compare-findings').locator('li[data-code=fetchFailed]');
    await expect(timeout).toHaveAttribute('data-agent', 'desktop');
    await expect(timeout).toHaveText(`critical Googlebot Desktop: no answer from ${demo}/compare/hang-desktop.html within 10,000 ms.`);
    await expect(cmp.getByTestId('compare-side-mobile').getByTestId('side-status')).toHaveText('200');
    expect(await sessionRules(serviceWorker)).toEqual([]);
  });

  test('the user’s cookies never go with a fetch as Googlebot: no option sends them', async ({ demo, context, extensionId }) => {
    await context.addCookies([{ name: 'crawlscope_demo', value: '1', url: demo }]);
    const cmp = await context.newPage();
    try {
      await cmp.goto(`chrome-extension://${extensionId}/compare.html?url=${encodeURIComponent(`${demo}/compare/cookie.html`)}`);
      // With the cookie, the demo page gives Googlebot Smartphone another title ("Welcome back
      // (mobile)"): both agents getting the same page means no cookie went with either fetch.
      await expect(cmp.getByTestId('compare-identical')).toBeVisible({ timeout: 30_000 });
      await cmp.getByText('Fetch options').click();
      await expect(cmp.locator('.compare-options input[type=checkbox]')).toHaveCount(0);
    } finally {
      await context.clearCookies();
    }
  });

  test('the server receives exactly Googlebot’s User-Agent, no client hints, no Accept-Language, no cookies', async ({
    page,
    demo,
    context,
    extensionId,
  }) => {
    await context.addCookies([{ name: 'crawlscope_demo', value: '1', url: demo }]);
    try {
      // A normal load first: the browser itself sends client hints and its cookie.
      await page.goto(`${demo}/compare/headers.html`);
      const cmp = await context.newPage();
      await cmp.goto(`chrome-extension://${extensionId}/compare.html?url=${encodeURIComponent(`${demo}/compare/headers.html`)}`);
      await expect(cmp.getByTestId('compare-identical')).toBeVisible({ timeout: 30_000 });
      const seen = (await (await fetch(`${demo}/compare/headers-seen.json`)).json()) as Record<string, Record<string, string>>;
      expect(seen.browser!['sec-ch-ua']).toBeTruthy();
      expect(seen.browser!.cookie).toBe('crawlscope_demo=1');
      for (const agent of ['mobile', 'desktop'] as const) {
        const h = seen[agent]!;
        expect(Object.keys(h).filter((k) => k.startsWith('sec-ch-ua'))).toEqual([]);
        expect(h['accept-language']).toBeUndefined();
        expect(h.cookie).toBeUndefined();
        expect(h.accept).toBe('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
      }
      expect(seen.mobile!['user-agent']).toBe(
        'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.108 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      );
      expect(seen.desktop!['user-agent']).toBe(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/156.0.8078.108 Safari/537.36',
      );
    } finally {
      await context.clearCookies();
    }
  });
});
