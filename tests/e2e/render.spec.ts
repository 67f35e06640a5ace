// Render as Googlebot in Chromium: the demo's render pages (tests/fixtures/demo-site/routes/render.mjs),
// each expectation derived from how the page is built.
import fs from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { APP, APP_BUNDLE_BLOCKED, APP_DATA_BLOCKED, BLOCKED_SCRIPT_PATH, CLOAKED_BYTES, CLOAKED_LINKS, CUT_SCRIPT_BYTE, manyLinksPastCut, SHADOW, STORAGE_SERVER_COOKIE, UNRELATED_SCRIPT } from '../fixtures/demo-site/routes/render.mjs';
import { ROBOTS_LINES } from '../fixtures/demo-site/routes/robots.mjs';
import { say } from '../support/say';
import { renderBlockErrors, reportSchemaErrors } from '../support/reportSchema';
import { jsonLines, runCli } from '../support/cli';
import { headerBytesOf } from '../support/headerBytesOf';

/** From the popup of `page`, open the render page (it starts at once) and wait until it has ended. */
async function renderFromPopup(context: BrowserContext, popup: Page): Promise<Page> {
  // The render page, not the first new page: the render opens windows of its own (Googlebot's and
  // the visitor's), and either may be announced before the render page.
  const before = new Set(context.pages());
  await popup.getByTestId('render-open').click();
  let r: Page | undefined;
  await expect.poll(() => (r = context.pages().find((p) => !before.has(p) && p.url().includes('/render.html'))) !== undefined, { timeout: 10_000 }).toBe(true);
  await r!.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r!;
}

/** The render page for a typed URL (it starts at once when the URL is given). */
async function renderUrl(context: BrowserContext, extensionId: string, url: string, query = ''): Promise<Page> {
  const r = await context.newPage();
  await r.goto(`chrome-extension://${extensionId}/render.html?url=${encodeURIComponent(url)}${query}`);
  await r.getByTestId('render-result').waitFor({ timeout: 45_000 });
  return r;
}

const difference = (r: Page, code: string) => r.locator(`[data-testid=render-difference][data-code=${code}]`);

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

const view = (r: Page, field: string, column: string) => r.locator(`[data-testid=render-views] tr[data-field=${field}] td[data-view=${column}]`);
/** The words a cause is shown with: its text, then how it was found. */
const why = (code: string, params: (string | number)[], evidence: 'evidence' | 'onlyRule' | 'experiment') =>
  say('render.why', [evidence === 'evidence' ? say(`render.cause.${code}`, params) : `${say(`render.cause.${code}`, params)} ${say(`render.evidence.${evidence}`)}`]);

test.describe('Render as Googlebot', () => {
  test('a script past the cut, from the tab: the pricing link is in a visitor’s render and your browser, not in Googlebot’s — the inline script past the cut and its byte named; the JSON and the popup say the same', async ({ context, page, demo, openPopup, serviceWorker }) => {
    const url = `${demo}/render/cut-script.html`;
    await page.goto(url);
    // The script past the cut runs in the browser: the link is there.
    await expect(page.locator('a[href="/render/pricing.html"]')).toHaveCount(1);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('summary-render-text')).toHaveText(say('summary.renderNotYet'));
    const r = await renderFromPopup(context, popup);
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-stopped', 'idle');
    await expect(r.getByTestId('render-result')).toHaveAttribute('data-visitor-stopped', 'idle');
    const d = difference(r, 'linksMissing');
    await expect(d).toHaveCount(1);
    await expect(d).toHaveAttribute('data-count', '1');
    await expect(d).toHaveAttribute('data-cause', 'inlineScriptPastCut');
    await expect(d.getByTestId('render-difference-text')).toHaveText(say('render.difference.linksMissing', [1]));
    await expect(d.getByTestId('render-samples').locator('li')).toHaveText([`${demo}/render/pricing.html`]);
    await expect(d.getByTestId('render-cause')).toHaveText(why('inlineScriptPastCut', [CUT_SCRIPT_BYTE], 'onlyRule'));
    // The document was cut; nothing else of the page was requested.
    await expect(r.locator(`[data-testid=render-resource][data-url="${url}"]`)).toHaveAttribute('data-outcome', 'cut');
    // The page links to /render/about.html before the cut; the script past it adds the pricing link.
    await expect(view(r, 'internalLinks', 'rendered')).toHaveText(say('render.linksCount', [1]));
    await expect(view(r, 'internalLinks', 'visitor')).toHaveText(say('render.linksCount', [2]));
    await expect(view(r, 'internalLinks', 'browser')).toHaveText(say('render.linksCount', [2]));
    await expect(r.getByTestId('render-screenshot')).toBeVisible();

    // "Download JSON": the tab's report with its render block — both renders, each difference's cause — valid against the schema.
    const [file] = await Promise.all([r.waitForEvent('download'), r.getByTestId('render-download').click()]);
    const report = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.url).toBe(url);
    const block = report.render.differences.find((x: { code: string }) => x.code === 'linksMissing');
    expect(block).toMatchObject({ params: ['1'], samples: [`${demo}/render/pricing.html`], more: 0 });
    expect(block.cause).toMatchObject({ code: 'inlineScriptPastCut', params: [String(CUT_SCRIPT_BYTE)], evidence: 'only-rule' });
    expect(report.render.visitor.rendered.links.internal).toContain(`${demo}/render/pricing.html`);
    expect(report.render.browser.links.internal).toContain(`${demo}/render/pricing.html`);
    expect(report.render.rendered.links.internal).not.toContain(`${demo}/render/pricing.html`);
    expect(report.render.document.cutAt).toBeLessThan(CUT_SCRIPT_BYTE);

    // The popup's first screen says what Googlebot misses, and why.
    const again = await openPopup(page);
    await expect(again.getByTestId('summary-render')).toHaveAttribute('data-state', 'warn');
    await expect(again.getByTestId('summary-render-text')).toContainText(
      say('summary.renderMisses', [say('summary.renderMiss.linksMissing', [1]), say('summary.renderCause.inlineScriptPastCut'), '']).replace(/ \(.*$/, ''),
    );
    await expect(again.getByTestId('render-differences').locator('li').first()).toHaveAttribute('data-code', 'linksMissing');
    await nothingLeft(serviceWorker);
  });

  test('a script past the cut, from a typed URL: the same finding against a visitor’s render (the link named, the byte) — never “no difference”', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/cut-script.html`);
    const d = difference(r, 'linksMissing');
    await expect(d).toHaveAttribute('data-cause', 'inlineScriptPastCut');
    await expect(d.getByTestId('render-samples').locator('li')).toHaveText([`${demo}/render/pricing.html`]);
    await expect(d.getByTestId('render-cause')).toHaveText(why('inlineScriptPastCut', [CUT_SCRIPT_BYTE], 'onlyRule'));
    await expect(r.getByTestId('render-views').locator('thead th')).toHaveText([say('render.columnField'), say('render.columnServed'), say('render.columnRendered'), say('render.columnVisitor')]);
  });

  test('a script robots.txt disallows: never requested, named with its robots.txt line as the cause', async ({ context, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/blocked-script.html`);
    await expect(page.locator('a[href="/render/pricing.html"]')).toHaveCount(1);
    const r = await renderFromPopup(context, await openPopup(page));
    const script = r.locator(`[data-testid=render-resource][data-url="${demo}${BLOCKED_SCRIPT_PATH}"]`);
    await expect(script).toHaveAttribute('data-outcome', 'blocked-robots');
    await expect(script).toHaveAttribute('data-line', String(ROBOTS_LINES.googlebotPrivateJs));
    const d = difference(r, 'linksMissing');
    await expect(d).toHaveAttribute('data-cause', 'scriptBlocked');
    await expect(d.getByTestId('render-cause')).toHaveText(why('scriptBlocked', [`${demo}${BLOCKED_SCRIPT_PATH}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotPrivateJs, 'Disallow: /private-js/'], 'onlyRule'));
  });

  test('an app whose data request robots.txt disallows (typed URL and tab): nearly empty, critical and first, its cause that request’s robots.txt line — found by rendering again with only that line lifted; the command line exits 1 and its JSON names the line', async ({ context, extensionId, page, demo, openPopup }) => {
    const url = `${demo}/render/app.html`;
    const blockedData = `${demo}${APP_DATA_BLOCKED}`;
    const cause = why('requestBlocked', [blockedData, `${demo}/robots.txt`, ROBOTS_LINES.googlebotBlocked, 'Disallow: /blocked/'], 'experiment');
    const check = async (r: Page) => {
      const first = r.getByTestId('render-difference').first();
      await expect(first).toHaveAttribute('data-code', 'nearlyEmpty');
      await expect(first).toHaveAttribute('data-severity', 'critical');
      await expect(first.getByTestId('render-cause')).toHaveText(cause);
      await expect(difference(r, 'linksMissing')).toHaveAttribute('data-count', String(APP.operations.length));
      await expect(difference(r, 'headingsMissing')).toHaveAttribute('data-count', String(APP.tags.length + 1));
      await expect(difference(r, 'headingsMissing').getByTestId('render-cause')).toHaveText(cause);
      await expect(view(r, 'headings', 'visitor')).toHaveText([`h1 ${APP.title}`, ...APP.tags.map((t) => `h2 ${t}`)].join('\n'), { useInnerText: true });
      await expect(view(r, 'headings', 'rendered')).toHaveText(say('render.none'));
      const robots = r.locator('[data-testid=render-experiment][data-rule=robots]');
      await expect(robots).not.toHaveAttribute('data-explained', '0');
    };
    await check(await renderUrl(context, extensionId, url));
    await page.goto(url);
    await expect(page.locator('#app h2')).toHaveCount(APP.tags.length);
    await check(await renderFromPopup(context, await openPopup(page)));
    const cli = await runCli(['render', '--json', url]);
    expect(cli.code).toBe(1);
    const block = JSON.parse(cli.out);
    expect(renderBlockErrors(block)).toEqual([]);
    expect(block.differences[0]).toMatchObject({ code: 'nearlyEmpty', severity: 'critical', cause: { code: 'requestBlocked', params: [blockedData, `${demo}/robots.txt`, String(ROBOTS_LINES.googlebotBlocked), 'Disallow: /blocked/', '0'], evidence: 'experiment' } });
    expect(block.visitor.rendered.headings[0]).toEqual({ level: 1, text: APP.title });
  });

  test('an app whose bundle robots.txt disallows: nearly empty, the bundle’s line the cause', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/app-bundle.html`);
    const first = r.getByTestId('render-difference').first();
    await expect(first).toHaveAttribute('data-code', 'nearlyEmpty');
    await expect(first).toHaveAttribute('data-cause', 'scriptBlocked');
    await expect(first.getByTestId('render-cause')).toContainText(say('render.cause.scriptBlocked', [`${demo}${APP_BUNDLE_BLOCKED}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotPrivateJs, 'Disallow: /private-js/']));
  });

  test('a server that sends Googlebot another page: the links only visitors get, caused by the User-Agent, with what each got', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/cloaked.html`);
    const d = difference(r, 'linksMissing');
    await expect(d).toHaveAttribute('data-count', String(CLOAKED_LINKS.length));
    await expect(d.getByTestId('render-samples').locator('li')).toHaveText(CLOAKED_LINKS.map((h) => `${demo}${h}`));
    await expect(d.getByTestId('render-cause')).toHaveText(why('userAgentDocument', [200, CLOAKED_BYTES.googlebot, 200, CLOAKED_BYTES.visitor], 'evidence'));
  });

  test('a 2.5 MB page of plain links with an unrelated disallowed script: one finding, caused by the cut, with the count and the byte — never the script', async ({ context, extensionId, demo }) => {
    const url = `${demo}/render/many-links.html`;
    const cutAt = 2_097_152 - (await headerBytesOf(url));
    const r = await renderUrl(context, extensionId, url);
    const d = difference(r, 'linksMissing');
    await expect(d).toHaveCount(1);
    await expect(d).toHaveAttribute('data-count', String(manyLinksPastCut(cutAt)));
    await expect(d.getByTestId('render-cause')).toHaveText(why('cut', [cutAt], 'evidence'));
    await expect(r.getByTestId('render-differences')).not.toContainText(UNRELATED_SCRIPT);
    await expect(r.locator(`[data-testid=render-resource][data-url="${demo}${UNRELATED_SCRIPT}"]`)).toHaveAttribute('data-outcome', 'blocked-robots');
  });

  test('shadow DOM flattened as Google flattens it: the shadow root’s heading and link, and the slotted text, are in Googlebot’s render and the visitor’s, not in the HTML as served', async ({ context, extensionId, demo }) => {
    const r = await renderUrl(context, extensionId, `${demo}/render/shadow.html`);
    for (const column of ['rendered', 'visitor']) await expect(view(r, 'headings', column)).toHaveText(['h1 Shadow DOM', `h2 ${SHADOW.heading}`].join('\n'), { useInnerText: true });
    await expect(view(r, 'headings', 'served')).toHaveText('h1 Shadow DOM');
    const [file] = await Promise.all([r.waitForEvent('download'), r.getByTestId('render-download').click()]);
    const json = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    expect(json.rendered.links.internal).toContain(`${demo}${SHADOW.link}`);
    expect(json.rendered.blocks).toContain(SHADOW.slotted);
    expect(json.served.links.internal).not.toContain(`${demo}${SHADOW.link}`);
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

  test('a members-only link seen only in your browser: not in a visitor’s render nor Googlebot’s, caused by your session', async ({ context, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/join.html`);
    await page.goto(`${demo}/render/members.html`);
    await expect(page.locator('a[href="/render/members-only.html"]')).toHaveCount(1);
    const r = await renderFromPopup(context, await openPopup(page));
    const d = difference(r, 'linksOnlyInBrowser');
    await expect(d).toHaveAttribute('data-cause', 'browserState');
    await expect(d).toHaveAttribute('data-severity', 'info');
    await expect(d.getByTestId('render-samples').locator('li')).toHaveText([`${demo}/render/members-only.html`]);
    await expect(difference(r, 'linksMissing')).toHaveCount(0);
  });

  test('content by navigator.userAgent and the viewport: Googlebot’s render as Smartphone (412 px) and as Desktop (1024 px)', async ({ context, extensionId, page, demo, openPopup }) => {
    await page.goto(`${demo}/render/by-agent.html`);
    const r = await renderFromPopup(context, await openPopup(page));
    const only = difference(r, 'linksOnlyGooglebot');
    await expect(only.getByTestId('render-samples').locator('li')).toHaveText([`${demo}/render/for-googlebot.html`]);
    await expect(only).toHaveAttribute('data-cause', 'userAgent');
    await expect(only).toHaveAttribute('data-severity', 'warning');
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
    // The user's page opens its own database as it loads: 'before' is taken once it exists.
    await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name === 'render-demo'));
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
    expect(before.dbs).toEqual(['render-demo@1']);
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
    // Googlebot misses the link a visitor's render has: that changes indexing.
    expect(cut.code).toBe(1);
    // The body is ASCII: the cut keeps exactly the limit less the header bytes.
    expect(cut.out).toContain(`${demo}/render/cut-script.html — ${say('render.outcome.cut', [2_097_152 - (await headerBytesOf(`${demo}/render/cut-script.html`))])}`);
    const skipped = await runCli(['render', `${demo}/render/noindex-served.html`]);
    expect(skipped.code).toBe(1);
    expect(skipped.out).toContain(say('render.stopped.noindex', ['robots: noindex']));
    const usage = await runCli(['render', 'ftp://x/']);
    expect(usage.code).toBe(2);
  });

  test('the site check with --render: each fetched URL rendered beside a visitor’s render, its report given the render block; what Googlebot misses counted in the summary and the exit code', async ({ demo }) => {
    const urls = [`${demo}/render/noindex-js.html`, `${demo}/render/about.html`, `${demo}/render/app.html`];
    // Without --render the three pages are indexable as served.
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
    expect(plain.render!.visitor!.stoppedBecause).toBe('idle');
    expect(plain.render!.differences.filter((d) => d.severity !== 'info')).toEqual([]);
    const app = reports.find((r) => r.url === urls[2])!;
    expect(app.render!.differences[0]).toMatchObject({ code: 'nearlyEmpty', cause: { code: 'requestBlocked', params: [`${demo}${APP_DATA_BLOCKED}`, `${demo}/robots.txt`, String(ROBOTS_LINES.googlebotBlocked), 'Disallow: /blocked/', '0'] } });
    expect(json.err).toContain(`${say('render.heading')}: ${say('sitecheck.renderCount', [3, 2])}; ${say('sitecheck.renderMisses', [1])}`);
    const text = await runCli(['--render', ...urls]);
    expect(text.code).toBe(1);
    expect(text.out).toContain(`${say('render.heading')}: ${say('sitecheck.renderCount', [3, 2])}\n${say('sitecheck.renderMisses', [1])}\n`);
    expect(text.out).toContain(say('render.difference.noindexAddedByJs', ['robots: noindex']));
    expect(text.out).toContain(say('render.difference.nearlyEmpty', [0, app.render!.visitor!.rendered!.words, 0, APP.tags.length + 1]));
  });
});
