import { defineConfig } from '@playwright/test';

// Browser tests in Firefox: Debian's firefox-esr driven through puppeteer-core (WebDriver BiDi) by a
// worker fixture (fixtures.ts); Playwright is only the test runner here.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.CRAWLSCOPE_E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CRAWLSCOPE_FIREFOX_JSON
    ? [['list'], ['json', { outputFile: process.env.CRAWLSCOPE_FIREFOX_JSON }]]
    : [['list']],
  outputDir: '../../test-results/e2e-firefox',
});
