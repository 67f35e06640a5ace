// What changed since the last run: every kind of change of a URL, both ways, with its values
// before and after; URLs new and gone; site findings' cases new and gone (and counted only when
// their cases were not all kept); and the baseline reader on hostile files.
import { describe, expect, it } from 'vitest';
import {
  compareRuns,
  createBaselineReader,
  createRunSnapshot,
  findingCaseKey,
  readBaseline,
  type BaselineRead,
  type CrawlResult,
  type RunSnapshot,
  type SiteFinding,
} from '../../../lib/sitecheck';
import { reportSchemaErrors } from '../../support/reportSchema';
import { jsonl, O, report, site, type Facts } from './compareRunsFixtures';

const A = `${O}/a.html`;
const B = `${O}/b.html`;
const C = `${O}/c.html`;

function snap(facts: Facts[], s?: CrawlResult, complete = true): RunSnapshot {
  const b = createRunSnapshot();
  for (const f of facts) b.add(report(f));
  if (s) b.site(s);
  return b.snapshot(complete);
}
/** The one change between a run of A as `before` and one as `after`. */
function one(before: Omit<Facts, 'url'>, after: Omit<Facts, 'url'>) {
  const c = compareRuns(snap([{ url: A, ...before }]), snap([{ url: A, ...after }]));
  return c.urls;
}
const ok = (r: BaselineRead) => {
  if (!r.ok) throw new Error(`not read: ${r.problem.code}`);
  return r;
};

describe('compareRuns: per URL', () => {
  it('the fixtures are reports as the site check writes them (valid against the schema)', () => {
    for (const f of [{ url: A }, { url: A, noindex: true }, { url: A, blockedLine: 4 }, { url: A, status: 404 }, { url: A, truncated: true }, { url: A, error: 'timeout' as const, status: null }, { url: A, finalUrl: B }]) {
      expect(reportSchemaErrors(report(f))).toEqual([]);
    }
  });

  it('an unchanged run: no change at all, every URL compared', () => {
    const run = [{ url: A }, { url: B, noindex: true }, { url: C, status: 404 }];
    const c = compareRuns(snap(run), snap(run));
    expect(c).toMatchObject({ compared: 3, worse: 0, better: 0, changed: 0, urls: [], urlsInOneRun: [], findings: [], notes: [] });
  });

  it('noindex added: the verdict and the noindex got worse, with the tag and the reason before and after; removed: better', () => {
    const worse = one({}, { noindex: true });
    expect(worse).toEqual([
      { kind: 'verdict', url: A, direction: 'worse', before: { verdict: 'indexable', why: [] }, after: { verdict: 'not-indexable', why: [{ code: 'noindex', message: 'noindex in the HTML' }] } },
      { kind: 'noindex', url: A, direction: 'worse', before: { noindex: [] }, after: { noindex: ['<meta name="robots" content="noindex">'] } },
    ]);
    const better = one({ noindex: true }, {});
    expect(better.map((c) => [c.kind, c.direction])).toEqual([['verdict', 'better'], ['noindex', 'better']]);
  });

  it('status: 200 → 404 worse, 503 → 200 better, 404 → 410 changed, an answer → none worse (with the fetch error)', () => {
    expect(one({}, { status: 404 }).find((c) => c.kind === 'status')).toEqual({ kind: 'status', url: A, direction: 'worse', before: { status: 200, error: null }, after: { status: 404, error: null } });
    expect(one({ status: 503 }, {}).find((c) => c.kind === 'status')?.direction).toBe('better');
    expect(one({ status: 404 }, { status: 410 }).map((c) => [c.kind, c.direction])).toEqual([['status', 'changed']]);
    expect(one({}, { status: null, error: 'timeout' }).find((c) => c.kind === 'status')).toEqual({ kind: 'status', url: A, direction: 'worse', before: { status: 200, error: null }, after: { status: null, error: 'timeout' } });
  });

  it('robots.txt: blocked now (with its line and rule) worse, allowed again better; the status of a URL not requested is not a change', () => {
    const worse = one({}, { blockedLine: 7 });
    expect(worse.map((c) => c.kind)).toEqual(['verdict', 'robots']);
    expect(worse[1]).toEqual({
      kind: 'robots', url: A, direction: 'worse',
      before: { allowed: true, robotsUrl: `${O}/robots.txt`, line: null, rule: null },
      after: { allowed: false, robotsUrl: `${O}/robots.txt`, line: 7, rule: 'Disallow: /x' },
    });
    expect(one({ blockedLine: 7 }, {}).map((c) => [c.kind, c.direction])).toEqual([['verdict', 'better'], ['robots', 'better']]);
  });

  it('bytes: over the limit now worse (with the bytes and the limit), back under it better', () => {
    const worse = one({}, { truncated: true });
    expect(worse.find((c) => c.kind === 'bytes')).toEqual({ kind: 'bytes', url: A, direction: 'worse', before: { bytes: 1_100, limit: 2_097_152, overLimit: false }, after: { bytes: 2_500_100, limit: 2_097_152, overLimit: true } });
    expect(worse.find((c) => c.kind === 'verdict')?.after).toEqual({ verdict: 'at-risk', why: [{ code: 'overLimit', message: 'over the byte limit' }] });
    expect(one({ truncated: true }, {}).map((c) => [c.kind, c.direction])).toEqual([['verdict', 'better'], ['bytes', 'better']]);
    // Bigger but still under the limit: no change.
    expect(one({ bodyBytes: 1_000 }, { bodyBytes: 900_000 })).toEqual([]);
  });

  it('canonical: to another URL now worse, back to itself better, from one other URL to another changed; none ↔ itself is no change', () => {
    expect(one({}, { canonical: B })).toEqual([{ kind: 'canonical', url: A, direction: 'worse', before: { canonical: null, self: true }, after: { canonical: B, self: false } }]);
    expect(one({ canonical: B }, { canonical: A })[0]).toMatchObject({ kind: 'canonical', direction: 'better', before: { canonical: B, self: false }, after: { canonical: A, self: true } });
    expect(one({ canonical: B }, { canonical: C })[0]).toMatchObject({ kind: 'canonical', direction: 'changed' });
    expect(one({}, { canonical: A })).toEqual([]);
  });

  it('redirects: the URL redirects now (worse), no longer (better), elsewhere (changed), a chain of 2 hops or more (worse)', () => {
    expect(one({}, { finalUrl: B })).toEqual([{ kind: 'redirect', url: A, direction: 'worse', before: { finalUrl: A, hops: 0 }, after: { finalUrl: B, hops: 1 } }]);
    expect(one({ finalUrl: B }, {})[0]).toMatchObject({ kind: 'redirect', direction: 'better' });
    expect(one({ finalUrl: B }, { finalUrl: C })[0]).toMatchObject({ kind: 'redirect', direction: 'changed' });
    expect(one({ finalUrl: B, hops: 1 }, { finalUrl: B, hops: 3 })).toEqual([{ kind: 'redirect', url: A, direction: 'worse', before: { finalUrl: B, hops: 1 }, after: { finalUrl: B, hops: 3 } }]);
  });

  it("render: a difference Googlebot's render has now is worse, one gone better; info differences and a run without render are not compared", () => {
    const miss = { code: 'linksMissing', severity: 'warning' as const, message: '3 links only in the visitor’s render' };
    expect(one({ render: [] }, { render: [miss] })).toEqual([{ kind: 'render', url: A, direction: 'worse', before: { differences: [] }, after: { differences: [miss] } }]);
    expect(one({ render: [miss] }, { render: [] })[0]).toMatchObject({ kind: 'render', direction: 'better' });
    expect(one({ render: [] }, { render: [{ code: 'textOnlyGooglebot', severity: 'info', message: 'x' }] })).toEqual([]);
    const c = compareRuns(snap([{ url: A, render: [] }]), snap([{ url: A, render: null }]));
    expect(c.urls).toEqual([]);
    expect(c.notes).toEqual([{ code: 'renderOneRun', params: [] }]);
  });

  it('URLs new and gone: a new URL that is not indexable is worse, a new indexable one and a gone one changed; worse first', () => {
    const c = compareRuns(snap([{ url: A }, { url: B }]), snap([{ url: A }, { url: C, noindex: true }, { url: `${O}/d.html` }]));
    expect(c.urlsInOneRun).toEqual([
      { url: C, change: 'new', direction: 'worse', verdict: 'not-indexable', status: 200, why: [{ code: 'noindex', message: 'noindex in the HTML' }] },
      { url: `${O}/d.html`, change: 'new', direction: 'changed', verdict: 'indexable', status: 200, why: [] },
      { url: B, change: 'gone', direction: 'changed', verdict: 'indexable', status: 200, why: [] },
    ]);
    expect([c.worse, c.better, c.changed, c.compared]).toEqual([1, 0, 2, 1]);
  });

  it('the counts: changes worse first, then better, then changed, URL by URL in the run’s order', () => {
    const c = compareRuns(snap([{ url: A }, { url: B, noindex: true }, { url: C, status: 404 }]), snap([{ url: A, noindex: true }, { url: B }, { url: C, status: 410 }]));
    expect(c.urls.map((x) => [x.url, x.kind, x.direction])).toEqual([
      [A, 'verdict', 'worse'], [A, 'noindex', 'worse'], [B, 'verdict', 'better'], [B, 'noindex', 'better'], [C, 'status', 'changed'],
    ]);
    expect([c.worse, c.better, c.changed]).toEqual([2, 2, 1]);
  });

  it('the other Googlebot in the baseline is told; an incomplete baseline lists no URL as new or gone', () => {
    const c = compareRuns(snap([{ url: A, agent: 'desktop' }]), snap([{ url: A }, { url: B }]));
    expect(c.notes).toEqual([{ code: 'agentDiffers', params: ['desktop', 'smartphone'] }]);
    // Another byte limit: told, with both limits.
    const limits = compareRuns(snap([{ url: A }]), createRunSnapshot().snapshot(true));
    expect(limits.notes).toEqual([]);
    const small = createRunSnapshot();
    small.add({ ...report({ url: A }), bytes: { ...report({ url: A }).bytes!, limit: 1_048_576 } });
    expect(compareRuns(snap([{ url: A }]), small.snapshot(true)).notes).toEqual([{ code: 'limitDiffers', params: ['2097152', '1048576'] }]);
    const d = compareRuns(snap([{ url: A }, { url: C }], undefined, false), snap([{ url: A }, { url: B }]));
    expect(d.urlsInOneRun).toEqual([]);
    expect(d.notes).toEqual([{ code: 'baselineIncomplete', params: [] }]);
  });
});

const orphan = (url: string, line = 3) => ({ url, sitemap: `${O}/sitemap.xml`, sitemapLine: line });
const broken = (from: string, url: string, offset: number) => ({ url, from, anchorText: 'more', offset, status: 404 });
const finding = (code: SiteFinding['code'], severity: SiteFinding['severity'], items: SiteFinding['items'], count = items.length): SiteFinding => ({ code, severity, count, items });

describe('compareRuns: site findings', () => {
  it('a new orphan and a new broken link are worse, with their evidence; a broken link fixed is better; the same case with other evidence is no change', () => {
    const before = site([finding('linkBroken', 'warning', [broken(A, `${O}/gone.html`, 120), broken(B, `${O}/old.html`, 300)])]);
    const after = site([finding('orphan', 'warning', [orphan(C, 9)]), finding('linkBroken', 'warning', [broken(A, `${O}/gone.html`, 480), broken(C, `${O}/typo.html`, 77)])]);
    const c = compareRuns(snap([{ url: A }], before), snap([{ url: A }], after));
    expect(c.findings).toEqual([
      { code: 'orphan', severity: 'warning', change: 'new', direction: 'worse', items: [orphan(C, 9)], before: 0, after: 1 },
      { code: 'linkBroken', severity: 'warning', change: 'new', direction: 'worse', items: [broken(C, `${O}/typo.html`, 77)], before: 2, after: 2 },
      { code: 'linkBroken', severity: 'warning', change: 'gone', direction: 'better', items: [broken(B, `${O}/old.html`, 300)], before: 2, after: 2 },
    ]);
    expect([c.worse, c.better, c.changed]).toEqual([2, 1, 0]);
  });

  it('an info finding new or gone is a change, never a regression', () => {
    const c = compareRuns(snap([{ url: A }], site([])), snap([{ url: A }], site([finding('deep', 'info', [{ url: C, depth: 6, path: [A, B, C] }])])));
    expect(c.findings).toEqual([{ code: 'deep', severity: 'info', change: 'new', direction: 'changed', items: [{ url: C, depth: 6, path: [A, B, C] }], before: 0, after: 1 }]);
    expect([c.worse, c.changed]).toEqual([0, 1]);
  });

  it('cases past the kept ones: only the counts are compared, and said so', () => {
    const kept = [orphan(A), orphan(B)];
    const c = compareRuns(snap([{ url: A }], site([finding('orphan', 'warning', kept, 500)])), snap([{ url: A }], site([finding('orphan', 'warning', [orphan(C), ...kept], 501)])));
    expect(c.findings).toEqual([{ code: 'orphan', severity: 'warning', change: 'count', direction: 'worse', items: [], before: 500, after: 501 }]);
  });

  it('sitemap findings only when both runs read sitemaps; partial crawls list no new (before) or gone (after) case; a crawl in one run only is told', () => {
    const a = site([finding('orphan', 'warning', [orphan(C)])]);
    const noMaps = compareRuns(snap([{ url: A }], site([], { sitemapsRead: false })), snap([{ url: A }], a));
    expect(noMaps.findings).toEqual([]);
    expect(noMaps.notes).toEqual([{ code: 'sitemapsOneRun', params: [] }]);
    const partial = compareRuns(snap([{ url: A }], site([], { partial: true })), snap([{ url: A }], a));
    expect(partial.findings).toEqual([{ code: 'orphan', severity: 'warning', change: 'count', direction: 'worse', items: [], before: 0, after: 1 }]);
    expect(partial.notes).toEqual([{ code: 'partialBefore', params: [] }]);
    expect(compareRuns(snap([{ url: A }]), snap([{ url: A }], a)).notes).toEqual([{ code: 'siteOnlyAfter', params: [] }]);
    expect(compareRuns(snap([{ url: A }], a), snap([{ url: A }])).notes).toEqual([{ code: 'siteOnlyBefore', params: [] }]);
  });

  it('a case is keyed by its code and identifying URLs, never by its evidence', () => {
    expect(findingCaseKey('linkBroken', broken(A, B, 1))).toBe(findingCaseKey('linkBroken', { ...broken(A, B, 999), anchorText: 'other', status: 500 }));
    expect(findingCaseKey('linkBroken', broken(A, B, 1))).not.toBe(findingCaseKey('linkBroken', broken(C, B, 1)));
    expect(findingCaseKey('hreflangNoReturn', { url: A, target: B, lang: 'de' })).not.toBe(findingCaseKey('hreflangNoReturn', { url: A, target: B, lang: 'fr' }));
    expect(findingCaseKey('duplicateTitle', { url: A, title: 'Home', urls: [A, B] })).toBe(findingCaseKey('duplicateTitle', { url: C, title: 'Home', urls: [C, A, B] }));
    // No separator inside a URL joins two cases into one.
    expect(findingCaseKey('linkBroken', { url: 'c', from: 'a|b' })).not.toBe(findingCaseKey('linkBroken', { url: 'b|c', from: 'a' }));
  });
});

describe('the baseline reader', () => {
  const enc = new TextEncoder();
  async function* chunks(text: string, size: number) {
    const b = enc.encode(text);
    for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
  }

  it('JSON Lines in chunks of any size, a line split anywhere (inside a multi-byte character too): every URL and the last site line', async () => {
    const text = jsonl([report({ url: A, generatedAt: '2026-11-30T08:00:00.000Z' }), report({ url: `${O}/ü€.html`, noindex: true })], site([finding('orphan', 'warning', [orphan(C)])]));
    for (const size of [1, 7, 4096]) {
      const r = ok(await readBaseline(chunks(text, size)));
      expect(r.run.urls.map((u) => [u.url, u.verdict])).toEqual([[A, 'indexable'], [`${O}/ü€.html`, 'not-indexable']]);
      expect(r.run.site?.findings.map((f) => [f.code, f.cases.length])).toEqual([['orphan', 1]]);
      expect([r.run.complete, r.run.generatedAt, r.problems, r.lines, r.bytes]).toEqual([true, '2026-11-30T08:00:00.000Z', [], 3, enc.encode(text).length]);
    }
  });

  it('CRLF line ends, blank lines, and this run’s own {"changes": …} line are read past', async () => {
    const text = `\r\n${JSON.stringify(report({ url: A }))}\r\n\r\n${JSON.stringify({ changes: { worse: 1 } })}\r\n`;
    const r = ok(await readBaseline(chunks(text, 5)));
    expect([r.run.urls.length, r.run.complete, r.problems]).toEqual([1, true, []]);
  });

  it('not JSON Lines: the table output, one pretty-printed report, an empty file, JSON that is no report — each a fatal problem with its line', async () => {
    const bad = async (text: string) => {
      const r = await readBaseline(chunks(text, 64));
      if (r.ok) throw new Error('read');
      return r.problem;
    };
    expect(await bad('Verdict  Status  Bytes\nIndexable 200 …\n')).toEqual({ code: 'notJsonLines', line: 1, params: [1] });
    expect(await bad(JSON.stringify(report({ url: A }), null, 2))).toEqual({ code: 'prettyJson', line: 1, params: [1] });
    expect(await bad('')).toEqual({ code: 'empty', line: null, params: [] });
    expect(await bad('\n\n')).toEqual({ code: 'empty', line: null, params: [] });
    expect(await bad('\n[1,2]\n')).toEqual({ code: 'notReport', line: 2, params: [2] });
    expect(await bad('{"url":"x"}\n')).toEqual({ code: 'notReport', line: 1, params: [1] });
    // Cut short inside its first report: nothing to compare with.
    expect(await bad(JSON.stringify(report({ url: A })).slice(0, 500))).toEqual({ code: 'truncatedFirst', line: 1, params: [1] });
  });

  it('another schema version: fatal, naming the version found and the one read', async () => {
    const v2 = { ...report({ url: A }), $schema: 'https://crawlscope.dev/schema/report-v2.json', version: 2 };
    const r = await readBaseline(chunks(`${JSON.stringify(v2)}\n`, 100));
    expect(r).toMatchObject({ ok: false, problem: { code: 'version', line: 1, params: [1, 'https://crawlscope.dev/schema/report-v2.json', 1] } });
    const r2 = await readBaseline(chunks(`${JSON.stringify(report({ url: A }))}\n${JSON.stringify({ ...report({ url: B }), version: 3 })}\n`, 100));
    expect(r2).toMatchObject({ ok: false, problem: { code: 'version', line: 2, params: [2, '3', 1] } });
  });

  it('cut short in its last line: what was read, told as truncated and incomplete (no site line then)', async () => {
    const whole = jsonl([report({ url: A }), report({ url: B })], site([]));
    const cut = whole.slice(0, whole.length - 40);
    const r = ok(await readBaseline(chunks(cut, 1000)));
    expect(r.run.urls.map((u) => u.url)).toEqual([A, B]);
    expect([r.run.complete, r.run.site, r.problems]).toEqual([false, null, [{ code: 'truncated', line: 3, params: [3] }]]);
  });

  it('a bad line in the middle, a report missing its fields, a broken site line: told, the rest read', async () => {
    const broken = { ...report({ url: C }), reasons: 5 };
    const text = `${JSON.stringify(report({ url: A }))}\n{"url": nope\n${JSON.stringify(broken)}\n${JSON.stringify({ site: { findings: 'x' } })}\n${JSON.stringify(report({ url: B }))}\n`;
    const r = ok(await readBaseline(chunks(text, 50)));
    expect(r.run.urls.map((u) => u.url)).toEqual([A, B]);
    expect(r.problems).toEqual([
      { code: 'badLine', line: 2, params: [2] },
      { code: 'badLine', line: 3, params: [3] },
      { code: 'badSite', line: 4, params: [4] },
    ]);
    expect([r.run.complete, r.run.site]).toEqual([false, null]);
  });

  it('duplicate URLs: the first counts, each told with both lines; two site lines: the last counts', async () => {
    const text = jsonl([report({ url: A }), report({ url: A, noindex: true }), report({ url: B })], site([])) + JSON.stringify({ site: site([finding('orphan', 'warning', [orphan(B)])]) }) + '\n';
    const r = ok(await readBaseline(chunks(text, 333)));
    expect(r.run.urls.map((u) => [u.url, u.verdict])).toEqual([[A, 'indexable'], [B, 'indexable']]);
    expect(r.problems).toEqual([{ code: 'duplicate', line: 2, params: [A, 1, 2] }, { code: 'siteTwice', line: 5, params: [5] }]);
    expect(r.run.site?.findings.map((f) => f.code)).toEqual(['orphan']);
    expect(r.run.complete).toBe(true);
  });

  it('huge: the byte cap stops the reading there (the line it cuts is not read), a line over the line cap is skipped; the URL cap', async () => {
    const line = JSON.stringify(report({ url: A })) + '\n';
    const big = line + JSON.stringify(report({ url: B })) + '\n' + JSON.stringify(report({ url: C })) + '\n';
    const capped = ok(await readBaseline(chunks(big, 10), { maxBytes: line.length + 20 }));
    expect(capped.run.urls.map((u) => u.url)).toEqual([A]);
    expect([capped.run.complete, capped.problems, capped.bytes]).toEqual([false, [{ code: 'tooBig', line: null, params: [line.length + 20] }], line.length + 20]);

    const longLine = JSON.stringify({ ...report({ url: B }), generator: 'x'.repeat(5000) }) + '\n';
    const skipped = ok(await readBaseline(chunks(line + longLine + JSON.stringify(report({ url: C })) + '\n', 300), { maxLineBytes: 4000 }));
    expect(skipped.run.urls.map((u) => u.url)).toEqual([A, C]);
    expect(skipped.problems).toEqual([{ code: 'lineTooLong', line: 2, params: [2, 4000] }]);

    // A first line longer than the line cap (a binary file with no line end): not JSON Lines, and not read on.
    const binary = createBaselineReader({ maxLineBytes: 4000 });
    expect([binary.push(new Uint8Array(3000).fill(0xff)), binary.push(new Uint8Array(3000).fill(0xff)), binary.push('more')]).toEqual([true, false, false]);
    expect(binary.end()).toEqual({ ok: false, problem: { code: 'notJsonLines', line: 1, params: [1] }, lines: 0, bytes: 6000 });

    const many = ok(await readBaseline(chunks(big, 64), { maxUrls: 2 }));
    expect(many.run.urls.map((u) => u.url)).toEqual([A, B]);
    expect([many.run.complete, many.problems]).toEqual([false, [{ code: 'tooManyUrls', line: 3, params: [2] }]]);
  });

  it('a 1 GB file is never asked for past the cap: push says stop, and the bytes given are counted', () => {
    const reader = createBaselineReader({ maxBytes: 1_000_000 });
    const piece = new Uint8Array(256 * 1024).fill(0x20);
    let pushes = 0;
    while (reader.push(piece)) pushes++;
    expect(pushes).toBe(3);
    const r = reader.end();
    expect(r).toMatchObject({ ok: false, problem: { code: 'empty' }, bytes: 1_000_000 });
  });

  it('a baseline read from its JSON Lines compares as the snapshot of the same run', async () => {
    const reports = [report({ url: A }), report({ url: B, noindex: true })];
    const r = ok(await readBaseline(chunks(jsonl(reports), 100)));
    const s = createRunSnapshot();
    for (const x of reports) s.add(x);
    expect(r.run).toEqual(s.snapshot(true));
  });
});
