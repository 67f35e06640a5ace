// Render as Googlebot in Chromium: the demo's render pages (tests/fixtures/demo-site/routes/render.mjs),
// each expectation derived from how the page is built.
import fs from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { BLOCKED_SCRIPT_PATH, CUT_SCRIPT_BYTE, STORAGE_SERVER_COOKIE } from '../fixtures/demo-site/routes/render.mjs';
import { ROBOTS_LINES } from '../fixtures/demo-site/routes/robots.mjs';
import { say } from '../support/say';
import { renderBlockErrors, reportSchemaErrors } from '../support/reportSchema';
import { jsonLines, runCli } from '../support/cli';
import { headerBytesOf } from '../support/headerBytesOf';

/** From the popup of `page`, open the render page (it starts at once) and wait until it has ended. */
async function renderFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  const [r] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('render-open').click()]);
  await r.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r;
}

/** The render page for a typed URL (it starts at once when the URL is given). */
async function renderUrl(context: BrowserContext, extensionId: string, url: string, query = ''): Promise<Page> {
  const r = await context.newPage();
  await r.goto(`chrome-extension://${extensionId}/render.html?url=${encodeURIComponent(url)}${query}`);
  await r.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r;
}

const difference = (r: Page, code: string, param?: string) =>
  r.locator(`[data-testid=render-difference][data-code=${code}]`).filter(param ? { hasText: param } : {});

/** Nothing of a render is left: no window of its own, no debugger attached. */
async function nothingLeft(sw: Worker) {
  await expect
    .poll(() =>
      sw.evaluate(async () => ({
        // Only Crawlscope's own debugger (the test harness is attached to every page too).
        attached: (await chrome.debugger.getTargets()).filter((t) => t.attached && t.extensionId === chrome.runtime.id).length,
        windows: (await chrome.windows.getAll()).length,
      })),
    )
    .toEqual({ attached: 0, windows: 1 });
}

test.describe('Render as Googlebot', () => {
  test('a script past the cut: the pricing link is in your browser, not in Googlebot’s render — the cut named as the cause; the JSON says the same', async ({ context, page, demo, openPopup, serviceWorker }) => {
    const url = `${demo}/render/cut-script.html`;
    await page.goto(url);
    // The script past the cut runs in the browser: the link is there.
    await expect(page.locator('a[href="/render/pricing.html"]')).toHaveCount(1);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('summary-render-text')).toHaveText(say('summary.renderNotYet'));
    const r = await renderFromPopup(context, popup);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    const d = difference(r, 'linkOnlyInBrowser', `${demo}/render/pricing.html`);
    await expect(d).toHaveCount(1);
    await expect(d).toHaveAttribute('data-cause', 'inlineScriptPastCut');
    await expect(d.getByTestId('render-difference-text')).toHaveText(say('render.difference.linkOnlyInBrowser', [`${demo}/render/pricing.html`]));
    await expect(d.getByTestId('render-cause')).toHaveText(say('render.why', [say('render.cause.inlineScriptPastCut', [CUT_SCRIPT_BYTE])]));
    // The document was cut; nothing else of the page was requested.
    await expect(r.locator(`[data-testid=render-resource][data-url="${url}"]`)).toHaveAttribute('data-outcome', 'cut');
    // The page links to /render/about.html before the cut; the script past it adds the pricing link.
    await expect(r.locator('[data-testid=render-views] tr[data-field=internalLinks] td[data-view=browser]')).toHaveText(say('render.linksCount', [2]));
    await expect(r.locator('[data-testid=render-views] tr[data-field=internalLinks] td[data-view=rendered]')).toHaveText(say('render.linksCount', [1]));
    await expect(r.getByTestId('render-screenshot')).toBeVisible();

    // "Download JSON": the tab's report with its render block, valid against the schema.
    const [file] = await Promise.all([r.waitForEvent('download'), r.getByTestId('render-download').click()]);
    const report = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.url).toBe(url);
    const block = report.render.differences.find((x: { code: string; params: string[] }) => x.code === 'linkOnlyInBrowser' && x.params[0] === `${demo}/render/pricing.html`);
    expect(block.cause).toEqual({ code: 'inlineScriptPastCut', params: [String(CUT_SCRIPT_BYTE)], message: say('render.cause.inlineScriptPastCut', [CUT_SCRIPT_BYTE]) });
    expect(report.render.browser.links.internal).toContain(`${demo}/render/pricing.html`);
    expect(report.render.rendered.links.internal).not.toContain(`${demo}/render/pricing.html`);
    expect(report.render.document.cutAt).toBeLessThan(CUT_SCRIPT_BYTE);

    // The popup's first screen now says what the render found.
    const again = await openPopup(page);
    await expect(again.getByTestId('summary-render')).toHaveAttribute('data-state', 'warn');
    await expect(again.getByTestId('render-differences').locator('li').first()).toHaveAttribute('data-code', 'linkOnlyInBrowser');
    await nothingLeft(serviceWorker);
  });

  test('a script robots.txt disallows: never requested, named with its robots.txt line as the cause', async ({ context, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/blocked-script.html`);
    await expect(page.locator('a[href="/render/pricing.html"]')).toHaveCount(1);
    const r = await renderFromPopup(context, await openPopup(page));
    const script = r.locator(`[data-testid=render-resource][data-url="${demo}${BLOCKED_SCRIPT_PATH}"]`);
    await expect(script).toHaveAttribute('data-outcome', 'blocked-robots');
    await expect(script).toHaveAttribute('data-line', String(ROBOTS_LINES.googlebotPrivateJs));
    const d = difference(r, 'linkOnlyInBrowser', `${demo}/render/pricing.html`);
    await expect(d).toHaveAttribute('data-cause', 'scriptBlocked');
    await expect(d.getByTestId('render-cause')).toHaveText(
      say('render.why', [say('render.cause.scriptBlocked', [`${demo}${BLOCKED_SCRIPT_PATH}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotPrivateJs, 'Disallow: /private-js/'])]),
    );
  });

  test('JavaScript changes the canonical and adds JSON-LD; JavaScript adds a noindex (critical)', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/js-changes.html`);
    await expect(difference(r, 'canonicalChangedByJs')).toHaveAttribute('data-severity', 'warning');
    await expect(difference(r, 'canonicalChangedByJs').getByTestId('render-difference-text')).toHaveText(
      say('render.difference.canonicalChangedByJs', [`${demo}/render/js-changes.html`, `${demo}/render/canonical-by-js.html`]),
    );
    await expect(difference(r, 'jsonLdAddedByJs').getByTestId('render-difference-text')).toHaveText(say('render.difference.jsonLdAddedByJs', ['Product']));
    const n = await renderUrl(context, extensionId, `${demo}/render/noindex-js.html`);
    await expect(n.getByTestId('render-difference').first()).toHaveAttribute('data-code', 'noindexAddedByJs');
    await expect(n.getByTestId('render-difference').first()).toHaveAttribute('data-severity', 'critical');
  });

  test('noindex in the HTML as served: not rendered (said first); rendered only on request, and labelled so', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/noindex-served.html`);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'noindex');
    await expect(r.getByTestId('render-stopped')).toHaveText(say('render.stopped.noindex', ['robots: noindex']));
    await expect(r.getByTestId('render-views').locator('tr[data-field=robots] td[data-view=rendered]')).toHaveText(say('render.none'));
    await r.getByTestId('render-anyway').click();
    await expect(r.getByTestId('render-forced')).toHaveText(say('render.forcedNote'), { timeout: 30_000 });
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
  });

  test('content behind a cookie the user has: in your browser only, the browser’s state named as the cause', async ({ context, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/join.html`);
    await page.goto(`${demo}/render/members.html`);
    await expect(page.locator('a[href="/render/members-only.html"]')).toHaveCount(1);
    const r = await renderFromPopup(context, await openPopup(page));
    const d = difference(r, 'linkOnlyInBrowser', `${demo}/render/members-only.html`);
    await expect(d).toHaveAttribute('data-cause', 'browserState');
  });

  test('content by navigator.userAgent and the viewport: Googlebot’s render as Smartphone (412 px) and as Desktop (1024 px)', async ({ context, extensionId, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/by-agent.html`);
    const r = await renderFromPopup(context, await openPopup(page));
    await expect(difference(r, 'linkOnlyInRender', `${demo}/render/for-googlebot.html`)).toHaveCount(1);
    await expect(r.locator('[data-testid=render-views] tr[data-field=headings] td[data-view=rendered]')).toHaveText('h1 By agent\nh2 Viewport 412 px', { useInnerText: true });
    const desktop = await renderUrl(context, extensionId, `${demo}/render/by-agent.html`, '&agent=desktop');
    await expect(desktop.locator('[data-testid=render-views] tr[data-field=headings] td[data-view=rendered]')).toHaveText('h1 By agent\nh2 Viewport 1024 px', { useInnerText: true });
  });

  test('an endless XHR and a page that never goes idle: the time limit ends the render with what the page had', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/endless-xhr.html`, '&limit=5');
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'time-limit');
    await expect(r.getByTestId('render-stopped')).toHaveText(say('render.stopped.time-limit', [5]));
    await expect(r.locator(`[data-testid=render-resource][data-url="${demo}/render/endless"]`)).toHaveAttribute('data-outcome', 'timeout');
    // "Written before the endless request." was written: five words more than the page as served.
    const served = Number(await r.locator('[data-testid=render-views] tr[data-field=words] td[data-view=served]').textContent());
    await expect(r.locator('[data-testid=render-views] tr[data-field=words] td[data-view=rendered]')).toHaveText(String(served + 5));
    const n = await renderUrl(context, extensionId, `${demo}/render/never-idle.html`, '&limit=5');
    await expect(n.getByTestId('render-result')).toHaveAttribute('data-stopped', 'time-limit');
    await nothingLeft(serviceWorker);
  });

  test('cancel: the render ends at once with what it had, and its window closes', async ({ context, extensionId, demo, serviceWorker }) => {
    const r = await context.newPage();
    await r.goto(`chrome-extension://${extensionId}/render.html?url=${encodeURIComponent(`${demo}/render/endless-xhr.html`)}&limit=60`);
    await expect(r.getByTestId('render-progress')).toHaveAttribute('data-phase', 'rendering', { timeout: 20_000 });
    await r.getByTestId('render-cancel').click();
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'cancelled');
    await expect(r.getByTestId('render-stopped')).toHaveText(say('render.stopped.cancelled'));
    await nothingLeft(serviceWorker);
  });

  test('the user’s cookies and storage for the site are exactly what they were before the render', async ({ context, page, demo, openPopup }) => {
    // The user's own visit: the page writes its cookie and storage in the user's profile.
    await page.goto(`${demo}/render/storage.html`);
    await page.evaluate(() => {
      localStorage.setItem('mine', 'the user’s own value');
      document.cookie = 'mine=user; path=/';
    });
    const before = {
      cookies: (await context.cookies(demo)).map((c) => `${c.name}=${c.value}`).sort(),
      local: await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort())),
      dbs: await page.evaluate(async () => (await indexedDB.databases()).map((d) => `${d.name}@${d.version}`).sort()),
    };
    expect(before.cookies).toEqual(['mine=user', STORAGE_SERVER_COOKIE, 'render-script=written'].sort());
    // The page writes over 'who' on every load: make the user's copy different from what a render would write.
    await page.evaluate(() => localStorage.setItem('who', 'the user'));
    before.local = await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

    const r = await renderFromPopup(context, await openPopup(page));
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    // What the render's page read of storage: nothing of the user's.
    await expect(r.locator('[data-testid=render-views] tr[data-field=words] td[data-view=rendered]')).not.toHaveText('');
    const after = {
      cookies: (await context.cookies(demo)).map((c) => `${c.name}=${c.value}`).sort(),
      local: await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort())),
      dbs: await page.evaluate(async () => (await indexedDB.databases()).map((d) => `${d.name}@${d.version}`).sort()),
    };
    expect(after).toEqual(before);
    const html = await r.getByTestId('render-html').textContent();
    expect(html).toContain('Saw: cookie= local=');
  });

  test('a typed URL: "Download JSON" is the render block alone, valid against the schema', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/blocked-script.html`);
    const [file] = await Promise.all([r.waitForEvent('download'), r.getByTestId('render-download').click()]);
    const block = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(renderBlockErrors(block)).toEqual([]);
    expect(block.browser).toBeNull();
    expect(block.resources.find((x: { url: string }) => x.url === `${demo}${BLOCKED_SCRIPT_PATH}`)).toMatchObject({ outcome: 'blocked-robots', robots: { line: ROBOTS_LINES.googlebotPrivateJs } });
  });

  test('the command line: crawlscope render, the same policy in the system Chromium; exit 1 for a difference that changes indexing, 0 for none', async ({ demo }) => {
    const changed = await runCli(['render', '--json', `${demo}/render/noindex-js.html`]);
    expect(changed.code).toBe(1);
    const block = JSON.parse(changed.out);
    expect(renderBlockErrors(block)).toEqual([]);
    expect(block.differences[0]).toMatchObject({ code: 'noindexAddedByJs', severity: 'critical', message: say('render.difference.noindexAddedByJs', ['robots: noindex']) });
    const cut = await runCli(['render', `${demo}/render/cut-script.html`]);
    expect(cut.code).toBe(0);
    // The body is ASCII: the cut keeps exactly the limit less the header bytes.
    expect(cut.out).toContain(`${demo}/render/cut-script.html — ${say('render.outcome.cut', [2_097_152 - (await headerBytesOf(`${demo}/render/cut-script.html`))])}`);
    const skipped = await runCli(['render', `${demo}/render/noindex-served.html`]);
    expect(skipped.code).toBe(1);
    expect(skipped.out).toContain(say('render.stopped.noindex', ['robots: noindex']));
    const usage = await runCli(['render', 'ftp://x/']);
    expect(usage.code).toBe(2);
  });

  test('the site check with --render: each fetched URL rendered, its report given the render block; a difference that changes indexing makes the run exit 1', async ({ demo }) => {
    const urls = [`${demo}/render/noindex-js.html`, `${demo}/render/about.html`];
    // Without --render both pages are indexable as served.
    expect((await runCli(urls)).code).toBe(0);
    const json = await runCli(['--render', '--json', ...urls]);
    expect(json.code).toBe(1);
    const reports = jsonLines(json.out);
    expect(reports.map((r) => r.url).sort()).toEqual([...urls].sort());
    for (const r of reports) expect(renderBlockErrors(r.render)).toEqual([]);
    const added = reports.find((r) => r.url === urls[0])!;
    expect(added.verdict).toBe('indexable');
    expect(added.render!.differences[0]).toMatchObject({ code: 'noindexAddedByJs', severity: 'critical' });
    const plain = reports.find((r) => r.url === urls[1])!;
    expect(plain.render!.stoppedBecause).toBe('idle');
    expect(plain.render!.differences.filter((d) => d.severity !== 'info')).toEqual([]);
    const text = await runCli(['--render', ...urls]);
    expect(text.code).toBe(1);
    expect(text.out).toContain(`${say('render.heading')}: ${say('sitecheck.renderCount', [2, 1])}\n${urls[0]}\n`);
    expect(text.out).toContain(say('render.difference.noindexAddedByJs', ['robots: noindex']));
  });
});
