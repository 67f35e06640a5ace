import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'puppeteer-core';
import { test, type ExtEval } from './fixtures';
import { generateLog } from '../unit/verify/generateLog';
import { click, expectAttr, expectCount, expectText, fill, tid } from './dom';

// The IP check in Firefox, against the stand-ins on the demo site (routes/verify.mjs): a JSON
// DNS-over-HTTPS resolver and Google's IP-range files. Nothing leaves 127.0.0.1.
async function pointAtStandIns(ext: ExtEval, demo: string) {
  await ext(
    async (b, { resolver, ranges }) => {
      await b.storage.local.remove(['verify.rangesDownloaded', 'verify.rangesLastAttempt']);
      await b.storage.local.set({ 'settings.verify.testResolverUrl': resolver, 'settings.verify.testRangesBase': ranges });
    },
    { resolver: `${demo}/verify/dns-query`, ranges: `${demo}/verify/ipranges` },
  );
}

const result = (ip: string) => `[data-testid=ip-result][data-ip="${ip}"]`;

async function checkIps(page: Page, ips: string[]) {
  await fill(page, tid('ip-input'), ips.join('\n'));
  await click(page, tid('ip-check'));
  await expectCount(page, tid('ip-result'), ips.length, { timeout: 20_000 });
}

test.describe('Is it really Googlebot?', () => {
  test('the popup links to the tool', async ({ tab: page, demo, openPopup, base }) => {
    await page.goto(`${demo}/small.html`);
    const popup = await openPopup(page);
    await expectAttr(popup, tid('verify-link'), 'href', `${base}/verify.html`);
  });

  test('IPs: a real Googlebot, a forged PTR whose forward lookup differs, a resolver failure, IPv6, reserved and malformed', async ({ demo, ext, openExt }) => {
    await pointAtStandIns(ext, demo);
    const page = await openExt('/verify.html');
    await expectAttr(page, tid('verify'), 'data-ready', 'true');
    await expectAttr(page, '[data-testid=range-file][data-file=common-crawlers]', 'data-source', 'download');
    await checkIps(page, ['66.249.66.1', '45.83.64.11', '52.1.2.3', '2001:4860:4801:10::1', '10.0.0.1', '66.249.66.300', '66.249.80.9']);

    await expectAttr(page, result('66.249.66.1'), 'data-verdict', 'google');
    await expectText(page, `${result('66.249.66.1')} ${tid('ip-headline')}`, 'Google — common crawler (Googlebot & co.)');
    await expectText(page, `${result('66.249.66.1')} ${tid('ip-range')}`, 'Range 66.249.66.0/27 — common crawler (Googlebot & co.)');
    await expectText(page, `${result('66.249.66.1')} ${tid('ip-host')}`, 'crawl-66-249-66-1.googlebot.com ✓ — forward lookup returns this address ✓');

    await expectAttr(page, result('45.83.64.11'), 'data-verdict', 'notGoogle');
    await expectText(
      page,
      `${result('45.83.64.11')} ${tid('ip-reason')}`,
      'Forged reverse DNS: crawl-66-249-66-1.googlebot.com claims to be Google, but its forward lookup gives 66.249.66.1, not this address.',
    );
    await expectAttr(page, result('52.1.2.3'), 'data-verdict', 'unverified');
    await expectText(
      page,
      `${result('52.1.2.3')} ${tid('ip-reason')}`,
      'Outside the published ranges, and the DNS lookup failed (DNS response code 2), so it can be neither confirmed nor called fake.',
    );
    await expectAttr(page, result('2001:4860:4801:10::1'), 'data-verdict', 'google');
    await expectAttr(page, `${result('2001:4860:4801:10::1')} ${tid('ip-host')}`, 'data-forward', 'match');
    await expectText(
      page,
      `${result('10.0.0.1')} ${tid('ip-reason')}`,
      '10.0.0.1 is a special-purpose address (private): Google’s crawlers come from public addresses. If your log records a proxy’s address, log the client’s address instead.',
    );
    await expectText(page, '[data-testid=ip-result]:nth-child(6) [data-testid=ip-reason]', '“66.249.66.300” is not an IPv4 or IPv6 address.');
    // The downloaded common-crawlers file adds 66.249.80.0/27: the tool uses it.
    await expectText(page, `${result('66.249.80.9')} ${tid('ip-range')}`, 'Range 66.249.80.0/27 — common crawler (Googlebot & co.)');
  });

  test('a gzip access log, read in the tool’s worker: exact real/fake counts per crawler, statuses, bytes, hours', async ({ demo, ext, openExt }) => {
    await pointAtStandIns(ext, demo);
    const page = await openExt('/verify.html');
    await expectAttr(page, tid('verify'), 'data-ready', 'true');
    const file = path.join(os.tmpdir(), `crawlscope-ff-${process.pid}-access.log.gz`);
    fs.writeFileSync(file, gzipSync(Buffer.from(generateLog(1000))));
    try {
      const input = await page.waitForSelector(tid('log-file'));
      await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(file);
      await page.waitForSelector(tid('log-summary'), { visible: true, timeout: 30_000 });
      await expectAttr(page, tid('log-lines'), 'data-value', '1000');
      await expectText(page, tid('google-lines'), '500 lines claim to be a Google crawler, from 7 distinct addresses.');
      const crawler = async (c: string, lines: string, real: string, fake: string, unverified: string) => {
        const r = `[data-testid=crawler-table] tr[data-crawler=${c}]`;
        await expectText(page, `${r} ${tid('lines')}`, lines);
        await expectText(page, `${r} ${tid('real')}`, real);
        await expectText(page, `${r} ${tid('fake')}`, fake);
        await expectText(page, `${r} ${tid('unverified')}`, unverified);
      };
      await crawler('googlebotSmartphone', '250', '150', '50', '50');
      await crawler('googlebotDesktop', '150', '100', '50', '0');
      await crawler('googlebotImage', '50', '50', '0', '0');
      await crawler('adsBot', '50', '0', '0', '50');
      await expectText(page, '[data-testid=statuses] li[data-status="304"]', '304 — 200');
      await expectAttr(page, tid('bytes'), 'data-value', '502250');
      await expectAttr(page, tid('hour-chart'), 'data-bars', '17');
      await expectText(page, tid('unparseable'), 'Lines skipped as unreadable: 50 (blank lines: 25)');
      await expectCount(page, tid('log-stopped'), 0);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
