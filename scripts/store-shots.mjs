// `npm run store-shots`: the store pictures, in each of the six languages, from the demo site.
// For each language Chromium (Debian's, or $CHROMIUM_PATH) starts with `--lang` and that locale and
// the built Chrome extension loaded; the script writes into store/<lang>/:
//   1-popup.png     the toolbar popup over the 3 MB demo page (the report at the popup's 420 px)
//   2-compare.png   Googlebot Smartphone vs Desktop on the demo's page that serves each its own HTML
//   3-render.png    Render as Googlebot beside a visitor's render: the app whose data robots.txt disallows (nearly empty, and why)
//   4-sitecheck.png the site check of the demo's sitemap
//   5-robots.png    the report of a page whose JavaScript robots.txt blocks
// all 1280×800, and promo-440x280.png, the small promo tile, rendered from store/promo-tile.html.
// name.txt and summary.txt are written from locales/<lang>.yml (extName, extDescription: the
// manifest's own name and description, which the stores show); description.md is written by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseYAML } from 'confbox';
import { run, requireChromium } from './run.mjs';
import { chromiumArgs } from './chromiumArgs.mjs';
import { startDemoSite } from '../tests/fixtures/demo-site/server.mjs';

const LANGS = [
  { id: 'en', tag: 'en-US' },
  { id: 'de', tag: 'de' },
  { id: 'es', tag: 'es' },
  { id: 'sk', tag: 'sk' },
  { id: 'ru', tag: 'ru' },
  { id: 'zh_TW', tag: 'zh-TW' },
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = requireChromium();
if (!process.argv.includes('--no-build') && (await run('npx', ['--no-install', 'wxt', 'build'])) !== 0) process.exit(1);
const ext = path.resolve(process.env.CRAWLSCOPE_OUT_DIR ?? '.output', 'chrome-mv3');
const { chromium } = await import('@playwright/test');
const site = await startDemoSite({ port: 0 });
const icon = `data:image/png;base64,${fs.readFileSync(path.join(root, 'public/icon/128.png')).toString('base64')}`;
const W = 1280;
const H = 800;

const flags = [...chromiumArgs(ext), '--hide-scrollbars'];

async function shotsFor(lang) {
  const dir = path.join(root, 'store', lang.id);
  fs.mkdirSync(dir, { recursive: true });
  const messages = parseYAML(fs.readFileSync(path.join(root, 'locales', `${lang.id}.yml`), 'utf8'));
  fs.writeFileSync(path.join(dir, 'name.txt'), `${messages.extName}\n`);
  fs.writeFileSync(path.join(dir, 'summary.txt'), `${messages.extDescription}\n`);

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `crawlscope-store-${lang.id}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    locale: lang.tag,
    args: [...flags, `--lang=${lang.tag}`],
    viewport: { width: W, height: H },
  });
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(sw.url()).host;
    for (const t0 = Date.now(); !(await sw.evaluate(() => chrome.webRequest.onCompleted.hasListeners())); ) {
      if (Date.now() - t0 > 30_000) throw new Error('The extension did not start within 30 s.');
      await new Promise((r) => setTimeout(r, 20));
    }
    const tabOf = (url) => sw.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, url);
    const page = context.pages()[0] ?? (await context.newPage());
    const waitReport = async (p) => {
      await p.getByTestId('verdict').and(p.locator('[data-complete=true]')).waitFor({ timeout: 60_000 });
      for (const line of ['verdict', 'bytes', 'robots', 'caching', 'compare']) {
        await p.locator(`[data-testid=summary-${line}]:not([data-state=checking])`).waitFor({ timeout: 60_000 });
      }
    };

    // 1. The toolbar popup over the page it reports.
    await page.goto(`${site.origin}/bytes/big.html`);
    const pageShot = await page.screenshot();
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${id}/popup.html?tab=${await tabOf(page.url())}&view=popup`);
    await waitReport(popup);
    const popupShot = await popup.screenshot();
    await popup.close();
    const frame = await context.newPage();
    await frame.setContent(`<!doctype html><html><body style="margin:0;width:${W}px;height:${H}px;overflow:hidden;position:relative;background:#fff">
      <img src="data:image/png;base64,${pageShot.toString('base64')}" style="position:absolute;left:0;top:0;width:${W}px;height:${H}px;filter:brightness(0.92)">
      <img src="data:image/png;base64,${popupShot.toString('base64')}" style="position:absolute;right:28px;top:16px;width:420px;height:600px;border:1px solid #bbb;border-radius:8px;box-shadow:0 8px 28px rgba(0,0,0,.35)">
    </body></html>`);
    await frame.screenshot({ path: path.join(dir, '1-popup.png') });

    // 2. Googlebot Smartphone vs Desktop.
    await frame.goto(`chrome-extension://${id}/compare.html?url=${encodeURIComponent(`${site.origin}/compare/by-agent.html`)}`);
    await frame.getByTestId('compare-report').waitFor({ timeout: 60_000 });
    await frame.screenshot({ path: path.join(dir, '2-compare.png') });

    // 3. Render as Googlebot beside a visitor's render: what Googlebot misses, and the cause found.
    await frame.goto(`chrome-extension://${id}/render.html?url=${encodeURIComponent(`${site.origin}/render/app.html`)}`);
    await frame.getByTestId('render-result').waitFor({ timeout: 60_000 });
    await frame.getByTestId('render-difference').first().waitFor();
    await frame.screenshot({ path: path.join(dir, '3-render.png') });

    // 4. The site check.
    await frame.goto(`chrome-extension://${id}/sitecheck.html?url=${encodeURIComponent(`${site.origin}/`)}`);
    await frame.getByTestId('sitemap-input').fill(`${site.origin}/sitecheck/sitemap-pages.xml`);
    await frame.getByTestId('start').click();
    await frame.locator('[data-testid=state][data-state=done]').waitFor({ timeout: 60_000 });
    await frame.screenshot({ path: path.join(dir, '4-sitecheck.png') });

    // 5. robots.txt: the report of a page whose JavaScript is blocked, in a tab of its own.
    await page.goto(`${site.origin}/robots/page.html`);
    await frame.goto(`chrome-extension://${id}/popup.html?tab=${await tabOf(page.url())}`);
    await waitReport(frame);
    await frame.getByTestId('robots').scrollIntoViewIfNeeded().catch(() => undefined);
    await frame.screenshot({ path: path.join(dir, '5-robots.png') });

    // The promo tile.
    const tile = fs.readFileSync(path.join(root, 'store', 'promo-tile.html'), 'utf8')
      .replace('{{icon}}', icon)
      .replace('{{lang}}', lang.tag)
      .replace('{{name}}', escapeHtml(messages.extName))
      .replace('{{summary}}', escapeHtml(messages.extDescription));
    const promo = await context.newPage();
    await promo.setViewportSize({ width: 440, height: 280 });
    await promo.setContent(tile);
    await promo.screenshot({ path: path.join(dir, 'promo-440x280.png') });
    console.log(`store/${lang.id}: 1-popup.png 2-compare.png 3-render.png 4-sitecheck.png 5-robots.png promo-440x280.png name.txt summary.txt`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

try {
  for (const lang of LANGS) if (!only.length || only.includes(lang.id)) await shotsFor(lang);
} finally {
  await site.close();
}
