// State of the popup report's own work (indexability verdict, caching probe, export): each
// step runs once per popup, in parallel, and the verdict is recomputed as each one lands.
import { create } from 'zustand';
import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { sendToBackground, sendToTab } from '../utils/messaging';
import { mediaType, headerValue } from '../lib/core/headers';
import { evaluateIndexability, parseReport, robotsInputFrom, type IndexabilityResult, type PageSignals } from '../lib/indexability';
import { lintValidators, planProbes, type ProbeResult, type ValidatorLint } from '../lib/caching';
import type { ParsedRobotsTxt, RobotsReport } from '../lib/robots/types';
import type { Translate } from '../lib/report';

export interface Step<T> {
  status: 'idle' | 'running' | 'done' | 'failed' | 'skipped';
  value: T | null;
  error: string | null;
}
const idle = <T,>(): Step<T> => ({ status: 'idle', value: null, error: null });

export type StepName = 'live' | 'served' | 'robots';

interface VerdictState {
  snapshot: TabSnapshot | null;
  live: Step<PageSignals>;
  served: Step<PageSignals>;
  robots: Step<{ report: RobotsReport; parsed: ParsedRobotsTxt | null }>;
  probes: Step<ProbeResult[]>;
  withCookies: boolean;
  start: (snapshot: TabSnapshot) => void;
  probe: (withCookies: boolean) => Promise<void>;
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const pageUrlOf = (s: TabSnapshot): string => s.record?.url ?? s.facts?.url ?? s.url ?? '';

/** Is the tab's document HTML (or unknown)? Only then is there a DOM worth reading. */
export function isHtmlSnapshot(s: TabSnapshot): boolean {
  const ct = (s.record && headerValue(s.record.headers, 'content-type')) ?? s.facts?.contentType ?? null;
  const mt = mediaType(ct);
  return mt === null || mt === 'text/html' || mt === 'application/xhtml+xml';
}

export function lintOf(s: TabSnapshot): ValidatorLint | null {
  return s.record ? lintValidators(s.record.headers, Date.now()) : null;
}

export const useVerdict = create<VerdictState>((set, get) => {
  const run = async <K extends 'live' | 'served' | 'robots' | 'probes'>(
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
    live: idle(),
    served: idle(),
    robots: idle(),
    probes: idle(),
    withCookies: false,
    start: (snapshot) => {
      if (get().snapshot === snapshot) return;
      set({ snapshot, live: idle(), served: idle(), robots: idle(), probes: idle() });
      const url = pageUrlOf(snapshot);
      if (isHtmlSnapshot(snapshot) && snapshot.facts) {
        void run('live', () => sendToTab(snapshot.tabId, 'getIndexSignals', { where: 'live' }));
        void run('served', () => sendToTab(snapshot.tabId, 'getIndexSignals', { where: 'served' }));
      } else {
        const skipped = { status: 'skipped' as const, value: null, error: null };
        set({ live: skipped, served: skipped });
      }
      void run('robots', async () => {
        const report = await sendToBackground('getRobots', { url });
        return { report, parsed: parseReport(report) };
      });
      void get().probe(false);
    },
    probe: async (withCookies) => {
      const snapshot = get().snapshot;
      if (!snapshot) return;
      set({ withCookies });
      const lint = lintOf(snapshot);
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
  live: PageSignals | null,
  served: PageSignals | null,
  robots: { report: RobotsReport; parsed: ParsedRobotsTxt | null } | null,
  now: number,
): IndexabilityResult {
  const r = snapshot.record;
  const base = {
    url: pageUrlOf(snapshot),
    status: r && r.statusCode ? { code: r.statusCode, line: r.statusLine } : snapshot.facts?.navigation?.responseStatus ? { code: snapshot.facts.navigation.responseStatus, line: '' } : null,
    headers: r ? r.headers : null,
    redirects: r?.redirects ?? [],
    served,
    live,
    robots: null,
    bytes: null,
    now,
  };
  const first = evaluateIndexability(base);
  if (!robots) return first;
  return evaluateIndexability({ ...base, robots: robotsInputFrom(robots.report, robots.parsed, base.url, first.canonical) });
}

/** lib/ results carry codes; this turns them into the UI language. */
export const translate: Translate = (key, params) => i18n.t(key as never, (params ?? []) as never);

export const stepsPending = (s: Pick<VerdictState, 'live' | 'served' | 'robots'>): StepName[] =>
  (['live', 'served', 'robots'] as const).filter((k) => s[k].status === 'idle' || s[k].status === 'running');
