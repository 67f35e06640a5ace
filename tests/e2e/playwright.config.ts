import { defineConfig } from '@playwright/test';

// Browser tests load the built extension into Debian's Chromium (never a downloaded browser).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.CRAWLSCOPE_E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CRAWLSCOPE_E2E_JSON
    ? [['list'], ['json', { outputFile: process.env.CRAWLSCOPE_E2E_JSON }]]
    : [['list']],
  outputDir: '../../test-results/e2e',
});
