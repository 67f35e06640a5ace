// `npm start`: build the extension, start the demo site, open Chromium with Crawlscope loaded
// on the demo index.
// `npm start -- --headless --screenshots <dir>` (or CRAWLSCOPE_SCREENSHOTS=<dir>) does the same
// without a display and writes demo.png, popup.png and render.png into <dir>, then exits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromiumArgs } from './chromiumArgs.mjs';
import { run, requireChromium } from './run.mjs';
import { startDemoSite } from '../tests/fixtures/demo-site/server.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const screenshots = option('--screenshots') ?? process.env.CRAWLSCOPE_SCREENSHOTS;
const headless = flag('--headless') || Boolean(screenshots) || process.env.CRAWLSCOPE_HEADLESS === '1';
const port = Number(option('--port') ?? process.env.DEMO_PORT ?? 8787);

const chromiumPath = requireChromium();
if ((await run('npx', ['--no-install', 'wxt', 'build'])) !== 0) process.exit(1);
const ext = path.resolve(process.env.CRAWLSCOPE_OUT_DIR ?? '.output', 'chrome-mv3');
const site = await startDemoSite({ port });
const start = `${site.origin}/`;
console.log(`\nDemo site: ${start}`);
const flags = chromiumArgs(ext, { headed: true, sandbox: process.getuid?.() !== 0 });
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-start-'));

if (headless) {
  const { chromium } = await import('@playwright/test');
  const dir = path.resolve(screenshots ?? 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...flags, '--disable-gpu'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extId = new URL(sw.url()).host;
    // Playwright reports the worker before its script has run: open pages once the extension
    // listens, as a user who installs it and then browses would (a page loaded before is one no
    // extension can see; the popup then fetches it itself and says so).
    for (const t0 = Date.now(); !(await sw.evaluate(() => chrome.webRequest.onCompleted.hasListeners())); ) {
      if (Date.now() - t0 > 30_000) throw new Error('The extension did not start within 30 s.');
      await new Promise((r) => setTimeout(r, 20));
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(start);
    await page.screenshot({ path: path.join(dir, 'demo.png') });
    await page.goto(`${site.origin}/small.html`);
    const tabId = await sw.evaluate(async (u) => {
      const tabs = await chrome.tabs.query({ url: u });
      return tabs[0]?.id ?? -1;
    }, `${site.origin}/small.html`);
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${extId}/popup.html?tab=${tabId}&view=popup`);
    await popup.getByTestId('verdict').and(popup.locator('[data-complete=true]')).waitFor({ timeout: 60_000 });
    const source = await popup.getByTestId('response').getAttribute('data-source');
    console.log(`Response of /small.html: ${source === 'recorded' ? 'recorded from the tab' : `${source} (not recorded from the tab)`}`);
    await popup.screenshot({ path: path.join(dir, 'popup.png'), fullPage: true });
    // Render as Googlebot, from the tab of the demo's page whose only pricing link a script past the cut adds.
    await page.goto(`${site.origin}/render/cut-script.html`);
    const renderTab = await sw.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, `${site.origin}/render/cut-script.html`);
    const render = await context.newPage();
    await render.setViewportSize({ width: 1100, height: 900 });
    await render.goto(`chrome-extension://${extId}/render.html?tab=${renderTab}`);
    await render.getByTestId('render-result').waitFor({ timeout: 60_000 });
    await render.screenshot({ path: path.join(dir, 'render.png') });
    console.log(`Screenshots: ${path.join(dir, 'demo.png')}, ${path.join(dir, 'popup.png')}, ${path.join(dir, 'render.png')}`);
  } finally {
    await context.close();
    await site.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
} else {
  console.log('Opening Chromium with Crawlscope loaded. Close the browser (or press Ctrl+C) to stop.');
  const child = spawn(chromiumPath, [...flags, `--user-data-dir=${userDataDir}`, start], { stdio: 'inherit' });
  const stop = async () => {
    child.kill();
    await site.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    process.exit(0);
  };
  child.on('exit', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
