import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';

// Line numbers of the demo robots.txt (tests/fixtures/demo-site/routes/robots.mjs).
const L = { googlebotBlocked: 3, googlebotPrivateJs: 4, imageAllowAll: 9, adsBotRobots: 13, extendedAll: 16 };

const row = (popup: Page, token: string) => popup.locator(`[data-testid=robots-row][data-token="${token}"]`);

async function expectRow(popup: Page, token: string, allowed: boolean, line: number | null, group: string) {
  const r = row(popup, token);
  await expect(r).toHaveAttribute('data-allowed', String(allowed));
  await expect(r).toHaveAttribute('data-line', line === null ? '' : String(line));
  await expect(r).toHaveAttribute('data-group', group);
}

/** The token table lists Googlebot and the tokens that differ from it; "Show all" lists the rest. */
async function showAllTokens(popup: Page) {
  await expect(popup.getByTestId('robots-status')).toBeVisible();
  const more = popup.getByTestId('robots-show-all');
  if ((await more.count()) && (await more.getAttribute('aria-expanded')) === 'false') await more.click();
}

/** A demo site serving one robots.txt variant (robots.txt is per origin). */
/** The extension's worker of the running test (set before each test). */
let worker: Worker | null = null;

async function withVariant<T>(variant: string, fn: (site: DemoSite) => Promise<T>, extra: Record<string, unknown> = {}): Promise<T> {
  const site = await startDemoSite({ robotsVariant: variant, ...extra });
  // A new site may get the port of an earlier test's site: its origin's robots.txt, cached for
  // 24 h as Google caches it, would be that other site's file.
  await worker?.evaluate((key) => chrome.storage.local.remove(key), `robots:${site.origin}`);
  try {
    return await fn(site);
  } finally {
    await site.close();
  }
}

test.describe('robots.txt', () => {
  test.beforeEach(({ serviceWorker }) => {
    worker = serviceWorker;
  });

  test('popup: exact verdict, group and deciding line per Google token on the demo page', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/robots/page.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-outcome', 'parse');
    await expect(popup.getByTestId('robots-outcome')).toHaveText('HTTP 200 — parsed as Google parses it.');
    await expect(popup.getByTestId('robots-url')).toHaveText(`${demo}/robots.txt`);
    // Googlebot first, then the tokens whose verdict differs from Googlebot's (AdsBot-Google, Google-Extended).
    await expect(popup.getByTestId('robots-row')).toHaveCount(3);
    await expect(popup.getByTestId('robots-row').nth(0)).toHaveAttribute('data-token', 'Googlebot');
    await expect(popup.getByTestId('robots-show-all')).toHaveText('Show all 16 tokens (13 more have the same verdict as Googlebot)');
    await popup.getByTestId('robots-show-all').click();
    await expect(popup.getByTestId('robots-row')).toHaveCount(16);
    await expectRow(popup, 'Googlebot', true, null, 'own');
    await expectRow(popup, 'Googlebot-Image', true, L.imageAllowAll, 'own');
    await expectRow(popup, 'AdsBot-Google', false, L.adsBotRobots, 'own');
    await expectRow(popup, 'Google-Extended', false, L.extendedAll, 'own');
    await expectRow(popup, 'Googlebot-News', true, null, 'fallback');
    await expectRow(popup, 'Storebot-Google', true, null, 'global');
    await expectRow(popup, 'AdsBot-Google-Mobile', true, null, 'none');
    await expectRow(popup, 'Google-Safety', true, null, 'ignored');
    await expect(row(popup, 'AdsBot-Google').getByTestId('robots-reason')).toHaveText('Line 13 (Disallow /robots/) is the longest match.');
    await expect(row(popup, 'Googlebot-News').getByTestId('robots-group')).toHaveText('fallback: Googlebot');
    // The page's own JS: app.js is blocked for Googlebot by line 4; public.js is allowed by line 5.
    await expect(popup.getByTestId('robots-resources-blocked')).toHaveAttribute('data-count', '1');
    const blocked = popup.getByTestId('robots-blocked-resource');
    await expect(blocked).toHaveCount(1);
    await expect(blocked).toHaveText(`${demo}/private-js/app.js — line ${L.googlebotPrivateJs}`);
    // Google-Extended is a control token, and the popup says what it does and does not govern.
    await expect(row(popup, 'Google-Extended').getByTestId('robots-control-note')).toHaveText(
      'A control token, not a crawler: governs Gemini training and grounding, not Google Search.',
    );
    // Notes on the file: the Google-Extended group (line 15) and the ignored crawl-delay (line 20).
    await popup.getByTestId('robots-notes').locator('summary').click();
    await expect(popup.getByTestId('robots-notes').locator('li')).toHaveCount(2);
    await expect(popup.locator('[data-testid=robots-notes] li[data-line="20"]')).toHaveText('line 20 crawl-delay (5) is ignored by Google.');
    await expect(popup.locator('[data-testid=robots-notes] li[data-line="15"]')).toHaveAttribute('data-code', 'googleExtended');
  });

  test('popup: /blocked/noindex.html is blocked for Googlebot by line 3', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const popup = await openPopup(page);
    await showAllTokens(popup);
    await expectRow(popup, 'Googlebot', false, L.googlebotBlocked, 'own');
    await expectRow(popup, 'Googlebot-Video', false, L.googlebotBlocked, 'fallback');
    await expectRow(popup, 'Googlebot-Image', true, L.imageAllowAll, 'own');
  });

  test('cache: a second look comes from the cache; "Fetch again" fetches', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/small.html`);
    const first = await openPopup(page);
    await expect(first.getByTestId('robots-status')).toBeVisible();
    const again = await openPopup(page);
    await expect(again.getByTestId('robots-fetched')).toHaveAttribute('data-from-cache', 'true');
    await again.getByTestId('robots-refresh').click();
    await expect(again.getByTestId('robots-fetched')).toHaveAttribute('data-from-cache', 'false');
  });

  test('cache: survives a service-worker restart', async ({ page, demo, context, openPopup }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const first = await openPopup(page);
    await expect(first.getByTestId('robots-status')).toBeVisible();
    await first.close();
    const internals = await context.newPage();
    await internals.goto('chrome://serviceworker-internals/');
    await internals.getByRole('button', { name: 'Stop' }).first().click();
    await expect.poll(() => internals.locator('body').innerText()).toContain('Running Status: STOPPED');
    await internals.close();
    const again = await openPopup(page);
    await expect(again.getByTestId('robots-fetched')).toHaveAttribute('data-from-cache', 'true');
    await expectRow(again, 'Googlebot', false, L.googlebotBlocked, 'own');
  });

  test('404: no robots.txt, every token allowed', async ({ page, openPopup }) => {
    await withVariant('404', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'notFound');
      await expect(popup.getByTestId('robots-outcome')).toHaveText('HTTP 404 — no robots.txt: Google may crawl everything on this origin.');
      await showAllTokens(popup);
      await expect(popup.locator('[data-testid=robots-row][data-allowed=true]')).toHaveCount(16);
    });
  });

  test('503: unreachable, every token that obeys robots.txt blocked', async ({ page, openPopup }) => {
    await withVariant('503', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-outcome', 'disallow-all');
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'serverError');
      await showAllTokens(popup);
      await expect(popup.locator('[data-testid=robots-row][data-allowed=false]')).toHaveCount(15);
      await expectRow(popup, 'Google-Safety', true, null, 'ignored');
    });
  });

  test('redirect: followed, hop recorded, the target file is used', async ({ page, openPopup }) => {
    await withVariant('redirect', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-outcome', 'parse');
      await expect(popup.getByTestId('robots-final-url')).toHaveText(`${site.origin}/robots-files/moved.txt`);
      await expect(popup.getByTestId('robots-hops').locator('li')).toHaveText([`${site.origin}/robots.txt answered 301`]);
      await expect(popup.getByTestId('robots-size')).toHaveAttribute('data-bytes', '37');
      await expectRow(popup, 'Googlebot', true, null, 'global');
    });
  });

  test('redirect to another origin: followed, that file applies here, with a warning', async ({ page, demo, openPopup }) => {
    await withVariant(
      'redirect-other-origin',
      async (site) => {
        await page.goto(`${site.origin}/blocked/x`);
        const popup = await openPopup(page);
        await expect(popup.getByTestId('robots-final-url')).toHaveText(`${demo}/robots.txt`);
        await expect(popup.locator('[data-testid=robots-warning][data-code=redirectOtherOrigin]')).toContainText(demo);
        // The main demo file, fetched through the redirect, blocks /blocked/ for Googlebot (line 3).
        await expectRow(popup, 'Googlebot', false, L.googlebotBlocked, 'own');
      },
      { robotsRedirectTo: `${demo}/robots.txt` },
    );
  });

  test('six redirects: more than 5 hops, treated as not found', async ({ page, openPopup }) => {
    await withVariant('redirect-chain-6', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'tooManyRedirects');
      await showAllTokens(popup);
      await expect(popup.locator('[data-testid=robots-row][data-allowed=true]')).toHaveCount(16);
    });
  });

  test('redirect loop: stopped after 5 hops, not found, loop named', async ({ page, openPopup }) => {
    await withVariant('redirect-loop', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'tooManyRedirects');
      await expect(popup.locator('[data-testid=robots-warning][data-code=redirectLoop]')).toHaveCount(1);
    });
  });

  test('oversize (10 MB): only the first 512,000 bytes count', async ({ page, openPopup }) => {
    await withVariant('oversize', async (site) => {
      await page.goto(`${site.origin}/before-cap/x`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-size')).toHaveAttribute('data-bytes', '512000');
      await expect(popup.locator('[data-testid=robots-warning][data-code=truncated]')).toHaveText(
        'Only the first 512,000 bytes are used; the file has 10,485,760 bytes. Google ignores everything past 500 KiB.',
      );
      await expect(popup.getByTestId('robots-size')).toHaveText('512,000 bytes kept of 10,485,760 bytes');
      await expectRow(popup, 'Googlebot', false, 2, 'global');
      const beyond = await page.context().newPage();
      await beyond.goto(`${site.origin}/beyond-cap/x`);
      const popup2 = await openPopup(beyond);
      // The rule past the cap is not applied.
      await expectRow(popup2, 'Googlebot', true, null, 'global');
      await beyond.close();
    });
  });

  test('oversize and sent chunked (no Content-Length): the true size, counted to the end', async ({ page, openPopup }) => {
    await withVariant('oversize-chunked', async (site) => {
      await page.goto(`${site.origin}/before-cap/x`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-size')).toHaveText('512,000 bytes kept of 2,097,189 bytes');
      await expect(popup.locator('[data-testid=robots-warning][data-code=truncated]')).toHaveText(
        'Only the first 512,000 bytes are used; the file has 2,097,189 bytes. Google ignores everything past 500 KiB.',
      );
      await expectRow(popup, 'Googlebot', false, 2, 'global');
    });
  });

  test('a robots.txt that never ends: its first 500 KiB are used, its size is "at least"', async ({ page, openPopup }) => {
    await withVariant('endless', async (site) => {
      await page.goto(`${site.origin}/before-cap/x`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-outcome', 'parse', { timeout: 20_000 });
      await expect(popup.getByTestId('robots-size')).toHaveAttribute('data-bytes', '512000');
      // Crawlscope counts up to 16 MiB, then stops: the size is a lower bound, past 16,777,216 (where
      // reading stopped depends on the size of the chunks the browser hands over).
      const size = popup.getByTestId('robots-size');
      await expect(size).toHaveText(/^512,000 bytes kept of at least [0-9,]+ bytes \(reading stopped\)$/);
      const atLeast = Number((await size.innerText()).match(/at least ([0-9,]+)/)![1]!.replace(/,/g, ''));
      expect(atLeast).toBeGreaterThan(16_777_216);
      await expect(popup.locator('[data-testid=robots-warning][data-code=truncatedAtLeast]')).toHaveText(
        `Only the first 512,000 bytes are used; the file has at least ${atLeast.toLocaleString('en')} bytes (Crawlscope stopped reading there). Google ignores everything past 500 KiB.`,
      );
      await expectRow(popup, 'Googlebot', false, 2, 'global');
    });
  });

  test('HTML served as robots.txt: parsed anyway, with a warning', async ({ page, openPopup }) => {
    await withVariant('html', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-outcome', 'parse');
      await expect(popup.locator('[data-testid=robots-warning][data-code=notPlainText]')).toContainText('text/html; charset=utf-8');
      await expectRow(popup, 'Googlebot', true, null, 'none');
    });
  });

  test('messy file (BOM, CR-only, invalid UTF-8, NUL, 10,000 groups): verdicts on the exact bytes', async ({ page, openPopup }) => {
    await withVariant('messy', async (site) => {
      // Google %-encodes the raw 0xE9 byte of line 3 as %E9: this URL is blocked by it.
      await page.goto(`${site.origin}/caf%E9/menu`);
      const popup = await openPopup(page);
      await expect(popup.locator('[data-testid=robots-warning][data-code=invalidUtf8]')).toHaveCount(1);
      await expectRow(popup, 'Googlebot', false, 3, 'own');
      await expectRow(popup, 'Storebot-Google', true, null, 'global');
      await popup.getByTestId('robots-notes').locator('summary').click();
      await expect(popup.locator('[data-testid=robots-notes] li[data-code=nulByte]')).toHaveAttribute('data-line', '4');
      await expect(popup.locator('[data-testid=robots-notes] li[data-code=invalidUtf8]')).toHaveAttribute('data-line', '3');
      // Line 4 is cut at its NUL byte: "Disallow: /nul" blocks /nul-page.
      const nul = await page.context().newPage();
      await nul.goto(`${site.origin}/nul-page`);
      const popup2 = await openPopup(nul);
      await expectRow(popup2, 'Googlebot', false, 4, 'own');
      await nul.close();
    });
  });

  test('a server that drips one byte a second: timeout after 10 s, unreachable, and the verdict says why', async ({ page, openPopup }) => {
    test.setTimeout(45_000);
    await withVariant('trickle', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'timeout', { timeout: 20_000 });
      await showAllTokens(popup);
      await expect(popup.locator('[data-testid=robots-row][data-allowed=false]')).toHaveCount(15);
      await expect(popup.locator('[data-testid=reasons] > li[data-code=robotsUnreachableTimeout] [data-testid=reason-text]')).toHaveText(
        `robots.txt (${site.origin}/robots.txt) did not arrive in full within 10 s, so Google treats it as unreachable and stops crawling the whole site while it is.`,
      );
    }, { trickleMs: 1000 });
  });

  test('a server that never answers: timeout after 10 s, unreachable', async ({ page, openPopup }) => {
    test.setTimeout(45_000);
    await withVariant('slow', async (site) => {
      await page.goto(`${site.origin}/small.html`);
      const popup = await openPopup(page);
      await expect(popup.getByTestId('robots-loading')).toBeVisible();
      await expect(popup.getByTestId('robots-status')).toHaveAttribute('data-code', 'timeout', { timeout: 20_000 });
      await expect(popup.getByTestId('robots-outcome')).toHaveText(
        'No complete answer within 10 s — unreachable: Google stops crawling the site; after 12 h it uses its last good copy for up to 30 days.',
      );
    });
  });

  test('sandbox: opened at the deciding line; an edit changes the verdict live', async ({ page, demo, openPopup, context }) => {
    await page.goto(`${demo}/robots/page.html`);
    const popup = await openPopup(page);
    const opening = context.waitForEvent('page');
    await row(popup, 'AdsBot-Google').getByTestId('robots-line').click();
    const sandbox = await opening;
    await sandbox.waitForLoadState();
    expect(new URL(sandbox.url()).searchParams.get('line')).toBe(String(L.adsBotRobots));
    await expect(sandbox.getByTestId('sandbox-highlight')).toHaveAttribute('data-line', String(L.adsBotRobots));
    const ads = sandbox.locator('[data-testid=sandbox-row][data-token="AdsBot-Google"]');
    await expect(ads).toHaveAttribute('data-allowed', 'false');
    await expect(ads).toHaveAttribute('data-line', String(L.adsBotRobots));
    await expect(sandbox.getByTestId('sandbox-no-diff')).toBeVisible();

    const editor = sandbox.getByTestId('sandbox-editor');
    const text = await editor.inputValue();
    await editor.fill(text.replace('Disallow: /robots/', 'Allow: /robots/'));
    await expect(ads).toHaveAttribute('data-allowed', 'true');
    await expect(ads).toHaveAttribute('data-line', String(L.adsBotRobots));
    await expect(sandbox.getByTestId('sandbox-diff').locator('li')).toHaveText([
      `−${String(13).padStart(5)}  Disallow: /robots/`,
      `+${String(13).padStart(5)}  Allow: /robots/`,
    ]);
    // A second URL, relative to the page: both get their own verdicts.
    await sandbox.getByTestId('sandbox-urls').fill(`${demo}/robots/page.html\n/blocked/x`);
    const second = sandbox.locator(`[data-testid=sandbox-verdicts][data-url="${demo}/blocked/x"]`);
    await expect(second.locator('[data-token=Googlebot]')).toHaveAttribute('data-line', String(L.googlebotBlocked));
    await expect(second.locator('[data-token=Googlebot]')).toHaveAttribute('data-allowed', 'false');
    // Picking a verdict highlights its deciding line.
    await second.locator('[data-token=Googlebot] [data-testid=sandbox-pick]').click();
    await expect(sandbox.getByTestId('sandbox-highlight')).toHaveAttribute('data-line', String(L.googlebotBlocked));
    // The crawl-delay line is flagged in the gutter.
    await expect(sandbox.locator('[data-testid=sandbox-gutter-mark][data-line="20"]')).toHaveCount(1);
    await sandbox.close();
  });
});
