// Shared pieces of `npm run bench`: timing, medians, a browser with the extension loaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { chromiumArgs, chromiumPath, extensionDir, extensionReady } from '../tests/e2e/chromium';

/** One line of the bench table. `ratio` is value / baseline, both measured in the same run. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  runs: number;
  baseline?: { name: string; value: number };
  note?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times; returns the samples in ms. */
export async function sample(fn: () => unknown | Promise<unknown>, runs: number, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  close(): Promise<void>;
}

/** Headless Chromium with the built extension (or without it, for baselines). */
export async function launchBrowser({ withExtension = true } = {}): Promise<ExtensionBrowser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-bench-'));
  const args = withExtension
    ? chromiumArgs(extensionDir())
    : chromiumArgs(extensionDir()).filter((a) => !a.startsWith('--load-extension') && !a.startsWith('--disable-extensions-except'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args });
  const serviceWorker = withExtension
    ? (context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')))
    : (undefined as unknown as Worker);
  // Measure the installed extension, as a user who installs it and then browses would use it.
  if (withExtension) await extensionReady(serviceWorker);
  return {
    context,
    serviceWorker,
    extensionId: withExtension ? new URL(serviceWorker.url()).host : '',
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tab id of the newest tab showing `url`, asked of the extension's worker. */
export async function tabIdFor(sw: Worker, url: string): Promise<number> {
  return sw.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const ids = tabs.filter((t) => t.url === u && t.id !== undefined).map((t) => t.id!);
    return ids.length ? Math.max(...ids) : -1;
  }, url);
}
