import { browser, type Browser } from 'wxt/browser';
import type { Header } from '../../lib/core/types';
import type { HopFetcher, HopResponse } from '../../lib/compare';

/**
 * One hop (redirect: 'manual') fetched from the service worker with Googlebot's
 * User-Agent.
 *
 * Chrome ignores a User-Agent set on fetch(), so a declarativeNetRequest SESSION rule sets
 * it (and removes the Sec-CH-UA* client hints that would give the browser away). The rule
 * matches exactly this URL, only for requests outside tabs (tabIds: [-1] — the service
 * worker) that this extension started (initiatorDomains), so the user's own browsing is
 * never touched, and it is removed in a `finally`.
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

const CLIENT_HINTS = [
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'sec-ch-ua-platform-version',
  'sec-ch-ua-full-version',
  'sec-ch-ua-full-version-list',
  'sec-ch-ua-arch',
  'sec-ch-ua-bitness',
  'sec-ch-ua-model',
  'sec-ch-ua-wow64',
  'sec-ch-ua-form-factors',
];
/** Googlebot sends no Accept-Language; the browser's would pick a localized page. */
const REMOVE = [...CLIENT_HINTS, 'accept-language'];
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

/** How long to wait for a webRequest event that lags behind its fetch. */
const EVENT_WAIT_MS = 2000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const toHeaders = (h: Browser.webRequest.HttpHeader[] | undefined): Header[] =>
  (h ?? []).map((x) => ({ name: x.name, value: x.value ?? '' }));

function uaRule(id: number, url: string, userAgent: string): Browser.declarativeNetRequest.Rule {
  return {
    id,
    priority: 1000,
    action: {
      type: 'modifyHeaders',
      requestHeaders: [
        { header: 'user-agent', operation: 'set', value: userAgent },
        ...REMOVE.map((header) => ({ header, operation: 'remove' })),
      ],
    },
    condition: {
      ...exactUrlCondition(url),
      isUrlFilterCaseSensitive: true,
      // Outside any tab, and started by this extension: never a page's or the browser's own request.
      tabIds: [-1],
      initiatorDomains: [ownHost()],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  } as Browser.declarativeNetRequest.Rule;
}

export interface SentRequest {
  url: string;
  userAgent: string | null;
}

/** Build the hop fetcher for one agent. `onSent` hears the User-Agent each request really carried. */
export function googlebotHopFetcher(userAgent: string, includeCookies: boolean, onSent?: (s: SentRequest) => void): HopFetcher {
  const init = (signal: AbortSignal): RequestInit => ({
    method: 'GET',
    redirect: 'manual',
    credentials: includeCookies ? 'include' : 'omit',
    cache: 'no-store',
    signal,
    headers: { Accept: ACCEPT },
  });

  return async (url, signal) => {
    // Response status and headers of our request, by request id (set once it is sent).
    let requestId: string | null = null;
    let received: { status: number; statusLine: string; headers: Header[] } | null = null;
    let sawHeaders!: () => void;
    const headersSeen = new Promise<void>((r) => (sawHeaders = r));
    const onHeaders = (d: Browser.webRequest.OnHeadersReceivedDetails) => {
      if (d.tabId === -1 && d.url === url && (requestId === null || d.requestId === requestId)) {
        received = { status: d.statusCode, statusLine: d.statusLine, headers: toHeaders(d.responseHeaders) };
        sawHeaders();
      }
      return undefined;
    };
    let sawSend!: () => void;
    const sent = new Promise<void>((r) => (sawSend = r));
    const onSend = (d: Browser.webRequest.OnSendHeadersDetails) => {
      if (d.tabId !== -1 || d.url !== url || requestId !== null) return;
      requestId = d.requestId;
      const ua = d.requestHeaders?.find((h) => h.name.toLowerCase() === 'user-agent')?.value ?? null;
      onSent?.({ url, userAgent: ua });
      sawSend();
    };
    const filter = { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] as Browser.webRequest.ResourceType[] };

    // The turn also keeps webRequest's events of two same-URL fetches apart.
    const release = await takeTurn(url, signal);
    browser.webRequest.onHeadersReceived.addListener(onHeaders, filter, ['responseHeaders']);
    let res: Response;
    try {
      const id = nextRuleId();
      let pending: Promise<Response>;
      try {
        activeRules.add(id);
        await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id], addRules: [uaRule(id, url, userAgent)] });
        browser.webRequest.onSendHeaders.addListener(onSend, filter, ['requestHeaders']);
        pending = fetch(url, init(signal));
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
        await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
        activeRules.delete(id);
        release();
      }
      res = await pending;
      if (received === null) await Promise.race([headersSeen, delay(EVENT_WAIT_MS)]);
    } finally {
      browser.webRequest.onHeadersReceived.removeListener(onHeaders);
    }

    const got = received as { status: number; statusLine: string; headers: Header[] } | null;
    if (res.type === 'opaqueredirect') {
      if (!got) throw new Error('The redirect response was not visible to the extension');
      return { status: got.status, statusLine: got.statusLine, headers: got.headers, body: null } satisfies HopResponse;
    }
    // webRequest keeps header names and repeats as sent; fetch's Headers joins repeats.
    const seen = got && got.status === res.status ? got : null;
    const headers = seen ? seen.headers : [...res.headers].map(([name, value]) => ({ name, value }));
    return { status: res.status, ...(seen ? { statusLine: seen.statusLine } : {}), headers, body: res.body } satisfies HopResponse;
  };
}
