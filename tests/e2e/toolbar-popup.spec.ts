// The real toolbar popup: opened by the toolbar button's own API on the active tab
// (chrome.action.openPopup() from the service worker — what a click on the button does), not
// popup.html?tab= in a tab. The popup finds its tab itself (the active tab of its window), lays out
// at its real size, and reports the demo's small page with exact figures.
//
// Playwright does not expose an extension's popup (it is not a tab), so this test drives Chromium
// with puppeteer-core, which reaches every target of the browser: the same Chromium binary, the
// same flags and the same built extension as the other browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { test, expect } from '@playwright/test';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { chromiumArgs, chromiumPath, extensionDir } from './chromium';

// The small page is pure ASCII: its uncompressed size is fixed by routes/core.mjs (foundation.spec.ts).
const SMALL_BYTES = 4388;

let browser: Browser;
let site: DemoSite;
let profile: string;

test.beforeAll(async () => {
  const ext = extensionDir();
  if (!fs.existsSync(path.join(ext, 'manifest.json'))) throw new Error(`No built extension at ${ext}: run \`npx wxt build\` first.`);
  site = await startDemoSite({ port: 0 });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-toolbar-'));
  browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    userDataDir: profile,
    enableExtensions: true,
    args: chromiumArgs(ext),
    defaultViewport: null,
  });
});

test.afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

test('the toolbar popup reports the active tab: the small page, exact figures, at its real size', async () => {
  const swTarget = await browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().endsWith('/background.js'));
  const sw = (await swTarget.worker())!;
  const extId = new URL(swTarget.url()).host;
  // The worker's listeners are registered before the page loads, so its response is recorded.
  await expect.poll(() => sw.evaluate(() => chrome.webRequest.onCompleted.hasListeners()), { timeout: 30_000 }).toBe(true);

  const [tab] = await browser.pages();
  await tab!.goto(`${site.origin}/small.html`);
  await tab!.bringToFront();

  const popupTarget = browser.waitForTarget((t) => t.url() === `chrome-extension://${extId}/popup.html`);
  await sw.evaluate(() => chrome.action.openPopup());
  const popup = (await (await popupTarget).asPage())!;

  // The toolbar popup, not a tab: no ?tab= in its address, and the browser lists it as the popup.
  expect(popup.url()).toBe(`chrome-extension://${extId}/popup.html`);
  const contexts = await sw.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['POPUP' as chrome.runtime.ContextType] })).map((c) => c.documentUrl));
  expect(contexts).toEqual([`chrome-extension://${extId}/popup.html`]);

  await popup.waitForSelector('[data-testid=verdict][data-complete=true]', { timeout: 30_000 });
  const facts = await popup.evaluate(() => {
    const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid=${id}]`);
    return {
      url: q('url')?.textContent,
      status: q('status')?.textContent,
      contentType: q('content-type')?.textContent,
      bytes: q('html-size')?.dataset.bytes,
      bytesText: q('html-size')?.textContent,
      source: q('response')?.dataset.source,
      full: document.documentElement.classList.contains('full'),
      width: window.innerWidth,
      height: window.innerHeight,
      bodyWidth: document.body.getBoundingClientRect().width,
      clientWidth: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
  expect(facts.url).toBe(`${site.origin}/small.html`);
  expect(facts.status).toMatch(/^200\b/);
  expect(facts.contentType).toBe('text/html; charset=utf-8');
  expect(facts.bytes).toBe(String(SMALL_BYTES));
  expect(facts.bytesText).toContain('4,388 bytes');
  // Recorded from the tab's own load, as a user who opens the popup after the page loaded sees it.
  expect(facts.source).toBe('recorded');
  // Its real size: the popup's own 420 px layout (not the full-tab one) in a window Chrome sized to
  // it — within Chrome's popup bounds (800 × 600; here 450 × 510 headless, the report being taller
  // than the popup) — and nothing wider than that window (no horizontal scrolling).
  expect(facts.full).toBe(false);
  expect(facts.bodyWidth).toBe(420);
  expect(facts.width).toBeGreaterThanOrEqual(420);
  expect(facts.width).toBeLessThanOrEqual(800);
  expect(facts.height).toBeLessThanOrEqual(600);
  expect(facts.scrollWidth).toBe(facts.clientWidth);
});
