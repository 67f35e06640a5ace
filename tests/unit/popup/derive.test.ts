// What the popup's views show, computed from one report object: exact figures and message keys.
import { describe, expect, it } from 'vitest';
import {
  badgeVerdict,
  bytesFigures,
  headerBytesOf,
  isHtmlResponse,
  navigationIsResponse,
  responseSizes,
  summaryFacts,
  verdictInput,
  verdictPending,
  verdictStepsEnded,
} from '../../../entrypoints/popup/report/derive';
import type { Step, TabReport } from '../../../entrypoints/popup/report/types';
import { indexabilityVerdict } from '../../../lib/indexability';
import { evaluateReportForGoogle, parseRobotsReport } from '../../../lib/robots';
import { evaluateReportForCrawlers } from '../../../lib/crawlers';
import { PDF_LIMIT } from '../../../lib/bytes';
import { countHeaderBytes } from '../../../lib/crawl';
import { bytesPage, facts, h, PAGE, pdfTab, record, robotsReport, signals, snapshot, T0 } from './helpers';
import type { TabSnapshot } from '../../../utils/protocol';
import { noPageEvents, renderSnapshot, type RenderDifference, type RenderResult } from '../../../lib/render';

const done = <T,>(value: T, limitMs = 1000): Step<T> => ({ status: 'done', value, error: null, limitMs });
const pending = <T,>(limitMs = 1000): Step<T> => ({ status: 'pending', value: null, error: null, limitMs });
const skipped = <T,>(why: string): Step<T> => ({ status: 'skipped', value: null, error: why, limitMs: 0 });

/** A report with every step pending, the tab's recorded response in place. */
function reportOf(snap: TabSnapshot, over: Partial<TabReport> = {}): TabReport {
  return {
    tabId: 7,
    snapshot: snap,
    url: snap.facts?.url ?? snap.url ?? '',
    movedFrom: null,
    limit: 2_097_152,
    response: snap.record ? done({ record: snap.record, source: 'recorded', why: null, withCookies: false, earlier: null }) : pending(),
    robots: pending(),
    live: pending(),
    served: pending(),
    bytes: pending(),
    canonical: pending(),
    probes: pending(),
    probeWithCookies: false,
    robotsResources: pending(),
    compare: pending(),
    render: pending(),
    structured: pending(),
    cut: skipped('notAsked'),
    resources: skipped('notAsked'),
    crawlersLive: skipped('notAsked'),
    llms: skipped('notAsked'),
    llmsLinks: skipped('notAsked'),
    overlay: null,
    overlayError: null,
    ...over,
  };
}

function complete(r: TabReport, robots = 'User-agent: *\nAllow: /\n'): TabReport {
  const rep = robotsReport(robots);
  const parsed = parseRobotsReport(rep);
  return {
    ...r,
    robots: done({ report: rep, parsed, verdicts: evaluateReportForGoogle(rep, r.url, parsed ?? undefined), others: evaluateReportForCrawlers(rep, r.url, parsed ?? undefined) }),
    live: done(signals('live')),
    served: done(signals('served')),
    bytes: r.bytes.status === 'pending' ? done({ input: { limit: r.limit, headerBytes: 200, bodyBytes: 4388, truncated: false, cutOffset: null, lost: [] }, page: null }) : r.bytes,
    canonical: skipped('none'),
  };
}

describe('derivations of the report', () => {
  it('isHtmlResponse: the header first, the document\'s type when none was sent; an unknown type counts as HTML', () => {
    expect(isHtmlResponse(record(), null)).toBe(true);
    expect(isHtmlResponse(record({ headers: [h('Content-Type', 'application/pdf')] }), facts())).toBe(false);
    expect(isHtmlResponse(record({ headers: [] }), facts({ contentType: 'text/plain' }))).toBe(false);
    expect(isHtmlResponse(record({ headers: [] }), null)).toBe(true);
    expect(isHtmlResponse(record({ headers: [h('content-type', 'application/xhtml+xml')] }), null)).toBe(true);
  });

  it('headerBytesOf: HTTP/1.1 text of the status line and headers; unknown for a failed navigation', () => {
    // "HTTP/1.1 200 OK\r\n" (17) + "Content-Type: text/html; charset=utf-8\r\n" (40) + "Content-Length: 4388\r\n" (22) + "\r\n" (2)
    expect(headerBytesOf(record())).toBe(81);
    expect(headerBytesOf(record({ error: 'net::ERR_ABORTED' }))).toBeNull();
    expect(headerBytesOf(null)).toBeNull();
  });

  it('verdictPending and verdictStepsEnded: the steps still awaited, those that failed or ran out of time', () => {
    const r = reportOf(snapshot());
    expect(verdictPending(r)).toEqual(['live', 'served', 'robots', 'bytes', 'canonical']);
    const ended = { ...complete(r), served: { status: 'timeout', value: null, error: null, limitMs: 15_000 } as Step<never>, robots: { status: 'failed', value: null, error: 'x', limitMs: 1 } as Step<never> };
    expect(verdictPending(ended)).toEqual([]);
    expect(verdictStepsEnded(ended)).toEqual(['served', 'robots']);
  });

  it('verdictInput: the recorded status line; the timing\'s status when no response is known', () => {
    const r = reportOf(snapshot());
    expect(verdictInput(r, T0)).toMatchObject({ url: PAGE, status: { code: 200, line: 'HTTP/1.1 200 OK' }, bytes: null, robots: null, now: T0 });
    const none = reportOf(snapshot({ record: null }), { response: { status: 'failed', value: null, error: 'x', limitMs: 1 } });
    expect(verdictInput(none, T0).status).toEqual({ code: 200, line: '' });
  });

  it('badgeVerdict: nothing until every verdict step has ended, then the screen\'s verdict', () => {
    const r = reportOf(snapshot());
    expect(badgeVerdict(r, T0)).toBeNull();
    expect(badgeVerdict(complete(r), T0)).toEqual({ verdict: 'indexable', robotsKnown: true });
    expect(badgeVerdict(complete(r, 'User-agent: *\nDisallow: /\n'), T0)).toEqual({ verdict: 'not-indexable', robotsKnown: true });
    // robots.txt failed: the verdict stands without it, and the badge is told so (it then shows only a NO).
    const failed = { ...complete(r), robots: { status: 'failed', value: null, error: 'boom', limitMs: 15_000 } } as TabReport;
    expect(badgeVerdict(failed, T0)).toEqual({ verdict: 'indexable', robotsKnown: false });
    expect(badgeVerdict(complete(reportOf(snapshot({ inspectable: { ok: false, reason: 'browser-page' } }))), T0)).toBeNull();
  });
});

describe('sizes: the browser\'s measurement only when it is of this response', () => {
  it('an HTML page: Navigation Timing\'s uncompressed and transferred sizes', () => {
    const r = reportOf(snapshot({ facts: facts({}, { decodedBodySize: 4388, encodedBodySize: 1500, contentEncoding: 'gzip' }) }));
    expect(navigationIsResponse(r)).toBe(true);
    expect(responseSizes(r)).toEqual({ decoded: 4388, encoded: 1500, encoding: 'gzip' });
    // Before anything is read, the byte section shows the same figure.
    expect(bytesFigures(r)).toMatchObject({ headerBytes: 81, bodyBytes: 4388, total: 4469, over: false, partial: false, pdf: false, page: null });
  });

  it('the History API moved the address: the load\'s sizes are of another document', () => {
    const r = reportOf(snapshot(), { movedFrom: `${PAGE}?old` });
    expect(navigationIsResponse(r)).toBe(false);
    expect(responseSizes(r)).toEqual({ decoded: null, encoded: null, encoding: null });
  });

  it('a PDF in Chrome\'s viewer: the 601-byte viewer page is never the size; the byte step\'s reading is', async () => {
    const snap = pdfTab(3_000_000, true);
    const r = reportOf(snap, { limit: PDF_LIMIT });
    const headerBytes = countHeaderBytes('HTTP/1.1 200 OK', snap.record!.headers, 200);
    expect(navigationIsResponse(r)).toBe(false);
    // Nothing read yet: the size is not known; the byte section shows the Content-Length sent.
    expect(responseSizes(r).decoded).toBeNull();
    expect(bytesFigures(r)).toMatchObject({ headerBytes, bodyBytes: 3_000_000, total: headerBytes + 3_000_000, limit: PDF_LIMIT, over: false, pdf: true });
    const page = await bytesPage({ total: 3_000_000, headerBytes, limit: PDF_LIMIT, mediaType: 'application/pdf' });
    const measured = { ...r, bytes: done({ input: { limit: PDF_LIMIT, headerBytes, bodyBytes: 3_000_000, truncated: false, cutOffset: null, lost: [], complete: true }, page }) };
    expect(responseSizes(measured)).toEqual({ decoded: 3_000_000, encoded: null, encoding: null });
    expect(bytesFigures(measured)).toMatchObject({ bodyBytes: 3_000_000, total: headerBytes + 3_000_000, over: false, page });
  });

  it('a 70 MB PDF without a page script: over the limit, in the byte section and the summary alike', async () => {
    const size = 70 * 1_048_576;
    const snap = pdfTab(size, false);
    const headerBytes = countHeaderBytes('HTTP/1.1 200 OK', snap.record!.headers, 200);
    const page = await bytesPage({ total: size, headerBytes, limit: PDF_LIMIT, mediaType: 'application/pdf', source: 'background' });
    const input = { limit: PDF_LIMIT, headerBytes, bodyBytes: size, truncated: true, cutOffset: PDF_LIMIT, lost: [], complete: true };
    const r = complete(reportOf(snap, { limit: PDF_LIMIT, bytes: done({ input, page }) }));
    expect(bytesFigures(r)).toMatchObject({ bodyBytes: size, total: headerBytes + size, over: true, partial: false, pdf: true });
    expect(responseSizes(r).decoded).toBe(size);
    const result = indexabilityVerdict(verdictInput(r, T0));
    const bytesLine = summaryFacts(r, result, T0)[1]!;
    expect(bytesLine).toEqual({
      id: 'bytes',
      section: 'bytes',
      label: 'summary.bytesLabel',
      state: 'bad',
      parts: [{ key: 'summary.bytesOver', params: [headerBytes + size, PDF_LIMIT, { percent: (headerBytes + size) / PDF_LIMIT }, PDF_LIMIT] }],
    });
  }, 20_000);
});

describe('the summary lines', () => {
  it('while steps are pending every line says "checking"', () => {
    const r = reportOf(snapshot({ record: null }));
    const facts5 = summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0);
    expect(facts5.map((f) => [f.id, f.state, f.parts.map((p) => p.key)])).toEqual([
      ['verdict', 'checking', ['summary.checking']],
      ['bytes', 'checking', ['summary.checking']],
      ['robots', 'checking', ['summary.checking']],
      ['others', 'checking', ['summary.checking']],
      ['caching', 'checking', ['summary.checking']],
      ['compare', 'checking', ['summary.checking']],
      ['render', 'checking', ['summary.checking']],
      ['structured', 'checking', ['summary.checking']],
    ]);
  });

  it('structured data: per type its verdict, the worst first, the first error of a type in its words', () => {
    const items = [
      { item: { types: ['BreadcrumbList'], status: 'served' }, verdict: 'eligible', findings: [] },
      { item: { types: ['Product'], status: 'served' }, verdict: 'errors', findings: [{ code: 'required', severity: 'error', path: 'offers.price', params: ['price'] }, { code: 'recommended', severity: 'warning', path: 'offers.availability', params: ['availability'] }] },
    ];
    const r = reportOf(snapshot(), { structured: done({ items, problems: [], vocabulary: 'v', counts: { items: 2, errors: 1, warnings: 1, lost: 0, rendered: 0 } } as never) });
    const f = summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0).find((x) => x.id === 'structured')!;
    expect(f.state).toBe('bad');
    expect(f.parts).toEqual([
      { key: 'structured.summary.errors', params: ['Product', 1, { message: { key: 'structured.summary.missing', params: ['offers.price'] } }] },
      { key: 'structured.summary.eligible', params: ['BreadcrumbList', 0] },
    ]);
    const none = reportOf(snapshot(), { structured: done({ items: [], problems: [], vocabulary: '', counts: { items: 0, errors: 0, warnings: 0, lost: 0, rendered: 0 } }) });
    expect(summaryFacts(none, indexabilityVerdict(verdictInput(none, T0)), T0).find((x) => x.id === 'structured')).toMatchObject({ state: 'info', parts: [{ key: 'structured.summary.none', params: [] }] });
  });

  it('robots.txt: Googlebot\'s deciding line, then the other tokens blocked, named when few', () => {
    const r = complete(reportOf(snapshot(), { compare: done(null), probes: skipped('none') }), 'User-agent: *\nAllow: /products/\n\nUser-agent: Google-Extended\nDisallow: /\n');
    const lines = summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0);
    expect(lines[2]).toEqual({
      id: 'robots',
      section: 'robots',
      label: 'summary.robotsLabel',
      state: 'info',
      parts: [
        { key: 'summary.robotsAllowedBy', params: [2, 'Allow: /products/'] },
        { key: 'summary.robotsOthersNamed', params: [1, { list: ['Google-Extended'] }] },
      ],
    });
    expect(lines[3]).toMatchObject({ id: 'others', state: 'info' });
    expect(lines[4]).toMatchObject({ id: 'caching', state: 'warn', parts: [{ key: 'summary.cachingNone', params: [] }] });
    expect(lines[5]).toMatchObject({ id: 'compare', state: 'info', parts: [{ key: 'summary.compareNotYet', params: [] }] });
  });

  it('other crawlers: per group how many robots.txt blocks; user-triggered fetchers never count', () => {
    const txt = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /g-only\n\nUser-agent: ChatGPT-User\nUser-agent: PerplexityBot\nUser-agent: OAI-SearchBot\nUser-agent: Claude-SearchBot\nUser-agent: DuckAssistBot\nDisallow: /\n';
    const at = (path: string) => {
      const r = complete(reportOf(snapshot(), { url: `${new URL(PAGE).origin}${path}` }), txt);
      return summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0)[3]!;
    };
    expect(at('/private/x')).toEqual({
      id: 'others',
      section: 'others',
      label: 'summary.othersLabel',
      state: 'info',
      parts: [
        { key: 'summary.othersSomeBlocked', params: [{ key: 'crawlers.counted.training' }, 2, 6] },
        { key: 'summary.othersAllBlocked', params: [{ key: 'crawlers.counted.aiSearch' }] },
        { key: 'summary.othersAllAllowed', params: [{ key: 'crawlers.counted.search' }] },
      ],
    });
    // On /g-only: Applebot follows Googlebot's group (search: 1 of 2); ChatGPT-User's Disallow is not counted.
    expect(at('/g-only/x').parts).toEqual([
      { key: 'summary.othersSomeBlocked', params: [{ key: 'crawlers.counted.training' }, 1, 6] },
      { key: 'summary.othersAllBlocked', params: [{ key: 'crawlers.counted.aiSearch' }] },
      { key: 'summary.othersSomeBlocked', params: [{ key: 'crawlers.counted.search' }, 1, 2] },
    ]);
  });

  it('other crawlers: robots.txt not read, or not an HTTP page', () => {
    const failed = reportOf(snapshot(), { robots: { status: 'failed', value: null, error: 'boom', limitMs: 15_000 } });
    expect(summaryFacts(failed, indexabilityVerdict(verdictInput(failed, T0)), T0)[3]).toMatchObject({ id: 'others', state: 'info', parts: [{ key: 'summary.othersUnknown', params: [] }] });
    const notHttp = reportOf(snapshot(), { robots: skipped('notHttp') });
    expect(summaryFacts(notHttp, indexabilityVerdict(verdictInput(notHttp, T0)), T0)[3]).toMatchObject({ parts: [{ key: 'summary.robotsNotHttp', params: [] }] });
  });

  it('bytes: a step that ran out of time says so with its limit', () => {
    const r = reportOf(snapshot(), { bytes: { status: 'timeout', value: null, error: null, limitMs: 30_000 } });
    expect(summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0)[1]).toMatchObject({ state: 'info', parts: [{ key: 'summary.bytesTookLonger', params: [30] }] });
  });
});

describe('the render’s summary line: what Googlebot misses, and why', () => {
  const result = (differences: RenderDifference[], visitor = true): RenderResult => ({
    url: PAGE, finalUrl: PAGE, agent: 'smartphone', userAgent: 'Googlebot', renderedAt: T0, durationMs: 1000, stoppedBecause: 'idle', skippedNoindex: false, forced: false,
    document: null, served: null, rendered: renderSnapshot('<p>x</p>', PAGE),
    visitor: visitor ? { userAgent: 'Chrome', stoppedBecause: 'idle', durationMs: 900, document: null, rendered: renderSnapshot('<p>x</p>', PAGE), resources: [], page: noPageEvents(), error: null } : null,
    browser: null, resources: [], console: [], differences, experiments: [], limits: { timeMs: 20_000, idleMs: 500, viewport: { width: 412, height: 732, mobile: true } }, page: noPageEvents(), error: null,
  });
  const line = (differences: RenderDifference[], visitor = true) => {
    const r = reportOf(snapshot(), { render: done(result(differences, visitor)) });
    return summaryFacts(r, indexabilityVerdict(verdictInput(r, T0)), T0)[6]!;
  };
  const blocked = { code: 'requestBlocked' as const, params: ['https://a/api.json', 'https://a/robots.txt', 3, 'Disallow: /api/', 0], evidence: 'experiment' as const };
  const diff = (code: RenderDifference['code'], severity: RenderDifference['severity'], params: (string | number)[], cause: RenderDifference['cause'] = blocked): RenderDifference => ({ code, field: 'links', severity, params, samples: [], more: 0, cause });

  it('nearly empty: bad, the words of each render and the cause in short', () => {
    expect(line([diff('nearlyEmpty', 'critical', [0, 115, 0, 5]), diff('linksMissing', 'warning', [8])])).toEqual({
      id: 'render',
      section: 'render',
      label: 'summary.renderLabel',
      state: 'bad',
      parts: [{ key: 'summary.renderNearlyEmpty', params: [0, 115, { messages: [{ key: 'summary.renderCause.requestBlocked', params: [3] }] }, { when: T0 }] }],
    });
  });

  it('what Googlebot misses, listed, with each cause once', () => {
    const cut = { code: 'cut' as const, params: [2_097_000], evidence: 'evidence' as const };
    expect(line([diff('linksMissing', 'warning', [312], cut), diff('headingsMissing', 'warning', [4], blocked), diff('textMissing', 'info', [9, 1], blocked)]).parts).toEqual([
      {
        key: 'summary.renderMisses',
        params: [
          { messages: [{ key: 'summary.renderMiss.linksMissing', params: [312] }, { key: 'summary.renderMiss.headingsMissing', params: [4] }] },
          { messages: [{ key: 'summary.renderCause.cut', params: [2_097_000] }, { key: 'summary.renderCause.requestBlocked', params: [3] }] },
          { when: T0 },
        ],
      },
    ]);
  });

  it('nothing missed: the same as a visitor sees; other differences counted as before', () => {
    expect(line([])).toMatchObject({ state: 'ok', parts: [{ key: 'summary.renderSameAsVisitor' }] });
    expect(line([], false)).toMatchObject({ state: 'ok', parts: [{ key: 'summary.renderSameAsServed' }] });
    expect(line([diff('jsRedirect', 'warning', ['https://a/b'], null)])).toMatchObject({ state: 'warn', parts: [{ key: 'summary.renderDiffers', params: [1, { severity: 'warning' }, { when: T0 }] }] });
  });
});
