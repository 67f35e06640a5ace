// The gathering of one tab's report: every fact is a Step with its own time limit, asked of the
// background or of the tab through an injected messenger (the store passes the browser's; the
// unit tests a fake one), so the whole gathering runs without a browser.
import type { BackgroundProtocol, ContentProtocol, OverlayText } from '../../../utils/protocol';
import { headerValue, mediaType, type MainFrameRecord } from '../../../lib/core';
import { assessResources, limitFor, type BytesPageReport } from '../../../lib/bytes';
import { bytesInputFrom, canonicalNotChecked, indexabilityVerdict } from '../../../lib/indexability';
import { evaluateReportForGoogle, parseRobotsReport } from '../../../lib/robots';
import { evaluateReportForCrawlers } from '../../../lib/crawlers';
import { noHash, robotsTxtUrl } from '../../../lib/crawl';
import { lintValidators, planProbes } from '../../../lib/caching';
import { badgeVerdict, headerBytesOf, isHtmlResponse, navigationIsResponse, verdictInput } from './derive';
import type { BytesFacts, ResourceRobots, ResponseInfo, RobotsFacts, Step, TabReport } from './types';
import { extractStructuredData, loadStructuredValidator, renderedProblems, structuredReport, unpackJudgement } from '../../../lib/structured';
import type { SdReport } from '../../../lib/structured';
import { domTreeOf } from '../../page-analysis/domTree';

/** Each step's time limit. A step that takes longer ends as 'timeout' and the report goes on without it. */
export const STEP_LIMIT_MS = {
  response: 15_000,
  robots: 15_000,
  live: 5_000,
  served: 15_000,
  bytes: 30_000,
  canonical: 12_000,
  probes: 15_000,
  robotsResources: 20_000,
  compare: 3_000,
  render: 3_000,
  structured: 20_000,
  cut: 30_000,
  resources: 20_000,
  // 13 requests, 4 at a time, 10 s each at most, after robots.txt (15 s).
  crawlersLive: 60_000,
  llms: 15_000,
  // 50 links, 4 at a time, 10 s each at most.
  llmsLinks: 130_000,
} as const;
type StepKey = keyof typeof STEP_LIMIT_MS;

/** How long a popup opened during a load waits for the tab's response before fetching it itself. */
export const RECORD_WAIT_MS = 10_000;
/** robots.txt of at most this many CSS/JS origins is fetched (each may take its 10 s). */
export const MAX_RESOURCE_ORIGINS = 10;

export type ToBackground = <K extends keyof BackgroundProtocol>(type: K, data: BackgroundProtocol[K]['req']) => Promise<BackgroundProtocol[K]['res']>;
export type ToTab = <K extends keyof ContentProtocol>(tabId: number, type: K, data: ContentProtocol[K]['req']) => Promise<ContentProtocol[K]['res']>;

/** Time, as the gathering sees it. */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; the answer cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** Everything of the environment the gathering uses. */
export interface PopupMessenger {
  toBackground: ToBackground;
  toTab: ToTab;
  clock: Clock;
  settings: {
    /** The byte limit chosen in the options. */
    bytesLimit(): Promise<number>;
  };
}

/** Where the current report lives (the store): a newer report makes older jobs' results go nowhere. */
export interface ReportSlot {
  get(): TabReport | null;
  set(report: TabReport): void;
}

class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`took longer than ${ms / 1000} s`);
  }
}

export const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const pending = <T,>(limitMs: number): Step<T> => ({ status: 'pending', value: null, error: null, limitMs });
const skipped = <T,>(why: string, limitMs = 0): Step<T> => ({ status: 'skipped', value: null, error: why, limitMs });
const isHttp = (u: string) => /^https?:/i.test(u);

/** The charset a Content-Type names, else UTF-8. */
const charsetOf = (contentType: string | null) => /charset=([^;]+)/i.exec(contentType ?? '')?.[1]?.trim().replace(/^"|"$/g, '') ?? 'utf-8';

export type Gatherer = ReturnType<typeof createGatherer>;

export function createGatherer(m: PopupMessenger, slot: ReportSlot) {
  const { toBackground, toTab, clock } = m;
  /** The snapshot the toolbar badge was last set for (once per report). */
  let badged: unknown = null;

  const current = (report: TabReport): TabReport | null => {
    const now = slot.get();
    return now !== null && now.snapshot === report.snapshot ? now : null;
  };
  /** Updates the current report (a newer load makes older jobs' results go nowhere). */
  const patch = (report: TabReport, change: Partial<TabReport>) => {
    const now = current(report);
    if (!now) return;
    const next = { ...now, ...change };
    slot.set(next);
    // The toolbar badge follows the popup's verdict once every step of it has ended: the same
    // function, the same object as the screen and the exports.
    if (badged === next.snapshot) return;
    const badge = badgeVerdict(next, clock.now());
    if (badge === null) return;
    badged = next.snapshot;
    void toBackground('showVerdictBadge', { tabId: next.tabId, ...badge }).catch(() => undefined);
  };
  const latest = (report: TabReport) => current(report) ?? report;

  const withDeadline = <T,>(job: Promise<T>, ms: number): Promise<T> => {
    let cancel = () => {};
    const deadline = new Promise<never>((_, reject) => {
      cancel = clock.after(ms, () => reject(new DeadlineError(ms)));
    });
    return Promise.race([job, deadline]).finally(() => cancel());
  };

  /** Runs one step under its time limit; the result lands in the report (if it is still the current one). */
  const run = async <K extends StepKey & keyof TabReport>(
    report: TabReport,
    key: K,
    job: () => Promise<TabReport[K] extends Step<infer T> ? T : never>,
  ): Promise<void> => {
    const limitMs = STEP_LIMIT_MS[key];
    patch(report, { [key]: pending(limitMs) } as Partial<TabReport>);
    let step: Step<unknown>;
    try {
      step = { status: 'done', value: await withDeadline(job(), limitMs), error: null, limitMs };
    } catch (e) {
      step = e instanceof DeadlineError ? { status: 'timeout', value: null, error: null, limitMs } : { status: 'failed', value: null, error: errText(e), limitMs };
    }
    patch(report, { [key]: step } as Partial<TabReport>);
  };

  /** The response shown: the tab's own, one arriving, one that arrives within 10 s, or Crawlscope's own request. */
  const responseOf = async (report: TabReport): Promise<ResponseInfo> => {
    const s = report.snapshot;
    const loaded = noHash(s.facts?.loadedUrl ?? s.url);
    const fresh = (r: MainFrameRecord | null) => r !== null && (s.facts === null || noHash(r.url) === loaded || r.error !== null);
    const refetch = async (why: ResponseInfo['why'], earlier: MainFrameRecord | null): Promise<ResponseInfo> => {
      const got = await toBackground('fetchPageResponse', { url: report.url });
      return { record: got.record, source: 'refetch', why, withCookies: got.withCookies, earlier };
    };
    if (report.movedFrom !== null) {
      // The History API changed the address: the browser made no request for it. Googlebot would.
      const earlier = [s.arriving, s.record].find((r) => r !== null && noHash(r.url) === noHash(report.movedFrom)) ?? null;
      return refetch('history', earlier);
    }
    if (s.arriving && fresh(s.arriving)) return { record: s.arriving, source: 'arriving', why: null, withCookies: false, earlier: null };
    if (s.record && fresh(s.record)) return { record: s.record, source: 'recorded', why: null, withCookies: false, earlier: null };
    if (s.tabStatus === 'loading') {
      const late = await toBackground('awaitRecord', { tabId: s.tabId, ms: RECORD_WAIT_MS });
      if (late && fresh(late)) return { record: late, source: late.complete === false ? 'arriving' : 'recorded', why: null, withCookies: false, earlier: null };
    }
    return refetch('not-seen', null);
  };

  /**
   * The body read and its cut found: by the page's script (its own copy, from the browser cache
   * where possible), or — when no page script runs in the tab (a PDF in Firefox's viewer, a tab
   * loaded before Crawlscope) — by the background, which fetches the URL itself.
   */
  const analyzeBody = async (r: TabReport, headerBytes: number, again = false): Promise<BytesPageReport> => {
    if (r.snapshot.facts !== null) return toTab(r.tabId, 'bytesAnalyze', again ? { headerBytes, limit: r.limit, again } : { headerBytes, limit: r.limit });
    if (!isHttp(r.url)) throw new Error('bytes.error.notHttp');
    const ct = headerValue(r.response.value?.record?.headers ?? [], 'content-type');
    return toBackground('bytesFetchDocument', { url: r.url, headerBytes, limit: r.limit, charset: charsetOf(ct), mediaType: mediaType(ct), nav: null });
  };

  /**
   * Sizes, and the cut when the page may be over the limit (the same analysis "Find the cut"
   * shows). The browser's own measurement is taken only when it is of this response: never for a
   * PDF, whose tab shows the browser's viewer.
   */
  const bytesOf = async (report: TabReport, record: MainFrameRecord): Promise<BytesFacts> => {
    const r = latest(report);
    const headerBytes = headerBytesOf(record) ?? 0;
    const nav = r.snapshot.facts?.navigation;
    const decoded = r.response.value?.source === 'recorded' && navigationIsResponse(r) && nav?.decodedBodySize ? nav.decodedBodySize : null;
    if (decoded !== null && headerBytes + decoded <= r.limit) {
      return { input: { limit: r.limit, headerBytes, bodyBytes: decoded, truncated: false, cutOffset: null, lost: [] }, page: null };
    }
    const page = await analyzeBody(r, headerBytes);
    return { input: bytesInputFrom(page.report, page.read.complete), page };
  };

  const robotsFor = async (report: TabReport, refresh: boolean): Promise<RobotsFacts> => {
    const got = await toBackground('getRobots', { url: report.url, refresh });
    const parsed = parseRobotsReport(got);
    return { report: got, parsed, verdicts: evaluateReportForGoogle(got, report.url, parsed ?? undefined), others: evaluateReportForCrawlers(got, report.url, parsed ?? undefined) };
  };

  const resourceRobots = async (report: TabReport): Promise<ResourceRobots> => {
    const list = await toTab(report.tabId, 'getResourceUrls', {});
    const byOrigin = new Map<string, string[]>();
    for (const r of list) {
      const t = robotsTxtUrl(r.url);
      if (!t) continue;
      byOrigin.set(t.origin, [...(byOrigin.get(t.origin) ?? []), r.url]);
    }
    const origins = [...byOrigin.keys()];
    const skippedCount = origins.slice(MAX_RESOURCE_ORIGINS).reduce((n, o) => n + byOrigin.get(o)!.length, 0);
    const checked = (
      await Promise.all(
        origins.slice(0, MAX_RESOURCE_ORIGINS).map(async (origin) => {
          const urls = byOrigin.get(origin)!;
          const rep = await toBackground('getRobots', { url: urls[0]! });
          const parsed = parseRobotsReport(rep) ?? undefined;
          // Googlebot is the first entry of the catalog.
          return urls.map((url) => ({ url, verdict: evaluateReportForGoogle(rep, url, parsed)[0] ?? null }));
        }),
      )
    ).flat();
    return { total: list.length, blocked: checked.filter((c) => c.verdict && !c.verdict.allowed), skipped: skippedCount, maxOrigins: MAX_RESOURCE_ORIGINS };
  };

  /**
   * After the page's own signals: the canonical's answer, when it points elsewhere. Another host
   * is contacted only when the user asks (`userAsked`); until then the step says it was not checked.
   */
  const checkCanonical = (report: TabReport, userAsked: boolean) => {
    const r = current(report);
    if (!r) return;
    const result = indexabilityVerdict(verdictInput(r, clock.now()));
    const target = result.reasons.some((x) => x.code === 'canonicalElsewhere') ? result.canonical : null;
    if (target === null) {
      patch(r, { canonical: skipped('none') });
      return;
    }
    const notChecked = canonicalNotChecked(target, r.url, userAsked);
    if (notChecked) {
      patch(r, { canonical: { status: 'done', value: notChecked, error: null, limitMs: STEP_LIMIT_MS.canonical } });
      return;
    }
    void run(r, 'canonical', () => toBackground('checkCanonicalTarget', { url: target, pageUrl: r.url, userAsked }));
  };

  const startProbes = (report: TabReport, withCookies: boolean) => {
    const r = current(report);
    const record = r?.response.value?.record ?? null;
    if (!r || !record) return;
    patch(r, { probeWithCookies: withCookies });
    const requests = planProbes(lintValidators(record.headers, clock.now()));
    if (!requests.length) {
      patch(r, { probes: skipped('none') });
      return;
    }
    void run(r, 'probes', () => toBackground('probeCaching', { url: r.url, requests, withCookies }));
  };

  /**
   * The structured data: the HTML as served read and judged by the page (cut as Googlebot cuts it;
   * the validator runs there, warm, and sends its judgement), and Googlebot's last render of this
   * URL (its serialized HTML) read here: its items that the HTML as served lacks are judged here,
   * by the validator's chunk, loaded only for a render that has some.
   */
  const structuredOf = async (r: TabReport, headerBytes: number, renderDone: Promise<void>): Promise<SdReport> => {
    // `npm run bench` reads cs-structured-served (the page's read and judgement, the message, its unpacking) and cs-structured-judged (the render's items).
    const t0 = performance.now();
    const served = unpackJudgement(await toTab(r.tabId, 'structuredServed', { headerBytes, limit: r.limit, now: clock.now() }));
    performance.measure('cs-structured-served', { start: t0 });
    await renderDone;
    const render = current(r)?.render.value ?? null;
    const html = render?.rendered?.html;
    const rendered = html ? extractStructuredData({ html, source: 'rendered', cut: null, baseUrl: render.finalUrl, treeOf: domTreeOf }) : null;
    if (!rendered?.items.length) return structuredReport(served.items, rendered ? [...served.problems, ...renderedProblems(rendered)] : served.problems, served.vocabulary);
    const t1 = performance.now();
    // The validator's chunk (rules and vocabulary) loads only for a render that has something to judge.
    const { judgeRendered, vocabulary } = await loadStructuredValidator();
    const added = judgeRendered(rendered, new Set(served.signatures), clock.now());
    performance.measure('cs-structured-judged', { start: t1 });
    return structuredReport([...served.items, ...added.items], [...served.problems, ...added.problems], vocabulary.version);
  };

  /** Every step of a new report, each within its time limit. Resolves when all have ended. */
  const gather = async (report: TabReport): Promise<void> => {
    let renderDone: Promise<void> = Promise.resolve();
    if (robotsTxtUrl(report.url)) {
      void run(report, 'robots', () => robotsFor(report, false));
      void run(report, 'compare', () => toBackground('getCompareSummary', { url: report.url }));
      renderDone = run(report, 'render', () => toBackground('getRenderResult', { url: report.url }));
    } else {
      patch(report, { robots: skipped('notHttp'), robotsResources: skipped('notHttp'), compare: skipped('notHttp'), render: skipped('notHttp') });
    }
    await run(report, 'response', () => responseOf(report));
    const r = current(report);
    if (!r) return;
    const record = r.response.value?.record ?? null;
    const facts = r.snapshot.facts;
    patch(r, { limit: limitFor(mediaType(record && headerValue(record.headers, 'content-type')), r.limit).limit });
    startProbes(r, false);
    const measure = async () => {
      if (record) await run(r, 'bytes', () => bytesOf(r, record));
      else patch(r, { bytes: skipped('noResponse') });
    };
    if (!facts) {
      // No page script in this tab (a PDF in Firefox's viewer, a tab loaded before Crawlscope): the
      // page's own signals cannot be read; its bytes are read from the response by the background.
      const why = 'noContentScript';
      patch(r, { live: skipped(why), served: skipped(why), robotsResources: skipped(why), canonical: skipped(why), structured: skipped(why) });
      if (isHttp(r.url)) await measure();
      else patch(r, { bytes: skipped(why) });
      return;
    }
    if (robotsTxtUrl(r.url)) void run(r, 'robotsResources', () => resourceRobots(r));
    if (!record || !isHtmlResponse(record, facts)) {
      const why = 'notHtml';
      patch(r, { live: skipped(why), served: skipped(why), canonical: skipped(why), structured: skipped(why) });
      await measure();
      return;
    }
    await Promise.all([
      run(r, 'live', () => toTab(r.tabId, 'getIndexSignals', { where: 'live' })),
      // The served HTML as Googlebot keeps it: the response's header bytes count, and the limit is the user's.
      run(r, 'served', () => toTab(r.tabId, 'getIndexSignals', { where: 'served', headerBytes: headerBytesOf(record) ?? 0, limit: latest(r).limit })),
      run(r, 'structured', () => structuredOf(latest(r), headerBytesOf(record) ?? 0, renderDone)),
      measure(),
    ]);
    checkCanonical(r, false);
  };

  return {
    /** The tab's new report: its snapshot, the chosen limit, every step pending (not gathered yet). */
    async createReport(tabId: number): Promise<TabReport> {
      const [snapshot, chosen] = await Promise.all([toBackground('getTabSnapshot', { tabId }), m.settings.bytesLimit()]);
      const url = snapshot.facts?.url ?? snapshot.url ?? '';
      const loaded = snapshot.facts?.loadedUrl ?? null;
      return {
        tabId,
        snapshot,
        url,
        movedFrom: loaded !== null && noHash(loaded) !== noHash(url) ? loaded : null,
        limit: chosen,
        response: pending(STEP_LIMIT_MS.response),
        robots: pending(STEP_LIMIT_MS.robots),
        live: pending(STEP_LIMIT_MS.live),
        served: pending(STEP_LIMIT_MS.served),
        bytes: pending(STEP_LIMIT_MS.bytes),
        canonical: pending(STEP_LIMIT_MS.canonical),
        probes: pending(STEP_LIMIT_MS.probes),
        probeWithCookies: false,
        robotsResources: pending(STEP_LIMIT_MS.robotsResources),
        compare: pending(STEP_LIMIT_MS.compare),
        render: pending(STEP_LIMIT_MS.render),
        structured: pending(STEP_LIMIT_MS.structured),
        cut: skipped('notAsked'),
        resources: skipped('notAsked'),
        crawlersLive: skipped('notAsked'),
        llms: skipped('notAsked'),
        llmsLinks: skipped('notAsked'),
        overlay: null,
        overlayError: null,
      };
    },
    gather,
    /** "Fetch again": robots.txt past the 24 h cache. */
    refetchRobots(): Promise<void> {
      const r = slot.get();
      return r && robotsTxtUrl(r.url) ? run(r, 'robots', () => robotsFor(r, true)) : Promise.resolve();
    },
    /** "Find the cut": the byte analysis shown in the byte section, then the page's CSS and JS sizes. */
    async findCut(): Promise<void> {
      const r = slot.get();
      if (!r) return;
      const headerBytes = headerBytesOf(r.response.value?.record ?? null) ?? 0;
      patch(r, { overlay: null, overlayError: null });
      // The verdict already found the cut with the same figures: show that analysis rather than read the page again.
      const ran = r.bytes.value?.page;
      const reuse = ran && ran.report.cutoff.limit === r.limit && ran.report.cutoff.headerBytes === headerBytes && r.cut.status !== 'done' ? ran : null;
      // Once the cut is shown, "Find the cut again" reads the page anew.
      await run(r, 'cut', async () => reuse ?? analyzeBody(r, headerBytes, r.cut.status === 'done'));
      const now = current(r);
      if (!now || now.snapshot.facts === null) return;
      await run(now, 'resources', async () => {
        const list = await toTab(r.tabId, 'bytesResources', {});
        const unknown = list.filter((x) => x.bytes === null).map((x) => x.url);
        const measured = unknown.length ? await toBackground('bytesMeasureResources', { urls: unknown }).catch(() => []) : [];
        const byUrl = new Map(measured.map((x) => [x.url, x]));
        return assessResources(
          list.map((x) => {
            const got = byUrl.get(x.url);
            return got && got.bytes !== null ? { ...x, bytes: got.bytes, source: 'fetch' as const } : x;
          }),
        );
      });
    },
    /** Shows or hides the cutoff overlay in the page (its words in the popup's language). */
    async toggleOverlay(text: OverlayText): Promise<void> {
      const r = slot.get();
      if (!r) return;
      try {
        patch(r, { overlay: await toTab(r.tabId, 'bytesOverlay', { show: !r.overlay?.shown, text }), overlayError: null });
      } catch (err) {
        patch(r, { overlayError: errText(err) });
      }
    },
    /** The 304 probe again, with or without the browser's cookies. */
    probe(withCookies: boolean): void {
      const r = slot.get();
      if (r) startProbes(r, withCookies);
    },
    /** The user asks to check a canonical on another host (one GET to that host, no cookies). */
    checkCanonicalElsewhere(): void {
      const r = slot.get();
      if (r) checkCanonical(r, true);
    },
    /** "Fetch as each crawler": the page requested as each catalog crawler and as Googlebot (13 requests). */
    fetchLive(): Promise<void> {
      const r = slot.get();
      if (!r || !robotsTxtUrl(r.url)) return Promise.resolve();
      return run(r, 'crawlersLive', async () => {
        const got = await toBackground('fetchAsCrawlers', { url: r.url });
        if (!got.ok) throw new Error(got.reason === 'no-permission' ? 'crawlers.live.noPermission' : 'robots.notHttp');
        return got.report;
      });
    },
    /** The origin's llms.txt, once per report (when "Who else may read this page" opens). */
    loadLlms(): Promise<void> {
      const r = slot.get();
      if (!r || !robotsTxtUrl(r.url) || r.llms.status !== 'skipped' || r.llms.error !== 'notAsked') return Promise.resolve();
      return run(r, 'llms', () => toBackground('getLlmsTxt', { url: r.url }));
    },
    /** "Check the links" of the llms.txt read. */
    checkLlmsLinks(): Promise<void> {
      const r = slot.get();
      const parsed = r?.llms.value?.parsed;
      if (!r || !parsed) return Promise.resolve();
      return run(r, 'llmsLinks', () => toBackground('checkLlmsLinks', { parsed }));
    },
  };
}
