// The product in the user's language: Chromium started in German and in Traditional Chinese
// (--lang and the browser locale), the popup, compare and verify pages render in that language
// with figures formatted in it; the popup in all six languages fits its 420 px (nothing clipped or
// overflowing) and a screenshot of each is written to test-results/language-screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, test, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { parseYAML } from 'confbox';
import { startDemoSite, type DemoSite } from '../fixtures/demo-site/server.mjs';
import { chromiumArgs, chromiumPath, extensionDir, extensionReady } from './chromium';
import { createTranslator, flattenMessages, languageTag, UI_LANGUAGES, type UiLanguage } from '../../lib/i18n';
import { generateLog } from '../unit/verify/generateLog';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/language-screens');
const messagesOf = (id: UiLanguage) => flattenMessages(parseYAML(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${id}.yml`), 'utf8')));
/** The message as the language file words it, with figures formatted in that language. */
const say = (id: UiLanguage, key: string, params: (string | number)[] = []) => createTranslator(languageTag(id), messagesOf(id), messagesOf('en')).t(key, params);

interface Browser {
  context: BrowserContext;
  sw: Worker;
  id: string;
  close: () => Promise<void>;
}

async function launchIn(locale: string): Promise<Browser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `crawlscope-${locale}-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    locale,
    args: [...chromiumArgs(extensionDir()), `--lang=${locale}`],
  });
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await extensionReady(sw);
  return {
    context,
    sw,
    id: new URL(sw.url()).host,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const tabOf = (b: Browser, url: string) => b.sw.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, url);

async function popupFor(b: Browser, page: Page): Promise<Page> {
  const popup = await b.context.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  await popup.goto(`chrome-extension://${b.id}/popup.html?tab=${await tabOf(b, page.url())}&view=popup`);
  await expect(popup.getByTestId('verdict')).toHaveAttribute('data-complete', 'true');
  for (const line of ['verdict', 'bytes', 'robots', 'caching', 'compare']) {
    await expect(popup.getByTestId(`summary-${line}`)).not.toHaveAttribute('data-state', 'checking', { timeout: 20_000 });
  }
  return popup;
}

/** Nothing wider than the popup: no horizontal scroll, no button or table clipped or overflowing. */
async function expectFits(popup: Page) {
  // Every section open, so that every table is laid out.
  await popup.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const overflow = await popup.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, table, .cs-summary-label, h1, h2, th'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName} "${el.textContent!.slice(0, 40)}" clipped (${el.scrollWidth} > ${el.clientWidth})`);
      if (r.right > doc.clientWidth + 0.5) out.push(`${el.tagName} "${el.textContent!.slice(0, 40)}" overflows (right ${Math.round(r.right)})`);
    }
    return out;
  });
  expect(overflow).toEqual([]);
}

async function pointAtStandIns(sw: Worker, demo: string) {
  await sw.evaluate(
    async ({ resolver, ranges }) => {
      await chrome.storage.local.set({ 'settings.verify.testResolverUrl': resolver, 'settings.verify.testRangesBase': ranges });
    },
    { resolver: `${demo}/verify/dns-query`, ranges: `${demo}/verify/ipranges` },
  );
}

let site: DemoSite;
test.beforeAll(async () => {
  site = await startDemoSite();
});
test.afterAll(async () => {
  await site.close();
});

for (const [id, locale] of [
  ['de', 'de-DE'],
  ['zh_TW', 'zh-TW'],
] as const) {
  test.describe(`${id} (--lang=${locale})`, () => {
    let b: Browser;
    test.beforeAll(async () => {
      b = await launchIn(locale);
    });
    test.afterAll(async () => {
      await b.close();
    });

    test('popup: every line in the language, figures formatted in it', async () => {
      const page = await b.context.newPage();
      await page.goto(`${site.origin}/bytes/big.html`);
      const popup = await popupFor(b, page);
      await expect(popup.locator('html')).toHaveAttribute('lang', languageTag(id));
      await expect(popup.getByTestId('summary-bytes-text')).toHaveText(say(id, 'summary.bytesOver', [2_999_894, 2_097_152, new Intl.NumberFormat(languageTag(id), { style: 'percent' }).format(2_999_894 / 2_097_152), 2_097_152]));
      // The figures themselves, as the language writes them.
      const figures = id === 'de' ? ['2.999.894', '2.097.152', '143 %'] : ['2,999,894', '2,097,152', '143%'];
      for (const f of figures) await expect(popup.getByTestId('summary-bytes-text')).toContainText(f);
      await expect(popup.getByTestId('summary-verdict-text')).toHaveText(say(id, 'summary.atRisk', [2]));
      await expect(popup.getByTestId('verdict-label')).toHaveText(`${say(id, 'indexability.verdictLabel')} ${say(id, 'indexability.verdict.atRisk')}`);
      await expect(popup.locator('[data-testid=reasons] > li[data-code=cutByLimit] [data-testid=reason-text]')).toHaveText(
        say(id, 'indexability.reason.cutByLimit', [2_999_894, 2_097_152, 2_097_152]),
      );
      await expect(popup.getByTestId('bytes-limit')).toContainText(say(id, 'bytes.limitValue', [2_097_152]));
      await popup.close();
      await page.close();
    });

    test('compare: the comparison page in the language', async () => {
      const page = await b.context.newPage();
      await page.goto(`${site.origin}/compare/by-agent.html`);
      const cmp = await b.context.newPage();
      await cmp.goto(`chrome-extension://${b.id}/compare.html?url=${encodeURIComponent(page.url())}&tab=${await tabOf(b, page.url())}`);
      await cmp.getByTestId('compare-report').waitFor({ timeout: 30_000 });
      await expect(cmp.locator('html')).toHaveAttribute('lang', languageTag(id));
      await expect(cmp.getByTestId(`compare-row-wordCount`).getByTestId('why')).toHaveText(say(id, 'compare.why.fewerWordsMobile', [37, 10, 47]));
      await expect(cmp.getByTestId(`compare-row-robotsMeta`).getByTestId('desktop')).toHaveText(say(id, 'compare.empty'));
      await cmp.close();
      await page.close();
    });

    test('verify: IPs and a log in the language, counts formatted in it', async () => {
      await pointAtStandIns(b.sw, site.origin);
      const page = await b.context.newPage();
      await page.goto(`chrome-extension://${b.id}/verify.html`);
      await expect(page.getByTestId('verify')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('html')).toHaveAttribute('lang', languageTag(id));
      await page.getByTestId('ip-input').fill('66.249.66.1\n45.83.64.11');
      await page.getByTestId('ip-check').click();
      await expect(page.locator('[data-testid=ip-result][data-ip="66.249.66.1"] [data-testid=ip-headline]')).toHaveText(
        say(id, 'verify.verdict.google', [say(id, 'verify.category.commonCrawlers')]),
      );
      await page.getByTestId('log-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(generateLog(1000)) });
      await expect(page.getByTestId('google-lines')).toHaveText(say(id, 'verify.log.googleLines', [500, 7]), { timeout: 30_000 });
      await expect(page.getByTestId('log-lines')).toContainText(id === 'de' ? '1.000' : '1,000');
      await page.close();
    });

    test('the options choice overrides the browser language at once, without reinstalling', async () => {
      const options = await b.context.newPage();
      await options.goto(`chrome-extension://${b.id}/options.html`);
      await expect(options.locator('html')).toHaveAttribute('lang', languageTag(id));
      await Promise.all([options.waitForEvent('load'), options.getByTestId('ui-language').selectOption('sk')]);
      await expect(options.locator('html')).toHaveAttribute('lang', 'sk');
      const page = await b.context.newPage();
      await page.goto(`${site.origin}/small.html`);
      const popup = await popupFor(b, page);
      await expect(popup.locator('html')).toHaveAttribute('lang', 'sk');
      await expect(popup.getByTestId('summary-verdict-text')).toHaveText(say('sk', 'summary.indexable'));
      // Back to the browser's language.
      await Promise.all([options.waitForEvent('load'), options.getByTestId('ui-language').selectOption('browser')]);
      await expect(options.locator('html')).toHaveAttribute('lang', languageTag(id));
      await Promise.all([popup.close(), page.close(), options.close()]);
    });
  });
}

test.describe('all six languages', () => {
  for (const { id, tag } of UI_LANGUAGES) {
    test(`${id}: the popup fits 420 px (nothing clipped or overflowing); screenshot`, async () => {
      const b = await launchIn(tag);
      try {
        const page = await b.context.newPage();
        await page.goto(`${site.origin}/bytes/big.html`);
        const popup = await popupFor(b, page);
        await expect(popup.locator('html')).toHaveAttribute('lang', tag);
        await expect(popup.getByTestId('summary-verdict-text')).toHaveText(say(id, 'summary.atRisk', [2]));
        fs.mkdirSync(SHOTS, { recursive: true });
        await popup.screenshot({ path: path.join(SHOTS, `popup-${id}.png`) });
        await expectFits(popup);
      } finally {
        await b.close();
      }
    });
  }
});
