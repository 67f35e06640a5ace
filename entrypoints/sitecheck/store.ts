// The site check page's one store: it runs lib/sitecheck with a fetcher that goes through the
// background (the only code of this page that sends messages), and keeps what the page shows —
// one small row per URL — and the reports for the JSON Lines export (as text, not as objects).
import { create } from 'zustand';
import { browser } from 'wxt/browser';
import { tDynamic } from '#i18n';
import { base64ToBytes } from '../../lib/core/base64';
import { sendToBackground } from '../../utils/messaging';
import type { HopFetcher, HopReply } from '../../lib/crawl';
import { bytesLimit } from '../../utils/settings';
import {
  rowsToCsv,
  siteRow,
  startSiteCheck,
  worstFirst,
  type SiteAgent,
  type SiteCheck,
  type SiteCheckProgress,
  type SiteRow,
  type SitemapProblem,
  type SitemapStatus,
} from '../../lib/sitecheck';

let seq = 0;
/** One request through the background (sitecheckHop); the body arrives piece by piece (sitecheckRead) as it is read. */
const backgroundHop: HopFetcher = async (url, { userAgent, signal }) => {
  if (signal.aborted) throw new Error('aborted');
  const id = `${Date.now().toString(36)}.${seq++}`;
  const stop = () => void sendToBackground('sitecheckRead', { id, cancel: true }).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  let head: Omit<HopReply, 'body'> & { body: boolean };
  try {
    head = await new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      sendToBackground('sitecheckHop', { id, url, userAgent }).then(resolve, reject);
    });
  } catch (err) {
    signal.removeEventListener('abort', stop);
    throw err;
  }
  if (!head.body) signal.removeEventListener('abort', stop);
  const body = head.body
    ? new ReadableStream<Uint8Array>(
        {
          async pull(ctl) {
            const r = await sendToBackground('sitecheckRead', { id });
            if (r.chunk) ctl.enqueue(base64ToBytes(r.chunk));
            if (r.done) {
              signal.removeEventListener('abort', stop);
              ctl.close();
            }
          },
          cancel() {
            signal.removeEventListener('abort', stop);
            stop();
          },
        },
        { highWaterMark: 0 },
      )
    : null;
  return { status: head.status, statusLine: head.statusLine, headers: head.headers, body };
};

export type Phase = 'idle' | 'running' | 'paused' | 'done' | 'cancelled';

interface SiteCheckPage {
  /** The origin the page was opened for (from ?url=), or null. */
  site: string | null;
  sitemap: string;
  agent: SiteAgent;
  concurrency: number;
  limit: number;
  phase: Phase;
  progress: SiteCheckProgress | null;
  /** Rows as they arrive (the view sorts them worst first). */
  rows: SiteRow[];
  sitemaps: SitemapStatus[];
  problems: SitemapProblem[];
  errors: { url: string; error: string }[];
  inputError: string | null;
  permission: { origin: string; denied: boolean } | null;
  init: (url: string | null) => Promise<void>;
  set: (change: Partial<Pick<SiteCheckPage, 'sitemap' | 'agent' | 'concurrency'>>) => void;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  exportCsv: () => string;
  exportJsonl: () => string;
}

let check: SiteCheck | null = null;
/** Every report of the run, as a JSON line: the export, never re-rendered. */
let lines: string[] = [];

export const useSiteCheck = create<SiteCheckPage>((set, get) => {
  let pending: SiteRow[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  // Rows are handed to React in batches: 10,000 results are not 10,000 renders.
  const flush = () => {
    flushTimer = null;
    if (!pending.length) return;
    const add = pending;
    pending = [];
    set({ rows: [...get().rows, ...add] });
  };

  return {
    site: null,
    sitemap: '',
    agent: 'smartphone',
    concurrency: 2,
    limit: 2_097_152,
    phase: 'idle',
    progress: null,
    rows: [],
    sitemaps: [],
    problems: [],
    errors: [],
    inputError: null,
    permission: null,
    init: async (url) => {
      let site: string | null = null;
      try {
        const u = new URL(url ?? '');
        if (u.protocol === 'http:' || u.protocol === 'https:') site = u.origin;
      } catch {
        site = null;
      }
      set({ site, limit: await bytesLimit.getValue() });
    },
    set: (change) => set(change),
    start: async () => {
      const { site, sitemap, agent, concurrency, limit, phase } = get();
      if (!site || phase === 'running' || phase === 'paused') return;
      const given = sitemap.trim();
      if (given) {
        let ok = false;
        try {
          ok = /^https?:$/.test(new URL(given).protocol);
        } catch {
          ok = false;
        }
        if (!ok) return set({ inputError: given });
      }
      // Must run in the click (a user gesture) for the browser to show its prompt. Chrome grants
      // <all_urls> at install; Firefox asks.
      const origins = [`${site}/*`, ...(given ? [`${new URL(given).origin}/*`] : [])];
      const allowed = await browser.permissions.contains({ origins }).catch(() => false);
      if (!allowed && !(await browser.permissions.request({ origins }).catch(() => false))) {
        return set({ permission: { origin: site, denied: true } });
      }
      lines = [];
      pending = [];
      set({ phase: 'running', progress: null, rows: [], sitemaps: [], problems: [], errors: [], inputError: null, permission: null });
      check = startSiteCheck({
        fetchHop: backgroundHop,
        site,
        sitemaps: given ? [given] : [],
        agent,
        concurrency,
        limit,
        translate: tDynamic,
        generator: `Crawlscope ${browser.runtime.getManifest().version}`,
        onReport: (report) => {
          lines.push(JSON.stringify(report));
          pending.push(siteRow(report));
          flushTimer ??= setTimeout(flush, 150);
        },
        onProgress: (progress) => set({ progress, phase: progress.state }),
        onSitemap: (s) => set({ sitemaps: [...get().sitemaps, { ...s }] }),
      });
      const summary = await check.done;
      flush();
      set({ progress: summary.progress, phase: summary.progress.state, problems: summary.problems, errors: summary.errors, sitemaps: summary.sitemaps.map((s) => ({ ...s })) });
    },
    pause: () => check?.pause(),
    resume: () => check?.resume(),
    cancel: () => check?.cancel(),
    exportCsv: () => rowsToCsv([...get().rows, ...pending].sort(worstFirst)),
    exportJsonl: () => (lines.length ? lines.join('\n') + '\n' : ''),
  };
});
