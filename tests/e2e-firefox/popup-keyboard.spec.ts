// The popup in Firefox from the keyboard alone: Tab reaches every fold and control in document
// order with a visible focus; Enter and Space open and close folds and press buttons; the two
// exports ("Copy as Markdown", "Download JSON") hold the report the screen shows.
import type { Page } from 'puppeteer-core';
import { test, expect } from './fixtures';
import { download } from './firefox';
import { attr, expectAttr, expectText, tid } from './dom';
import { reportSchemaErrors } from '../support/reportSchema';
import { say, translatorOf } from '../support/say';
import { reportToMarkdown, type Report } from '../../lib/report';

/** The space bar (puppeteer's BiDi keyboard knows it as ' ', not 'Space'). */
const SPACE = ' ';

interface Focus {
  /** Index in the list of the page's rendered, enabled controls (document order), or null for anything else. */
  at: string | null;
  tag: string;
  /** Its own data-testid, else its nearest ancestor's (a fold's heading: the fold's). */
  testid: string | null;
  name: string;
  focusVisible: boolean;
  outline: string;
}

/** Marks every control a keyboard user can reach (rendered, enabled, not taken out of the tab order) in document order. */
const markControls = (page: Page) =>
  page.evaluate(() => {
    const els = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
      (el) => !(el as HTMLButtonElement).disabled && el.getAttribute('tabindex') !== '-1' && el.checkVisibility(),
    );
    document.querySelectorAll('[data-kbd]').forEach((el) => el.removeAttribute('data-kbd'));
    els.forEach((el, i) => el.setAttribute('data-kbd', String(i)));
    return els.map((el) => ({ tag: el.tagName.toLowerCase(), fold: el.matches('summary.cs-fold'), testid: el.getAttribute('data-testid'), section: el.closest('section[data-testid]')?.getAttribute('data-testid') ?? null }));
  });

const focused = (page: Page): Promise<Focus | null> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const label = el.closest('label')?.textContent ?? '';
    return {
      at: el.getAttribute('data-kbd'),
      tag: el.tagName.toLowerCase(),
      testid: el.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || label.trim(),
      focusVisible: el.matches(':focus-visible'),
      outline: getComputedStyle(el).outlineStyle,
    };
  });

/** Presses Tab (or Shift+Tab) until `match` holds for the focused element; fails after `max` presses. */
async function tabTo(page: Page, match: (f: Focus) => boolean, max: number, back = false): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    if (back) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f && match(f)) return f;
  }
  throw new Error(`Not reached with ${max} presses of ${back ? 'Shift+' : ''}Tab`);
}

const isOpen = (page: Page, section: string) => page.evaluate((s) => (document.querySelector(`[data-testid="${s}"] details`) as HTMLDetailsElement).open, section);

test('keyboard only: every fold and control in order with a visible focus; Enter and Space open folds and press buttons; the exports', async ({ tab: page, demo, openPopup, ext, downloads }) => {
  // Every fold open, as on a first run (the popup remembers folds).
  await ext((b) => b.storage.local.remove('settings.popup.folds'));
  const url = `${demo}/indexability/etag-304.html`;
  await page.goto(url);
  const popup = await openPopup(page);
  await popup.bringToFront();
  await expectAttr(popup, tid('verdict'), 'data-complete', 'true');
  await expectAttr(popup, tid('caching'), 'data-probe', 'done');
  // Keep what "Copy as Markdown" writes (the real write still happens).
  await popup.evaluate(() => {
    const real = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (t: string) => {
      (window as unknown as { __md: string }).__md = t;
      return real(t);
    };
  });

  // Tab from the top: each control once, in document order, each named, each with the focus ring.
  const controls = await markControls(popup);
  const folds = controls.filter((c) => c.fold).map((c) => c.section);
  expect(folds).toEqual(['verdict', 'response', 'bytes', 'robots', 'others', 'caching', 'compare-section', 'render-section', 'structured-section']);
  for (const id of ['copy-markdown', 'download-json', 'probe-cookies', 'probe-again', 'sitecheck-open', 'verify-link', 'render-open']) expect(controls.map((c) => c.testid)).toContain(id);
  const seen: Focus[] = [];
  for (let i = 0; i < controls.length; i++) {
    await popup.keyboard.press('Tab');
    const f = await focused(popup);
    if (!f) break;
    seen.push(f);
  }
  expect(seen.map((f) => f.at)).toEqual(controls.map((_, i) => String(i)));
  for (const f of seen) {
    expect(f.name, `${f.tag} ${f.testid} has a name`).not.toBe('');
    expect(f.focusVisible, `${f.tag} ${f.testid} shows :focus-visible`).toBe(true);
    expect(f.outline, `${f.tag} ${f.testid} has its focus ring`).toBe('solid');
  }

  // Enter on a fold's heading closes it (what was inside leaves the tab order); Space opens it again.
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(popup, (f) => f.tag === 'summary' && f.testid === 'caching', controls.length);
  expect(await isOpen(popup, 'caching')).toBe(true);
  await popup.keyboard.press('Enter');
  await expect.poll(() => isOpen(popup, 'caching')).toBe(false);
  expect((await markControls(popup)).some((c) => c.testid === 'probe-cookies')).toBe(false);
  await popup.keyboard.press(SPACE);
  await expect.poll(() => isOpen(popup, 'caching')).toBe(true);

  // The summary's links open their fold: close "Indexability", go back up to its line, Enter.
  await tabTo(popup, (f) => f.tag === 'summary' && f.testid === 'verdict', controls.length, true);
  await popup.keyboard.press('Enter');
  await expect.poll(() => isOpen(popup, 'verdict')).toBe(false);
  await tabTo(popup, (f) => f.testid === 'summary-verdict', controls.length, true);
  await popup.keyboard.press('Enter');
  await expect.poll(() => isOpen(popup, 'verdict')).toBe(true);

  // Space on a checkbox: the probe runs again with cookies.
  await tabTo(popup, (f) => f.testid === 'probe-cookies', controls.length);
  await popup.keyboard.press(SPACE);
  await expect.poll(() => popup.evaluate(() => (document.querySelector('[data-testid="probe-cookies"]') as HTMLInputElement).checked)).toBe(true);
  await expectAttr(popup, tid('caching'), 'data-probe', 'done');

  // Enter on "Copy as Markdown".
  await tabTo(popup, (f) => f.testid === 'copy-markdown', controls.length);
  await popup.keyboard.press('Enter');
  await expectText(popup, tid('export-note'), say('export.copied'));
  const md = await popup.evaluate(() => (window as unknown as { __md: string }).__md);

  // Space on "Download JSON".
  await tabTo(popup, (f) => f.testid === 'download-json', 3);
  const file = await download(downloads, () => popup.keyboard.press(SPACE));
  expect(file.name).toMatch(/^crawlscope-127\.0\.0\.1-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.json$/);
  await expectText(popup, tid('export-note'), say('export.downloaded', [file.name]));

  // The JSON: valid against docs/report-schema.json, with the page's figures.
  const json = JSON.parse(file.text) as Report;
  expect(reportSchemaErrors(json)).toEqual([]);
  expect(json.url).toBe(url);
  expect(json.verdict).toBe('indexable');
  expect(json.status).toEqual({ code: 200, line: 'HTTP/1.1 200 OK' });
  expect(json.reasons.map((r) => `${r.severity}:${r.code}`)).toEqual(['info:googleExtendedBlocked', 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
  const extended = json.reasons[0]!;
  expect(extended).toMatchObject({ code: 'googleExtendedBlocked', severity: 'info', message: say('indexability.reason.googleExtendedBlocked', [16]) });
  expect(extended.params.map(String)).toEqual(['16']);
  expect(extended.sources).toEqual([{ kind: 'robotsTxt', url: `${demo}/robots.txt`, line: 16, rule: 'Disallow: /', userAgent: 'Google-Extended' }]);
  expect(json.reasons[2]!.message).toBe(say('indexability.reason.status200', [200]));
  expect(json.robots!.verdicts.find((v) => v.token === 'Googlebot')).toMatchObject({ allowed: true, line: null });
  expect(json.caching).toMatchObject({ etag: '"idx-v1"', googleUses: 'etag' });
  expect(json.caching!.probes.map((p) => [p.header, p.status])).toEqual([
    ['If-None-Match', 304],
    ['If-Modified-Since', 304],
  ]);

  // The Markdown: the same report in words (locales/en.yml), line for line, but for the two times it was made at.
  const lines = md.split('\n');
  expect(lines.slice(0, 3)).toEqual([`# ${say('report.md.title')} — ${url}`, '', `**${say('indexability.verdict.indexable')}**`]);
  expect(md).toContain(`- **${say('report.severity.info')}** — ${say('indexability.reason.googleExtendedBlocked', [16])}\n  - \`${say('report.source.robotsLine', [`${demo}/robots.txt`, 16, 'Disallow: /'])}\``);
  expect(md).toContain('- ETag: `"idx-v1"`');
  const times = (s: string) => s.split('\n').filter((_, i) => i !== 4 && i !== 5);
  expect(times(md)).toEqual(times(reportToMarkdown(json, translatorOf('en').t)));
});
