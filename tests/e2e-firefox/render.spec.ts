// Render as Googlebot in Firefox (a container of its own, blocking webRequest and stream filters):
// the demo's render pages (tests/fixtures/demo-site/routes/render.mjs), each expectation derived
// from how the page is built — the same as the Chromium suite (tests/e2e/render.spec.ts).
import type { Browser, Page } from 'puppeteer-core';
import { test, expect, type ExtEval } from './fixtures';
import { download, openedTab } from './firefox';
import { attr, click, count, downloadedJson, expectAttr, expectCount, expectText, text, tid } from './dom';
import { RENDER_IDLE_MS, RENDER_TIME_LIMIT_MS } from '../../lib/render/renderPolicy';
import { APP, APP_BUNDLE_BLOCKED, APP_DATA_BLOCKED, BLOCKED_SCRIPT_PATH, CLOAKED_BYTES, CLOAKED_LINKS, CUT_SCRIPT_BYTE, manyLinksPastCut, SHADOW, STORAGE_SERVER_COOKIE, UNRELATED_SCRIPT } from '../fixtures/demo-site/routes/render.mjs';
import { headerBytesOf } from '../support/headerBytesOf';
import { ROBOTS_LINES } from '../fixtures/demo-site/routes/robots.mjs';
import { say } from '../support/say';
import { renderBlockErrors, reportSchemaErrors } from '../support/reportSchema';

const RENDER_WAIT = { timeout: 45_000 };
/** Firefox keeps a browser window at least this wide (the Smartphone's 412 px cannot be had; README "Render as Googlebot"). */
const FIREFOX_MIN_WIDTH = 500;

/** From the popup, open the render page (it starts at once) and wait until it has ended. */
async function renderFromPopup(ff: Browser, base: string, popup: Page): Promise<Page> {
  await click(popup, tid('render-open'));
  const r = await openedTab(ff, `${base}/render.html`);
  await r.waitForSelector(tid('render-result'), RENDER_WAIT);
  return r;
}

/** The render page for a typed URL (it starts at once when the URL is given). */
async function renderUrl(openExt: (p: string) => Promise<Page>, url: string, query = ''): Promise<Page> {
  const r = await openExt(`/render.html?url=${encodeURIComponent(url)}${query}`);
  await r.waitForSelector(tid('render-result'), RENDER_WAIT);
  return r;
}

const difference = (code: string) => `[data-testid=render-difference][data-code=${code}]`;

/** The first difference of `code`: its count, cause code, text, samples and its cause's text (null when there is none). */
const differenceOf = (r: Page, code: string) =>
  r.evaluate((sel) => {
    const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
    const e = document.querySelector(sel);
    return e
      ? {
          count: e.getAttribute('data-count'),
          severity: e.getAttribute('data-severity'),
          cause: e.getAttribute('data-cause'),
          text: norm(e.querySelector('[data-testid=render-difference-text]')?.textContent),
          samples: [...e.querySelectorAll('[data-testid=render-samples] li')].map((x) => norm(x.textContent)),
          why: norm(e.querySelector('[data-testid=render-cause]')?.textContent),
        }
      : null;
  }, difference(code));

/** The words a cause is shown with: its text, then how it was found. */
const why = (code: string, params: (string | number)[], evidence: 'evidence' | 'onlyRule' | 'experiment') =>
  say('render.why', [evidence === 'evidence' ? say(`render.cause.${code}`, params) : `${say(`render.cause.${code}`, params)} ${say(`render.evidence.${evidence}`)}`]);

const resource = (url: string) => `[data-testid=render-resource][data-url="${url}"]`;
const viewCell = (field: string, view: string) => `[data-testid=render-views] tr[data-field=${field}] td[data-view=${view}]`;

/** Nothing of a render is left: no container of its own (Firefox's four default ones stay), no tab in a container. */
async function nothingLeft(ext: ExtEval) {
  await expect
    .poll(() =>
      ext(async (b, name) => {
        const api = b as unknown as { contextualIdentities: { query(q: object): Promise<unknown[]> } };
        return {
          containers: (await api.contextualIdentities.query({ name })).length,
          containerTabs: (await b.tabs.query({})).filter((t) => (t as { cookieStoreId?: string }).cookieStoreId !== 'firefox-default').length,
        };
      }, say('render.heading')),
    )
    .toEqual({ containers: 0, containerTabs: 0 });
}

test.describe('Render as Googlebot (Firefox)', () => {
  test('a script past the cut: the pricing link is in a visitor’s render and your browser, not in Googlebot’s — the inline script past the cut and its byte named; the JSON says the same', async ({ ff, base, tab: page, demo, openPopup, ext, downloads }) => {
    const url = `${demo}/render/cut-script.html`;
    await page.goto(url);
    // The script past the cut runs in the browser: the link is there.
    expect(await count(page, 'a[href="/render/pricing.html"]')).toBe(1);
    const popup = await openPopup(page);
    await expectText(popup, tid('summary-render-text'), say('summary.renderNotYet'));
    const r = await renderFromPopup(ff, base, popup);
    try {
      await expectAttr(r, tid('render-result'), 'data-stopped', 'idle');
      expect(await differenceOf(r, 'linksMissing')).toEqual({
        count: '1',
        severity: 'warning',
        cause: 'inlineScriptPastCut',
        text: say('render.difference.linksMissing', [1]),
        samples: [`${demo}/render/pricing.html`],
        why: why('inlineScriptPastCut', [CUT_SCRIPT_BYTE], 'onlyRule'),
      });
      await expectAttr(r, tid('render-result'), 'data-visitor-stopped', 'idle');
      // The document was cut; nothing else of the page was requested.
      await expectAttr(r, resource(url), 'data-outcome', 'cut');
      // The page links to /render/about.html before the cut; the script past it adds the pricing link.
      await expectText(r, viewCell('internalLinks', 'browser'), say('render.linksCount', [2]));
      await expectText(r, viewCell('internalLinks', 'visitor'), say('render.linksCount', [2]));
      await expectText(r, viewCell('internalLinks', 'rendered'), say('render.linksCount', [1]));
      // The screenshot: a JPEG of the whole page, as wide as the render's viewport (Firefox keeps a
      // window at least FIREFOX_MIN_WIDTH wide: wider than the Smartphone's 412 px).
      const shot = await r.$eval(tid('render-screenshot'), async (img) => {
        const el = img as HTMLImageElement;
        await el.decode();
        return { src: el.src.slice(0, 23), width: el.naturalWidth, height: el.naturalHeight };
      });
      expect(shot.src).toBe('data:image/jpeg;base64,');
      expect(shot.width).toBe(FIREFOX_MIN_WIDTH);
      expect(shot.height).toBeGreaterThan(0);

      // "Download JSON": the tab's report with its render block, valid against the schema.
      // (The tab's report is gathered first: the file is really downloaded.)
      const file = await download(downloads, () => click(r, tid('render-download')), 30_000);
      const report = JSON.parse(file.text) as {
        url: string;
        render: { differences: { code: string; params: string[]; samples: string[]; cause: unknown }[]; browser: { links: { internal: string[] } }; visitor: { rendered: { links: { internal: string[] } } }; rendered: { links: { internal: string[] } }; document: { cutAt: number } };
      };
      expect(reportSchemaErrors(report)).toEqual([]);
      expect(report.url).toBe(url);
      const block = report.render.differences.find((x) => x.code === 'linksMissing')!;
      expect(block.samples).toEqual([`${demo}/render/pricing.html`]);
      expect(block.cause).toMatchObject({ code: 'inlineScriptPastCut', params: [String(CUT_SCRIPT_BYTE)], evidence: 'only-rule' });
      expect(report.render.visitor.rendered.links.internal).toContain(`${demo}/render/pricing.html`);
      expect(report.render.browser.links.internal).toContain(`${demo}/render/pricing.html`);
      expect(report.render.rendered.links.internal).not.toContain(`${demo}/render/pricing.html`);
      expect(report.render.document.cutAt).toBeLessThan(CUT_SCRIPT_BYTE);
    } finally {
      await r.close();
    }
    // The popup's first screen now says what the render found.
    const again = await openPopup(page);
    await expectAttr(again, tid('summary-render'), 'data-state', 'warn');
    await expectAttr(again, `${tid('render-differences')} li`, 'data-code', 'linksMissing');
    await nothingLeft(ext);
  });

  test('a script robots.txt disallows: never requested, named with its robots.txt line as the cause', async ({ ff, base, tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/render/blocked-script.html`);
    await expectCount(page, 'a[href="/render/pricing.html"]', 1);
    const r = await renderFromPopup(ff, base, await openPopup(page));
    try {
      const script = resource(`${demo}${BLOCKED_SCRIPT_PATH}`);
      await expectAttr(r, script, 'data-outcome', 'blocked-robots');
      await expectAttr(r, script, 'data-line', String(ROBOTS_LINES.googlebotPrivateJs));
      expect(await differenceOf(r, 'linksMissing')).toMatchObject({
        cause: 'scriptBlocked',
        samples: [`${demo}/render/pricing.html`],
        why: why('scriptBlocked', [`${demo}${BLOCKED_SCRIPT_PATH}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotPrivateJs, 'Disallow: /private-js/'], 'onlyRule'),
      });
    } finally {
      await r.close();
    }
  });

  test('JavaScript changes the canonical and adds JSON-LD; JavaScript adds a noindex (critical)', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/js-changes.html`);
    await expectAttr(r, difference('canonicalChangedByJs'), 'data-severity', 'warning');
    await expectText(
      r,
      `${difference('canonicalChangedByJs')} ${tid('render-difference-text')}`,
      say('render.difference.canonicalChangedByJs', [`${demo}/render/js-changes.html`, `${demo}/render/canonical-by-js.html`]),
    );
    await expectText(r, `${difference('jsonLdAddedByJs')} ${tid('render-difference-text')}`, say('render.difference.jsonLdAddedByJs', ['Product']));
    const n = await renderUrl(openExt, `${demo}/render/noindex-js.html`);
    await expectAttr(n, tid('render-difference'), 'data-code', 'noindexAddedByJs');
    await expectAttr(n, tid('render-difference'), 'data-severity', 'critical');
  });

  test('noindex in the HTML as served: not rendered (said first); rendered only on request, and labelled so', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/noindex-served.html`);
    await expectAttr(r, tid('render-result'), 'data-stopped', 'noindex');
    await expectText(r, tid('render-stopped'), say('render.stopped.noindex', ['robots: noindex']));
    await expectText(r, viewCell('robots', 'rendered'), say('render.none'));
    await click(r, tid('render-anyway'));
    await expectText(r, tid('render-forced'), say('render.forcedNote'), { timeout: 30_000 });
    await expectAttr(r, tid('render-result'), 'data-stopped', 'idle', { timeout: 30_000 });
  });

  test('a members-only link seen only in your browser: not in a visitor’s render nor Googlebot’s, caused by your session', async ({ ff, base, tab: page, demo, openPopup, ext }) => {
    await page.goto(`${demo}/render/join.html`);
    await page.goto(`${demo}/render/members.html`);
    await expectCount(page, 'a[href="/render/members-only.html"]', 1);
    const r = await renderFromPopup(ff, base, await openPopup(page));
    try {
      expect(await differenceOf(r, 'linksOnlyInBrowser')).toMatchObject({ cause: 'browserState', severity: 'info', samples: [`${demo}/render/members-only.html`] });
      expect(await differenceOf(r, 'linksMissing')).toBeNull();
    } finally {
      await r.close();
      // The user's member cookie stays with this test: the next ones start from the user's own jar.
      await ext(async (b, u) => b.cookies.remove({ url: u, name: 'member', storeId: 'firefox-default' } as never), `${demo}/render/members.html`);
    }
  });

  test('content by navigator.userAgent and the viewport: Googlebot’s render as Smartphone (Firefox: 500 px, its narrowest window) and as Desktop (1024 px)', async ({ ff, base, tab: page, demo, openPopup, openExt }) => {
    await page.goto(`${demo}/render/by-agent.html`);
    // The user's own Firefox: no Googlebot link.
    expect(await count(page, 'a[href="/render/for-googlebot.html"]')).toBe(0);
    const r = await renderFromPopup(ff, base, await openPopup(page));
    try {
      expect(await differenceOf(r, 'linksOnlyGooglebot')).toMatchObject({ cause: 'userAgent', severity: 'warning', samples: [`${demo}/render/for-googlebot.html`] });
      // The page writes window.innerWidth: the window's content width, which the render reports as its viewport.
      await expectText(r, viewCell('headings', 'rendered'), `h1 By agent\nh2 Viewport ${FIREFOX_MIN_WIDTH} px`);
      // The limits line names that width, then the window's content height.
      const [before, after] = say('render.limits', [RENDER_IDLE_MS, RENDER_TIME_LIMIT_MS / 1000, FIREFOX_MIN_WIDTH, '\u0000']).split('\u0000') as [string, string];
      const limits = (await text(r, tid('render-limits'))) ?? '';
      expect(limits.startsWith(before)).toBe(true);
      const height = Number(limits.slice(before.length).split(/\D/)[0]);
      // Firefox sizes the window to the agent's height as far as the screen and its own window
      // rules let it (not exactly, under load): the line reports the height the page really had.
      expect(height).toBeGreaterThan(0);
      expect(limits).toContain(`${height}${after}`);
    } finally {
      await r.close();
    }
    const desktop = await renderUrl(openExt, `${demo}/render/by-agent.html`, '&agent=desktop');
    await expectText(desktop, viewCell('headings', 'rendered'), 'h1 By agent\nh2 Viewport 1024 px');
    // The page kept no navigator.userAgent of Googlebot for the user: a reload in the user's tab is still Firefox.
    await page.reload();
    expect(await page.evaluate(() => navigator.userAgent)).toContain('Firefox/');
    expect(await count(page, 'a[href="/render/for-googlebot.html"]')).toBe(0);
  });

  test('an endless XHR and a page that never goes idle: the time limit ends the render with what the page had', async ({ demo, openExt, ext }) => {
    const r = await renderUrl(openExt, `${demo}/render/endless-xhr.html`, '&limit=5');
    await expectAttr(r, tid('render-result'), 'data-stopped', 'time-limit');
    await expectText(r, tid('render-stopped'), say('render.stopped.time-limit', [5]));
    await expectAttr(r, resource(`${demo}/render/endless`), 'data-outcome', 'timeout');
    // "Written before the endless request." was written: five words more than the page as served.
    const served = Number(await text(r, viewCell('words', 'served')));
    await expectText(r, viewCell('words', 'rendered'), String(served + 5));
    const n = await renderUrl(openExt, `${demo}/render/never-idle.html`, '&limit=5');
    await expectAttr(n, tid('render-result'), 'data-stopped', 'time-limit');
    await nothingLeft(ext);
  });

  test('cancel: the render ends at once with what it had, and its window and container go', async ({ demo, openExt, ext }) => {
    const r = await openExt(`/render.html?url=${encodeURIComponent(`${demo}/render/endless-xhr.html`)}&limit=60`);
    await expectAttr(r, tid('render-progress'), 'data-phase', 'rendering', { timeout: 20_000 });
    await click(r, tid('render-cancel'));
    await expectAttr(r, tid('render-result'), 'data-stopped', 'cancelled');
    await expectText(r, tid('render-stopped'), say('render.stopped.cancelled'));
    await nothingLeft(ext);
  });

  test('the user’s cookies and storage for the site are exactly what they were before the render', async ({ ff, base, tab: page, demo, openPopup, ext }) => {
    // The user's own visit: the page writes its cookie and storage in the user's profile.
    await page.goto(`${demo}/render/storage.html`);
    // The user's page opens its own database as it loads: 'before' is taken once it exists.
    await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name === 'render-demo'));
    await page.evaluate(() => {
      localStorage.setItem('mine', 'the user’s own value');
      document.cookie = 'mine=user; path=/';
    });
    const cookies = () =>
      ext(async (b, u) => (await b.cookies.getAll({ url: u, storeId: 'firefox-default' } as never)).map((c) => `${c.name}=${c.value}`).sort(), `${demo}/render/storage.html`);
    const local = () => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
    const dbs = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => `${d.name}@${d.version}`).sort());
    expect(await cookies()).toEqual(['mine=user', STORAGE_SERVER_COOKIE, 'render-script=written'].sort());
    // The page writes over 'who' on every load: make the user's copy different from what a render would write.
    await page.evaluate(() => localStorage.setItem('who', 'the user'));
    const before = { cookies: await cookies(), local: await local(), dbs: await dbs() };
    expect(before.dbs).toEqual(['render-demo@1']);

    const r = await renderFromPopup(ff, base, await openPopup(page));
    try {
      await expectAttr(r, tid('render-result'), 'data-stopped', 'idle');
      const after = { cookies: await cookies(), local: await local(), dbs: await dbs() };
      expect(after).toEqual(before);
      // What the render's page read of storage: nothing of the user's.
      const html = await r.$eval(tid('render-html'), (e) => e.textContent ?? '');
      expect(html).toContain('Saw: cookie= local=');
    } finally {
      await r.close();
    }
    await nothingLeft(ext);
  });

  test('an app whose data request robots.txt disallows: nearly empty, critical and first, its cause that request’s robots.txt line — found by rendering again with only that line lifted', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/app.html`);
    const cause = why('requestBlocked', [`${demo}${APP_DATA_BLOCKED}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotBlocked, 'Disallow: /blocked/'], 'experiment');
    await expectAttr(r, tid('render-difference'), 'data-code', 'nearlyEmpty');
    await expectAttr(r, tid('render-difference'), 'data-severity', 'critical');
    expect((await differenceOf(r, 'nearlyEmpty'))?.why).toBe(cause);
    expect(await differenceOf(r, 'linksMissing')).toMatchObject({ count: String(APP.operations.length), why: cause });
    expect(await differenceOf(r, 'headingsMissing')).toMatchObject({ count: String(APP.tags.length + 1), why: cause });
    await expectText(r, viewCell('headings', 'visitor'), [`h1 ${APP.title}`, ...APP.tags.map((t) => `h2 ${t}`)].join('\n'));
  });

  test('the same app from its tab: nearly empty, the same cause; your browser has the headings too', async ({ ff, base, tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/render/app.html`);
    await expect.poll(() => count(page, '#app h2')).toBe(APP.tags.length);
    const r = await renderFromPopup(ff, base, await openPopup(page));
    try {
      expect(await differenceOf(r, 'nearlyEmpty')).toMatchObject({
        severity: 'critical',
        cause: 'requestBlocked',
        why: why('requestBlocked', [`${demo}${APP_DATA_BLOCKED}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotBlocked, 'Disallow: /blocked/'], 'experiment'),
      });
      await expectText(r, viewCell('headings', 'browser'), [`h1 ${APP.title}`, ...APP.tags.map((t) => `h2 ${t}`)].join('\n'));
    } finally {
      await r.close();
    }
  });

  test('an app whose bundle robots.txt disallows: nearly empty, the bundle’s line the cause', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/app-bundle.html`);
    const d = await differenceOf(r, 'nearlyEmpty');
    expect(d?.cause).toBe('scriptBlocked');
    expect(d?.why).toContain(say('render.cause.scriptBlocked', [`${demo}${APP_BUNDLE_BLOCKED}`, `${demo}/robots.txt`, ROBOTS_LINES.googlebotPrivateJs, 'Disallow: /private-js/']));
  });

  test('a server that sends Googlebot another page: the links only visitors get, caused by the User-Agent, with what each got', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/cloaked.html`);
    expect(await differenceOf(r, 'linksMissing')).toMatchObject({
      count: String(CLOAKED_LINKS.length),
      samples: CLOAKED_LINKS.map((h) => `${demo}${h}`),
      why: why('userAgentDocument', [200, CLOAKED_BYTES.googlebot, 200, CLOAKED_BYTES.visitor], 'evidence'),
    });
  });

  test('a 2.5 MB page of plain links with an unrelated disallowed script: one finding, caused by the cut, with the count and the byte — never the script', async ({ demo, openExt }) => {
    const url = `${demo}/render/many-links.html`;
    const cutAt = 2_097_152 - (await headerBytesOf(url));
    const r = await renderUrl(openExt, url);
    expect(await count(r, difference('linksMissing'))).toBe(1);
    expect(await differenceOf(r, 'linksMissing')).toMatchObject({ count: String(manyLinksPastCut(cutAt)), why: why('cut', [cutAt], 'evidence') });
    expect(await text(r, tid('render-differences'))).not.toContain(UNRELATED_SCRIPT);
  });

  test('shadow DOM flattened as Google flattens it: the shadow root’s heading and link, and the slotted text, in Googlebot’s render and the visitor’s, not in the HTML as served', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/shadow.html`);
    type View = { headings: { level: number; text: string }[]; links: { internal: string[] }; blocks: string[] };
    const block = (await downloadedJson(r, tid('render-download'))) as { served: View; rendered: View; visitor: { rendered: View } };
    const headings = [{ level: 1, text: 'Shadow DOM' }, { level: 2, text: SHADOW.heading }];
    for (const v of [block.rendered, block.visitor.rendered]) {
      expect(v.headings).toEqual(headings);
      expect(v.links.internal).toContain(`${demo}${SHADOW.link}`);
      expect(v.blocks).toContain(SHADOW.slotted);
    }
    expect(block.served.headings).toEqual(headings.slice(0, 1));
    expect(block.served.links.internal).not.toContain(`${demo}${SHADOW.link}`);
  });

  test('a typed URL: "Download JSON" is the render block alone, valid against the schema; the requests carried Googlebot’s User-Agent', async ({ demo, openExt }) => {
    const r = await renderUrl(openExt, `${demo}/render/blocked-script.html`);
    const block = (await downloadedJson(r, tid('render-download'))) as { browser: unknown; userAgent: string; resources: { url: string; outcome: string; robots: { line: number } | null }[] };
    expect(renderBlockErrors(block)).toEqual([]);
    expect(block.browser).toBeNull();
    expect(block.userAgent).toContain('Googlebot/2.1');
    expect(block.resources.find((x) => x.url === `${demo}${BLOCKED_SCRIPT_PATH}`)).toMatchObject({ outcome: 'blocked-robots', robots: { line: ROBOTS_LINES.googlebotPrivateJs } });
    expect(await attr(r, tid('render-result'), 'data-stopped')).toBe('idle');
  });
});
