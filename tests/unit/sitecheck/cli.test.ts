// The command line against the demo site: exact figures, JSON Lines valid against the report
// schema, exit codes. Spawns `node bin/crawlscope.mjs` as a user (or CI) would.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { overTail, scopeSitemapLines } from '../../fixtures/demo-site/routes/sitecheck.mjs';
import { cliText } from '../../../cli/cliTranslate';
import { reportSchemaErrors } from '../../support/reportSchema';
import type { Report } from '../../../lib/report';
import { displayWidth } from '../../../cli/displayWidth';
import { META_REFRESH_INSTANT, META_REFRESH_MALFORMED } from '../../fixtures/demo-site/routes/indexability.mjs';
import { SITE_CHECK_DEFAULTS } from '../../../lib/sitecheck';
import { say, sayIn } from '../../support/say';

/** English as the command line writes it, from locales/en.yml. */
const en = say;

const BIN = path.resolve(import.meta.dirname, '../../../bin/crawlscope.mjs');
let site: DemoSite;
let O = '';
beforeAll(async () => {
  site = await startDemoSite();
  O = site.origin;
});
afterAll(() => site.close());

/** Runs the command line in a C locale (English) unless `env` says otherwise. */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...rest, LANG: 'C', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: stdout, err: stderr });
    });
  });
}
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The table's columns (the page's, without "lost past the cut", which has a line of its own). */
const COLUMNS = ['verdict', 'status', 'bytes', 'cut', 'robots', 'canonical', 'noindex', 'url'];
const lines = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l) as Report);
/** The demo's response headers: status line, Content-Type, Content-Length, Date, Connection, Keep-Alive, blank line. */
const headerBytes = (contentLength: number, extra = 0) =>
  17 + 40 + `Content-Length: ${contentLength}\r\n`.length + 37 + 24 + 23 + 2 + extra;

describe('crawlscope (command line)', () => {
  it('--site: the sitemap index from robots.txt, both children (one gzip), one valid report per URL; exit 1', async () => {
    const { code, out, err } = await cli(['--site', `${O}/`, '--json']);
    expect(code).toBe(1);
    expect(err).toBe('');
    const reports = lines(out);
    for (const r of reports) expect(reportSchemaErrors(r)).toEqual([]);
    const by = new Map(reports.map((r) => [r.siteCheck!.requestedUrl.replace(O, ''), r]));
    expect([...by.keys()].sort()).toEqual([
      '/blocked/sitecheck.html', '/sitecheck/missing.html', '/sitecheck/noindex-header.html', '/sitecheck/noindex-meta.html?from=sitemap&v=1',
      '/sitecheck/ok.html', '/sitecheck/over.html', '/sitecheck/redirect.html', '/sitecheck/unavailable.html',
    ]);
    const v = (p: string) => [by.get(p)!.verdict, by.get(p)!.status?.code ?? null];
    expect(v('/sitecheck/ok.html')).toEqual(['indexable', 200]);
    expect(v('/blocked/sitecheck.html')).toEqual(['not-indexable', null]);
    expect(v('/sitecheck/noindex-meta.html?from=sitemap&v=1')).toEqual(['not-indexable', 200]);
    expect(v('/sitecheck/noindex-header.html')).toEqual(['not-indexable', 200]);
    expect(v('/sitecheck/missing.html')).toEqual(['not-indexable', 404]);
    expect(v('/sitecheck/unavailable.html')).toEqual(['not-indexable', 503]);
    expect(v('/sitecheck/over.html')).toEqual(['at-risk', 200]);

    const over = by.get('/sitecheck/over.html')!;
    expect(over.bytes).toEqual({
      headerBytes: headerBytes(2_600_000),
      bodyBytes: 2_600_000,
      limit: 2_097_152,
      truncated: true,
      cutOffset: 2_097_152,
      // Response offsets: 168 header bytes, then the body, whose last bytes are the demo's tail.
      lost: [
        { item: '<h2> Below the cut', offset: 168 + 2_600_000 - overTail(O).length },
        { item: `<link> ${O}/sitecheck/over.html`, offset: 168 + 2_600_000 - overTail(O).length + overTail(O).indexOf('<link') },
      ],
    });
    expect(over.siteCheck).toMatchObject({ sitemap: `${O}/sitecheck/sitemap-pages.xml`, sitemapLine: 5, bodyComplete: true });

    const blocked = by.get('/blocked/sitecheck.html')!;
    expect(blocked.reasons.map((r) => r.code)).toEqual(['robotsBlocked', 'googleExtendedBlocked']);
    expect(blocked.reasons[0]!.sources[0]).toEqual({ kind: 'robotsTxt', url: `${O}/robots.txt`, line: 3, rule: 'Disallow: /blocked/', userAgent: 'googlebot' });
    expect(blocked.reasons[0]!.message).toBe(`robots.txt (${O}/robots.txt, line 3) disallows this URL for Googlebot: its content is not crawled. The URL itself can still be indexed, without content, from links to it.`);
    expect(blocked.siteCheck!.fetched).toBe(false);

    expect(by.get('/sitecheck/noindex-header.html')!.reasons[0]!.sources).toEqual([{ kind: 'header', name: 'X-Robots-Tag', value: 'googlebot: noindex' }]);
    expect(by.get('/sitecheck/noindex-meta.html?from=sitemap&v=1')!.reasons[0]!.sources).toEqual([{ kind: 'tag', html: '<meta name="robots" content="noindex">', where: 'served', inBody: false }]);
    expect(by.get('/sitecheck/unavailable.html')!.siteCheck!.retries).toBe(1);
    const redirect = by.get('/sitecheck/redirect.html')!;
    expect(redirect.url).toBe(`${O}/sitecheck/ok.html`);
    expect(redirect.redirects).toEqual([{ url: `${O}/sitecheck/redirect.html`, statusCode: 301, location: '/sitecheck/ok.html' }]);
    expect(by.get('/sitecheck/missing.html')!.siteCheck).toMatchObject({ sitemap: `${O}/sitecheck/sitemap-more.xml.gz`, sitemapLine: 4 });
    const ok = by.get('/sitecheck/ok.html')!;
    expect(ok.bytes!.headerBytes + ok.bytes!.bodyBytes).toBe(477);
    expect(ok.siteCheck!.userAgent).toMatch(/^Mozilla\/5\.0 \(Linux; Android 6\.0\.1; Nexus 5X Build\/MMB29P\).* Mobile Safari\/537\.36 \(compatible; Googlebot\/2\.1; \+http:\/\/www\.google\.com\/bot\.html\)$/);
  }, 60_000);

  it('the same reports with the bodies read in worker threads (3) as in the main thread (0)', async () => {
    // Everything but the times: the reports' dates, the servers' Date headers and the durations differ from run to run.
    const stable = (out: string) =>
      lines(out)
        .map((r) => JSON.stringify({ ...r, fetchedAt: null, generatedAt: null, siteCheck: { ...r.siteCheck, durationMs: null } }).replace(/\{"name":"Date","value":"[^"]*"\}/g, '{"name":"Date"}'))
        .sort();
    const [main, threads] = await Promise.all(['0', '3'].map((n) => cli(['--site', `${O}/`, '--json', '--concurrency', '4'], { CRAWLSCOPE_ANALYSIS_THREADS: n })));
    expect([main.code, threads.code, main.err, threads.err]).toEqual([1, 1, '', '']);
    expect(stable(threads.out)).toEqual(stable(main.out));
    // The run reads the page over the limit, with what lies past its cut, and pages with signals.
    expect(lines(threads.out).some((r) => r.bytes?.truncated && r.bytes.lost.length > 0)).toBe(true);
  });

  it('the table: worst first, with the figures; exit 0 when every URL is indexable and within the limit', async () => {
    const { code, out } = await cli([`${O}/sitecheck/ok.html`]);
    expect(code).toBe(0);
    const [head, row, blank, progress, counts, end] = out.split('\n');
    expect(head).toMatch(new RegExp(`^${COLUMNS.map((c) => esc(say(`sitecheck.col.${c}`))).join(' +')}$`));
    const none = say('sitecheck.none');
    const cells = [say('indexability.verdict.indexable'), '200', say('sitecheck.bytesOf', ['477', '2,097,152']), none, say('sitecheck.robotsAllowed'), say('sitecheck.canonicalSelf'), none, `${O}/sitecheck/ok.html`];
    expect(row).toMatch(new RegExp(`^${cells.map(esc).join(' +')}$`));
    expect([blank, progress, counts, end]).toEqual(['', say('sitecheck.progress', [1, 1]), say('sitecheck.counts', [1, 0, 0, 0]), '']);
  }, 30_000);

  it('the table: a redirect and what lies past the cut on lines of their own, under their row; the exact bytes', async () => {
    const { code, out } = await cli([`${O}/sitecheck/redirect.html`, `${O}/sitecheck/over.html`]);
    expect(code).toBe(1);
    const rows = out.split('\n');
    const over = `${O}/sitecheck/over.html`;
    expect(rows[1]).toMatch(
      new RegExp(`^${[say('indexability.verdict.atRisk'), '200', say('sitecheck.bytesOver', ['2,600,168', '2,097,152', '503,016']), '2,097,152', say('sitecheck.robotsAllowed')].map(esc).join(' +')} +${esc(say('sitecheck.none'))} +${esc(say('sitecheck.none'))} +${esc(over)}$`),
    );
    expect(rows[2]).toBe(`    ${say('sitecheck.cli.lost', [`<link> ${over}, <h2> Below the cut`])}`);
    expect(rows[3]).toMatch(new RegExp(`^${esc(say('indexability.verdict.indexable'))} +200 +${esc(say('sitecheck.bytesOf', ['477', '2,097,152']))} .* ${esc(`${O}/sitecheck/redirect.html`)}$`));
    expect(rows[4]).toBe(`    ${say('sitecheck.redirects', [1, `${O}/sitecheck/ok.html`])}`);
    expect(rows.slice(6, 8)).toEqual([say('sitecheck.progress', [2, 2]), say('sitecheck.counts', [1, 1, 0, 1])]);
  }, 30_000);

  it('a meta refresh: the table says where it sends Google, under the row; the JSON names the target; exit 1', async () => {
    const instant = `${O}/indexability/meta-refresh-instant.html`;
    const delayed = `${O}/indexability/meta-refresh-delayed.html`;
    const target = `${O}/indexability/moved-here.html`;
    const { code, out } = await cli([delayed, instant]);
    expect(code).toBe(1);
    const rows = out.split('\n');
    // Worst first: the instant refresh (not indexable) with its reason under it, then the delayed one (at risk).
    expect(rows[1]).toMatch(new RegExp(`^${en('indexability.verdict.notIndexable')} +200 .* ${instant.replace(/[.]/g, '\\.')}$`));
    expect(rows[2]).toBe(`    ${en('indexability.reason.metaRefreshInstant', [target, 0])}`);
    expect(rows[3]).toMatch(new RegExp(`^${en('indexability.verdict.atRisk')} +200 .* ${delayed.replace(/[.]/g, '\\.')}$`));
    expect(rows[4]).toBe(`    ${en('indexability.reason.metaRefreshDelayed', [target, 120])}`);

    const json = await cli([instant, `${O}/indexability/meta-refresh-malformed.html`, '--json']);
    const [i, m] = lines(json.out).sort((a, b) => a.url.localeCompare(b.url));
    expect(reportSchemaErrors(i)).toEqual([]);
    expect(i!.verdict).toBe('not-indexable');
    expect(i!.metaRefresh).toEqual({ kind: 'instant', delaySeconds: 0, href: 'moved-here.html', target, content: META_REFRESH_INSTANT, from: 'served' });
    expect(i!.reasons.find((r) => r.code === 'metaRefreshInstant')).toEqual({
      code: 'metaRefreshInstant', severity: 'block', params: [target, '0'], message: en('indexability.reason.metaRefreshInstant', [target, 0]),
      sources: [{ kind: 'tag', html: `<meta http-equiv="refresh" content="${META_REFRESH_INSTANT}">`, where: 'served', inBody: false }],
    });
    expect(m!.metaRefresh).toBeNull();
    expect(m!.reasons.find((r) => r.code === 'metaRefreshInvalid')).toMatchObject({ severity: 'info', message: en('indexability.reason.metaRefreshInvalid', [META_REFRESH_MALFORMED]) });
  }, 30_000);

  it('the table in the user’s language: --lang, or the locale of the environment; wide characters keep the columns aligned', async () => {
    const de = await cli([`${O}/sitecheck/ok.html`, '--lang', 'de']);
    expect(de.code).toBe(0);
    const [deHead, deRow] = de.out.split('\n');
    expect(deRow).toMatch(new RegExp(`^${esc(sayIn('de', 'indexability.verdict.indexable'))} +200 +${esc(sayIn('de', 'sitecheck.bytesOf', ['477', '2.097.152']))} `));
    expect(deHead!.startsWith(sayIn('de', 'sitecheck.col.verdict'))).toBe(true);
    const zh = await cli([`${O}/sitecheck/ok.html`, `${O}/sitecheck/missing.html`], { LANG: 'zh_TW.UTF-8' });
    const [zhHead, ...zhRows] = zh.out.split('\n');
    expect(zhRows[1]).toMatch(new RegExp(`^${esc(sayIn('zh_TW', 'indexability.verdict.indexable'))} +200 `));
    // The status column starts at the same terminal column on every line (CJK characters are two columns wide).
    const col = (line: string, at: string) => displayWidth(line.slice(0, line.indexOf(at)));
    expect(col(zhRows[0]!, '404')).toBe(col(zhRows[1]!, '200'));
    expect(col(zhHead!, zhHead!.split(/ {2,}/)[1]!)).toBe(col(zhRows[1]!, '200'));
    const bad = await cli([`${O}/`, '--lang', 'xx']);
    expect(bad.code).toBe(2);
  }, 60_000);

  it('a page over the limit fails the run (exit 1) even when nothing key is lost; --agent desktop is named in the report', async () => {
    const { code, out } = await cli([`${O}/sitecheck/over.html`, '--agent', 'desktop', '--json']);
    expect(code).toBe(1);
    const [r] = lines(out);
    expect(r!.siteCheck).toMatchObject({ agent: 'desktop' });
    expect(r!.siteCheck!.userAgent).not.toContain('Mobile');
  }, 30_000);

  it('a malformed sitemap: the URLs before the error are checked, the error is printed with its line', async () => {
    const { code, out, err } = await cli(['--sitemap', `${O}/sitecheck/sitemap-malformed.xml`, '--json']);
    expect(code).toBe(1);
    expect(lines(out).map((r) => [r.siteCheck!.requestedUrl, r.verdict]).sort()).toEqual([
      [`${O}/sitecheck/noindex-meta.html`, 'not-indexable'],
      [`${O}/sitecheck/ok.html`, 'indexable'],
      [`${O}/sitecheck/x.html`, 'not-indexable'],
    ]);
    expect(err.split('\n')).toContain(`${O}/sitecheck/sitemap-malformed.xml: ${say('sitecheck.problemAt', [6, say('sitecheck.problem.malformed', ['unexpected close tag.'])])}`);
  }, 30_000);

  it('exit 2: a sitemap in the wrong namespace leaves nothing to check; an unreachable server; usage errors', async () => {
    const wrong = await cli(['--sitemap', `${O}/sitecheck/sitemap-wrong-namespace.xml`]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain(say('sitecheck.problem.noNamespace', ['urlset']));
    expect(wrong.err.split('\n')).toContain(say('sitecheck.nothing'));
    const down = await cli(['http://127.0.0.1:9/page.html', '--json']);
    expect(down.code).toBe(2);
    expect(lines(down.out)[0]!.reasons.map((r) => r.code)).toEqual(['robotsUnreachableNetwork']);
    for (const args of [[], ['--agent', 'tablet', `${O}/`], ['--limit', '5', `${O}/`], ['--concurrency', '0', `${O}/`], ['ftp://x/'], ['--bogus']]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^crawlscope: /);
    }
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out.split('\n')[0]).toBe(say('cli.help.usage'));
    // The defaults it names are the ones the check uses (lib/sitecheck), as the extension's page does.
    const D = SITE_CHECK_DEFAULTS;
    const flat = help.out.replace(/\s+/g, ' ');
    expect(help.out).toMatch(new RegExp(`--concurrency <n> +requests at once per host, ${D.minConcurrency}–${D.maxConcurrency} \\(default ${D.concurrency}\\)`));
    expect(flat).toContain(`--timeout <seconds> ${say('cli.help.flag.timeout', [String(D.timeoutMs / 1000)])}`);
    expect(flat).toContain(`--max-urls <n> ${say('cli.help.flag.maxUrls', [String(D.maxUrls)])}`);
    expect(flat).toContain(`--agent smartphone|desktop ${say('cli.help.flag.agent', [D.agent])}`);
    expect(flat).toContain(`(default ${D.limit}; PDFs 64 MB)`);
    expect(flat).toContain(`--max-time <seconds> ${say('cli.help.flag.maxTime', [String(D.maxTimeMs / 1000), String(D.maxTimeMs / 60_000)])}`);
    expect(flat).toContain(`--follow-foreign ${say('cli.help.flag.followForeign')}`);
    expect(flat).toContain(say('cli.help.exit'));
  }, 60_000);

  it('sitemap scope: a URL outside the folder and one on another host listed with their lines, not fetched; duplicates by spelling counted; exit 1 — --max-time: stops, says so, exit 2', async () => {
    const l = scopeSitemapLines(O);
    const sm = `${O}/sitecheck/scope/sitemap.xml`;
    const { code, out, err } = await cli(['--sitemap', sm, '--json']);
    expect(code).toBe(1);
    // café.html, caf%c3%a9.html and the page: two URLs, each fetched once, under their one spelling.
    expect(lines(out).map((r) => [r.siteCheck!.requestedUrl, r.siteCheck!.sitemapLine, r.verdict]).sort()).toEqual([
      [`${O}/sitecheck/scope/caf%C3%A9.html`, 4, 'indexable'],
      [l.page, 3, 'indexable'],
    ]);
    expect(err.split('\n').filter(Boolean)).toEqual([
      say('sitecheck.notAccepted', [2]),
      say('sitecheck.duplicates', [1]),
      `${sm}: ${say('sitecheck.problemAt', [6, say('sitecheck.problem.outsideFolder', [l.outside, `${O}/sitecheck/scope/`, `${O}/robots.txt`])])}`,
      `${sm}: ${say('sitecheck.problemAt', [7, say('sitecheck.problem.foreignHost', [l.foreign])])}`,
    ]);
    const table = await cli(['--sitemap', sm]);
    expect(table.out).toContain(`${say('sitecheck.sitemapLine', [sm, 5, 463])} (${say('sitecheck.sitemapNotAccepted', [2])}, ${say('sitecheck.sitemapDuplicates', [1])})\n`);
    expect(table.out.endsWith(`${say('sitecheck.progress', [2, 2])}\n${say('sitecheck.counts', [2, 0, 0, 0])}\n${say('sitecheck.notAccepted', [2])}\n${say('sitecheck.duplicates', [1])}\n`)).toBe(true);

    const timed = await cli(['--sitemap', `${O}/sitecheck/scope/drip.xml`, '--max-time', '2']);
    expect(timed.code).toBe(2);
    const ended = timed.out.split('\n').find((x) => x.startsWith(say('sitecheck.ended.timeLimit', [cliText('en').duration(2_000), 0, 0]).split('(')[0]!))!;
    const [, n, total] = /(\d+) URLs? of (\d+)/.exec(ended)!;
    expect(ended).toBe(say('sitecheck.ended.timeLimit', [cliText('en').duration(2_000), Number(n), Number(total)]));
    expect(timed.out).toContain(`\n${say('sitecheck.progress', [Number(n), Number(total)])}\n`);
  }, 60_000);
});
