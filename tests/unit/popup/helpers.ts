// A tab, its response and a fake messenger for driving the popup's gathering without a browser.
import type { MainFrameRecord, PageFacts, Header } from '../../../lib/core/types';
import type { RobotsReport } from '../../../lib/robots/types';
import type { PageSignals, TagInfo } from '../../../lib/indexability/types';
import { analyzeBytes, describeRead, type BytesPageReport } from '../../../lib/bytes';
import type { BackgroundProtocol, ContentProtocol, TabSnapshot } from '../../../utils/protocol';
import type { Clock, PopupMessenger, ReportSlot } from '../../../entrypoints/popup/report/gather';
import type { TabReport } from '../../../entrypoints/popup/report/types';

export const ORIGIN = 'https://shop.example';
export const PAGE = `${ORIGIN}/products/blue.html`;
export const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);

export const h = (name: string, value: string): Header => ({ name, value });

export function record(over: Partial<MainFrameRecord> = {}): MainFrameRecord {
  return {
    tabId: 7,
    requestedUrl: PAGE,
    url: PAGE,
    statusCode: 200,
    statusLine: 'HTTP/1.1 200 OK',
    headers: [h('Content-Type', 'text/html; charset=utf-8'), h('Content-Length', '4388')],
    redirects: [],
    ip: '192.0.2.10',
    fromCache: false,
    completedAt: T0,
    error: null,
    complete: true,
    ...over,
  };
}

export function facts(over: Partial<PageFacts> = {}, nav: Partial<NonNullable<PageFacts['navigation']>> = {}): PageFacts {
  return {
    url: PAGE,
    loadedUrl: PAGE,
    title: 'Blue',
    characterSet: 'UTF-8',
    contentType: 'text/html',
    navigation: { responseStatus: 200, decodedBodySize: 4388, encodedBodySize: 4388, transferSize: 4688, contentEncoding: null, type: 'navigate', deliveryType: null, ...nav },
    ...over,
  };
}

export function snapshot(over: Partial<TabSnapshot> = {}): TabSnapshot {
  return { tabId: 7, url: PAGE, title: 'Blue', inspectable: { ok: true }, record: record(), arriving: null, tabStatus: 'complete', facts: facts(), ...over };
}

/** The headers and document of a Chrome PDF tab: the viewer's 601-byte page is what the page script sees. */
export function pdfTab(size: number, withPageScript: boolean): TabSnapshot {
  const url = `${ORIGIN}/docs/manual.pdf`;
  const rec = record({ url, requestedUrl: url, headers: [h('Content-Type', 'application/pdf'), h('Content-Length', String(size))] });
  const f = facts({ url, loadedUrl: url, title: '', characterSet: 'windows-1252', contentType: 'application/pdf' }, { decodedBodySize: 601, encodedBodySize: 0, transferSize: 300 });
  return snapshot({ url, record: rec, facts: withPageScript ? f : null });
}

/** robots.txt as the background answers it, from the file's text. */
export function robotsReport(body: string, over: Partial<RobotsReport> = {}): RobotsReport {
  return {
    origin: ORIGIN,
    robotsUrl: `${ORIGIN}/robots.txt`,
    fetchedAt: T0,
    durationMs: 20,
    fromCache: false,
    hops: [],
    finalUrl: `${ORIGIN}/robots.txt`,
    status: 200,
    contentType: 'text/plain',
    bytes: body.length,
    totalBytes: null,
    truncated: false,
    outcome: { kind: 'parse', code: 'parsed', params: [] },
    warnings: [],
    body,
    ...over,
  };
}

export const tag = (tagName: TagInfo['tag'], attrs: Record<string, string>): TagInfo => ({ tag: tagName, attrs, inBody: false });

export function signals(where: 'served' | 'live', tags: TagInfo[] = [], url = PAGE): PageSignals {
  return { where, url, tags, title: 'Blue', h1: 'Blue', textLength: 1200, bytesRead: where === 'served' ? 4388 : null, truncated: false };
}

/** The byte analysis a page script (or the background) answers for a body of `total` bytes, `kept` of them read. */
export async function bytesPage(opts: { total: number; headerBytes: number; limit: number; mediaType: string; source?: 'page' | 'background'; url?: string }): Promise<BytesPageReport> {
  const keep = Math.min(opts.total, opts.limit + 1024 * 1024);
  const body = new Uint8Array(keep).fill(0x25);
  const report = await analyzeBytes({ body, totalBodyBytes: opts.total, headerBytes: opts.headerBytes, charset: 'windows-1252', limit: opts.limit, mediaType: opts.mediaType });
  const read = describeRead({ fetchedBytes: opts.total, keptBytes: keep, status: 200, capped: false, source: opts.source ?? 'page', nav: null, mediaType: opts.mediaType, ms: 3 });
  return { url: opts.url ?? PAGE, mediaType: opts.mediaType, read, report, placement: { firstPastCut: 'none', unplacedItems: 0 }, analysisMs: 1 };
}

/** A clock the test moves: timers fire only in advance(). */
export class ManualClock implements Clock {
  t = T0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  now = () => this.t;
  after = (ms: number, fn: () => void) => {
    const id = this.seq++;
    this.timers.push({ at: this.t + ms, fn, id });
    return () => {
      this.timers = this.timers.filter((x) => x.id !== id);
    };
  };
  /** Timers still waiting. */
  get waiting() {
    return this.timers.length;
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}

/** Lets every pending promise chain run (macrotask turns, not a timer of the clock). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
}

type BgAnswers = { [K in keyof BackgroundProtocol]?: (req: BackgroundProtocol[K]['req']) => BackgroundProtocol[K]['res'] | Promise<BackgroundProtocol[K]['res']> };
type TabAnswers = { [K in keyof ContentProtocol]?: (req: ContentProtocol[K]['req']) => ContentProtocol[K]['res'] | Promise<ContentProtocol[K]['res']> };

export interface Call {
  to: 'background' | 'tab';
  type: string;
  data: unknown;
}

/** A messenger that answers from `bg` and `tab`, records every call in order, and fails a call nobody answers. */
export function fakeMessenger(bg: BgAnswers, tab: TabAnswers = {}, limit = 2_097_152) {
  const calls: Call[] = [];
  const clock = new ManualClock();
  const answer = async (to: Call['to'], table: Record<string, ((req: never) => unknown) | undefined>, type: string, data: unknown) => {
    calls.push({ to, type, data });
    const fn = table[type];
    if (!fn) throw new Error(`no answer to ${type}`);
    return fn(data as never);
  };
  const messenger: PopupMessenger = {
    toBackground: (type, data) => answer('background', bg as never, type, data) as never,
    toTab: (_tabId, type, data) => answer('tab', tab as never, type, data) as never,
    clock,
    settings: { bytesLimit: async () => limit },
  };
  return { messenger, calls, clock, types: () => calls.map((c) => `${c.to === 'tab' ? 'tab:' : ''}${c.type}${c.type === 'getIndexSignals' ? `:${(c.data as { where: string }).where}` : ''}`) };
}

/** The store's part, reduced to its one report. */
export function memorySlot(): ReportSlot & { report: TabReport | null; sets: number } {
  return {
    report: null,
    sets: 0,
    get() {
      return this.report;
    },
    set(r) {
      this.report = r;
      this.sets++;
    },
  };
}

/** A promise the test resolves when it wants. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
