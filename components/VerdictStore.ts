// State of the popup report's own work (indexability verdict, caching probe, export): each
// step runs once per popup, in parallel, and the verdict is recomputed as each one lands.
import { create } from 'zustand';
import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { sendToBackground, sendToTab } from '../utils/messaging';
import { mediaType, headerValue } from '../lib/core/headers';
import type { MainFrameRecord } from '../lib/core/types';
import { countHeaderBytes, limitFor, type BytesPageReport } from '../lib/bytes';
import { bytesLimit } from '../utils/settings';
import { bytesInputFrom, evaluateIndexability, parseReport, robotsInputFrom, type BytesInput, type CanonicalTargetInput, type IndexabilityResult, type PageSignals } from '../lib/indexability';
import { lintValidators, planProbes, type ProbeResult, type ValidatorLint } from '../lib/caching';
import type { ParsedRobotsTxt, RobotsReport } from '../lib/robots/types';
import type { Translate } from '../lib/report';
import type { ComparisonSummary } from '../lib/compare';

export interface Step<T> {
  status: 'idle' | 'running' | 'done' | 'failed' | 'skipped';
  value: T | null;
  error: string | null;
}
const idle = <T,>(): Step<T> => ({ status: 'idle', value: null, error: null });

export type StepName = 'record' | 'live' | 'served' | 'robots' | 'bytes' | 'canonical';

interface VerdictState {
  snapshot: TabSnapshot | null;
  /** The main-frame record: the snapshot's, or one that arrived after the popup opened. */
  record: Step<MainFrameRecord>;
  live: Step<PageSignals>;
  served: Step<PageSignals>;
  robots: Step<{ report: RobotsReport; parsed: ParsedRobotsTxt | null }>;
  bytes: Step<BytesInput>;
  /** The canonical URL's response, checked once the canonical is known to point elsewhere. */
  canonical: Step<CanonicalTargetInput>;
  probes: Step<ProbeResult[]>;
  /** The last mobile vs desktop comparison of this URL (for the export; value null: none was run). Not a verdict step. */
  compare: Step<ComparisonSummary>;
  /** The byte analysis the verdict ran (over-limit pages), for the byte-budget section to show without reading the page again. */
  bytesPage: BytesPageReport | null;
  withCookies: boolean;
  start: (snapshot: TabSnapshot) => void;
  probe: (withCookies: boolean) => Promise<void>;
  /** Check the canonical URL (null: there is none elsewhere, nothing to check). */
  checkCanonical: (url: string | null) => void;
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const pageUrlOf = (s: TabSnapshot): string => s.record?.url ?? s.facts?.url ?? s.url ?? '';

/** Is the tab's document HTML (or unknown)? Only then is there a DOM worth reading. */
export function isHtmlSnapshot(s: TabSnapshot, record: MainFrameRecord | null = s.record): boolean {
  const ct = (record && headerValue(record.headers, 'content-type')) ?? s.facts?.contentType ?? null;
  const mt = mediaType(ct);
  return mt === null || mt === 'text/html' || mt === 'application/xhtml+xml';
}

export function lintOf(record: MainFrameRecord | null): ValidatorLint | null {
  return record ? lintValidators(record.headers, Date.now()) : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The popup can open before the background stored the response (a page still loading): ask again for ~2 s. */
async function recordOf(snapshot: TabSnapshot): Promise<MainFrameRecord> {
  if (snapshot.record) return snapshot.record;
  for (let i = 0; i < 6; i++) {
    await sleep(300);
    const again = await sendToBackground('getTabSnapshot', { tabId: snapshot.tabId });
    if (again.record) return again.record;
  }
  throw new Error('no record');
}

/**
 * Where Googlebot's byte limit falls. Under the limit (headers + the browser's decoded body size)
 * nothing can be lost, so no analysis runs; otherwise the byte-budget capability finds the cut.
 */
async function bytesOf(snapshot: TabSnapshot, record: MainFrameRecord | null): Promise<{ input: BytesInput; page: BytesPageReport | null }> {
  const ct = (record && headerValue(record.headers, 'content-type')) ?? snapshot.facts?.contentType ?? null;
  const { limit } = limitFor(mediaType(ct), await bytesLimit.getValue());
  const headerBytes = record && !record.error ? countHeaderBytes(record.statusLine, record.headers, record.statusCode) : 0;
  const decoded = snapshot.facts?.navigation?.decodedBodySize || null;
  if (decoded !== null && headerBytes + decoded <= limit) {
    return { input: { limit, headerBytes, bodyBytes: decoded, truncated: false, cutOffset: null, lost: [] }, page: null };
  }
  const page = await sendToTab(snapshot.tabId, 'bytesAnalyze', { headerBytes, limit });
  return { input: bytesInputFrom(page.report), page };
}

export const useVerdict = create<VerdictState>((set, get) => {
  const run = async <K extends 'record' | 'live' | 'served' | 'robots' | 'bytes' | 'canonical' | 'probes'>(
    key: K,
    job: () => Promise<NonNullable<VerdictState[K]['value']>>,
  ) => {
    set({ [key]: { status: 'running', value: null, error: null } } as never);
    try {
      const value = await job();
      set({ [key]: { status: 'done', value, error: null } } as never);
    } catch (e) {
      set({ [key]: { status: 'failed', value: null, error: errText(e) } } as never);
    }
  };
  return {
    snapshot: null,
    record: idle(),
    live: idle(),
    served: idle(),
    robots: idle(),
    bytes: idle(),
    canonical: idle(),
    probes: idle(),
    compare: idle(),
    bytesPage: null,
    withCookies: false,
    start: (snapshot) => {
      if (get().snapshot === snapshot) return;
      set({ snapshot, record: idle(), live: idle(), served: idle(), robots: idle(), bytes: idle(), canonical: idle(), probes: idle(), compare: idle(), bytesPage: null });
      const url = pageUrlOf(snapshot);
      // A storage read in the background, keyed like the popup's comparison section; the verdict does not wait for it.
      const compareUrl = snapshot.facts?.url ?? snapshot.url;
      if (compareUrl) {
        set({ compare: { status: 'running', value: null, error: null } });
        sendToBackground('getCompareSummary', { url: compareUrl }).then(
          (value) => get().snapshot === snapshot && set({ compare: { status: 'done', value, error: null } }),
          (e: unknown) => get().snapshot === snapshot && set({ compare: { status: 'failed', value: null, error: errText(e) } }),
        );
      } else {
        set({ compare: { status: 'skipped', value: null, error: null } });
      }
      void run('robots', async () => {
        const report = await sendToBackground('getRobots', { url });
        return { report, parsed: parseReport(report) };
      });
      void (async () => {
        await run('record', () => recordOf(snapshot));
        const record = get().record.value;
        if (isHtmlSnapshot(snapshot, record) && snapshot.facts) {
          void run('live', () => sendToTab(snapshot.tabId, 'getIndexSignals', { where: 'live' }));
          void run('served', () => sendToTab(snapshot.tabId, 'getIndexSignals', { where: 'served' }));
          void run('bytes', async () => {
            const { input, page } = await bytesOf(snapshot, record);
            if (page && get().snapshot === snapshot) set({ bytesPage: page });
            return input;
          });
        } else {
          const skipped = { status: 'skipped' as const, value: null, error: null };
          set({ live: skipped, served: skipped, bytes: skipped });
        }
        void get().probe(false);
      })();
    },
    checkCanonical: (url) => {
      const c = get().canonical;
      if (url === null) {
        if (c.status === 'idle') set({ canonical: { status: 'skipped', value: null, error: null } });
        return;
      }
      if (c.status === 'running' || (c.value?.url === url && c.status === 'done')) return;
      void run('canonical', () => sendToBackground('checkCanonicalTarget', { url }));
    },
    probe: async (withCookies) => {
      const snapshot = get().snapshot;
      if (!snapshot) return;
      set({ withCookies });
      const lint = lintOf(get().record.value);
      const requests = lint ? planProbes(lint) : [];
      if (!requests.length) {
        set({ probes: { status: 'skipped', value: null, error: null } });
        return;
      }
      await run('probes', () => sendToBackground('probeCaching', { url: pageUrlOf(snapshot), requests, withCookies }));
    },
  };
});

/** The verdict from whatever has arrived so far (robots.txt needs the canonical, hence two passes). */
export function computeVerdict(
  snapshot: TabSnapshot,
  record: MainFrameRecord | null,
  live: PageSignals | null,
  served: PageSignals | null,
  robots: { report: RobotsReport; parsed: ParsedRobotsTxt | null } | null,
  bytes: BytesInput | null,
  now: number,
  canonicalTarget: CanonicalTargetInput | null = null,
): IndexabilityResult {
  const r = record;
  const base = {
    url: record?.url ?? pageUrlOf(snapshot),
    status: r && r.statusCode ? { code: r.statusCode, line: r.statusLine } : snapshot.facts?.navigation?.responseStatus ? { code: snapshot.facts.navigation.responseStatus, line: '' } : null,
    headers: r ? r.headers : null,
    redirects: r?.redirects ?? [],
    served,
    live,
    robots: null,
    bytes,
    canonicalTarget,
    fromCache: r?.fromCache ?? false,
    now,
  };
  const first = evaluateIndexability(base);
  if (!robots) return first;
  return evaluateIndexability({ ...base, robots: robotsInputFrom(robots.report, robots.parsed, base.url, first.canonical) });
}

/** lib/ results carry codes; this turns them into the UI language. */
export const translate: Translate = (key, params) => i18n.t(key as never, (params ?? []) as never);

export const STEPS = ['record', 'live', 'served', 'robots', 'bytes', 'canonical'] as const;

export const stepsPending = (s: Pick<VerdictState, StepName>): StepName[] =>
  STEPS.filter((k) => s[k].status === 'idle' || s[k].status === 'running');
