// Firefox for the browser tests: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi
// (Playwright's Firefox needs Playwright's own patched build). The built extension is installed
// as a temporary add-on, as about:debugging → Load Temporary Add-on does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const GECKO_ID = 'crawlscope@crawlscope.dev';

/** Debian's firefox-esr, or $FIREFOX_PATH. Throws a message that says how to get it. */
export function firefoxPath(): string {
  const p = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  if (!fs.existsSync(p)) {
    throw new Error(`Firefox not found at ${p}. Install it (Debian/Ubuntu: apt-get install firefox-esr) or set FIREFOX_PATH to a Firefox binary.`);
  }
  return p;
}

/** The built Firefox extension folder (CRAWLSCOPE_OUT_DIR moves it). */
export function extensionDir(): string {
  return path.resolve(process.env.CRAWLSCOPE_OUT_DIR ?? '.output', 'firefox-mv3');
}

export interface Firefox {
  browser: Browser;
  /** moz-extension://<uuid> — the uuid is fixed through a pref, so pages can be opened by URL. */
  base: string;
  close(): Promise<void>;
}

export async function launchFirefox(): Promise<Firefox> {
  const ext = extensionDir();
  if (!fs.existsSync(path.join(ext, 'manifest.json'))) {
    throw new Error(`No built extension at ${ext}: run \`npx wxt build -b firefox\` first.`);
  }
  const uuid = crypto.randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath(),
    headless: true,
    // Lets the tests reach Firefox's own (chrome) scope: that is how an event-page suspend is
    // triggered (terminateBackground, what about:debugging's "Terminate background script" calls).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
      // permissions.request() answers without the doorhanger (it still has to come from a user
      // gesture): the host-access test clicks the popup's button and gets the grant.
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  try {
    const id = await browser.installExtension(ext);
    if (id !== GECKO_ID) throw new Error(`Installed add-on id ${id}, expected ${GECKO_ID}`);
  } catch (err) {
    await browser.close();
    throw err;
  }
  return { browser, base: `moz-extension://${uuid}`, close: () => browser.close() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `page` shows a loaded document at a URL that `matches`. Navigations to moz-extension://
 * never report their load over BiDi, so the document is asked directly.
 */
export async function waitForDocument(page: Page, matches: (href: string) => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(() => ({ href: location.href, ready: document.readyState })).catch(() => null);
    if (state && state.ready === 'complete' && matches(state.href)) return;
    if (Date.now() > deadline) throw new Error(`No loaded document matching the expected URL within ${timeoutMs} ms (last: ${state?.href ?? 'none'})`);
    await sleep(25);
  }
}

/** Navigates `page` to an extension URL without awaiting the navigation (see waitForDocument). */
export async function gotoExtension(page: Page, url: string): Promise<Page> {
  page.goto(url, { timeout: 0 }).catch(() => undefined);
  await waitForDocument(page, (href) => href === url);
  return page;
}

/** A new tab at an extension URL. */
export async function openExtensionPage(browser: Browser, url: string): Promise<Page> {
  return gotoExtension(await browser.newPage(), url);
}

/**
 * The tab the extension (not the test) opened at a URL starting with `prefix`, loaded. Its target
 * keeps the URL it was created with (about:blank) over BiDi, so every tab's document is asked.
 */
export async function openedTab(browser: Browser, prefix: string, timeoutMs = 15_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const page of await browser.pages()) {
      const state = await page.evaluate(() => ({ href: location.href, ready: document.readyState })).catch(() => null);
      if (state && state.ready === 'complete' && state.href.startsWith(prefix)) return page;
    }
    if (Date.now() > deadline) throw new Error(`No tab at ${prefix}… within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The WebDriver BiDi connection under puppeteer, for the commands it has no method for. */
const bidi = (browser: Browser) => (browser as unknown as { connection: unknown }).connection as { send(method: string, params: object): Promise<{ result: unknown }> };

/** Evaluates `expression` in Firefox's privileged (chrome) scope, in the first browser window. */
export async function chromeEval(browser: Browser, expression: string): Promise<unknown> {
  const c = bidi(browser);
  const tree = (await c.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as { contexts: { context: string }[] };
  const context = tree.contexts[0]?.context;
  if (!context) throw new Error('No chrome-scope browsing context');
  const res = (await c.send('script.evaluate', { expression, target: { context }, awaitPromise: true, resultOwnership: 'none' })).result as {
    type: string;
    result?: { value?: unknown };
    exceptionDetails?: { text?: string };
  };
  if (res.type !== 'success') throw new Error(`chrome-scope evaluation failed: ${res.exceptionDetails?.text ?? 'unknown error'}`);
  return res.result?.value;
}

/**
 * Suspends the extension's event page, as Firefox does after it idles (and as about:debugging's
 * "Terminate background script" does). Resolves with the background's state afterwards.
 */
export async function terminateBackground(browser: Browser): Promise<string> {
  return String(
    await chromeEval(
      browser,
      // Firefox's idle logic declines a suspend while a listener call of an API event (a tab
      // closed, a request of any tab) is still crossing to the page, and its next idle timer
      // suspends it anyway. These tests need the suspend at the moment they choose, so they pass
      // Firefox's test switch for that check (disableResetIdleForTest). An event that arrives
      // while the page suspends still cancels it: the reasons Firefox gives come back with the
      // state, so a failed expectation says what kept the background awake.
      `(async () => {
        const e = WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)}).extension;
        const reasons = [];
        const onReset = (_name, info) => reasons.push(JSON.stringify(info ?? null));
        const onEvent = () => reasons.push('event');
        e.on('background-script-reset-idle', onReset);
        e.on('background-script-event', onEvent);
        try { await e.terminateBackground({ disableResetIdleForTest: true }); } finally { e.off('background-script-reset-idle', onReset); e.off('background-script-event', onEvent); }
        const state = String(e.backgroundState);
        return state === 'stopped' || reasons.length === 0 ? state : state + ' (kept awake: ' + reasons.join(', ') + ')';
      })()`,
    ),
  );
}

/** The event page's state: "running", "stopped", … */
export async function backgroundState(browser: Browser): Promise<string> {
  return String(await chromeEval(browser, `String(WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)}).extension.backgroundState)`));
}

/**
 * Saves every download of this Firefox into a new temporary folder, without asking (WebDriver
 * BiDi browser.setDownloadBehavior), and returns the folder.
 */
export async function downloadsFolder(browser: Browser): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-firefox-downloads-'));
  await bidi(browser).send('browser.setDownloadBehavior', { downloadBehavior: { type: 'allowed', destinationFolder: dir } });
  return dir;
}

/**
 * Runs `action` (the click that downloads) and returns the one file it saved in `dir`, once it is
 * complete (Firefox writes into a .part file first).
 */
export async function download(dir: string, action: () => Promise<void>, timeoutMs = 15_000): Promise<{ name: string; text: string }> {
  const before = new Set(fs.readdirSync(dir));
  await action();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.readdirSync(dir).filter((f) => !before.has(f));
    const done = files.filter((f) => !f.endsWith('.part'));
    if (done.length && done.length === files.length) {
      if (done.length > 1) throw new Error(`More than one download: ${done.join(', ')}`);
      const file = path.join(dir, done[0]!);
      // A completed download has its final name; its size no longer changes. A name that is gone
      // by now was Firefox's temporary one (it renames the file when the download completes).
      const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
      await sleep(50);
      if (size !== undefined && fs.statSync(file, { throwIfNoEntry: false })?.size === size && !fs.readdirSync(dir).some((f) => f.endsWith('.part'))) {
        return { name: done[0]!, text: fs.readFileSync(file, 'utf8') };
      }
    }
    if (Date.now() > deadline) throw new Error(`No download in ${dir} within ${timeoutMs} ms (new: ${files.join(', ') || 'none'})`);
    await sleep(50);
  }
}
