// `crawlscope --crawl` against the demo site's /crawlsite/ (every site finding planted once): each
// finding with its exact evidence in the JSON Lines and in the table, the per-URL crawl fields,
// the {"site": …} line and the link graph's CSV against the schema; bad input (a calendar trap, a
// million links, bad hrefs, a crawl cancelled with Ctrl-C) ends with a clear line.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { BAD_PORT, BIG_LINK_AT, CALENDAR_START, HOSTILE_ANCHOR, hangRequested } from '../../fixtures/demo-site/routes/sitecrawl.mjs';
import { reportSchemaErrors, siteLineErrors } from '../../support/reportSchema';
import { say } from '../../support/say';
import type { Report } from '../../../lib/report';
import type { CrawlResult, SiteFinding, SiteLine } from '../../../lib/sitecheck';
import { MAX_PAGE_LINKS } from '../../../lib/sitecheck';

const BIN = path.resolve(import.meta.dirname, '../../../bin/crawlscope.mjs');
let site: DemoSite;
let O = '';
let tmp = '';
beforeAll(async () => {
  site = await startDemoSite();
  O = site.origin;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crawl-cli-'));
});
afterAll(async () => {
  await site.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const env = () => {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return { ...rest, LANG: 'C' };
};
function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024, env: env() }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: stdout, err: stderr });
    });
  });
}

/** The reports and the last line of a crawl's JSON Lines. */
function parse(out: string): { reports: Report[]; site: CrawlResult; last: SiteLine } {
  const lines = out.trim().split('\n').map((l) => JSON.parse(l) as unknown);
  const last = lines.at(-1) as SiteLine;
  return { reports: lines.slice(0, -1) as Report[], site: last.site, last };
}
const finding = (s: CrawlResult, code: SiteFinding['code']) => s.findings.find((f) => f.code === code);
/** Response offset of `needle` in a page as the demo serves it: its header bytes (from its report) plus its body offset. */
async function offsetIn(report: Report, needle: string): Promise<number> {
  const body = Buffer.from(await (await fetch(report.url)).arrayBuffer());
  const at = body.indexOf(needle);
  expect(at).toBeGreaterThan(0);
  return report.bytes!.headerBytes + at;
}

const U = (p: string) => `${O}/crawlsite/${p}`;

describe('crawlscope --crawl (the demo site, every finding planted)', () => {
  let run: { code: number; out: string; err: string };
  let parsed: ReturnType<typeof parse>;
  let byUrl: Map<string, Report>;
  let csv = '';
  beforeAll(async () => {
    const file = path.join(tmp, 'links.csv');
    run = await cli(['--crawl', U(''), '--sitemap', U('sitemap.xml'), '--json', '--links-csv', file]);
    parsed = parse(run.out);
    byUrl = new Map(parsed.reports.map((r) => [r.siteCheck!.requestedUrl, r]));
    csv = fs.readFileSync(file, 'utf8');
  }, 120_000);

  it('one valid report per URL checked, then one valid {"site": …} line; nothing behind a nofollow is crawled; exit 1', () => {
    expect(run.code).toBe(1);
    for (const r of parsed.reports) expect(reportSchemaErrors(r)).toEqual([]);
    expect(siteLineErrors(parsed.last)).toEqual([]);
    const s = parsed.site;
    expect(s).toMatchObject({ start: [U('')], partial: false, ended: 'done', sitemapsRead: true, rendered: false, maxDepth: 10 });
    expect(s.urls.checked).toBe(parsed.reports.length);
    expect(byUrl.has(U('behind-nofollow.html'))).toBe(false);
    expect(byUrl.has(U('rel-nofollow.html'))).toBe(false);
    expect(byUrl.has(U('past-cut.html'))).toBe(false);
    expect(byUrl.has(U('js-only.html'))).toBe(false);
    expect(s.links).toMatchObject({ nofollow: 2, pastCut: 1, bad: 3, depthLimited: 1, foreign: 0, afterRendering: 0 });
  });

  it('orphan and sitemap URL that is not indexable: with the sitemap and its line', () => {
    const s = parsed.site;
    expect(finding(s, 'orphan')).toEqual({ code: 'orphan', severity: 'warning', count: 1, items: [{ url: U('orphan.html'), sitemap: U('sitemap.xml'), sitemapLine: 5 }] });
    expect(finding(s, 'sitemapNotIndexable')).toEqual({
      code: 'sitemapNotIndexable',
      severity: 'warning',
      count: 1,
      items: [{ url: U('noindex.html'), sitemap: U('sitemap.xml'), sitemapLine: 6, status: 200, reason: 'noindex', reasonText: byUrl.get(U('noindex.html'))!.reasons.find((r) => r.code === 'noindex')!.message }],
    });
  });

  it('links to a page robots.txt blocks (its line), to a 404, to a noindex page and into 3 hops: the linking page, the anchor text and the byte of each <a>', async () => {
    const s = parsed.site;
    const home = byUrl.get(U(''))!;
    expect(finding(s, 'linkRobotsBlocked')!.items).toEqual([
      { url: `${O}/blocked/crawlsite.html`, from: U(''), anchorText: 'Blocked for Googlebot', offset: await offsetIn(home, '<a href="/blocked/crawlsite.html"'), robotsUrl: `${O}/robots.txt`, line: 3, rule: 'Disallow: /blocked/' },
    ]);
    expect(finding(s, 'linkBroken')!.items).toEqual([{ url: U('missing.html'), from: U(''), anchorText: 'A page that is gone', offset: await offsetIn(home, '<a href="/crawlsite/missing.html"'), status: 404 }]);
    expect(finding(s, 'linkNoindex')!.items).toEqual([
      { url: U('noindex.html'), from: U(''), anchorText: 'A noindex page', offset: await offsetIn(home, '<a href="/crawlsite/noindex.html"'), tag: '<meta name="robots" content="noindex">' },
    ]);
    expect(finding(s, 'linkRedirectChain')!.items).toEqual([
      { url: U('hop1'), from: U(''), anchorText: 'Three hops', offset: await offsetIn(home, '<a href="/crawlsite/hop1"'), hops: 3, target: U('final.html') },
    ]);
  });

  it('a 3-hop redirect chain and a redirect loop, each URL in order', () => {
    const s = parsed.site;
    expect(finding(s, 'redirectChain')).toEqual({ code: 'redirectChain', severity: 'warning', count: 1, items: [{ url: U('hop1'), hops: 3, chain: [U('hop1'), U('hop2'), U('hop3'), U('final.html')], target: U('final.html') }] });
    expect(finding(s, 'redirectLoop')).toEqual({ code: 'redirectLoop', severity: 'critical', count: 1, items: [{ url: U('rloop1'), chain: [U('rloop1'), U('rloop2')] }] });
  });

  it('a link past the cut of a 2.3 MB page: the page it alone links to, the byte of its <a> and the cut', () => {
    const big = byUrl.get(U('big.html'))!;
    expect(big.bytes!.cutOffset).toBe(2_097_152);
    expect(finding(parsed.site, 'onlyPastCut')).toEqual({
      code: 'onlyPastCut',
      severity: 'critical',
      count: 1,
      items: [{ url: U('past-cut.html'), from: U('big.html'), offset: big.bytes!.headerBytes + BIG_LINK_AT, cutOffset: 2_097_152 }],
    });
  });

  it('a canonical chain, hreflang with no return link (and no x-default), duplicate titles', () => {
    const s = parsed.site;
    expect(finding(s, 'canonicalChain')!.items).toEqual([
      { url: U('canon-a.html'), target: U('canon-b.html'), chain: [U('canon-a.html'), U('canon-b.html'), U('canon-c.html')], tag: `<link rel="canonical" href="${U('canon-b.html')}">` },
    ]);
    expect(finding(s, 'hreflangNoReturn')!.items).toEqual([{ url: U('en.html'), target: U('de.html'), lang: 'de', tag: `<link rel="alternate" hreflang="de" href="${U('de.html')}">` }]);
    expect(finding(s, 'hreflangNoXDefault')).toEqual({ code: 'hreflangNoXDefault', severity: 'info', count: 1, items: [{ url: U('en.html') }] });
    expect(finding(s, 'duplicateTitle')!.items).toEqual([{ url: U('a.html'), title: 'Crawl demo — twins', urls: [U('a.html'), U('b.html')] }]);
  });

  it('bad hrefs (another scheme, a port browsers refuse, no URL) with their bytes; mailto: is not one', async () => {
    const home = byUrl.get(U(''))!;
    expect(finding(parsed.site, 'badLink')!.items).toEqual([
      { url: U(''), from: U(''), href: 'javascript:void(0)', offset: await offsetIn(home, '<a href="javascript:'), problem: 'scheme' },
      { url: U(''), from: U(''), href: `http://127.0.0.1:${BAD_PORT}/crawlsite/a.html`, offset: await offsetIn(home, `<a href="http://127.0.0.1:${BAD_PORT}`), problem: 'port' },
      { url: U(''), from: U(''), href: 'http://[bad/', offset: await offsetIn(home, '<a href="http://[bad/'), problem: 'invalid' },
    ]);
  });

  it('the calendar trap ends at the depth limit: the first month past it, linked from the last one checked; the deep pages with their path', () => {
    const s = parsed.site;
    const month = (m: string) => U(`calendar?month=${m}`);
    expect(finding(s, 'depthLimit')).toEqual({ code: 'depthLimit', severity: 'info', count: 1, items: [{ url: month('2026-11'), from: month('2026-10') }] });
    expect(byUrl.get(month('2026-10'))!.siteCheck!.depth).toBe(10);
    expect(byUrl.has(month('2026-11'))).toBe(false);
    const deep = finding(s, 'deep')!;
    expect(deep.count).toBe(5);
    expect(deep.items[0]).toEqual({ url: month('2026-06'), depth: 6, path: [U(''), ...['01', '02', '03', '04', '05', '06'].map((m) => month(`2026-${m}`))] });
  });

  it('each report: depth, discoveredFrom (the first link, its anchor text and byte), inlinks', async () => {
    const home = byUrl.get(U(''))!;
    expect(home.siteCheck).toMatchObject({ depth: 0, inlinks: 4 });
    expect(byUrl.get(U('b.html'))!.siteCheck).toMatchObject({
      depth: 1,
      // Anchor text as Googlebot reads it: whitespace (the line break) squashed.
      discoveredFrom: { url: U(''), anchorText: HOSTILE_ANCHOR.replace(/\s+/g, ' '), offset: await offsetIn(home, '<a href="/crawlsite/b.html"'), afterRendering: false },
      inlinks: 1,
    });
    // Reached by a redirect: as many clicks as the link to its first hop.
    expect(byUrl.get(U('final.html'))?.siteCheck ?? byUrl.get(U('hop1'))!.siteCheck).toMatchObject({ depth: 1 });
    // Only in the sitemap: no path, no link.
    expect(byUrl.get(U('orphan.html'))!.siteCheck).toMatchObject({ depth: null, discoveredFrom: null, inlinks: 0 });
  });

  it('--links-csv: every link of the graph, one line each; hostile anchor text quoted and never a formula; nofollow, past the cut', () => {
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('source,target,anchor_text,nofollow,past_cut,after_rendering');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(parsed.site.links.links);
    expect(lines).toContain(`${U('')},${U('b.html')},"'=HYPERLINK(""http://evil.example"",""x""), ""b"" next",false,false,false`);
    expect(lines).toContain(`${U('')},${U('rel-nofollow.html')},A rel=nofollow link,true,false,false`);
    expect(lines).toContain(`${U('nofollow.html')},${U('behind-nofollow.html')},Behind a nofollow page,true,false,false`);
    expect(lines).toContain(`${U('big.html')},${U('past-cut.html')},Only past the cut,false,true,false`);
    expect(run.err).toContain(say('crawl.linksCsvWritten', [parsed.site.links.links, path.join(tmp, 'links.csv')]));
  });
});

describe('crawlscope --crawl --render', () => {
  it('a link only JavaScript adds: followed after rendering, its page only so linked; marked in the report and the CSV', async () => {
    const file = path.join(tmp, 'rendered.csv');
    const { code, out } = await cli(['--crawl', U('js.html'), '--max-depth', '1', '--render', '--json', '--links-csv', file]);
    expect(code).toBe(0);
    const { reports, site: s, last } = parse(out);
    expect(siteLineErrors(last)).toEqual([]);
    expect(s).toMatchObject({ rendered: true, links: { links: 1, afterRendering: 1, followed: 1 } });
    expect(finding(s, 'onlyRendered')).toEqual({ code: 'onlyRendered', severity: 'warning', count: 1, items: [{ url: U('js-only.html'), from: U('js.html'), offset: null }] });
    const jsOnly = reports.find((r) => r.siteCheck!.requestedUrl === U('js-only.html'))!;
    expect(jsOnly.siteCheck).toMatchObject({ depth: 1, discoveredFrom: { url: U('js.html'), anchorText: '', offset: null, afterRendering: true }, inlinks: 1 });
    expect(fs.readFileSync(file, 'utf8').split('\r\n')[1]).toBe(`${U('js.html')},${U('js-only.html')},,false,false,true`);
  }, 120_000);
});

describe('crawlscope --crawl: the table', () => {
  it('the site findings after the URLs, each with its evidence, in the locale’s words', async () => {
    const { code, out } = await cli(['--crawl', U(''), '--sitemap', U('sitemap.xml')]);
    expect(code).toBe(1);
    const lines = out.split('\n');
    const heading = lines.indexOf(say('crawl.heading'));
    expect(heading).toBeGreaterThan(lines.findIndex((l) => l.endsWith(U('orphan.html'))));
    const after = lines.slice(heading);
    const has = (l: string) => expect(after).toContain(l);
    has(`${say('compare.severityWarning')}: ${say('crawl.finding.orphan.title', [1])}`);
    has(`    ${say('crawl.finding.orphan.item', [U('orphan.html'), U('sitemap.xml'), 5])}`);
    has(`${say('compare.severityCritical')}: ${say('crawl.finding.onlyPastCut.title', [1])}`);
    has(`    ${say('crawl.finding.redirectChain.item', [U('hop1'), 3, [U('hop1'), U('hop2'), U('hop3'), U('final.html')].join(' → ')])}`);
    has(`    ${say('crawl.finding.canonicalChain.item', [[U('canon-a.html'), U('canon-b.html'), U('canon-c.html')].join(' → '), `<link rel="canonical" href="${U('canon-b.html')}">`])}`);
    has(`    ${say('crawl.finding.duplicateTitle.item', ['Crawl demo — twins', `${U('a.html')}, ${U('b.html')}`])}`);
    has(`    ${say('crawl.finding.depthLimit.item', [U('calendar?month=2026-11'), U('calendar?month=2026-10')])}`);
    has(`${say('compare.severityInfo')}: ${say('crawl.finding.depthLimit.title', [1, 10])}`);
    const robots = after.find((l) => l.startsWith(`    ${U('')} → ${O}/blocked/crawlsite.html`))!;
    expect(robots).toContain(`${O}/robots.txt`);
    expect(robots).toContain('“Disallow: /blocked/”');
    // The anchor text reaches the terminal on one line.
    expect(after.some((l) => l.includes('=HYPERLINK("http://evil.example","x"), "b" next'))).toBe(true);
  }, 120_000);
});

describe('crawlscope --crawl: bad input ends with a clear line', () => {
  it('a calendar trap with --max-urls: the URL cap stops it, said on stderr; the site line counts the URL not checked', async () => {
    const { code, out, err } = await cli(['--crawl', U(`calendar?month=${CALENDAR_START}`), '--max-urls', '5', '--max-depth', '1000', '--json']);
    expect(code).toBe(1);
    expect(err).toContain(say('sitecheck.problem.urlCap', [5]));
    const { reports, site: s } = parse(out);
    expect(reports.length).toBe(5);
    expect(s.urls).toEqual({ checked: 5, known: 6, notKept: 0 });
  }, 60_000);

  it('a page with a million links (generated as it is sent): its first 10,000 targets kept, the rest counted; the run ends', async () => {
    const { out } = await cli(['--crawl', U('million-links.html'), '--max-depth', '0', '--json']);
    const { reports, site: s } = parse(out);
    expect(reports.length).toBe(1);
    expect(reports[0]!.bytes!.truncated).toBe(true);
    const notKept = finding(s, 'linksNotKept')!;
    expect(notKept.items).toEqual([{ url: U('million-links.html'), seen: expect.any(Number), kept: MAX_PAGE_LINKS }]);
    expect(notKept.items[0]!.seen).toBeGreaterThan(MAX_PAGE_LINKS);
    expect(s.links.links).toBe(MAX_PAGE_LINKS);
    expect(s.links.notKept).toBe(notKept.items[0]!.seen! - MAX_PAGE_LINKS);
    expect(finding(s, 'depthLimit')!.count).toBe(MAX_PAGE_LINKS);
  }, 90_000);

  it('Ctrl-C mid-crawl: every report already made is written, then the findings so far marked partial; a clear line; exit 2', async () => {
    const child = spawn(process.execPath, [BIN, '--crawl', U('hang-start.html'), '--json'], { env: env() });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    await hangRequested();
    child.kill('SIGINT');
    expect(await exited).toBe(2);
    const { reports, site: s, last } = parse(out);
    expect(siteLineErrors(last)).toEqual([]);
    expect(s).toMatchObject({ partial: true, ended: 'cancelled' });
    expect(reports.map((r) => r.siteCheck!.requestedUrl)).toContain(U('hang-start.html'));
    expect(reports.length).toBe(s.urls.checked);
    expect(reports.some((r) => r.siteCheck!.requestedUrl === U('hang.html'))).toBe(false);
    expect(err).toContain(say('crawl.partial', [s.links.pages]));
  }, 60_000);

  it('--links-csv or --max-depth without --crawl: a usage error', async () => {
    const { code, err } = await cli([U(''), '--links-csv', path.join(tmp, 'x.csv')]);
    expect(code).toBe(2);
    expect(err).toContain(say('cli.error.needsCrawl', ['--links-csv']));
    expect(fs.existsSync(path.join(tmp, 'x.csv'))).toBe(false);
  });
});
