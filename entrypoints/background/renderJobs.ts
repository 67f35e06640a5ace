import { browser } from 'wxt/browser';
import type { BackgroundHandler, RenderJobState } from '../../utils/protocol';
import { compareChromeVersion, bytesLimit } from '../../utils/settings';
import { googlebotUserAgent } from '../../lib/crawl';
import { engineFromUserAgent, noPageEvents, renderCompared, RENDER_TIME_LIMIT_MS, visitorUserAgent, type RenderPass, type RenderResult } from '../../lib/render';
import { extensionHopFetcher } from './extensionHopFetcher';
import { robotsReader } from './robots';
import { renderPassInChrome } from './renderInChrome';
import { renderPassInFirefox } from './renderInFirefox';


interface Running {
  state: RenderJobState;
  cancel: AbortController;
}

const jobs = new Map<string, Running>();
/** A finished job is kept this long for its page to read, then dropped. */
const KEEP_DONE_MS = 5 * 60_000;
/** Renders at once: each is a window and a browser process of its own. */
const MAX_RUNNING = 2;
/** A job still running this long past its time limit is ended (the document's own 10 s, the end's 3 s and a margin). */
const WATCHDOG_GRACE_MS = 20_000;
const resultKey = (url: string) => `render:${url}`;
/** HTML kept per view in the session copy the popup reads (the render page keeps the whole result). */
const STORED_HTML_CHARS = 100_000;

let seq = 0;

/**
 * The browser's own way to render one page: chrome.debugger in Chrome; Firefox has its own
 * adapter. (A service worker may not import() a module at run time: both are imported, one is used.)
 */
const renderPass = (): RenderPass => (import.meta.env.FIREFOX ? renderPassInFirefox : renderPassInChrome);

function stored(result: RenderResult): RenderResult {
  const trim = <T extends { html: string; htmlCapped: boolean } | null>(s: T): T =>
    s && s.html.length > STORED_HTML_CHARS ? { ...s, html: s.html.slice(0, STORED_HTML_CHARS), htmlCapped: true } : s;
  return {
    ...result,
    served: trim(result.served),
    rendered: trim(result.rendered),
    browser: trim(result.browser),
    visitor: result.visitor && { ...result.visitor, rendered: trim(result.visitor.rendered) },
  };
}

export const renderStart: BackgroundHandler<'renderStart'> = async ({ url, agent, browser: tabView, force, timeLimitSec, visitor }) => {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  if ([...jobs.values()].filter((j) => j.state.state === 'running').length >= MAX_RUNNING) throw new Error('Two renders are already running: wait for one to end.');
  const id = `${Date.now().toString(36)}-${seq++}`;
  const timeLimitMs = timeLimitSec ? Math.min(60, Math.max(5, timeLimitSec)) * 1000 : RENDER_TIME_LIMIT_MS;
  const [chromeVersion, limit] = await Promise.all([compareChromeVersion.getValue(), bytesLimit.getValue()]);
  const userAgent = googlebotUserAgent(agent === 'smartphone' ? 'mobile' : 'desktop', chromeVersion);
  const cancel = new AbortController();
  const running: Running = {
    state: { id, state: 'running', phase: 'document', requests: 0, inFlight: 0, elapsedMs: 0, timeLimitMs, result: null, screenshot: null },
    cancel,
  };
  jobs.set(id, running);
  const visitorAgent = visitorUserAgent(agent, engineFromUserAgent(navigator.userAgent));
  const failed = (error: string): RenderResult => ({
    url: u.href, finalUrl: u.href, agent, userAgent, renderedAt: Date.now(), durationMs: 0, stoppedBecause: 'error', skippedNoindex: false, forced: !!force,
    document: null, served: null, rendered: null, visitor: null, browser: tabView, resources: [], console: [], differences: [], experiments: [],
    limits: { timeMs: timeLimitMs, idleMs: 0, viewport: { width: 0, height: 0, mobile: agent === 'smartphone' } },
    page: noPageEvents(),
    error,
  });
  // The adapters end within the time limit and RENDER_END_MS whatever the page does; should one
  // still not answer (a browser API that never returns), the job ends anyway, and its page is told.
  const watchdog = setTimeout(() => {
    if (running.state.state !== 'running') return;
    cancel.abort();
    running.state = { ...running.state, state: 'done', result: failed(`The render did not end within ${Math.round((timeLimitMs + WATCHDOG_GRACE_MS) / 1000)} s`) };
  }, timeLimitMs + WATCHDOG_GRACE_MS);
  void (async () => {
    try {
      const out = await renderCompared({
        url: u.href,
        agent,
        userAgent,
        visitorUserAgent: visitorAgent,
        fetchHop: extensionHopFetcher(),
        robots: robotsReader,
        limit,
        browser: tabView,
        force,
        timeLimitMs,
        screenshot: true,
        renderId: id,
        signal: cancel.signal,
        runPass: renderPass(),
        withVisitor: visitor !== false,
        onProgress: (p) => Object.assign(running.state, p),
      });
      if (running.state.state === 'running') running.state = { ...running.state, state: 'done', result: out.result, screenshot: out.screenshot, elapsedMs: out.result.durationMs };
      await browser.storage.session.set({ [resultKey(u.href)]: stored(out.result) }).catch(() => undefined);
    } catch (err) {
      if (running.state.state === 'running') running.state = { ...running.state, state: 'done', result: failed(err instanceof Error ? err.message : String(err)) };
    } finally {
      clearTimeout(watchdog);
    }
    setTimeout(() => jobs.delete(id), KEEP_DONE_MS);
  })();
  return { id };
};

export const renderStatus: BackgroundHandler<'renderStatus'> = async ({ id }) => {
  const j = jobs.get(id);
  return j ? { ...j.state } : null;
};

export const renderCancel: BackgroundHandler<'renderCancel'> = async ({ id }) => {
  jobs.get(id)?.cancel.abort();
  return null;
};

export const getRenderResult: BackgroundHandler<'getRenderResult'> = async ({ url }) => {
  const got = await browser.storage.session.get(resultKey(url));
  return (got[resultKey(url)] as RenderResult | undefined) ?? null;
};
