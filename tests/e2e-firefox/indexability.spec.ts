import type { Page } from 'puppeteer-core';
import { test, expect, type ExtEval } from './fixtures';
import { expectAttr, tid } from './dom';
import fs from 'node:fs';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { createTranslator, flattenMessages, type MessageParam } from '../../lib/i18n';
import { META_REFRESH_DELAYED } from '../fixtures/demo-site/routes/indexability.mjs';

/** The popup's English, from locales/en.yml. */
const EN = flattenMessages(parseYAML(fs.readFileSync(path.resolve(import.meta.dirname, '../../locales/en.yml'), 'utf8')));
const en = (key: string, params: MessageParam[] = []) => createTranslator('en', EN).t(key, params);

// The Chromium suite's verdicts (tests/e2e/indexability.spec.ts), in Firefox: exact reasons with
// their evidence, and the toolbar badge.
const EXTENDED = 'info:googleExtendedBlocked';
const GREEN = [20, 108, 46, 255];
const RED = [179, 38, 30, 255];

async function reportFor(popup: Page) {
  await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
  await expect.poll(() => popup.evaluate(() => document.querySelectorAll('[data-testid=caching][data-probe=running]').length)).toBe(0);
  const reasons = await popup.evaluate(() =>
    [...document.querySelectorAll('[data-testid=reasons] > li')].map((e) => ({
      key: `${e.getAttribute('data-severity')}:${e.getAttribute('data-code')}`,
      text: e.querySelector('[data-testid=reason-text]')!.textContent!,
      evidence: [...e.querySelectorAll('code')].map((c) => c.textContent!),
    })),
  );
  const verdict = await popup.evaluate(() => document.querySelector('[data-testid=verdict]')!.getAttribute('data-verdict'));
  const label = await popup.evaluate(() => (document.querySelector('[data-testid=verdict-label]') as HTMLElement).innerText.replace(/\s+/g, ' '));
  return { verdict, label, reasons };
}

const badge = (ext: ExtEval, tabId: number) =>
  ext(async (b, id) => ({ text: await b.action.getBadgeText({ tabId: id }), color: await b.action.getBadgeBackgroundColor({ tabId: id }) }), tabId);

test.describe('indexability verdict', () => {
  test('X-Robots-Tag googlebot: noindex counts (red NO badge); otherbot: noindex does not', async ({ tab: page, demo, openPopup, ext, tabIdOf }) => {
    await page.goto(`${demo}/indexability/xrt-googlebot-noindex.html`);
    const g = await reportFor(await openPopup(page));
    expect(g.verdict).toBe('not-indexable');
    expect(g.reasons[0]).toEqual({
      key: 'block:noindex',
      text: 'noindex: Google keeps this page out of its search results.',
      evidence: ['Header X-Robots-Tag: googlebot: noindex'],
    });
    const tabId = await tabIdOf(page);
    await expect.poll(() => badge(ext, tabId)).toEqual({ text: 'NO', color: RED });

    await page.goto(`${demo}/indexability/xrt-otherbot-noindex.html`);
    const o = await reportFor(await openPopup(page));
    expect(o.verdict).toBe('indexable');
    expect(o.label).toBe('Verdict for Google Search: Indexable');
    expect(o.reasons.map((x) => x.key)).toEqual([EXTENDED, 'info:otherCrawlerIgnored', 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(o.reasons[1]).toEqual({
      key: 'info:otherCrawlerIgnored',
      text: '“noindex” is addressed to otherbot, not to Googlebot: Google ignores it.',
      evidence: ['Header X-Robots-Tag: otherbot: noindex'],
    });
    await expect.poll(() => badge(ext, tabId)).toEqual({ text: 'OK', color: GREEN });
  });

  test('meta robots noindex: "Not indexable", the served tag as evidence, red badge on load', async ({ tab: page, demo, openPopup, ext, tabIdOf }) => {
    await page.goto(`${demo}/indexability/meta-noindex.html`);
    const tabId = await tabIdOf(page);
    // The badge is set on page load, before any popup opens.
    await expect.poll(() => badge(ext, tabId)).toEqual({ text: 'NO', color: RED });
    const r = await reportFor(await openPopup(page));
    expect(r.verdict).toBe('not-indexable');
    expect(r.reasons.map((x) => x.key)).toEqual(['block:noindex', EXTENDED, 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[0]).toEqual({
      key: 'block:noindex',
      text: 'noindex: Google keeps this page out of its search results.',
      evidence: ['HTML as served: <meta name="robots" content="noindex, follow">'],
    });
  });

  test('robots.txt blocks the URL and the page says noindex: the conflict is explained', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/blocked/noindex.html`);
    const r = await reportFor(await openPopup(page));
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
  });

  test('indexable page: the canonical from the HTML as served', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/indexable.html`);
    const r = await reportFor(await openPopup(page));
    expect(r.verdict).toBe('indexable');
    expect(r.reasons.map((x) => x.key)).toEqual([EXTENDED, 'ok:status200', 'ok:robotsAllowed', 'ok:canonicalSelf']);
    expect(r.reasons[0]!.evidence).toEqual([`${demo}/robots.txt line 16: Disallow: /`]);
    expect(r.reasons[3]!.evidence).toEqual([`HTML as served: <link rel="canonical" href="${demo}/indexability/indexable.html">`]);
  });
});

test.describe('meta refresh', () => {
  // As in Chromium: the popup sees a delayed refresh; an instant one has already been followed.
  test('a delayed refresh: "At risk", the reason names the target and the delay, the served tag as evidence', async ({ tab: page, demo, openPopup }) => {
    await page.goto(`${demo}/indexability/meta-refresh-delayed.html`);
    const r = await reportFor(await openPopup(page));
    expect(r.verdict).toBe('at-risk');
    expect(r.reasons.map((x) => x.key)).toEqual(['risk:metaRefreshDelayed', EXTENDED, 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    expect(r.reasons[0]).toEqual({
      key: 'risk:metaRefreshDelayed',
      text: en('indexability.reason.metaRefreshDelayed', [`${demo}/indexability/moved-here.html`, 120]),
      evidence: [en('report.source.tagServed', [`<meta http-equiv="refresh" content="${META_REFRESH_DELAYED}">`])],
    });
    expect(page.url()).toBe(`${demo}/indexability/meta-refresh-delayed.html`);
  });

  test('an instant refresh: Firefox moves on at once, and the popup reports the page it landed on', async ({ tab: page, demo, openPopup }) => {
    const target = `${demo}/indexability/moved-here.html`;
    await page.goto(`${demo}/indexability/meta-refresh-instant.html`);
    await expect.poll(() => page.url()).toBe(target);
    const r = await reportFor(await openPopup(page));
    expect(r.verdict).toBe('indexable');
    expect(r.reasons.map((x) => x.key)).toEqual([EXTENDED, 'ok:status200', 'ok:robotsAllowed', 'ok:canonicalSelf']);
  });
});
