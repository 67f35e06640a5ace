import fs from 'node:fs';
import { test, expect } from './fixtures';

test('explore', async ({ context, extensionId, demo }) => {
  const sc = await context.newPage();
  sc.on('console', (m) => console.log('console:', m.text()));
  await sc.goto(`chrome-extension://${extensionId}/sitecheck.html?url=${encodeURIComponent(`${demo}/crawlsite/start.html`)}`);
  await sc.getByTestId('crawl-start').waitFor();
  await sc.getByTestId('sitemap-input').fill(`${demo}/crawlsite/sitemap.xml`);
  await sc.getByTestId('crawl-start').click();
  await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const [jsonl] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-jsonl').click()]);
  const lines = fs.readFileSync((await jsonl.path())!, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
  fs.writeFileSync('/tmp/crawlui/explore.json', JSON.stringify(lines.at(-1), null, 1));
  fs.writeFileSync('/tmp/crawlui/explore-reports.json', JSON.stringify(lines.slice(0, -1).map((r) => ({ u: r.siteCheck?.requestedUrl, v: r.verdict, s: r.status?.code, d: r.siteCheck?.depth, f: r.siteCheck?.discoveredFrom, i: r.siteCheck?.inlinks })), null, 1));
  await sc.getByTestId('tab-findings').click();
  console.log(await sc.getByTestId('findings').innerText());
  const [csv] = await Promise.all([sc.waitForEvent('download'), sc.getByTestId('export-links').click()]);
  fs.writeFileSync('/tmp/crawlui/links.csv', fs.readFileSync((await csv.path())!, 'utf8'));
  await sc.getByTestId('tab-compare').click();
  console.log(await sc.getByTestId('compare').innerText());
});
