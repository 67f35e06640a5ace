import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { generateLog, randomBytes, SMARTPHONE_UA } from '../unit/verify/generateLog';

// The verify tool talks to stand-ins on the demo site (tests/fixtures/demo-site/routes/verify.mjs):
// a JSON DNS-over-HTTPS resolver and Google's IP-range files. Nothing leaves 127.0.0.1.

async function pointAtStandIns(sw: Worker, demo: string, resolverPath = '/verify/dns-query') {
  await sw.evaluate(
    async ({ resolver, ranges }) => {
      await chrome.storage.local.remove(['verify.rangesDownloaded', 'verify.rangesLastAttempt']);
      await chrome.storage.local.set({ 'settings.verify.testResolverUrl': resolver, 'settings.verify.testRangesBase': ranges });
    },
    { resolver: `${demo}${resolverPath}`, ranges: `${demo}/verify/ipranges` },
  );
}

async function openTool(page: Page, extensionId: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/verify.html`);
  await expect(page.getByTestId('verify')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('[data-testid=range-file][data-file=common-crawlers]')).toHaveAttribute('data-source', 'download');
}

async function checkIps(page: Page, ips: string[]) {
  await page.getByTestId('ip-input').fill(ips.join('\n'));
  await page.getByTestId('ip-check').click();
  await expect(page.getByTestId('ip-result')).toHaveCount(ips.length);
}

const result = (page: Page, ip: string) => page.locator(`[data-testid=ip-result][data-ip="${ip}"]`);

const row = (page: Page, crawler: string) => page.locator(`[data-testid=crawler-table] tr[data-crawler=${crawler}]`);

async function expectCrawler(page: Page, crawler: string, lines: string, real: string, fake: string, unverified: string) {
  const r = row(page, crawler);
  await expect(r.getByTestId('lines')).toHaveText(lines);
  await expect(r.getByTestId('real')).toHaveText(real);
  await expect(r.getByTestId('fake')).toHaveText(fake);
  await expect(r.getByTestId('unverified')).toHaveText(unverified);
}

/** The generated log's exact summary (see tests/unit/verify/generateLog.ts). */
async function expectGeneratedSummary(page: Page) {
  await expect(page.getByTestId('log-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('log-lines')).toHaveAttribute('data-value', '1000');
  await expect(page.getByTestId('google-lines')).toHaveAttribute('data-value', '500');
  await expect(page.getByTestId('google-lines')).toHaveText('500 lines claim to be a Google crawler, from 7 distinct addresses.');
  await expectCrawler(page, 'googlebotSmartphone', '250', '150', '50', '50');
  await expectCrawler(page, 'googlebotDesktop', '150', '100', '50', '0');
  await expectCrawler(page, 'googlebotImage', '50', '50', '0', '0');
  await expectCrawler(page, 'adsBot', '50', '0', '0', '50');
  const fakes = page.locator('[data-testid=fake-ips] tbody tr');
  await expect(fakes).toHaveCount(2);
  await expect(fakes.nth(0)).toHaveAttribute('data-ip', '45.83.64.10');
  await expect(fakes.nth(0)).toContainText('Outside Google’s published ranges, and its reverse DNS name scraper.example.net is not in a Google domain: not Google.');
  await expect(fakes.nth(1)).toHaveAttribute('data-ip', '45.83.64.11');
  await expect(fakes.nth(1)).toContainText('Forged reverse DNS: crawl-66-249-66-1.googlebot.com claims to be Google, but its forward lookup gives 66.249.66.1, not this address.');
  await expect(page.locator('[data-testid=statuses] li[data-status="200"]')).toHaveText('200 — 300');
  await expect(page.locator('[data-testid=statuses] li[data-status="304"]')).toHaveText('304 — 200');
  await expect(page.getByTestId('bytes')).toHaveAttribute('data-value', '502250');
  await expect(page.locator('[data-testid=paths] li').first()).toHaveText('/ — 200');
  await expect(page.getByTestId('hour-chart')).toHaveAttribute('data-bars', '17');
  await expect(page.getByTestId('unparseable')).toHaveAttribute('data-value', '50');
  await expect(page.getByTestId('unparseable')).toHaveText('Lines skipped as unreadable: 50 (blank lines: 25)');
}

test.describe('Is it really Googlebot?', () => {
  test('the popup links to the tool', async ({ page, demo, openPopup, extensionId }) => {
    await page.goto(`${demo}/small.html`);
    const popup = await openPopup(page);
    await expect(popup.getByTestId('verify-link')).toHaveAttribute('href', `chrome-extension://${extensionId}/verify.html`);
    await expect(popup.getByTestId('verify-link')).toHaveText('Is it really Googlebot? Check IPs and access logs');
  });

  test('the resolver is chosen on the options page and used by the tool', async ({ page, demo, serviceWorker, extensionId }) => {
    // No test resolver here (the choice itself is under test), but the range refresh stays on 127.0.0.1.
    await pointAtStandIns(serviceWorker, demo);
    await serviceWorker.evaluate(() => chrome.storage.local.remove(['settings.verify.resolver', 'settings.verify.testResolverUrl']));
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(page.getByTestId('verify-resolver-google')).toBeChecked();
    await page.getByTestId('verify-resolver-cloudflare').check();
    await expect(page.getByTestId('verify-options').getByRole('status')).toHaveText('Saved.');
    expect(await serviceWorker.evaluate(() => chrome.storage.local.get('settings.verify.resolver'))).toEqual({ 'settings.verify.resolver': 'cloudflare' });
    await page.goto(`chrome-extension://${extensionId}/verify.html`);
    await expect(page.getByTestId('resolver')).toHaveValue('cloudflare');
    await page.getByTestId('resolver').selectOption('google');
    await expect.poll(() => serviceWorker.evaluate(() => chrome.storage.local.get('settings.verify.resolver'))).toEqual({ 'settings.verify.resolver': 'google' });
  });

  test('ranges: a good download replaces the snapshot; "Action needed", HTML and 404 keep the last good copy', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    const file = (name: string) => page.locator(`[data-testid=range-file][data-file=${name}]`);
    await expect(file('common-crawlers')).toContainText('2026-11-29T06:00:00.000000');
    await expect(file('common-crawlers').locator('td').nth(3)).toHaveText('316');
    await expect(file('special-crawlers')).toHaveAttribute('data-source', 'snapshot');
    await expect(file('special-crawlers')).toContainText('2026-08-21T14:46:19.000000');
    await expect(file('user-triggered-fetchers')).toHaveAttribute('data-source', 'snapshot');
    await expect(file('user-triggered-fetchers-google')).toHaveAttribute('data-source', 'none');
    await expect(file('user-triggered-agents')).toHaveAttribute('data-source', 'download');
    const problems = page.getByTestId('range-problems').locator('li');
    await expect(problems).toHaveCount(3);
    await expect(page.locator('[data-testid=range-problems] li[data-file=special-crawlers]')).toHaveText(
      'special-crawlers.json not refreshed: the answer has no prefixes list (it says: Action needed: these IP ranges moved to /crawling/ipranges/.). The last good copy stays in use.',
    );
    await expect(page.locator('[data-testid=range-problems] li[data-file=user-triggered-fetchers]')).toHaveAttribute('data-code', 'refreshHtml');
    await expect(page.locator('[data-testid=range-problems] li[data-file=user-triggered-fetchers-google]')).toHaveAttribute('data-code', 'refreshHttp');
    // The refreshed common-crawlers file adds 66.249.80.0/27: the tool uses it.
    await checkIps(page, ['66.249.80.9']);
    await expect(result(page, '66.249.80.9').getByTestId('ip-range')).toHaveText('Range 66.249.80.0/27 — common crawler (Googlebot & co.)');
  });

  test('IPs: a real Googlebot, a forged PTR whose forward lookup differs, a resolver failure, reserved and malformed input', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    await checkIps(page, ['66.249.66.1', '45.83.64.11', '52.1.2.3', '::ffff:66.249.66.1', '2001:4860:4801:10::1', '10.0.0.1', '66.249.66.300']);

    const real = result(page, '66.249.66.1').first();
    await expect(real).toHaveAttribute('data-verdict', 'google');
    await expect(real.getByTestId('ip-headline')).toHaveText('Google — common crawler (Googlebot & co.)');
    await expect(real.getByTestId('ip-range')).toHaveText('Range 66.249.66.0/27 — common crawler (Googlebot & co.)');
    await expect(real.getByTestId('ip-host')).toHaveText('crawl-66-249-66-1.googlebot.com ✓ — forward lookup returns this address ✓');

    const forged = result(page, '45.83.64.11');
    await expect(forged).toHaveAttribute('data-verdict', 'notGoogle');
    await expect(forged.getByTestId('ip-headline')).toHaveText('Not Google');
    await expect(forged.getByTestId('ip-reason')).toHaveText(
      'Forged reverse DNS: crawl-66-249-66-1.googlebot.com claims to be Google, but its forward lookup gives 66.249.66.1, not this address.',
    );
    await expect(forged.getByTestId('ip-host')).toHaveAttribute('data-forward', 'mismatch');

    const failed = result(page, '52.1.2.3');
    await expect(failed).toHaveAttribute('data-verdict', 'unverified');
    await expect(failed.getByTestId('ip-reason')).toHaveText(
      'Outside the published ranges, and the DNS lookup failed (DNS response code 2), so it can be neither confirmed nor called fake.',
    );

    const mapped = page.locator('[data-testid=ip-result]').nth(3);
    await expect(mapped).toHaveAttribute('data-verdict', 'google');
    await expect(mapped).toContainText('::ffff:66.249.66.1 (66.249.66.1)');

    const v6 = result(page, '2001:4860:4801:10::1');
    await expect(v6).toHaveAttribute('data-verdict', 'google');
    await expect(v6.getByTestId('ip-dns')).toContainText('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.1.0.0.1.0.8.4.0.6.8.4.1.0.0.2.ip6.arpa');
    await expect(v6.getByTestId('ip-host')).toHaveAttribute('data-forward', 'match');

    await expect(result(page, '10.0.0.1').getByTestId('ip-reason')).toHaveText(
      '10.0.0.1 is a special-purpose address (private): Google’s crawlers come from public addresses. If your log records a proxy’s address, log the client’s address instead.',
    );
    const bad = page.locator('[data-testid=ip-result]').nth(6);
    await expect(bad).toHaveAttribute('data-verdict', 'invalid');
    await expect(bad.getByTestId('ip-reason')).toHaveText('“66.249.66.300” is not an IPv4 or IPv6 address.');
  });

  test('resolver offline: outside the ranges is "unverified", never fake; inside stays Google', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo, '/verify/dns-down');
    await openTool(page, extensionId);
    await checkIps(page, ['45.83.64.11', '66.249.66.1']);
    await expect(result(page, '45.83.64.11')).toHaveAttribute('data-verdict', 'unverified');
    await expect(result(page, '45.83.64.11').getByTestId('ip-reason')).toHaveText(
      'Outside the published ranges, and the DNS lookup failed (resolver answered HTTP 503), so it can be neither confirmed nor called fake.',
    );
    await expect(result(page, '66.249.66.1')).toHaveAttribute('data-verdict', 'google');
    await expect(result(page, '66.249.66.1').getByTestId('ip-dns')).toContainText('lookup failed — resolver answered HTTP 503');
  });

  test('a generated access log: exact real/fake counts per crawler, statuses, paths, bytes, hours; CSV exports', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    await page.getByTestId('log-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(generateLog(1000)) });
    await expectGeneratedSummary(page);

    const fake = page.waitForEvent('download');
    await page.getByTestId('export-fake').click();
    const fakeCsv = fs.readFileSync((await (await fake).path())!, 'utf8');
    expect(fakeCsv).toBe(
      'ip,lines,bytes,claimed_crawlers,reason,detail\r\n45.83.64.10,50,50250,googlebotSmartphone,ptrNotGoogle,scraper.example.net\r\n45.83.64.11,50,50300,googlebotDesktop,forwardMismatch,crawl-66-249-66-1.googlebot.com 66.249.66.1\r\n',
    );

    const lines = page.waitForEvent('download');
    await page.getByTestId('export-lines').click();
    const dl = await lines;
    expect(dl.suggestedFilename()).toBe('access.log.google-lines.csv');
    const rows = fs.readFileSync((await dl.path())!, 'utf8').split('\r\n');
    expect(rows.length).toBe(502); // header + 500 lines + the empty string after the last CRLF
    expect(rows[1]).toBe(`1,66.249.66.1,21/Aug/2026:10:00:00 +0200,GET / HTTP/1.1,200,1000,googlebotSmartphone,google,common-crawlers,"${SMARTPHONE_UA}"`);
    expect(rows.filter((r) => r.includes(',notGoogle,')).length).toBe(100);
  });

  test('gzip log: same summary; a truncated .gz keeps what was read and says so', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    const gz = gzipSync(Buffer.from(generateLog(1000)));
    await page.getByTestId('log-file').setInputFiles({ name: 'access.log.gz', mimeType: 'application/gzip', buffer: gz });
    await expectGeneratedSummary(page);
    await expect(page.getByTestId('log-stopped')).toHaveCount(0);

    const big = gzipSync(Buffer.from(generateLog(20_000)));
    await page.getByTestId('log-file').setInputFiles({ name: 'cut.log.gz', mimeType: 'application/gzip', buffer: big.subarray(0, big.length >> 1) });
    await expect(page.getByTestId('log-stopped')).toHaveAttribute('data-code', 'gzipBroken', { timeout: 30_000 });
    const lines = Number(await page.getByTestId('log-lines').getAttribute('data-value'));
    expect(lines).toBeGreaterThan(1000);
    expect(lines).toBeLessThan(20_000);
  });

  test('a log with no Google lines, and junk', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    const text = '1.2.3.4 - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8.0"\n<html>not a log</html>\n';
    await page.getByTestId('log-file').setInputFiles({ name: 'plain.log', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(page.getByTestId('no-google')).toHaveText('No line in this log claims to be a Google crawler.');
    await expect(page.getByTestId('unparseable')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('log-summary')).toContainText('Line 2 (not an access-log line): <html>not a log</html>');

    // The same file dropped on the drop zone instead of picked.
    await page.getByTestId('log-drop').evaluate((zone, body) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], 'dropped.log', { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, `${text}66.249.66.1 - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"\n`);
    await expect(page.getByTestId('log-summary').locator('h3')).toHaveText('Summary of dropped.log');
    await expectCrawler(page, 'googlebotDesktop', '1', '1', '0', '0');
  });

  test('5 MB of random bytes: the format is not recognised, and every line is counted', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    const bytes = Buffer.from(randomBytes(5 * 1024 * 1024));
    // Lines end at LF (CRLF included), as the tool reads them; the last one has none.
    let lines = bytes[bytes.length - 1] === 0x0a ? 0 : 1;
    for (const b of bytes) if (b === 0x0a) lines++;
    await page.getByTestId('log-file').setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await expect(page.getByTestId('log-format')).toHaveText(
      'Format not recognised: no line could be read as an Apache/nginx access log or as a CSV with IP and user-agent columns.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('log-format')).toHaveAttribute('data-format', 'unrecognised');
    await expect(page.getByTestId('log-lines')).toHaveAttribute('data-value', String(lines));
  });

  test('a large log shows progress and can be cancelled', async ({ page, demo, serviceWorker, extensionId }) => {
    await pointAtStandIns(serviceWorker, demo);
    await openTool(page, extensionId);
    const file = path.join(os.tmpdir(), `crawlscope-verify-${process.pid}.log`);
    const chunk = generateLog(20_000);
    const fd = fs.openSync(file, 'w');
    for (let i = 0; i < 60; i++) fs.writeSync(fd, chunk); // ≈ 250 MB
    fs.closeSync(fd);
    try {
      await page.getByTestId('log-file').setInputFiles(file);
      await expect(page.getByTestId('log-progress')).toBeVisible();
      await expect
        .poll(async () => Number(await page.getByTestId('log-progress').getAttribute('value')), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await page.getByTestId('log-cancel').click();
      await expect(page.getByTestId('log-cancelled')).toHaveText('Cancelled.');
      await expect(page.getByTestId('log-summary')).toHaveCount(0);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
