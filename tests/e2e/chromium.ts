import fs from 'node:fs';
import type { Worker } from '@playwright/test';
import path from 'node:path';

/** Debian's Chromium, or $CHROMIUM_PATH. Throws a message that says how to get it. */
export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(p)) {
    throw new Error(
      `Chromium not found at ${p}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  return p;
}

/** The built Chrome extension folder (CRAWLSCOPE_OUT_DIR moves it). */
export function extensionDir(): string {
  return path.resolve(process.env.CRAWLSCOPE_OUT_DIR ?? '.output', 'chrome-mv3');
}

/** Flags for headless Chromium on machines with no network but loopback (shared with the store pictures). */
export { chromiumArgs } from '../../scripts/chromiumArgs.mjs';

/**
 * Resolves once the extension's service worker has run its script: its webRequest listener is
 * registered, so every navigation from now on is recorded. (Playwright reports the worker as soon
 * as its target exists, up to a few hundred ms before that on a new profile.)
 */
export async function extensionReady(sw: Worker, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await sw.evaluate(() => chrome.webRequest.onCompleted.hasListeners()))) {
    if (Date.now() > deadline) throw new Error(`The extension's worker registered no listener within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
