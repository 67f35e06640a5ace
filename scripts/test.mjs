// `npm test`: type check, lint, unit tests, both builds, Firefox lint, browser tests in Chromium and in
// Firefox — then "firefox: N passed, N failed" for the Firefox suite and one last line
// "N passed, N failed" summing the unit and both browser suites (a failing check adds one failure).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, requireChromium, requireFirefox } from './run.mjs';

requireChromium();
requireFirefox();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-test-'));
const npx = (args, opts) => run('npx', ['--no-install', ...args], opts);
let passed = 0;
let failed = 0;
const failures = [];

async function check(name, fn) {
  console.log(`\n── ${name}`);
  const code = await fn();
  if (code !== 0) {
    failures.push(name);
    return false;
  }
  return true;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

await check('wxt prepare', () => npx(['wxt', 'prepare']));
await check('type check (tsc --noEmit)', () => npx(['tsc', '--noEmit']));
await check('lint (typescript-eslint: the house rules, eslint.config.mjs)', () => npx(['eslint', '.']));

const unitJson = path.join(tmp, 'unit.json');
await check('unit tests (vitest)', () =>
  npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`]),
);
const unit = readJson(unitJson);
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += (unit.numFailedTests ?? 0) + (unit.numFailedTestSuites && !unit.numFailedTests ? unit.numFailedTestSuites : 0);
}

const builtChrome = await check('build for Chrome', () => npx(['wxt', 'build']));
const builtFirefox = await check('build for Firefox', () => npx(['wxt', 'build', '-b', 'firefox']));
if (builtFirefox) {
  const outDir = process.env.CRAWLSCOPE_OUT_DIR ?? '.output';
  await check('web-ext lint (Firefox build, 0 errors)', () => npx(['web-ext', 'lint', '--source-dir', path.join(outDir, 'firefox-mv3')]));
}

if (builtChrome) {
  const e2eJson = path.join(tmp, 'e2e.json');
  await check('browser tests (Playwright, headless Chromium)', () =>
    npx(['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], { env: { CRAWLSCOPE_E2E_JSON: e2eJson } }),
  );
  const e2e = readJson(e2eJson);
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
  }
}

const firefox = { passed: 0, failed: 0 };
if (builtFirefox) {
  const ffJson = path.join(tmp, 'e2e-firefox.json');
  await check('browser tests (headless Firefox)', () =>
    npx(['playwright', 'test', '-c', 'tests/e2e-firefox/playwright.config.ts'], { env: { CRAWLSCOPE_FIREFOX_JSON: ffJson } }),
  );
  const ff = readJson(ffJson);
  if (ff?.stats) {
    firefox.passed = (ff.stats.expected ?? 0) + (ff.stats.flaky ?? 0);
    firefox.failed = ff.stats.unexpected ?? 0;
  }
  // A suite that could not start (no Firefox, a broken fixture) counts as one failure.
  if (failures.includes('browser tests (headless Firefox)') && firefox.failed === 0) firefox.failed = 1;
  passed += firefox.passed;
  failed += firefox.failed;
}

// Checks that are not tests themselves (type check, builds, lint) count as one failure each.
const countedByRunner = new Set(['unit tests (vitest)', 'browser tests (Playwright, headless Chromium)', 'browser tests (headless Firefox)']);
for (const f of failures) {
  if (!countedByRunner.has(f)) failed += 1;
}
if (failures.length && failed === 0) failed = failures.length;
fs.rmSync(tmp, { recursive: true, force: true });

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`firefox: ${firefox.passed} passed, ${firefox.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length ? 1 : 0);
