import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { reportSchemaErrors } from '../support/reportSchema';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, type MessageParam } from '../../lib/i18n';
import { META_REFRESH_DELAYED, META_REFRESH_MALFORMED } from '../fixtures/demo-site/routes/indexability.mjs';

// The popup report on the demo site's indexability pages: exact verdicts, exact reasons with
// their evidence, the toolbar badge, the caching probe, the JSON export and the keyboard.
const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../test-results/indexability-screens');

/** The popup's English, from locales/en.yml. */
const EN = flattenMessages(parseYAML(fs.readFileSync(path.resolve(here, '../../locales/en.yml'), 'utf8')));
const en = (key: string, params: MessageParam[] = []) => createTranslator('en', EN).t(key, params);

const GREEN = [20, 108, 46, 255];
const AMBER = [161, 92, 0, 255];
const RED = [179, 38, 30, 255];

/** The demo robots.txt disallows everything for Google-Extended (line 16): a note on every page. */
const EXTENDED = 'info:googleExtendedBlocked';

async function reportFor(page: Page, openPopup: (p: Page) => Promise<Page>, shot: string) {
  const popup = await openPopup(page);
  const verdict = popup.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-complete', 'true');
  await expect(popup.locator('[data-testid=caching][data-probe=running]')).toHaveCount(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  // Popup width (the toolbar popup is 480 px wide), whole report.
  await popup.setViewportSize({ width: 480, height: 900 });
  await popup.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
  const reasons = await popup.locator('[data-testid=reasons] > li').evaluateAll((els) =>
    els.map((e) => ({
      key: `${e.getAttribute('data-severity')}:${e.getAttribute('data-code')}`,
      text: e.querySelector('[data-testid=reason-text]')!.textContent!,
      evidence: [...e.querySelectorAll('code')].map((c) => c.textContent!),
    })),
  );
  return { popup, verdict: await verdict.getAttribute('data-verdict'), label: (await popup.getByTestId('verdict-label').innerText()).replace(/\s+/g, ' '), reasons };
}

async function badge(sw: Worker, tabId: number) {
  return sw.evaluate(async (id) => ({
    text: await chrome.action.getBadgeText({ tabId: id }),
    color: await chrome.action.getBadgeBackgroundColor({ tabId: id }),
  }), tabId);
}

test.describe('indexability verdict', () => {
  test('indexable page: "Indexable", green OK badge', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/indexability/indexable.html`);
    const tabId = await tabIdOf(page);
    // The badge is set on page load (headers + one DOM query), before any popup opens.
    await expect.poll(() => badge(serviceWorker, tabId)).toEqual({ text: 'OK', color: GREEN });
    const r = await reportFor(page, openPopup, 'indexable');
    expect(r.verdict).toBe('indexable');
    expect(r.label).toBe('Verdict for Google Search: Indexable');
    expect(r.reasons.map((x) => x.key)).toEqual([EXTENDED, 'ok:status200', 'ok:robotsAllowed', 'ok:canonicalSelf']);
    expect(r.reasons[0]!.evidence).toEqual([`${demo}/robots.txt line 16: Disallow: /`]);
    expect(r.reasons[1]!.text).toBe('HTTP 200: the page is served normally.');
    expect(r.reasons[3]!.evidence).toEqual([`HTML as served: <link rel="canonical" href="${demo}/indexability/indexable.html">`]);
    await expect.poll(() => badge(serviceWorker, tabId)).toEqual({ text: 'OK', color: GREEN });
  });

  test('meta robots noindex: "Not indexable", the tag as evidence, red NO badge', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/indexability/meta-noindex.html`);
    const tabId = await tabIdOf(page);
    await expect.poll(() => badge(serviceWorker, tabId)).toEqual({ text: 'NO', color: RED });
    const r = await reportFor(page, openPopup, 'meta-noindex');
    expect(r.verdict).toBe('not-indexable');
    expect(r.reasons.map((x) => x.key)).toEqual(['block:noindex', EXTENDED, 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[0]).toEqual({
      key: 'block:noindex',
      text: 'noindex: Google keeps this page out of its search results.',
      // the served tag decides; the same tag in the live DOM adds nothing
      evidence: ['HTML as served: <meta name="robots" content="noindex, follow">'],
    });
  });

  test('X-Robots-Tag googlebot: noindex counts; otherbot: noindex does not', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/indexability/xrt-googlebot-noindex.html`);
    const g = await reportFor(page, openPopup, 'xrt-googlebot-noindex');
    expect(g.verdict).toBe('not-indexable');
    expect(g.reasons[0]).toEqual({
      key: 'block:noindex',
      text: 'noindex: Google keeps this page out of its search results.',
      evidence: ['Header X-Robots-Tag: googlebot: noindex'],
    });
    expect(await badge(serviceWorker, await tabIdOf(page))).toEqual({ text: 'NO', color: RED });

    await page.goto(`${demo}/indexability/xrt-otherbot-noindex.html`);
    const o = await reportFor(page, openPopup, 'xrt-otherbot-noindex');
    expect(o.verdict).toBe('indexable');
    expect(o.reasons.map((x) => x.key)).toEqual([EXTENDED, 'info:otherCrawlerIgnored', 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(o.reasons[1]).toEqual({
      key: 'info:otherCrawlerIgnored',
      text: '“noindex” is addressed to otherbot, not to Googlebot: Google ignores it.',
      evidence: ['Header X-Robots-Tag: otherbot: noindex'],
    });
    expect(await badge(serviceWorker, await tabIdOf(page))).toEqual({ text: 'OK', color: GREEN });
  });

  test('robots.txt blocks the URL and the page says noindex: the conflict is explained', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const r = await reportFor(page, openPopup, 'blocked-noindex');
    expect(r.verdict).toBe('not-indexable');
    expect(r.reasons.map((x) => x.key)).toEqual(['block:robotsBlocked', 'risk:conflictNoindexBlocked', EXTENDED, 'info:canonicalNone', 'ok:status200']);
    expect(r.reasons[0]).toEqual({
      key: 'block:robotsBlocked',
      text: `robots.txt (${demo}/robots.txt, line 3) disallows this URL for Googlebot: its content is not crawled. The URL itself can still be indexed, without content, from links to it.`,
      evidence: [`${demo}/robots.txt line 3: Disallow: /blocked/`],
    });
    expect(r.reasons[1]!.text).toBe(
      "Conflict: robots.txt blocks this URL, so Google can't see your noindex; the URL can still be indexed from links. To keep it out, allow crawling so the noindex is read.",
    );
    expect(await badge(serviceWorker, await tabIdOf(page))).toEqual({ text: 'NO', color: RED });
  });

  test('canonical via Link header: "At risk", the header as evidence, amber badge', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/indexability/canonical-header.html`);
    const tabId = await tabIdOf(page);
    await expect.poll(() => badge(serviceWorker, tabId)).toEqual({ text: '!', color: AMBER });
    const r = await reportFor(page, openPopup, 'canonical-header');
    expect(r.verdict).toBe('at-risk');
    expect(r.reasons.map((x) => x.key)).toEqual(['risk:canonicalElsewhere', EXTENDED, 'ok:status200', 'ok:robotsAllowed', 'ok:canonicalTargetOk']);
    expect(r.reasons[0]).toEqual({
      key: 'risk:canonicalElsewhere',
      text: `The canonical points elsewhere: ${demo}/indexability/indexable.html. Google will likely index that URL instead of this one.`,
      evidence: [`Header Link: <${demo}/indexability/indexable.html>; rel="canonical"`],
    });
  });

  test('a page that is not HTML: only X-Robots-Tag could count, and no DOM is read', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/notes.txt`);
    const r = await reportFor(page, openPopup, 'plain-text');
    expect(r.verdict).toBe('indexable');
    expect(r.reasons.map((x) => x.key)).toEqual(['info:notHtml', EXTENDED, 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[0]!.text).toBe('This response is text/plain, not HTML: only the X-Robots-Tag header can carry robots directives.');
  });

  test('redirect chain: each hop is a reason with its status', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/redirect/small.html`);
    const r = await reportFor(page, openPopup, 'redirect-chain');
    expect(r.reasons.filter((x) => x.key.startsWith('info:redirect')).map((x) => x.text)).toEqual([
      `${demo}/redirect/small.html redirects permanently (301) to ${demo}/redirect/step2.html: a strong signal that the target is the canonical URL.`,
      `${demo}/redirect/step2.html redirects temporarily (302) to ${demo}/small.html: a weak signal; Google may keep the source URL as canonical.`,
    ]);
  });

  test('canonical to a redirecting URL: the redirect target is named', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/canonical-to-redirect.html`);
    const r = await reportFor(page, openPopup, 'canonical-to-redirect');
    expect(r.verdict).toBe('at-risk');
    expect(r.reasons.map((x) => x.key)).toEqual(['risk:canonicalElsewhere', 'risk:canonicalTargetRedirects', EXTENDED, 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[1]!.text).toBe(`The canonical URL ${demo}/redirect/small.html redirects to ${demo}/small.html: point the canonical at the final URL.`);
  });

  test('bad input: ten X-Robots-Tag headers, meta in body, broken canonical, soft 404, 503', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/xrt-several.html`);
    const several = await reportFor(page, openPopup, 'xrt-several');
    expect(several.verdict).toBe('indexable');
    const text = (code: string) => several.reasons.find((x) => x.key.endsWith(`:${code}`))?.text;
    expect(text('maxSnippet')).toMatch(/^max-snippet: 40 — /);
    expect(text('maxImagePreview')).toMatch(/^max-image-preview: standard — /);
    expect(several.reasons.filter((x) => x.key === 'info:otherCrawlerIgnored').map((x) => x.text)).toEqual([
      '“noindex” is addressed to otherbot, not to Googlebot: Google ignores it.',
      '“nofollow” is addressed to otherbot, not to Googlebot: Google ignores it.',
      '“noindex” is addressed to bingbot, not to Googlebot: Google ignores it.',
    ]);
    expect(text('directiveInvalid')).toBe('“max-snippet: lots”: the value is not valid, so Google ignores this directive.');
    expect(text('directiveUnknown')).toBe('“nopreview-please”: not a directive Google knows; it is ignored.');

    await page.goto(`${demo}/indexability/meta-in-body.html`);
    const body = await reportFor(page, openPopup, 'meta-in-body');
    expect(body.verdict).toBe('not-indexable');
    expect(body.reasons.map((x) => x.key)).toContain('info:metaInBody');

    await page.goto(`${demo}/indexability/canonical-not-url.html`);
    const bad = await reportFor(page, openPopup, 'canonical-not-url');
    expect(bad.verdict).toBe('at-risk');
    expect(bad.reasons[0]!.text).toBe('rel=canonical “http://[not a url” is not a valid http(s) URL: it is ignored.');

    await page.goto(`${demo}/indexability/soft-404.html`);
    const soft = await reportFor(page, openPopup, 'soft-404');
    expect(soft.verdict).toBe('at-risk');
    expect(soft.reasons[0]!.key).toBe('risk:soft404');

    await page.goto(`${demo}/indexability/unavailable-503.html`);
    const down = await reportFor(page, openPopup, 'unavailable-503');
    expect(down.verdict).toBe('not-indexable');
    expect(down.reasons.slice(0, 1).map((x) => x.text)).toEqual([
      'HTTP 503: Google slows down crawling of the whole host; served for more than a day or two, the URL can drop out of the index.',
    ]);
    expect(down.reasons.find((x) => x.key === 'info:retryAfter')!.evidence).toEqual(['Header Retry-After: 3600']);

    await page.goto(`${demo}/indexability/js-noindex.html`);
    const js = await reportFor(page, openPopup, 'js-noindex');
    expect(js.verdict).toBe('at-risk');
    expect(js.reasons[0]!.key).toBe('risk:noindexAddedByJs');
    expect(js.reasons[0]!.evidence).toEqual(['Live DOM: <meta name="robots" content="noindex">']);
  });
});

test.describe('meta refresh', () => {
  // The tab holds the refreshing page only for a delayed refresh: an instant one (0 s) is followed
  // by the browser before any popup can open, and the tab (its record, its content script) is
  // then the target's. The site check and the command line, which follow no refresh, report the
  // instant one (tests/unit/sitecheck).
  test('a delayed refresh: "At risk", the reason names the target and the delay, the served tag as evidence, amber badge', async ({ page, demo, openPopup, serviceWorker, tabIdOf }) => {
    await page.goto(`${demo}/indexability/meta-refresh-delayed.html`);
    const tabId = await tabIdOf(page);
    await expect.poll(() => badge(serviceWorker, tabId)).toEqual({ text: '!', color: AMBER });
    const r = await reportFor(page, openPopup, 'meta-refresh-delayed');
    expect(r.verdict).toBe('at-risk');
    expect(r.reasons.map((x) => x.key)).toEqual(['risk:metaRefreshDelayed', EXTENDED, 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    const target = `${demo}/indexability/moved-here.html`;
    expect(r.reasons[0]).toEqual({
      key: 'risk:metaRefreshDelayed',
      text: en('indexability.reason.metaRefreshDelayed', [target, 120]),
      evidence: [en('report.source.tagServed', [`<meta http-equiv="refresh" content="${META_REFRESH_DELAYED}">`])],
    });
    // Still the refreshing page: the browser has not moved on.
    expect(page.url()).toBe(`${demo}/indexability/meta-refresh-delayed.html`);
  });

  test('an instant refresh: the browser moves on at once, and the popup reports the page it landed on', async ({ page, demo, openPopup }) => {
    const target = `${demo}/indexability/moved-here.html`;
    await page.goto(`${demo}/indexability/meta-refresh-instant.html`);
    await page.waitForURL(target);
    const r = await reportFor(page, openPopup, 'meta-refresh-instant-target');
    expect(r.verdict).toBe('indexable');
    expect(r.reasons.map((x) => x.key)).toEqual([EXTENDED, 'ok:status200', 'ok:robotsAllowed', 'ok:canonicalSelf']);
    expect(r.reasons[3]!.evidence).toEqual([en('report.source.tagServed', [`<link rel="canonical" href="${target}">`])]);
  });

  test('a malformed refresh: a note with the content as written; nothing redirects', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/meta-refresh-malformed.html`);
    const r = await reportFor(page, openPopup, 'meta-refresh-malformed');
    expect(r.verdict).toBe('indexable');
    expect(r.reasons.map((x) => x.key)).toEqual([EXTENDED, 'info:metaRefreshInvalid', 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[1]).toEqual({
      key: 'info:metaRefreshInvalid',
      text: en('indexability.reason.metaRefreshInvalid', [META_REFRESH_MALFORMED]),
      evidence: [en('report.source.tagServed', [`<meta http-equiv="refresh" content="${META_REFRESH_MALFORMED}">`])],
    });
  });
});

test.describe('byte budget in the verdict', () => {
  test('3 MB page: the canonical past the 2 MB cut is a reason, with its byte offset', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/bytes/big.html`);
    const r = await reportFor(page, openPopup, 'big-3mb');
    expect(r.verdict).toBe('at-risk');
    // Only key tags (robots meta, canonical, hreflang, title) become reasons; the JSON-LD past the cut is the byte section's.
    expect(r.reasons.filter((x) => x.key === 'risk:pastCut')).toEqual([
      {
        key: 'risk:pastCut',
        text: "<link> https://demo.crawlscope.dev/bytes/big.html starts at byte 2,999,605, past Googlebot's 2,097,152-byte limit: Google never sees it.",
        evidence: ['<link> https://demo.crawlscope.dev/bytes/big.html at byte 2,999,605 (limit 2,097,152)'],
      },
    ]);
    // The same figures in the exported report
    const [download] = await Promise.all([r.popup.waitForEvent('download'), r.popup.getByTestId('download-json').click()]);
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.bytes.limit).toBe(2097152);
    expect(json.bytes.truncated).toBe(true);
    expect(json.bytes.headerBytes + json.bytes.bodyBytes).toBeGreaterThan(2097152);
    expect(json.bytes.cutOffset).toBeLessThanOrEqual(2097152);
    expect(json.bytes.lost).toContainEqual({ item: '<link> https://demo.crawlscope.dev/bytes/big.html', offset: 2999605 });
  });
});

test.describe('caching probe', () => {
  const probeRows = (popup: Page) =>
    popup.locator('[data-testid=probes] tr').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-header')}=${e.getAttribute('data-outcome')}`));

  test('a server that honours If-None-Match and If-Modified-Since answers 304', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/etag-304.html`);
    const { popup } = await reportFor(page, openPopup, 'etag-304');
    await expect(popup.getByTestId('caching')).toHaveAttribute('data-probe', 'done');
    expect(await probeRows(popup)).toEqual(['If-None-Match=not-modified', 'If-Modified-Since=not-modified']);
    await expect(popup.getByTestId('caching-google-uses')).toHaveAttribute('data-uses', 'etag');
    await expect(popup.getByTestId('caching-etag')).toHaveText('"idx-v1"');
    await expect(popup.getByTestId('probe-findings').locator('li').first()).toContainText('If-None-Match → 304 Not Modified: the server honours it, recrawls are cheap.');
  });

  test('a server that ignores them answers 200 with the full page', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/etag-ignored.html`);
    const { popup } = await reportFor(page, openPopup, 'etag-ignored');
    await expect(popup.getByTestId('caching')).toHaveAttribute('data-probe', 'done');
    expect(await probeRows(popup)).toEqual(['If-None-Match=ignored', 'If-Modified-Since=ignored']);
    const bytes = Buffer.byteLength(await (await fetch(`${demo}/indexability/etag-ignored.html`)).text());
    await expect(popup.getByTestId('probe-findings').locator('li').first()).toContainText(
      `If-None-Match → HTTP 200 with the full page (${bytes} bytes): the server ignores conditional requests, so every recrawl costs the full page.`,
    );
  });

  test('a 304 that changes the ETag is flagged', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/etag-unstable.html`);
    const { popup } = await reportFor(page, openPopup, 'etag-unstable');
    await expect(popup.getByTestId('caching')).toHaveAttribute('data-probe', 'done');
    expect(await probeRows(popup)).toEqual(['If-None-Match=etag-changed']);
    await expect(popup.getByTestId('probe-findings')).toContainText('If-None-Match → 304, but with a different ETag ("idx-v1" → "idx-v2"): the validator is not stable.');
  });
});

test.describe('export and keyboard', () => {
  test('the downloaded JSON validates against docs/report-schema.json', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/xrt-googlebot-noindex.html`);
    const { popup } = await reportFor(page, openPopup, 'export');
    const [download] = await Promise.all([popup.waitForEvent('download'), popup.getByTestId('download-json').click()]);
    expect(download.suggestedFilename()).toMatch(/^crawlscope-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.json$/);
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.url).toBe(`${demo}/indexability/xrt-googlebot-noindex.html`);
    expect(json.verdict).toBe('not-indexable');
    expect(json.status).toEqual({ code: 200, line: 'HTTP/1.1 200 OK' });
    expect(json.reasons[0]).toEqual({
      code: 'noindex', severity: 'block', params: [], message: 'noindex: Google keeps this page out of its search results.',
      sources: [{ kind: 'header', name: 'X-Robots-Tag', value: 'googlebot: noindex' }],
    });
    expect(json.robots.verdicts.find((v: { token: string }) => v.token === 'Google-Extended')).toEqual({ token: 'Google-Extended', allowed: false, group: 'own', line: 16, rule: 'Disallow: /' });
    expect(json.caching).toMatchObject({ etag: null, lastModified: null, googleUses: null, probes: [] });
    // A broken report must fail the same validator.
    expect(reportSchemaErrors({ ...json, verdict: 'fine' })).toEqual(['/verdict must be equal to one of the allowed values']);
  });

  test('keyboard only: every control is reachable with Tab, named, and works with Enter / Space', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/etag-304.html`);
    const { popup } = await reportFor(page, openPopup, 'keyboard');
    // Keep what the report writes to the clipboard (the real write still happens).
    await popup.evaluate(() => {
      const real = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = (t: string) => {
        (window as unknown as { __md: string }).__md = t;
        return real(t);
      };
    });
    const seen: { tag: string; name: string; testid: string | null }[] = [];
    await popup.locator('body').focus();
    for (let i = 0; i < 80; i++) {
      await popup.keyboard.press('Tab');
      const f = await popup.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const label = el.closest('label')?.textContent ?? '';
        const outline = getComputedStyle(el).outlineStyle;
        return { tag: el.tagName.toLowerCase(), name: (el.getAttribute('aria-label') ?? el.textContent ?? label).trim() || label.trim(), testid: el.getAttribute('data-testid'), outline };
      });
      if (!f) break;
      expect(f.name, `focused ${f.tag} has an accessible name`).not.toBe('');
      expect(f.outline, `focus on ${f.tag} "${f.name}" is visible`).not.toBe('none');
      if (seen.some((s) => s.testid === f.testid && s.name === f.name && s.tag === f.tag)) break;
      seen.push(f);
    }
    const ids = seen.map((s) => s.testid);
    for (const id of ['probe-cookies', 'probe-again', 'copy-markdown', 'download-json']) expect(ids).toContain(id);
    expect(seen.some((s) => s.tag === 'summary' && s.name === 'Directives, canonical and hreflang')).toBe(false); // no directives on this page
    // Enter on a button: copy the report
    await popup.getByTestId('copy-markdown').focus();
    await popup.keyboard.press('Enter');
    await expect(popup.getByTestId('export-note')).toHaveText('Copied the report as Markdown.');
    const md = await popup.evaluate(() => (window as unknown as { __md: string }).__md);
    expect(md.split('\n').slice(0, 3)).toEqual([`# Crawlscope report — ${demo}/indexability/etag-304.html`, '', '**Indexable**']);
    expect(md).toContain(`- **Note** — robots.txt blocks Google-Extended (line 16). That only controls use for Gemini training and grounding: it does not affect Google Search or AI Overviews.\n  - \`${demo}/robots.txt line 16: Disallow: /\``);
    expect(md).toContain('- ETag: `"idx-v1"`');
    expect(md).toContain('- **OK** — If-None-Match → 304 Not Modified: the server honours it, recrawls are cheap.');
    // Space on the checkbox: probe again with cookies
    await popup.getByTestId('probe-cookies').focus();
    await popup.keyboard.press('Space');
    await expect(popup.getByTestId('probe-cookies')).toBeChecked();
    await expect(popup.getByTestId('caching')).toHaveAttribute('data-probe', 'done');
    // Enter on a <summary>: the headers open
    await popup.getByTestId('headers-details').locator('summary').focus();
    await popup.keyboard.press('Enter');
    await expect(popup.getByTestId('headers-details')).toHaveAttribute('open', '');
  });

  test('WCAG AA contrast in light and dark mode (dark screenshot saved)', async ({ page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/canonical-to-redirect.html`);
    const { popup } = await reportFor(page, openPopup, 'contrast-light');
    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme: scheme });
      if (scheme === 'dark') await popup.screenshot({ path: path.join(SHOTS, 'dark-canonical-to-redirect.png'), fullPage: true });
      const worst = await popup.evaluate(() => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = ([r, g, b]: number[]) =>
          [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const bg = lum(rgb(getComputedStyle(document.body).backgroundColor));
        const sel = '[data-testid=verdict] *, [data-testid=caching] *, [data-testid=export] *';
        let min = { ratio: 99, text: '' };
        for (const el of document.querySelectorAll<HTMLElement>(sel)) {
          if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())) continue;
          const fg = lum(rgb(getComputedStyle(el).color));
          const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
          if (ratio < min.ratio) min = { ratio, text: el.textContent!.slice(0, 40) };
        }
        return min;
      });
      expect(worst.ratio, `${scheme}: lowest contrast at "${worst.text}"`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
