// The popup's gathering driven end to end with a fake messenger and a clock the test moves: which
// messages go out and in what order, what each step ends as, and what the report holds after.
import { describe, expect, it } from 'vitest';
import { extractStructuredData, packJudgement } from '../../../lib/structured';
import { judgeServed } from '../../../lib/structured/validate';
import type { SdExtract } from '../../../lib/structured/types';
import type { RenderResult } from '../../../lib/render/types';

const BREADCRUMB = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"https://e.com/"}]}</script>';
import { createGatherer, STEP_LIMIT_MS } from '../../../entrypoints/popup/report/gather';
import { verdictInput } from '../../../entrypoints/popup/report/derive';
import { indexabilityVerdict } from '../../../lib/indexability';
import { PDF_LIMIT } from '../../../lib/bytes';
import { countHeaderBytes } from '../../../lib/crawl';
import {
  bytesPage,
  deferred,
  facts,
  fakeMessenger,
  h,
  memorySlot,
  ORIGIN,
  PAGE,
  pdfTab,
  record,
  robotsReport,
  settle,
  signals,
  snapshot,
  tag,
} from './helpers';
import type { TabSnapshot } from '../../../utils/protocol';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Google-Extended\nDisallow: /\n';
const canonical = (href: string) => tag('link', { rel: 'canonical', href });

/** The answers of an ordinary HTML tab: robots.txt, no comparison yet, the page's signals. */
function htmlTab(snap: TabSnapshot, served = signals('served'), live = signals('live')) {
  return fakeMessenger(
    {
      getTabSnapshot: () => snap,
      getRobots: () => robotsReport(ROBOTS),
      getCompareSummary: () => null,
      getRenderResult: () => null,
      showVerdictBadge: () => null,
      checkCanonicalTarget: (req) => ({ url: req.url, status: 200, redirectedTo: null, error: null }),
      fetchPageResponse: () => ({ record: record({ fromCache: false }), withCookies: false, requestedAt: 0 }),
      probeCaching: (req) => req.requests.map((r) => ({ request: r, outcome: 'not-modified' as const, response: null, findings: [] })) as never,
    },
    {
      getResourceUrls: () => [],
      getIndexSignals: ({ where }) => (where === 'served' ? served : live),
      // The tab judges what it read and sends the judgement.
      structuredServed: (req) => packJudgement(judgeServed(structuredServed, req.now, null, true)),
    },
  );
}

/** The page's structured data as the tab reads it: a breadcrumb kept, a Product past the cut at response byte 2,100,000. */
const structuredServed: SdExtract = (() => {
  const x = extractStructuredData({ html: BREADCRUMB, source: 'served', cut: null, byteAt: (c) => c, headerBytes: 300 });
  return { ...x, items: x.items };
})();

async function gathered(snap: TabSnapshot, fake: ReturnType<typeof fakeMessenger>) {
  const slot = memorySlot();
  const g = createGatherer(fake.messenger, slot);
  const report = await g.createReport(7);
  slot.set(report);
  await g.gather(report);
  await settle();
  return { g, slot, report: slot.report! };
}

describe('the gathering of one report', () => {
  it('asks in a fixed order: snapshot, robots.txt and the comparison, then the page (signals and sizes), then the badge', async () => {
    const snap = snapshot();
    const fake = htmlTab(snap);
    const { report } = await gathered(snap, fake);
    expect(fake.types()).toEqual([
      'getTabSnapshot',
      'getRobots',
      'getCompareSummary',
      'getRenderResult',
      'tab:getResourceUrls',
      'tab:getIndexSignals:live',
      'tab:getIndexSignals:served',
      'tab:structuredServed',
      'showVerdictBadge',
    ]);
    expect(fake.calls[1]!.data).toEqual({ url: PAGE, refresh: false });
    // The tab's own response, as the browser recorded it: not requested again.
    expect(report.response.value).toMatchObject({ source: 'recorded', why: null });
    // The browser measured this HTML response: 4,388 bytes, within the limit, no re-read.
    const headerBytes = countHeaderBytes('HTTP/1.1 200 OK', snap.record!.headers, 200);
    expect(report.bytes.value).toEqual({ input: { limit: 2_097_152, headerBytes, bodyBytes: 4388, truncated: false, cutOffset: null, lost: [] }, page: null });
    expect(report.canonical).toMatchObject({ status: 'skipped', error: 'none' });
    expect(report.probes).toMatchObject({ status: 'skipped', error: 'none' });
    for (const k of ['response', 'robots', 'live', 'served', 'bytes', 'robotsResources', 'compare', 'structured'] as const) expect(report[k].status).toBe('done');
    expect(fake.calls.find((c) => c.type === 'structuredServed')!.data).toEqual({ headerBytes, limit: 2_097_152, now: fake.clock.now() });
    expect(report.structured.value!.items.map((j) => [j.item.types[0], j.item.status, j.verdict])).toEqual([['BreadcrumbList', 'served', 'eligible']]);
    // The badge is the screen's verdict, sent once.
    const verdict = indexabilityVerdict(verdictInput(report, fake.clock.now())).verdict;
    expect(fake.calls.filter((c) => c.type === 'showVerdictBadge').map((c) => c.data)).toEqual([{ tabId: 7, verdict, robotsKnown: true }]);
  });

  it('structured data: served items, and JSON-LD only in Googlebot\'s last render marked rendered (added by JavaScript)', async () => {
    const snap = snapshot();
    const fake = htmlTab(snap);
    const product = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Anvil","offers":{"@type":"Offer","price":"19.99","priceCurrency":"EUR"}}</script>';
    const view = { title: null, robots: [], canonical: null, hreflang: [], headings: [], words: 0, links: { internal: [], external: [] }, jsonLdTypes: [], htmlCapped: false };
    const render = { url: PAGE, finalUrl: PAGE, rendered: { ...view, html: `<html><head>${BREADCRUMB}${product}</head></html>` } } as unknown as RenderResult;
    fake.messenger.toBackground = ((orig) => (type: string, data: unknown) => (type === 'getRenderResult' ? Promise.resolve(render) : orig(type as never, data as never))) (fake.messenger.toBackground) as never;
    const { report } = await gathered(snap, fake);
    expect(report.structured.value!.items.map((j) => [j.item.types[0], j.item.status, j.item.format])).toEqual([
      ['BreadcrumbList', 'served', 'jsonld'],
      ['Product', 'rendered', 'jsonld'],
    ]);
    expect(report.structured.value!.counts).toMatchObject({ items: 2, rendered: 1, lost: 0 });
  });

  it('a step that does not answer ends as "timeout" at its limit, and the report goes on without it', async () => {
    const snap = snapshot();
    const fake = htmlTab(snap);
    const never = deferred<never>();
    const answers = fake.messenger.toTab;
    fake.messenger.toTab = (tabId, type, data) =>
      type === 'getIndexSignals' && (data as { where: string }).where === 'served' ? (fake.calls.push({ to: 'tab', type, data }), never.promise) : answers(tabId, type, data);
    const slot = memorySlot();
    const g = createGatherer(fake.messenger, slot);
    const report = await g.createReport(7);
    slot.set(report);
    let done = false;
    void g.gather(report).then(() => (done = true));
    await settle();
    expect(slot.report!.served.status).toBe('pending');
    expect(done).toBe(false);
    await fake.clock.advance(STEP_LIMIT_MS.served - 1);
    expect(slot.report!.served.status).toBe('pending');
    await fake.clock.advance(1);
    expect(done).toBe(true);
    expect(slot.report!.served).toEqual({ status: 'timeout', value: null, error: null, limitMs: 15_000 });
    // Everything else ended as it would have; the verdict (and the badge) stand on the rest.
    expect(slot.report!.live.status).toBe('done');
    expect(slot.report!.bytes.status).toBe('done');
    expect(slot.report!.canonical).toMatchObject({ status: 'skipped', error: 'none' });
    expect(fake.types().at(-1)).toBe('showVerdictBadge');
    // No timer is left behind by the steps that answered.
    expect(fake.clock.waiting).toBe(0);
  });

  it('a failed step says why, the others are unaffected', async () => {
    const snap = snapshot();
    const fake = htmlTab(snap);
    const answers = fake.messenger.toBackground;
    fake.messenger.toBackground = (type, data) => (type === 'getRobots' ? Promise.reject(new Error('robots.txt: connection reset')) : answers(type, data));
    const { report } = await gathered(snap, fake);
    expect(report.robots).toEqual({ status: 'failed', value: null, error: 'robots.txt: connection reset', limitMs: STEP_LIMIT_MS.robots });
    expect(report.served.status).toBe('done');
  });

  it('a newer load makes an older job\'s result go nowhere', async () => {
    const first = snapshot();
    const robots = deferred<ReturnType<typeof robotsReport>>();
    const fake = htmlTab(first);
    const answers = fake.messenger.toBackground;
    fake.messenger.toBackground = (type, data) => (type === 'getRobots' ? robots.promise : answers(type, data)) as never;
    const slot = memorySlot();
    const g = createGatherer(fake.messenger, slot);
    const older = await g.createReport(7);
    slot.set(older);
    void g.gather(older);
    await settle();
    expect(slot.report!.robots.status).toBe('pending');
    // The user reloads: a new snapshot, a new report (its robots.txt step not started yet).
    const newer = { ...older, snapshot: { ...first }, robots: { status: 'pending' as const, value: null, error: null, limitMs: 1 } };
    slot.set(newer);
    const sets = slot.sets;
    robots.resolve(robotsReport('User-agent: *\nDisallow: /\n'));
    await settle();
    expect(slot.report).toBe(newer);
    expect(slot.sets).toBe(sets);
    // Nor does the older report set the badge.
    expect(fake.types()).not.toContain('showVerdictBadge');
  });

  it('the tab\'s recorded response is used as it is; one the browser did not show is requested again and labelled so', async () => {
    const recorded = await gathered(snapshot(), htmlTab(snapshot()));
    expect(recorded.report.response.value?.source).toBe('recorded');

    const unseen = snapshot({ record: null });
    const fake = htmlTab(unseen);
    const { report } = await gathered(unseen, fake);
    expect(fake.types().slice(0, 5)).toEqual(['getTabSnapshot', 'getRobots', 'getCompareSummary', 'getRenderResult', 'fetchPageResponse']);
    expect(fake.calls[3]!.data).toEqual({ url: PAGE });
    expect(report.response.value).toMatchObject({ source: 'refetch', why: 'not-seen', withCookies: false, earlier: null });
    // A refetched response is not the one the browser measured: the body is read, not taken from the timing.
    expect(fake.types()).toContain('tab:bytesAnalyze');
  });

  it('a tab still loading: its record is awaited before Crawlscope requests the page itself', async () => {
    const loading = snapshot({ record: null, tabStatus: 'loading' });
    const fake = htmlTab(loading);
    const late = record({ complete: false });
    const answers = fake.messenger.toBackground;
    fake.messenger.toBackground = (type, data) => (type === 'awaitRecord' ? (fake.calls.push({ to: 'background', type, data }), Promise.resolve(late)) : answers(type, data)) as never;
    const tab = fake.messenger.toTab;
    fake.messenger.toTab = (id, type, data) => (type === 'bytesAnalyze' ? (fake.calls.push({ to: 'tab', type, data }), bytesPage({ total: 4388, headerBytes: 90, limit: 2_097_152, mediaType: 'text/html' })) : tab(id, type, data)) as never;
    const { report } = await gathered(loading, fake);
    expect(fake.calls.find((c) => c.type === 'awaitRecord')!.data).toEqual({ tabId: 7, ms: 10_000 });
    expect(fake.types()).not.toContain('fetchPageResponse');
    expect(report.response.value).toMatchObject({ source: 'arriving', record: late });
  });

  it('robots.txt: read once with Google\'s rules, every token judged; "Fetch again" asks past the cache', async () => {
    const url = `${ORIGIN}/private/report.html`;
    const snap = snapshot({ url, record: record({ url, requestedUrl: url }), facts: facts({ url, loadedUrl: url }) });
    const fake = htmlTab(snap, signals('served', [], url), signals('live', [], url));
    const { g, report } = await gathered(snap, fake);
    const googlebot = report.robots.value!.verdicts[0]!;
    expect(googlebot).toMatchObject({ token: 'Googlebot', allowed: false, line: 2 });
    expect(report.robots.value!.parsed).not.toBeNull();
    await g.refetchRobots();
    expect(fake.calls.filter((c) => c.type === 'getRobots').map((c) => c.data)).toEqual([
      { url, refresh: false },
      { url, refresh: true },
    ]);
  });

  it('a canonical elsewhere on the same host is checked at once; one on another host only when the user asks', async () => {
    const same = snapshot();
    const sameFake = htmlTab(same, signals('served', [canonical(`${ORIGIN}/products/blue`)]), signals('live', [canonical(`${ORIGIN}/products/blue`)]));
    const a = await gathered(same, sameFake);
    expect(sameFake.calls.filter((c) => c.type === 'checkCanonicalTarget').map((c) => c.data)).toEqual([{ url: `${ORIGIN}/products/blue`, pageUrl: PAGE, userAsked: false }]);
    expect(a.report.canonical).toMatchObject({ status: 'done', value: { url: `${ORIGIN}/products/blue`, status: 200 } });

    const other = 'https://cdn.example.net/blue';
    const otherFake = htmlTab(same, signals('served', [canonical(other)]), signals('live', [canonical(other)]));
    const b = await gathered(same, otherFake);
    expect(otherFake.types()).not.toContain('checkCanonicalTarget');
    expect(b.slot.report!.canonical).toMatchObject({ status: 'done', value: { url: other, status: null, notChecked: 'other-host' } });
    b.g.checkCanonicalElsewhere();
    await settle();
    expect(otherFake.calls.filter((c) => c.type === 'checkCanonicalTarget').map((c) => c.data)).toEqual([{ url: other, pageUrl: PAGE, userAsked: true }]);
    expect(b.slot.report!.canonical).toMatchObject({ status: 'done', value: { url: other, status: 200 } });
  });

  it('validators: the 304 probe runs without cookies, and again with them when asked', async () => {
    const snap = snapshot({ record: record({ headers: [h('Content-Type', 'text/html'), h('ETag', '"v1"')] }) });
    const fake = htmlTab(snap);
    const { g, slot } = await gathered(snap, fake);
    expect(slot.report!.probes.status).toBe('done');
    g.probe(true);
    await settle();
    expect(fake.calls.filter((c) => c.type === 'probeCaching').map((c) => (c.data as { withCookies: boolean }).withCookies)).toEqual([false, true]);
    expect(slot.report!.probeWithCookies).toBe(true);
  });
});

describe('a PDF tab: its true size against 64 MB, never the viewer\'s page', () => {
  const pdfAnswers = (snap: TabSnapshot, size: number) =>
    fakeMessenger(
      {
        getTabSnapshot: () => snap,
        getRobots: () => robotsReport('User-agent: *\nAllow: /\n'),
        getCompareSummary: () => null,
        getRenderResult: () => null,
        showVerdictBadge: () => null,
        bytesFetchDocument: (req) => bytesPage({ total: size, headerBytes: req.headerBytes, limit: req.limit, mediaType: req.mediaType!, source: 'background', url: req.url }),
      },
      {
        getResourceUrls: () => [],
        bytesAnalyze: (req) => bytesPage({ total: size, headerBytes: req.headerBytes, limit: req.limit, mediaType: 'application/pdf' }),
      },
    );

  it('Chrome\'s viewer (a page script that sees a 601-byte page): the body is read, 3,000,000 bytes within 64 MB', async () => {
    const snap = pdfTab(3_000_000, true);
    const fake = pdfAnswers(snap, 3_000_000);
    const { report } = await gathered(snap, fake);
    const headerBytes = countHeaderBytes('HTTP/1.1 200 OK', snap.record!.headers, 200);
    expect(fake.calls.find((c) => c.type === 'bytesAnalyze')!.data).toEqual({ headerBytes, limit: PDF_LIMIT });
    expect(report.limit).toBe(PDF_LIMIT);
    expect(report.bytes.value!.input).toEqual({ complete: true, limit: PDF_LIMIT, headerBytes, bodyBytes: 3_000_000, truncated: false, cutOffset: null, lost: [] });
    expect(report.bytes.value!.page!.read.code).toBe('bytes.read.viewer');
    expect(report.live).toMatchObject({ status: 'skipped', error: 'notHtml' });
  });

  it('no page script (Firefox\'s viewer): the background reads the response; 70 MB is over, cut at byte 67,108,864', async () => {
    const size = 70 * 1_048_576;
    const snap = pdfTab(size, false);
    const fake = pdfAnswers(snap, size);
    const { report } = await gathered(snap, fake);
    const headerBytes = countHeaderBytes('HTTP/1.1 200 OK', snap.record!.headers, 200);
    expect(fake.types()).not.toContain('tab:bytesAnalyze');
    expect(fake.calls.find((c) => c.type === 'bytesFetchDocument')!.data).toEqual({
      url: `${ORIGIN}/docs/manual.pdf`,
      headerBytes,
      limit: PDF_LIMIT,
      charset: 'utf-8',
      mediaType: 'application/pdf',
      nav: null,
    });
    expect(report.bytes.value!.input).toEqual({ complete: true, limit: PDF_LIMIT, headerBytes, bodyBytes: size, truncated: true, cutOffset: PDF_LIMIT, lost: [] });
    for (const k of ['live', 'served', 'canonical', 'robotsResources'] as const) expect(report[k]).toMatchObject({ status: 'skipped', error: 'noContentScript' });
    const result = indexabilityVerdict(verdictInput(report, 0));
    expect(result.reasons.find((r) => r.code === 'cutByLimit')?.params).toEqual([headerBytes + size, PDF_LIMIT, PDF_LIMIT]);
  }, 20_000);
});
