// The popup's one report per tab, gathered here — the only popup code that sends messages. Every
// fact is a Step with its own time limit; sections, summary, badge and exports are views of it.
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import { messagesUnder, uiLocale } from '#i18n';
import { sendToBackground, sendToTab } from '../../../utils/messaging';
import { bytesLimit } from '../../../utils/settings';
import type { TabSnapshot } from '../../../utils/protocol';
import type { MainFrameRecord } from '../../../lib/core/types';
import { headerValue, mediaType } from '../../../lib/core/headers';
import { assessResources, limitFor } from '../../../lib/bytes';
import { countHeaderBytes, robotsTxtUrl } from '../../../lib/crawl';
import { bytesInputFrom, indexabilityVerdict } from '../../../lib/indexability';
import { evaluateReportForGoogle, parseRobotsReport } from '../../../lib/robots';
import { lintValidators, planProbes } from '../../../lib/caching';
import { hasHostAccess, requestHostAccess } from './hostAccess';
import { settled, VERDICT_STEPS, type ResponseInfo, type ResourceRobots, type Step, type TabReport } from './types';

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
  cut: 30_000,
  resources: 20_000,
} as const;
type StepKey = keyof typeof STEP_LIMIT_MS;

/** How long a popup opened during a load waits for the tab's response before fetching it itself. */
const RECORD_WAIT_MS = 10_000;
/** robots.txt of at most this many CSS/JS origins is fetched (each may take its 10 s). */
const MAX_RESOURCE_ORIGINS = 10;

class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`took longer than ${ms / 1000} s`);
  }
}

function withDeadline<T>(job: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms);
  });
  return Promise.race([job, deadline]).finally(() => clearTimeout(timer));
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const pending = <T,>(limitMs: number): Step<T> => ({ status: 'pending', value: null, error: null, limitMs });
const skipped = <T,>(why: string, limitMs = 0): Step<T> => ({ status: 'skipped', value: null, error: why, limitMs });

const noHash = (u: string | null | undefined): string => {
  if (!u) return '';
  try {
    const x = new URL(u);
    x.hash = '';
    return x.href;
  } catch {
    return u;
  }
};

/** Is the response HTML (or of unknown type)? Only then is there a DOM worth reading. */
export function isHtmlResponse(record: MainFrameRecord | null, facts: TabSnapshot['facts']): boolean {
  const ct = (record && headerValue(record.headers, 'content-type')) ?? facts?.contentType ?? null;
  const mt = mediaType(ct);
  return mt === null || mt === 'text/html' || mt === 'application/xhtml+xml';
}

export function headerBytesOf(record: MainFrameRecord | null): number | null {
  return record && !record.error ? countHeaderBytes(record.statusLine, record.headers, record.statusCode) : null;
}

interface PopupState {
  tabId: number | null;
  /** The tab could not be read at all (no such tab, …). */
  error: string | null;
  /**
   * Crawlscope's access to websites: 'missing' when the user withdrew it and this tab is hidden
   * from Crawlscope because of it, 'refused' when asked and not given; null before the first look.
   */
  hostAccess: 'granted' | 'missing' | 'refused' | null;
  /** Asks for access to websites (call it straight from the click); on a grant the report starts again. */
  askHostAccess: () => void;
  report: TabReport | null;
  /** Reads the tab and creates its report; the facts are then gathered in the background (`gathered`). */
  open: (tabParam: string | null) => Promise<void>;
  /** Resolves when every step of the current report has ended. */
  gathered: Promise<void>;
  load: (tabParam: string | null) => Promise<void>;
  reloadTab: () => Promise<void>;
  refetchRobots: () => void;
  findCut: () => void;
  toggleOverlay: () => void;
  probe: (withCookies: boolean) => void;
  /** The user asks to check a canonical on another host (one GET to that host, no cookies). */
  checkCanonicalElsewhere: () => void;
}

async function resolveTabId(tabParam: string | null): Promise<number> {
  if (tabParam !== null) {
    const id = Number(tabParam);
    if (!Number.isInteger(id) || id < 0) throw new Error(`Invalid tab id "${tabParam}"`);
    return id;
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error('No active tab');
  return tab.id;
}

export const usePopup = create<PopupState>((set, get) => {
  /** The tabParam of the last open(), to start the report again after a grant. */
  let opened: string | null = null;
  /** Updates the current report (a newer load makes older jobs' results go nowhere). */
  const patch = (report: TabReport, change: Partial<TabReport>) => {
    const now = get().report;
    if (now !== null && now.snapshot === report.snapshot) set({ report: { ...now, ...change } });
  };
  const current = (report: TabReport) => {
    const now = get().report;
    return now !== null && now.snapshot === report.snapshot ? now : null;
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
      const got = await sendToBackground('fetchPageResponse', { url: report.url });
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
      const late = await sendToBackground('awaitRecord', { tabId: s.tabId, ms: RECORD_WAIT_MS });
      if (late && fresh(late)) return { record: late, source: late.complete === false ? 'arriving' : 'recorded', why: null, withCookies: false, earlier: null };
    }
    return refetch('not-seen', null);
  };

  /** Sizes, and the cut when the page may be over the limit (the same analysis "Find the cut" shows). */
  const bytesOf = async (report: TabReport, record: MainFrameRecord) => {
    const headerBytes = headerBytesOf(record) ?? 0;
    const nav = report.snapshot.facts?.navigation;
    const decoded = report.response.value?.source === 'recorded' && nav?.decodedBodySize ? nav.decodedBodySize : null;
    if (decoded !== null && headerBytes + decoded <= report.limit) {
      return { input: { limit: report.limit, headerBytes, bodyBytes: decoded, truncated: false, cutOffset: null, lost: [] }, page: null };
    }
    const page = await sendToTab(report.tabId, 'bytesAnalyze', { headerBytes, limit: report.limit });
    return { input: bytesInputFrom(page.report, page.read.complete), page };
  };

  const robotsFor = async (report: TabReport, refresh: boolean) => {
    const got = await sendToBackground('getRobots', { url: report.url, refresh });
    const parsed = parseRobotsReport(got);
    return { report: got, parsed, verdicts: evaluateReportForGoogle(got, report.url, parsed ?? undefined) };
  };

  const resourceRobots = async (report: TabReport): Promise<ResourceRobots> => {
    const list = await sendToTab(report.tabId, 'getResourceUrls', {});
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
          const rep = await sendToBackground('getRobots', { url: urls[0]! });
          const parsed = parseRobotsReport(rep) ?? undefined;
          // Googlebot is the first entry of the catalog.
          return urls.map((url) => ({ url, verdict: evaluateReportForGoogle(rep, url, parsed)[0] ?? null }));
        }),
      )
    ).flat();
    return { total: list.length, blocked: checked.filter((c) => c.verdict && !c.verdict.allowed), skipped: skippedCount, maxOrigins: MAX_RESOURCE_ORIGINS };
  };

  /** After the page's own signals: the canonical's answer, when it points elsewhere on this host. */
  const checkCanonical = (report: TabReport, userAsked: boolean) => {
    const r = current(report);
    if (!r) return;
    const result = indexabilityVerdict(verdictInput(r, Date.now()));
    const target = result.reasons.some((x) => x.code === 'canonicalElsewhere') ? result.canonical : null;
    if (target === null) {
      patch(r, { canonical: skipped('none') });
      return;
    }
    void run(r, 'canonical', () => sendToBackground('checkCanonicalTarget', { url: target, pageUrl: r.url, userAsked }));
  };

  const startProbes = (report: TabReport, withCookies: boolean) => {
    const r = current(report);
    const record = r?.response.value?.record ?? null;
    if (!r || !record) return;
    patch(r, { probeWithCookies: withCookies });
    const requests = planProbes(lintValidators(record.headers, Date.now()));
    if (!requests.length) {
      patch(r, { probes: skipped('none') });
      return;
    }
    void run(r, 'probes', () => sendToBackground('probeCaching', { url: r.url, requests, withCookies }));
  };

  const gather = async (report: TabReport) => {
    if (robotsTxtUrl(report.url)) {
      void run(report, 'robots', () => robotsFor(report, false));
      void run(report, 'compare', () => sendToBackground('getCompareSummary', { url: report.url }));
    } else {
      patch(report, { robots: skipped('notHttp'), robotsResources: skipped('notHttp'), compare: skipped('notHttp') });
    }
    await run(report, 'response', () => responseOf(report));
    const r = current(report);
    if (!r) return;
    const record = r.response.value?.record ?? null;
    const facts = r.snapshot.facts;
    const limit = limitFor(mediaType(record && headerValue(record.headers, 'content-type')), r.limit).limit;
    patch(r, { limit });
    startProbes(r, false);
    if (!facts) {
      const why = 'noContentScript';
      patch(r, { live: skipped(why), served: skipped(why), bytes: skipped(why), robotsResources: skipped(why), canonical: skipped(why) });
      return;
    }
    if (robotsTxtUrl(r.url)) void run(r, 'robotsResources', () => resourceRobots(r));
    if (!record || !isHtmlResponse(record, facts)) {
      const why = 'notHtml';
      patch(r, { live: skipped(why), served: skipped(why), canonical: skipped(why) });
      if (record) await run(current(r)!, 'bytes', () => bytesOf(current(r)!, record));
      else patch(r, { bytes: skipped('noResponse') });
      return;
    }
    await Promise.all([
      run(r, 'live', () => sendToTab(r.tabId, 'getIndexSignals', { where: 'live' })),
      run(r, 'served', () => sendToTab(r.tabId, 'getIndexSignals', { where: 'served' })),
      run(r, 'bytes', () => bytesOf(current(r) ?? r, record)),
    ]);
    checkCanonical(r, false);
  };

  return {
    tabId: null,
    error: null,
    report: null,
    hostAccess: null,
    open: async (tabParam) => {
      set({ error: null });
      opened = tabParam;
      try {
        const tabId = await resolveTabId(tabParam);
        set({ tabId });
        const [snapshot, chosen, access] = await Promise.all([sendToBackground('getTabSnapshot', { tabId }), bytesLimit.getValue(), hasHostAccess()]);
        // Without the grant the browser hides the tab's address: that, not the page, is why it cannot be inspected.
        set({ hostAccess: access || snapshot.url !== null ? 'granted' : 'missing' });
        const url = snapshot.facts?.url ?? snapshot.url ?? '';
        const loaded = snapshot.facts?.loadedUrl ?? null;
        const movedFrom = loaded !== null && noHash(loaded) !== noHash(url) ? loaded : null;
        const report: TabReport = {
          tabId,
          snapshot,
          url,
          movedFrom,
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
          cut: skipped('notAsked'),
          resources: skipped('notAsked'),
          overlay: null,
          overlayError: null,
        };
        set({ report, gathered: snapshot.inspectable.ok ? gather(report).catch((err: unknown) => set({ error: errText(err) })) : Promise.resolve() });
      } catch (err) {
        set({ error: errText(err) });
      }
    },
    askHostAccess: () => {
      // Started inside the click's user gesture (no await before it).
      requestHostAccess().then(
        (granted) => (granted ? get().open(opened) : set({ hostAccess: 'refused' })),
        (err: unknown) => set({ hostAccess: 'refused', error: errText(err) }),
      );
    },
    gathered: Promise.resolve(),
    load: async (tabParam) => {
      await get().open(tabParam);
      await get().gathered;
    },
    reloadTab: async () => {
      const tabId = get().tabId;
      if (tabId === null) return;
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(finish, 30_000);
        function finish() {
          clearTimeout(timer);
          browser.tabs.onUpdated.removeListener(onUpdated);
          resolve();
        }
        function onUpdated(id: number, info: { status?: string }) {
          if (id === tabId && info.status === 'complete') finish();
        }
        browser.tabs.onUpdated.addListener(onUpdated);
      });
      await browser.tabs.reload(tabId);
      await done;
      await get().load(String(tabId));
    },
    refetchRobots: () => {
      const r = get().report;
      if (r && robotsTxtUrl(r.url)) void run(r, 'robots', () => robotsFor(r, true));
    },
    findCut: () => {
      const r = get().report;
      if (!r) return;
      const record = r.response.value?.record ?? null;
      const headerBytes = headerBytesOf(record) ?? 0;
      patch(r, { overlay: null, overlayError: null });
      void (async () => {
        // The verdict already found the cut with the same figures: show that analysis rather than read the page again.
        const ran = r.bytes.value?.page;
        const reuse = ran && ran.report.cutoff.limit === r.limit && ran.report.cutoff.headerBytes === headerBytes && r.cut.status !== 'done' ? ran : null;
        await run(r, 'cut', async () => {
          if (reuse) return reuse;
          try {
            return await sendToTab(r.tabId, 'bytesAnalyze', { headerBytes, limit: r.limit });
          } catch (err) {
            // No content script in this tab (e.g. the browser's PDF viewer): the background fetches the URL itself.
            if (r.snapshot.facts !== null || !/^https?:/.test(r.url)) throw err;
            const ct = record ? headerValue(record.headers, 'content-type') : null;
            const charset = /charset=([^;]+)/i.exec(ct ?? '')?.[1]?.trim().replace(/^"|"$/g, '') ?? 'utf-8';
            return sendToBackground('bytesFetchDocument', { url: r.url, headerBytes, limit: r.limit, charset, mediaType: mediaType(ct), nav: null });
          }
        });
        const now = current(r);
        if (!now || now.snapshot.facts === null) return;
        await run(now, 'resources', async () => {
          const list = await sendToTab(r.tabId, 'bytesResources', {});
          const unknown = list.filter((x) => x.bytes === null).map((x) => x.url);
          const measured = unknown.length ? await sendToBackground('bytesMeasureResources', { urls: unknown }).catch(() => []) : [];
          const byUrl = new Map(measured.map((m) => [m.url, m]));
          return assessResources(
            list.map((x) => {
              const m = byUrl.get(x.url);
              return m && m.bytes !== null ? { ...x, bytes: m.bytes, source: 'fetch' as const } : x;
            }),
          );
        });
      })();
    },
    toggleOverlay: () => {
      const r = get().report;
      if (!r) return;
      const text = { locale: uiLocale(), messages: { ...messagesUnder('bytes.overlay.'), ...messagesUnder('bytes.kind.') } };
      sendToTab(r.tabId, 'bytesOverlay', { show: !r.overlay?.shown, text }).then(
        (overlay) => patch(r, { overlay, overlayError: null }),
        (err: unknown) => patch(r, { overlayError: errText(err) }),
      );
    },
    probe: (withCookies) => {
      const r = get().report;
      if (r) startProbes(r, withCookies);
    },
    checkCanonicalElsewhere: () => {
      const r = get().report;
      if (r) checkCanonical(r, true);
    },
  };
});

/** The verdict's input from the report: one options object for the one verdict function. */
export function verdictInput(r: TabReport, now: number) {
  const record = r.response.value?.record ?? null;
  const fallbackStatus = r.snapshot.facts?.navigation?.responseStatus;
  return {
    url: r.url,
    status: record && record.statusCode ? { code: record.statusCode, line: record.statusLine } : fallbackStatus ? { code: fallbackStatus, line: '' } : null,
    headers: record ? record.headers : null,
    redirects: record?.redirects ?? [],
    served: r.served.value,
    live: r.live.value,
    robots: r.robots.value ? { report: r.robots.value.report, parsed: r.robots.value.parsed } : null,
    bytes: r.bytes.value?.input ?? null,
    canonicalTarget: r.canonical.value,
    fromCache: record?.fromCache ?? false,
    now,
  };
}

/** The steps the verdict still waits for (each within its time limit). */
export const verdictPending = (r: TabReport) => VERDICT_STEPS.filter((k) => !settled(r[k]));

// The toolbar badge follows the popup's verdict once every step of it has ended: the same
// function, the same object as the screen and the exports.
let badged: unknown = null;
usePopup.subscribe((s) => {
  const r = s.report;
  if (!r || !r.snapshot.inspectable.ok || verdictPending(r).length || badged === r.snapshot) return;
  badged = r.snapshot;
  const verdict = indexabilityVerdict(verdictInput(r, Date.now())).verdict;
  void sendToBackground('showVerdictBadge', { tabId: r.tabId, verdict, robotsKnown: r.robots.value !== null }).catch(() => undefined);
});
