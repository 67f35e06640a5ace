// crawlscope --baseline against the demo site: two runs of /baseline/sitemap.xml with the pages
// switched in between (startDemoSite({ baseline })): a regression planted fails the run (exit 1)
// naming it, an unchanged site passes with "no changes", a fixed page is listed as better, and a
// baseline that is no baseline stops the run with a clear line. Words from locales/en.yml.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { BASELINE_NOINDEX } from '../../fixtures/demo-site/routes/baseline.mjs';
import { jsonLines, runCli } from '../../support/cli';
import { say } from '../../support/say';
import { changesLineErrors, reportSchemaErrors, siteLineErrors } from '../../support/reportSchema';

const state = { regress: false, fix: false };
let site: DemoSite;
let O = '';
let dir = '';
/** The first run's JSON Lines (both switches off): every test's baseline. */
let first = '';
beforeAll(async () => {
  site = await startDemoSite({ baseline: state });
  O = site.origin;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-baseline-'));
  const { code, out } = await runCli([...sitemap(), '--json']);
  // Without a baseline the exit code is as it always was: fixed.html answers 404.
  expect(code).toBe(1);
  first = out;
}, 60_000);
afterAll(async () => {
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  state.regress = false;
  state.fix = false;
});

const sitemap = () => ['--sitemap', `${O}/baseline/sitemap.xml`];
const PAGE = () => `${O}/baseline/page.html`;
const FIXED = () => `${O}/baseline/fixed.html`;
const v = (key: string) => say(`indexability.verdict.${key}`);

/** The first run's JSON Lines in a file of this name: the baseline. */
function baselineFile(name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, first);
  return file;
}
/** The lines of the table's "what changed" block: from its summary line to the blank line after it. */
function changesBlock(out: string, file: string): string[] {
  const lines = out.split('\n');
  const start = lines.indexOf(say('changes.summary', [file, 3, 3, 3]));
  expect(start).toBeGreaterThan(0);
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

describe('crawlscope --baseline (command line, demo site)', () => {
  it('an unchanged site: exit 0 and "no changes", though a URL still has a problem; --fail-on problems keeps the exit code of a run without a baseline', async () => {
    const file = baselineFile('unchanged.jsonl');
    const { code, out, err } = await runCli([...sitemap(), '--baseline', file]);
    expect(err).toBe('');
    expect(changesBlock(out, file)).toEqual([say('changes.summary', [file, 3, 3, 3]), say('changes.none')]);
    expect(code).toBe(0);
    const problems = await runCli([...sitemap(), '--baseline', file, '--fail-on', 'problems']);
    expect(problems.code).toBe(1);
    expect(changesBlock(problems.out, file)).toEqual([say('changes.summary', [file, 3, 3, 3]), say('changes.none')]);
  });

  it('one regression planted between the runs (noindex on page.html): exit 1, named under "what got worse" with its values before and after and the reason', async () => {
    const file = baselineFile('regress.jsonl');
    state.regress = true;
    const { code, out, err } = await runCli([...sitemap(), '--baseline', file]);
    expect(err).toBe('');
    expect(code).toBe(1);
    expect(changesBlock(out, file)).toEqual([
      say('changes.summary', [file, 3, 3, 3]),
      say('changes.worse', [2]),
      `  ${PAGE()}`,
      `    ${say('changes.kind.verdict', [v('indexable'), v('notIndexable')])}`,
      `        ${say('indexability.reason.noindex')}`,
      `    ${say('changes.kind.noindex', [say('sitecheck.none'), BASELINE_NOINDEX])}`,
    ]);
  });

  it('a fixed page (404 → 200) is listed under "what got better", with the reason it was not indexable before; exit 0', async () => {
    const file = baselineFile('fixed.jsonl');
    const was = jsonLines(fs.readFileSync(file, 'utf8')).find((r) => r.url === FIXED())!;
    state.fix = true;
    const { code, out, err } = await runCli([...sitemap(), '--baseline', file]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(changesBlock(out, file)).toEqual([
      say('changes.summary', [file, 3, 3, 3]),
      say('changes.better', [2]),
      `  ${FIXED()}`,
      `    ${say('changes.kind.verdict', [v('notIndexable'), v('indexable')])}`,
      `        ${was.reasons.find((r) => r.severity === 'block')!.message}`,
      `    ${say('changes.kind.status', ['404', '200'])}`,
    ]);
  });

  it('--json: the reports, then a last line {"changes": …} valid against the schema, with every change and its values', async () => {
    const file = baselineFile('json.jsonl');
    state.regress = true;
    state.fix = true;
    const { code, out } = await runCli([...sitemap(), '--baseline', file, '--json']);
    expect(code).toBe(1);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    for (const r of lines.slice(0, 3)) expect(reportSchemaErrors(r)).toEqual([]);
    const last = lines[3]!;
    expect(changesLineErrors(last)).toEqual([]);
    const c = (last as { changes: Record<string, unknown> }).changes;
    expect(c).toMatchObject({ baseline: { file, urls: 3, complete: true, lines: 3, problemCount: 0, problems: [] }, run: { urls: 3, complete: true }, failOn: 'regressions', compared: 3, worse: 2, better: 2, changed: 0, urlsInOneRun: [], findings: [], notes: [] });
    expect(c.urls).toEqual([
      { kind: 'verdict', url: PAGE(), direction: 'worse', before: { verdict: 'indexable', why: [] }, after: { verdict: 'not-indexable', why: [{ code: 'noindex', message: say('indexability.reason.noindex') }] } },
      { kind: 'noindex', url: PAGE(), direction: 'worse', before: { noindex: [] }, after: { noindex: [BASELINE_NOINDEX] } },
      { kind: 'verdict', url: FIXED(), direction: 'better', before: { verdict: 'not-indexable', why: [{ code: 'statusGone', message: say('indexability.reason.statusGone', [404]) }] }, after: { verdict: 'indexable', why: [] } },
      { kind: 'status', url: FIXED(), direction: 'better', before: { status: 404, error: null }, after: { status: 200, error: null } },
    ]);
  });

  it('a baseline that is no baseline: exit 2 before the run, with one clear line', async () => {
    const missing = path.join(dir, 'missing.jsonl');
    const r1 = await runCli([...sitemap(), '--baseline', missing]);
    expect([r1.code, r1.out, r1.err]).toEqual([2, '', `crawlscope: ${say('changes.baseline.notFound', [missing])}\n`]);

    const table = path.join(dir, 'table.txt');
    // What the table output starts with (not JSON).
    fs.writeFileSync(table, `${['verdict', 'status', 'url'].map((c) => say(`sitecheck.col.${c}`)).join('  ')}\n`);
    const r2 = await runCli([...sitemap(), '--baseline', table]);
    expect([r2.code, r2.out, r2.err]).toEqual([2, '', `crawlscope: ${say('changes.baseline.notJsonLines', [1])}\n`]);

    const r3 = await runCli([...sitemap(), '--baseline', dir]);
    expect([r3.code, r3.err]).toEqual([2, `crawlscope: ${say('changes.baseline.isFolder', [dir])}\n`]);

    const r4 = await runCli([...sitemap(), '--fail-on', 'everything']);
    expect(r4.code).toBe(2);
    expect(r4.err.split('\n')[0]).toBe(`crawlscope: ${say('cli.error.failOn', ['everything'])}`);
  });

  it('a baseline cut short: its last line told, the rest compared (no URL called new or gone), the note in the table', async () => {
    const file = baselineFile('cut.jsonl');
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    // The last report loses its end: two whole reports remain.
    fs.writeFileSync(file, `${lines[0]}\n${lines[1]}\n${lines[2]!.slice(0, 200)}`);
    const { code, out, err } = await runCli([...sitemap(), '--baseline', file]);
    expect(err).toBe(`${file}: ${say('changes.baseline.truncated', [3])}\n`);
    expect(code).toBe(0);
    const block = out.split('\n');
    const start = block.indexOf(say('changes.summary', [file, 2, 3, 2]));
    expect(block.slice(start, block.indexOf('', start))).toEqual([say('changes.summary', [file, 2, 3, 2]), say('changes.none'), say('changes.note.baselineIncomplete')]);
  });

  it('--crawl: the site findings compared too — links to the page now noindex are new (worse), the broken links to the fixed page gone (better), each with its evidence; the {"changes": …} line after the {"site": …} line', async () => {
    const crawl = () => ['--crawl', `${O}/baseline/steady.html`, ...sitemap(), '--max-depth', '1', '--json'];
    const before = await runCli(crawl());
    expect(before.code).toBe(1);
    const file = path.join(dir, 'crawl.jsonl');
    fs.writeFileSync(file, before.out);
    state.regress = true;
    state.fix = true;
    const { code, out } = await runCli([...crawl(), '--baseline', file]);
    expect(code).toBe(1);
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const site = lines.at(-2)!;
    expect(siteLineErrors(site)).toEqual([]);
    const last = lines.at(-1)!;
    expect(changesLineErrors(last)).toEqual([]);
    const c = (last as { changes: { findings: { code: string; change: string; direction: string; items: Record<string, unknown>[] }[]; worse: number; better: number } }).changes;
    // Where the links stand in steady.html: its header bytes (from its report) plus the offset in its body.
    const steady = jsonLines(lines.slice(0, -2).map((l) => JSON.stringify(l)).join('\n')).find((r) => r.url === `${O}/baseline/steady.html`)!;
    const body = await (await fetch(`${O}/baseline/steady.html`)).text();
    const at = (href: string) => steady.bytes!.headerBytes + Buffer.byteLength(body.slice(0, body.indexOf(`<a href="${href}"`)));
    const find = (code: string, change: string) => c.findings.find((f) => f.code === code && f.change === change);
    expect(find('linkNoindex', 'new')?.direction).toBe('worse');
    expect(find('linkNoindex', 'new')?.items).toContainEqual({ url: PAGE(), from: `${O}/baseline/steady.html`, anchorText: 'The page that regresses', offset: at('/baseline/page.html'), tag: BASELINE_NOINDEX });
    expect(find('sitemapNotIndexable', 'new')?.items.map((x) => x.url)).toEqual([PAGE()]);
    expect(find('linkBroken', 'gone')?.direction).toBe('better');
    expect(find('linkBroken', 'gone')?.items).toContainEqual({ url: FIXED(), from: `${O}/baseline/steady.html`, anchorText: 'The page that gets fixed', offset: at('/baseline/fixed.html'), status: 404 });
    expect(find('sitemapNotIndexable', 'gone')?.items.map((x) => x.url)).toEqual([FIXED()]);
    // Findings that did not change (the links past the depth limit, the index page in no sitemap) are not listed.
    expect(c.findings.map((f) => f.code).sort()).toEqual(['linkBroken', 'linkNoindex', 'sitemapNotIndexable', 'sitemapNotIndexable']);
  });
});
