import { headerValue, headerValues, mediaType, readCapped, decodeText, followAbort, type Header } from '../core';
import { countHeaderBytes, followRedirects, noHash, PAGE_REDIRECTS, robotsTxtUrl, type HopFetcher, type HopReply, type RobotsReader, type RobotsReport } from '../crawl';
import { findCutoff, DEFAULT_LIMIT, sniffCharset } from '../bytes';
import { evaluateReportForGoogle, parseRobotsReport, type ParsedRobotsTxt } from '../robots';
import { ruleText, parseRobotsDirectives } from '../indexability';
import { googlebotRules, robotsApplies, type RenderRules } from './renderRules';
import { findScriptsInBytes, type ScriptInSource } from './findScripts';
import { isHtml } from '../html';
import { RENDER_IDLE_MS, RENDER_TIME_LIMIT_MS, RENDER_VIEWPORTS, type RenderViewport } from './renderPolicy';
import { renderSnapshot } from './renderSnapshot';
import type { RenderAgent, RenderConsoleEntry, RenderPageEvents, RenderResource, RenderResult, RenderSnapshot, StoppedBecause } from './types';

// What every browser's render shares, whatever drives the page (the DevTools protocol in Chrome and
// on the command line, blocking webRequest in Firefox): the document fetched as Googlebot and cut,
// robots.txt per request, the served noindex, the wait for a quiet network or the time limit, and
// the result with its differences.

export interface RenderOptions {
  url: string;
  agent: RenderAgent;
  userAgent: string;
  /** Every request of the render goes through it, as Googlebot: no cookies, no redirect following. */
  fetchHop: HopFetcher;
  /** robots.txt for each origin the render asks (Google's fetch rules and cache). */
  robots: RobotsReader;
  /** The document's byte limit, headers included (default 2,097,152). */
  limit?: number;
  /** Googlebot's rules (the default, from `userAgent`), one of them lifted, or a visitor's: lib/render/renderRules. */
  rules?: RenderRules;
  /** Render even when the served page says noindex or answers other than 200 (Google would not). */
  force?: boolean;
  /** Cancels the render: it ends with what it has ('cancelled'). */
  signal?: AbortSignal;
  timeLimitMs?: number;
  idleMs?: number;
  screenshot?: boolean;
  /** Names the render's own IndexedDB databases and caches (deleted at the end). */
  renderId?: string;
  now?: () => number;
  onProgress?: (p: { requests: number; inFlight: number; elapsedMs: number; phase: 'document' | 'rendering' | 'snapshot' }) => void;
}

export interface RenderOutput {
  result: RenderResult;
  /** A JPEG of the whole rendered page at the agent's viewport (base64), when asked and rendered. */
  screenshot: string | null;
  /** What the comparison reads beside the result: the document as read whole, and its scripts past the cut. */
  evidence?: RenderEvidence;
}

/** The served document beyond what the page was given: the whole of it as read (up to RENDER_DOCUMENT_CAP), and where its scripts past the cut start. */
export interface RenderEvidence {
  /** The document's body as read, whole (for Googlebot's render, past the cut too). */
  wholeBytes: Uint8Array | null;
  /** What a reader of all of it finds (read on first use: most comparisons need only one side's). */
  servedWhole: () => RenderSnapshot | null;
  /** The body bytes read (at most RENDER_DOCUMENT_CAP), and whether that is all of it. */
  readBytes: number;
  readWhole: boolean;
  /** Scripts of the document at or past the cut, with their byte offsets. */
  pastCut: ScriptInSource[];
}

/** A document is read up to this many bytes: all a visitor's render is given, and all a comparison looks for past the cut. */
export const RENDER_DOCUMENT_CAP = 16 * 1024 * 1024;

/** What every render's own storage names start with; the cleanup deletes everything under it. */
export const RENDER_STORAGE_FAMILY = 'crawlscope-render:';
/** Console entries kept per render. */
export const MAX_CONSOLE = 200;
const MAX_RESOURCES = 2000;
const DOCUMENT_TIMEOUT_MS = 10_000;
/** Request headers a page's script may set that are passed on (never Cookie, never the agent's own). */
export const PASS_HEADERS = /^(accept|content-type|x-[a-z0-9-]+|authorization|range|if-none-match|if-modified-since)$/i;
/** Response headers not given back to the page: cookies never reach it; the body is already decoded. */
export const DROP_HEADERS = /^(set-cookie2?|content-encoding|content-length|transfer-encoding|connection|keep-alive)$/i;

export type RobotsVerdict = { allowed: boolean; robotsUrl: string; line: number | null; rule: string | null };

/** A render's page events before anything happened. */
export const noPageEvents = (): RenderPageEvents => ({ dialogs: [], opened: [], windowsClosed: 0, beforeunload: 0, userAgentReads: 0, scriptStopped: false, navigations: [], snapshotAtMs: null });

/** A navigation of the main frame the page started (a JavaScript redirect), as the render answers it. */
export type NavigationAnswer =
  | { outcome: 'followed'; url: string; reply: HopReply; kept: Uint8Array }
  | { outcome: 'blocked-robots' | 'too-many' | 'failed'; url: string };

/** Googlebot's robots.txt verdict per URL, each origin's file read and parsed once per render. */
export function robotsVerdicts(reader: RobotsReader): (url: string) => Promise<RobotsVerdict> {
  const files = new Map<string, Promise<{ report: RobotsReport; parsed: ParsedRobotsTxt | null }>>();
  return async (url) => {
    const origin = robotsTxtUrl(url)?.origin ?? url;
    let file = files.get(origin);
    if (!file) files.set(origin, (file = reader.get(url).then((report) => ({ report, parsed: parseRobotsReport(report) }))));
    const { report, parsed } = await file;
    const v = evaluateReportForGoogle(report, url, parsed ?? undefined).find((x) => x.token === 'Googlebot')!;
    return { allowed: v.allowed, robotsUrl: report.robotsUrl, line: v.line, rule: ruleText(v.rule) };
  };
}

/** The served noindex Google sees before any script runs: a robots/googlebot meta tag, or X-Robots-Tag for Googlebot. */
export function servedNoindex(snapshot: RenderSnapshot | null, headers: readonly Header[]): string | null {
  for (const value of headerValues(headers, 'x-robots-tag')) {
    const hit = parseRobotsDirectives(value, true).find((d) => (d.scope === null || d.scope === 'googlebot') && (d.name === 'noindex' || d.name === 'none'));
    if (hit) return `X-Robots-Tag: ${value}`;
  }
  const meta = snapshot?.robots.find((r) => /^(robots|googlebot):/i.test(r) && /(^|[\s,:])(noindex|none)(\s|,|$)/i.test(r.slice(r.indexOf(':') + 1)));
  return meta ?? null;
}

/** The reason phrase of a status line ("OK" of "HTTP/1.1 200 OK"). */
export const responsePhrase = (statusLine: string) => statusLine.replace(/^HTTP\/[\d.]+\s+\d+\s*/, '').trim();

/** The document as Googlebot fetched it: what the render's page is given, and what lies past the cut. */
export interface RenderDocument {
  finalUrl: string;
  reply: HopReply;
  /** The body bytes the page is given (the first 2 MB, headers included). */
  kept: Uint8Array;
  bodyBytes: number;
  headerBytes: number;
  cutAt: number | null;
  charset: string;
  /** Scripts past the cut: they never run for Google. */
  pastCut: ScriptInSource[];
}

/** One render under way: the parts every browser's driver shares. */
export interface RenderRun {
  readonly opts: RenderOptions;
  readonly started: number;
  now(): number;
  readonly viewport: RenderViewport;
  readonly timeLimitMs: number;
  readonly idleMs: number;
  /** The render's own storage prefix (pageShims). */
  readonly prefix: string;
  /** Aborts with the user's cancel and when the render ends (requests still under way stop). */
  readonly signal: AbortSignal;
  readonly resources: RenderResource[];
  readonly consoleEntries: RenderConsoleEntry[];
  /** Googlebot's robots.txt verdict for a URL (each URL asked once). */
  robots(url: string): Promise<RobotsVerdict>;
  record(r: RenderResource): void;
  progress(phase: 'document' | 'rendering' | 'snapshot', inFlight?: number): void;
  /** The document as Googlebot fetches it, or the render's end when there is nothing to render (robots.txt, noindex, an error). */
  fetchDocument(): Promise<RenderDocument | RenderOutput>;
  /**
   * Resolves with why the render stops: quiet network `idleMs` after the load event and a page
   * that answers (`responsive`, when given: false while a script of the page is still running),
   * the time limit, or the user's cancel.
   */
  waitForEnd(state: () => { loaded: boolean; inFlight: number; lastActivity: number }, responsive?: () => Promise<boolean>): Promise<StoppedBecause>;
  /** The viewport the page really got, where the browser cannot emulate the agent's exactly (Firefox: the window's content area). */
  noteViewport(width: number, height: number): void;
  /** Stops the requests still under way (the render has ended). */
  stopRequests(): void;
  /** An error of the render's own (the page could not be driven). */
  fail(error: string): void;
  /**
   * A main-frame navigation the page started after its document (location = …, a meta refresh, a
   * form): Google follows JavaScript redirects, so it is fetched as the document was — robots.txt
   * first, one hop at a time (the browser asks again for a redirect's target), its body cut at the
   * limit with its headers — up to PAGE_REDIRECTS' hops; each is noted in the result.
   */
  fetchNavigation(url: string): Promise<NavigationAnswer>;
  /** Notes what the page did (dialogs, windows, a stopped script…) in the result. */
  notePage(events: Partial<RenderPageEvents>): void;
  readonly page: RenderPageEvents;
  /** What this render applies: Googlebot's rules, one lifted, or a visitor's. */
  readonly rules: RenderRules;
  /** The result: what the page had become (null when it could not be read), with the differences. */
  finish(stopped: StoppedBecause, rendered: RenderSnapshot | null, screenshot: string | null): RenderOutput;
}

export function startRender(opts: RenderOptions): RenderRun {
  const now = opts.now ?? Date.now;
  const started = now();
  const viewport = RENDER_VIEWPORTS[opts.agent];
  const timeLimitMs = opts.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const idleMs = opts.idleMs ?? RENDER_IDLE_MS;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const prefix = `${RENDER_STORAGE_FAMILY}${opts.renderId ?? String(started)}:`;
  const resources: RenderResource[] = [];
  const consoleEntries: RenderConsoleEntry[] = [];
  const abort = new AbortController();
  // The caller's signal (a site check's run, which outlives many renders) ends the render too.
  followAbort(opts.signal, abort);
  const signal = abort.signal;
  const rules = opts.rules ?? googlebotRules(opts.userAgent);
  const userAgent = rules.userAgent;
  let pastCut: ScriptInSource[] = [];
  const evidence: RenderEvidence = { wholeBytes: null, servedWhole: () => null, readBytes: 0, readWhole: true, pastCut: [] };
  /** Computed once, on first use. */
  const once = <T>(f: () => T): (() => T) => {
    let done = false;
    let v: T;
    return () => {
      if (!done) {
        v = f();
        done = true;
      }
      return v;
    };
  };
  const base: Omit<RenderResult, 'stoppedBecause' | 'durationMs'> = {
    url: opts.url,
    finalUrl: noHash(opts.url),
    agent: opts.agent,
    userAgent,
    renderedAt: started,
    skippedNoindex: false,
    forced: !!opts.force,
    document: null,
    served: null,
    rendered: null,
    visitor: null,
    browser: null,
    resources,
    console: consoleEntries,
    differences: [],
    experiments: [],
    limits: { timeMs: timeLimitMs, idleMs, viewport: { width: viewport.width, height: viewport.height, mobile: viewport.mobile } },
    page: noPageEvents(),
    error: null,
  };
  const end = (stoppedBecause: StoppedBecause, extra: Partial<RenderResult> = {}): RenderOutput => {
    abort.abort();
    return { result: { ...base, ...extra, stoppedBecause, durationMs: now() - started }, screenshot: null, evidence };
  };
  const progress = (phase: 'document' | 'rendering' | 'snapshot', inFlight = 0) =>
    opts.onProgress?.({ requests: resources.length, inFlight, elapsedMs: now() - started, phase });
  const googlebotRobots = robotsVerdicts(opts.robots);
  const robotsCache = new Map<string, Promise<RobotsVerdict>>();
  const robots = (u: string) => {
    let p = robotsCache.get(u);
    if (!p) robotsCache.set(u, (p = googlebotRobots(u)));
    return p;
  };

  async function fetchDocument(): Promise<RenderDocument | RenderOutput> {
    progress('document');
    let finalUrl = noHash(opts.url);
    const docCtl = new AbortController();
    const docTimer = setTimeout(() => docCtl.abort(), DOCUMENT_TIMEOUT_MS);
    const docSignal = AbortSignal.any([docCtl.signal, signal]);
    let doc: RenderDocument;
    try {
      const first = robotsApplies(rules, finalUrl) ? await robots(finalUrl) : null;
      if (first && !first.allowed) {
        resources.push({ url: finalUrl, kind: 'document', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: first, error: null });
        return end('robots-blocked');
      }
      const blocks = new Map<string, RobotsVerdict>();
      const got = await followRedirects(finalUrl, opts.fetchHop, {
        policy: PAGE_REDIRECTS,
        request: { userAgent, signal: docSignal },
        beforeHop: async (u) => {
          if (u === finalUrl || !robotsApplies(rules, u)) return true;
          const r = await robots(u);
          if (!r.allowed) blocks.set(u, r);
          return r.allowed;
        },
      });
      if (got.stop?.code === 'refused') {
        resources.push({ url: got.stop.url, kind: 'document', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: blocks.get(got.stop.url) ?? null, error: null });
        return end('robots-blocked', { finalUrl: got.stop.url });
      }
      if (!got.reply) return end('error', { error: got.stop?.code ?? 'no response' });
      const reply = got.reply;
      finalUrl = got.finalUrl;
      const read = await readDocument(reply, docSignal);
      if (read.error !== null) return end('error', { finalUrl, error: read.error });
      const { headerBytes, cutAt, charset, kept } = read;
      // What lies past the cut: its scripts never run for Google.
      pastCut = cutAt === null ? [] : findScriptsInBytes(read.whole, charset, finalUrl).filter((s) => s.byte >= cutAt);
      evidence.pastCut = pastCut;
      evidence.readBytes = read.whole.length;
      evidence.readWhole = read.whole.length >= read.bodyBytes;
      evidence.wholeBytes = read.whole;
      const isHtmlDoc = isHtml(mediaType(headerValue(reply.headers, 'content-type')));
      const docUrl = finalUrl;
      const whole = read.whole;
      if (isHtmlDoc) evidence.servedWhole = once(() => renderSnapshot(decodeText(whole, charset), docUrl));
      doc = { finalUrl, reply, kept, bodyBytes: read.bodyBytes, headerBytes, cutAt, charset, pastCut };
    } catch (err) {
      if (opts.signal?.aborted) return end('cancelled');
      return end('error', { finalUrl, error: docCtl.signal.aborted ? 'timeout' : err instanceof Error ? err.message : String(err) });
    } finally {
      clearTimeout(docTimer);
    }
    const servedIsHtml = isHtml(mediaType(headerValue(doc.reply.headers, 'content-type')));
    // A visitor's render needs its document's facts only for the comparison, and only when its
    // bytes are not Googlebot's: read then, if ever.
    const docUrl = doc.finalUrl;
    const keptBytes = doc.kept;
    const charset = doc.charset;
    const readServed = () => (servedIsHtml ? renderSnapshot(decodeText(keptBytes, charset), docUrl) : null);
    const served = rules.as === 'googlebot' ? readServed() : null;
    if (doc.cutAt === null) evidence.servedWhole = rules.as === 'googlebot' ? () => served : once(readServed);
    const noindex = servedNoindex(served, doc.reply.headers);
    base.finalUrl = doc.finalUrl;
    base.served = served;
    base.document = { status: doc.reply.status, headerBytes: doc.headerBytes, bodyBytes: doc.bodyBytes, limit, cutAt: doc.cutAt, noindex };
    resources.push({ url: doc.finalUrl, kind: 'document', method: 'GET', outcome: doc.cutAt === null ? 'loaded' : 'cut', status: doc.reply.status, bytes: doc.bodyBytes, keptBytes: doc.kept.length, robots: null, error: null });
    // Google does not render a page whose HTML says noindex, or that does not answer 200; a
    // visitor's render (and an experiment, once Googlebot's has run) renders it all the same.
    if (rules.as === 'googlebot' && noindex && !opts.force) return end('noindex', { skippedNoindex: true });
    if (rules.as === 'googlebot' && doc.reply.status !== 200 && !opts.force) return end('error', { error: `HTTP ${doc.reply.status}` });
    base.skippedNoindex = !!noindex;
    return doc;
  }

  /** A document's body read (up to the limit and KEEP_PAST_LIMIT past it) and cut as Googlebot cuts it, headers included. */
  async function readDocument(reply: HopReply, sig: AbortSignal) {
    const headerBytes = countHeaderBytes(reply.statusLine, reply.headers, reply.status);
    const read = await readCapped(reply.body, { keep: RENDER_DOCUMENT_CAP, countCap: RENDER_DOCUMENT_CAP, signal: sig });
    const charset = sniffCharset(headerValue(reply.headers, 'content-type'), read.bytes);
    const cut = rules.cutDocument ? findCutoff({ body: read.bytes, headerBytes, charset, limit, totalBodyBytes: read.total }) : null;
    const cutAt = cut?.truncated ? cut.bodyBytesKept : null;
    return {
      headerBytes,
      charset,
      cutAt,
      whole: read.bytes,
      kept: cutAt === null ? read.bytes : read.bytes.subarray(0, cutAt),
      bodyBytes: read.total,
      error: read.end === 'error' ? (read.error ?? 'read error') : null,
    };
  }

  async function fetchNavigation(raw: string): Promise<NavigationAnswer> {
    const url = noHash(raw);
    const note = (a: NavigationAnswer): NavigationAnswer => {
      base.page.navigations.push({ url, outcome: a.outcome });
      return a;
    };
    if (base.page.navigations.filter((n) => n.outcome === 'followed').length >= PAGE_REDIRECTS.maxHops) return note({ outcome: 'too-many', url });
    try {
      const verdict = robotsApplies(rules, url) ? await robots(url) : null;
      if (verdict && !verdict.allowed) {
        resources.push({ url, kind: 'document', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: verdict, error: null });
        return note({ outcome: 'blocked-robots', url });
      }
      const reply = await opts.fetchHop(url, { userAgent, signal });
      const doc = await readDocument(reply, signal);
      resources.push({ url, kind: 'document', method: 'GET', outcome: doc.cutAt === null ? 'loaded' : 'cut', status: reply.status, bytes: doc.bodyBytes, keptBytes: doc.kept.length, robots: null, error: doc.error });
      return note({ outcome: 'followed', url, reply, kept: doc.kept });
    } catch (err) {
      resources.push({ url, kind: 'document', method: 'GET', outcome: 'failed', status: null, bytes: null, keptBytes: null, robots: null, error: err instanceof Error ? err.message : String(err) });
      return note({ outcome: 'failed', url });
    }
  }

  function waitForEnd(state: () => { loaded: boolean; inFlight: number; lastActivity: number }, responsive?: () => Promise<boolean>): Promise<StoppedBecause> {
    return new Promise<StoppedBecause>((resolve) => {
      // A quiet network is not enough: a page whose script is still running (a long computation,
      // a loop that never returns) is not done. `responsive` asks the page; while it does not
      // answer, the render waits on — up to the time limit.
      let probing = false;
      let ended = false;
      const quiet = () => {
        const s = state();
        return s.loaded && s.inFlight === 0 && now() - s.lastActivity >= idleMs;
      };
      const tick = setInterval(() => {
        if (opts.signal?.aborted) finish('cancelled');
        else if (now() - started >= timeLimitMs) finish('time-limit');
        else if (quiet() && !probing) {
          if (!responsive) return finish('idle');
          probing = true;
          responsive().then(
            (ok) => {
              probing = false;
              if (ok && quiet()) finish('idle');
            },
            () => {
              probing = false;
            },
          );
        }
      }, Math.min(100, idleMs));
      const onAbort = () => finish('cancelled');
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      if (opts.signal?.aborted) finish('cancelled');
      function finish(why: StoppedBecause) {
        if (ended) return;
        ended = true;
        clearInterval(tick);
        opts.signal?.removeEventListener('abort', onAbort);
        resolve(why);
      }
    });
  }

  return {
    opts,
    started,
    now,
    viewport,
    timeLimitMs,
    idleMs,
    prefix,
    signal,
    resources,
    consoleEntries,
    robots,
    record: (r) => {
      if (resources.length < MAX_RESOURCES) resources.push(r);
    },
    progress,
    fetchDocument,
    fetchNavigation,
    waitForEnd,
    page: base.page,
    notePage: (events) => {
      Object.assign(base.page, events);
    },
    noteViewport: (width, height) => {
      base.limits = { ...base.limits, viewport: { ...base.limits.viewport, width, height } };
    },
    stopRequests: () => abort.abort(),
    fail: (error) => {
      base.error = error;
    },
    finish: (stopped, rendered, screenshot) => {
      abort.abort();
      return { result: { ...base, rendered, stoppedBecause: stopped, durationMs: now() - started }, screenshot, evidence };
    },
    rules,
  };
}

/** Is this a RenderDocument (rather than the render's early end)? */
export const isRenderDocument = (x: RenderDocument | RenderOutput): x is RenderDocument => 'kept' in x;
