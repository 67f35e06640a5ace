import { browser, type Browser } from 'wxt/browser';
import { hostPermissionPattern, type Header } from '../../lib/core';
import { NotSentError, agentHeaderRule, FETCH_RESOURCE_TYPES, hopReplyFrom, type HopFetcher, type HopRequest } from '../../lib/crawl';
import { responseHeaderOptions, webRequestHeaders } from './webRequestHeaders';

/**
 * The extension's HopFetcher (lib/crawl): one hop (redirect: 'manual') fetched from the
 * background, by default with the request's User-Agent (Googlebot's) and no cookies. The requests
 * Crawlscope makes as Googlebot from the background — robots.txt, the comparison — go through it;
 * the tab's stand-in request (fetchPageResponse) uses it without the rule, as the browser.
 *
 * Chrome ignores a User-Agent set on fetch(), so a declarativeNetRequest SESSION rule sets
 * it (and removes the Sec-CH-UA* client hints that would give the browser away). The rule
 * matches exactly this URL, only for requests outside tabs (tabIds: [-1] — the service
 * worker) that this extension started (initiatorDomains), so the user's own browsing is
 * never touched, and it is removed in a `finally`. (The site check does not come here: its page
 * sends its own requests through one rule for the whole run, scoped to that page's tab —
 * entrypoints/sitecheck/runRequests.ts.)
 *
 * Two rules for the same URL cannot tell two parallel fetches apart (a dNR condition can
 * match URL, tab, initiator, method and resource type, but not a request header), so the
 * fetches of one URL take turns — but only until the request headers have gone out
 * (webRequest.onSendHeaders, which also tells us the User-Agent really sent). The responses
 * and bodies still download in parallel.
 *
 * A 'manual' redirect comes back as an opaque response without its Location, so the
 * status and headers of each response are read from webRequest.onHeadersReceived, matched
 * by the request id seen in onSendHeaders.
 *
 * Firefox uses the same rule: it would let fetch() set the User-Agent, but it adds its own
 * Accept-Language to the request, which only a rule can remove. There the rule's initiator is the
 * extension's moz-extension:// host (a UUID), not its runtime.id (the gecko id).
 */

const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** This extension's own origin host: chrome-extension://<id>, moz-extension://<uuid>. */
const ownHost = () => new URL(browser.runtime.getURL('/')).hostname;

/** Session-rule ids of this capability: 610000–619999. */
const RULE_BASE = 610_000;
let ruleSeq = 0;
const nextRuleId = () => RULE_BASE + (ruleSeq++ % 10_000);

/** Ids of the rules whose fetch is under way in this worker. */
const activeRules = new Set<number>();

/**
 * Remove this capability's session rules that no fetch of this worker is using: a worker
 * stopped mid-fetch leaves its rule behind (session rules outlive the worker).
 */
export async function removeStaleUaRules(): Promise<void> {
  const rules = await browser.declarativeNetRequest.getSessionRules();
  const stale = rules.map((r) => r.id).filter((id) => id >= RULE_BASE && id < RULE_BASE + 10_000 && !activeRules.has(id));
  if (stale.length) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
}

/** Per-URL turn-taking: resolves with a release function once earlier holders are done. */
const turns = new Map<string, Promise<void>>();
async function takeTurn(url: string, signal: AbortSignal): Promise<() => void> {
  const before = turns.get(url) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const chain = before.then(() => mine);
  turns.set(url, chain);
  const done = () => {
    release();
    if (turns.get(url) === chain) turns.delete(url);
  };
  try {
    await abortable(before, signal);
  } catch (err) {
    done();
    throw err;
  }
  return done;
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A dNR urlFilter for exactly this URL; a regexFilter when the URL holds urlFilter's own wildcards. */
function exactUrlCondition(url: string): Pick<Browser.declarativeNetRequest.RuleCondition, 'urlFilter' | 'regexFilter'> {
  if (!/[*^|]/.test(url)) return { urlFilter: `|${url}|` };
  return { regexFilter: `^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` };
}

/** True when the user has not withdrawn Crawlscope's access to the origin of `url`. */
async function hasHostAccess(url: string): Promise<boolean> {
  try {
    // The site's pattern without its port (hostPermissionPattern): Firefox matches none that names one.
    return await browser.permissions.contains({ origins: [hostPermissionPattern(url)] });
  } catch {
    return true; // an address the permissions API cannot express: let the fetch itself answer
  }
}

/** How long to wait for a webRequest event that lags behind its fetch. */
const EVENT_WAIT_MS = 2000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function uaRule(id: number, url: string, userAgent: string): Browser.declarativeNetRequest.Rule {
  // Outside any tab, and started by this extension: never a page's or the browser's own request.
  return agentHeaderRule(id, userAgent, {
    ...exactUrlCondition(url),
    isUrlFilterCaseSensitive: true,
    tabIds: [-1],
    initiatorDomains: [ownHost()],
    resourceTypes: [...FETCH_RESOURCE_TYPES],
  }) as Browser.declarativeNetRequest.Rule;
}

export interface SentRequest {
  url: string;
  userAgent: string | null;
}

export interface ExtensionHopOptions {
  /**
   * Send the request's User-Agent (and no client hints, no Accept-Language) through the scoped
   * rule: a request as the crawler. False: the browser's own headers (default true).
   */
  asAgent?: boolean;
  /** Send the browser's cookies (never for a request as Googlebot, unless the user asked). Default false. */
  includeCookies?: boolean;
  /** Hears the User-Agent each request really carried (webRequest.onSendHeaders). */
  onSent?: (s: SentRequest) => void;
}

interface Seen {
  status: number;
  statusLine: string;
  headers: Header[];
  ip: string | null;
}

/** The HopFetcher of the extension: see the top of this file. */
export function extensionHopFetcher(opts: ExtensionHopOptions = {}): HopFetcher {
  const asAgent = opts.asAgent ?? true;
  const init = (req: HopRequest): RequestInit => ({
    method: req.method ?? 'GET',
    redirect: 'manual',
    credentials: opts.includeCookies ? 'include' : 'omit',
    cache: 'no-store',
    signal: req.signal,
    headers: { Accept: ACCEPT, ...Object.fromEntries((req.headers ?? []).filter((h) => !/^(cookie|user-agent)$/i.test(h.name)).map((h) => [h.name, h.value])) },
    ...(req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD' ? { body: req.body } : {}),
  });

  return async (url, request) => {
    const { userAgent, signal } = request;
    // Without the site's host permission the browser refuses the fetch with a bare network error
    // that reads like the server's fault; say it is ours, so nobody reports (or caches) it as the site's.
    if (!(await hasHostAccess(url))) throw new NotSentError(url);
    // Response status and headers of our request, by request id (set once it is sent).
    let requestId: string | null = null;
    let received: Seen | null = null;
    let sawHeaders!: () => void;
    const headersSeen = new Promise<void>((r) => (sawHeaders = r));
    let sawStart!: () => void;
    const started = new Promise<void>((r) => (sawStart = r));
    const ours = (d: { tabId: number; url: string; requestId: string }) => d.tabId === -1 && d.url === url && (requestId === null || d.requestId === requestId);
    const onHeaders = (d: Browser.webRequest.OnHeadersReceivedDetails) => {
      if (ours(d)) {
        received = { status: d.statusCode, statusLine: d.statusLine ?? '', headers: webRequestHeaders(d.responseHeaders), ip: null };
        sawHeaders();
      }
      return undefined;
    };
    // The server's address comes with the response's start (not for a 3xx a 'manual' fetch stops at).
    const onStarted = (d: Browser.webRequest.OnResponseStartedDetails) => {
      if (!ours(d)) return;
      if (received) received.ip = d.ip ?? null;
      sawStart();
    };
    let sawSend!: () => void;
    const sent = new Promise<void>((r) => (sawSend = r));
    const onSend = (d: Browser.webRequest.OnSendHeadersDetails) => {
      if (d.tabId !== -1 || d.url !== url || requestId !== null) return;
      requestId = d.requestId;
      const ua = d.requestHeaders?.find((h) => h.name.toLowerCase() === 'user-agent')?.value ?? null;
      opts.onSent?.({ url, userAgent: ua });
      sawSend();
    };
    const filter = { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] as Browser.webRequest.ResourceType[] };

    // The turn also keeps webRequest's events of two same-URL fetches apart.
    const release = await takeTurn(url, signal);
    browser.webRequest.onHeadersReceived.addListener(onHeaders, filter, responseHeaderOptions() as never);
    browser.webRequest.onResponseStarted.addListener(onStarted, filter);
    let res: Response;
    try {
      const id = nextRuleId();
      let pending: Promise<Response>;
      try {
        if (asAgent) {
          activeRules.add(id);
          await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id], addRules: [uaRule(id, url, userAgent)] });
        }
        browser.webRequest.onSendHeaders.addListener(onSend, filter, ['requestHeaders']);
        pending = fetch(url, init(request));
        // Hold the rule (and the turn) only until our request headers are out, or the fetch settles.
        const settled = pending.then(
          () => true,
          () => false,
        );
        await Promise.race([sent, settled]);
        // webRequest events arrive on their own path: the fetch can settle before them.
        if (requestId === null && (await settled)) await Promise.race([sent, delay(EVENT_WAIT_MS)]);
      } finally {
        browser.webRequest.onSendHeaders.removeListener(onSend);
        if (asAgent) {
          await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
          activeRules.delete(id);
        }
        release();
      }
      try {
        res = await pending;
      } catch (err) {
        // Access withdrawn while the request was under way: ours, not the site's answer either.
        if (!signal.aborted && !(await hasHostAccess(url))) throw new NotSentError(url);
        throw err;
      }
      if (received === null) await Promise.race([headersSeen, delay(EVENT_WAIT_MS)]);
      if (res.type !== 'opaqueredirect') await Promise.race([started, delay(EVENT_WAIT_MS)]);
    } finally {
      browser.webRequest.onHeadersReceived.removeListener(onHeaders);
      browser.webRequest.onResponseStarted.removeListener(onStarted);
    }

    const got = received as Seen | null;
    return hopReplyFrom(res, got, got?.ip ?? null);
  };
}
