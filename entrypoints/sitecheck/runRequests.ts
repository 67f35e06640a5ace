import { browser, type Browser } from 'wxt/browser';
import { NotSentError, agentHeaderRule, freeRunRuleId, runRuleCondition, staleRunRuleIds, FETCH_RESOURCE_TYPES, hopEventRouter, hopReplyFrom, type HopFetcher, type HopRequest } from '../../lib/crawl';
import { hostPermissionPattern } from '../../lib/core';
import { responseHeaderOptions, webRequestHeaders } from '../background/webRequestHeaders';

/**
 * The site check's requests, sent from this page itself (an extension page in a tab of its own:
 * it holds the host permissions, so it fetches any site) — every one as the crawler, through ONE
 * declarativeNetRequest session rule for the whole run (lib/crawl agentHeaderRule): the crawler's
 * User-Agent set, client hints and Accept-Language removed, for the requests of THIS tab started
 * by this extension only (tabIds + initiatorDomains) — never the user's browsing, never the
 * extension's other pages or its background. No cookies (credentials: 'omit'), never the HTTP
 * cache, redirects not followed. The bodies are read straight from the fetch (readCapped's caps
 * and time limits apply as for any HopReply).
 *
 * A 'manual' redirect comes back opaque, without its Location: the status line and headers of each
 * response come from webRequest (this page hears its own tab's requests), matched to the fetch by
 * the request id (lib/crawl hopEventRouter; fetches of the same URL take turns until their headers
 * are out). onSendHeaders also tells the User-Agent really sent.
 *
 * The rule is added with the run's first request and removed when the run ends (done, cancelled,
 * time limit, error) and when the page goes away; the background removes the rule of a tab that
 * closes, and the next run sweeps rules left by pages that are gone.
 */

const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** How long to wait for a webRequest event that lags behind its fetch. */
const EVENT_WAIT_MS = 2000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** True when the user has not withdrawn Crawlscope's access to the origin of `url`. */
async function hasHostAccess(url: string): Promise<boolean> {
  try {
    // The site's pattern without its port (hostPermissionPattern): Firefox matches none that names one.
    return await browser.permissions.contains({ origins: [hostPermissionPattern(url)] });
  } catch {
    return true; // an address the permissions API cannot express: let the fetch itself answer
  }
}

/**
 * hasHostAccess asked once per site pattern for the run, asked again after any change of the
 * grants (permissions.onAdded / onRemoved): each request still goes out only with the access that
 * holds, without a round trip to the browser per request.
 */
function hostAccessOfRun() {
  const known = new Map<string, Promise<boolean>>();
  const forget = () => known.clear();
  browser.permissions.onAdded.addListener(forget);
  browser.permissions.onRemoved.addListener(forget);
  return {
    has(url: string): Promise<boolean> {
      let key: string;
      try {
        key = hostPermissionPattern(url);
      } catch {
        return hasHostAccess(url);
      }
      let p = known.get(key);
      if (!p) known.set(key, (p = hasHostAccess(url)));
      return p;
    },
    /** Asked of the browser now (after a request failed: was the access withdrawn meanwhile?). */
    fresh: (url: string) => (forget(), hasHostAccess(url)),
    stop() {
      browser.permissions.onAdded.removeListener(forget);
      browser.permissions.onRemoved.removeListener(forget);
    },
  };
}

export interface RunRequests {
  /** The HopFetcher of the run: every request as the run's User-Agent (one per run). */
  fetchHop: HopFetcher;
  /** Removes the run's rule and stops listening (idempotent). */
  end(): Promise<void>;
}

/** Removes run rules left behind by pages that are gone (and by an earlier page of this tab). */
export async function sweepRunRules(ownTab: number | null): Promise<void> {
  const [rules, tabs] = await Promise.all([browser.declarativeNetRequest.getSessionRules(), browser.tabs.query({})]);
  const stale = staleRunRuleIds(rules, ownTab, new Set(tabs.map((t) => t.id).filter((id): id is number => id !== undefined)));
  if (stale.length) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
}

export async function startRunRequests(): Promise<RunRequests> {
  const tabId = (await browser.tabs.getCurrent())?.id;
  if (tabId === undefined) throw new Error('The site check runs in a tab of its own.');
  const ownHost = location.hostname;
  await sweepRunRules(tabId);

  const router = hopEventRouter();
  const access = hostAccessOfRun();
  const filter = { urls: ['<all_urls>'], tabId, types: FETCH_RESOURCE_TYPES as Browser.webRequest.ResourceType[] };
  const onSend = (d: Browser.webRequest.OnSendHeadersDetails) =>
    router.sent({ requestId: d.requestId, url: d.url, userAgent: d.requestHeaders?.find((h) => h.name.toLowerCase() === 'user-agent')?.value ?? null });
  const onHeaders = (d: Browser.webRequest.OnHeadersReceivedDetails) => {
    router.headers({ requestId: d.requestId, status: d.statusCode, statusLine: d.statusLine ?? '', headers: webRequestHeaders(d.responseHeaders) });
    return undefined;
  };
  // The server's address comes with the response's start (not for a 3xx a 'manual' fetch stops at).
  const onStarted = (d: Browser.webRequest.OnResponseStartedDetails) => router.started({ requestId: d.requestId, ip: d.ip ?? null });
  browser.webRequest.onSendHeaders.addListener(onSend, filter, ['requestHeaders']);
  browser.webRequest.onHeadersReceived.addListener(onHeaders, filter, responseHeaderOptions() as never);
  browser.webRequest.onResponseStarted.addListener(onStarted, filter);

  let ended = false;
  let rule: Promise<{ id: number; userAgent: string }> | null = null;
  const addRule = async (userAgent: string) => {
    // Two pages may pick the same free id at once: the second add fails, and picks again.
    for (let attempt = 0; ; attempt++) {
      const id = freeRunRuleId(await browser.declarativeNetRequest.getSessionRules());
      if (id === null) throw new Error('No free header rule id for the site check.');
      try {
        await browser.declarativeNetRequest.updateSessionRules({ addRules: [agentHeaderRule(id, userAgent, runRuleCondition(tabId, ownHost)) as Browser.declarativeNetRequest.Rule] });
        if (ended) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] });
        return { id, userAgent };
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  };
  const end = async () => {
    if (ended) return;
    ended = true;
    browser.webRequest.onSendHeaders.removeListener(onSend);
    browser.webRequest.onHeadersReceived.removeListener(onHeaders);
    browser.webRequest.onResponseStarted.removeListener(onStarted);
    removeOnHide();
    access.stop();
    const r = await rule?.catch(() => null);
    if (r) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [r.id] }).catch(() => undefined);
  };
  // The page going away (closed, reloaded, navigated) takes the run's rule with it.
  const onHide = () => void end();
  addEventListener('pagehide', onHide);
  const removeOnHide = () => removeEventListener('pagehide', onHide);

  const init = (req: HopRequest): RequestInit => ({
    method: req.method ?? 'GET',
    redirect: 'manual',
    credentials: 'omit',
    cache: 'no-store',
    signal: req.signal,
    headers: { Accept: ACCEPT, ...Object.fromEntries((req.headers ?? []).filter((h) => !/^(cookie|user-agent)$/i.test(h.name)).map((h) => [h.name, h.value])) },
  });

  const fetchHop: HopFetcher = async (url, request) => {
    if (ended) throw new Error('The site check has ended.');
    // Without the site's host permission the browser refuses the fetch with a bare network error
    // that reads like the server's fault; say it is ours, so nobody reports (or caches) it as the site's.
    if (!(await access.has(url))) throw new NotSentError(url);
    rule ??= addRule(request.userAgent);
    const r = await rule;
    if (r.userAgent !== request.userAgent) throw new Error('One User-Agent per site check run.');
    const watch = await router.watch(url, request.signal);
    try {
      const pending = fetch(url, init(request));
      const settled = pending.then(
        () => true,
        () => false,
      );
      await Promise.race([watch.sent, settled]);
      // webRequest events arrive on their own path: the fetch can settle before them.
      if (!watch.seen.sent && (await settled)) await Promise.race([watch.sent, delay(EVENT_WAIT_MS)]);
      let res: Response;
      try {
        res = await pending;
      } catch (err) {
        // Access withdrawn while the request was under way: ours, not the site's answer either.
        if (!request.signal.aborted && !(await access.fresh(url))) throw new NotSentError(url);
        throw err;
      }
      if (!watch.seen.headers && watch.seen.sent) await Promise.race([watch.headers, delay(EVENT_WAIT_MS)]);
      if (res.type !== 'opaqueredirect' && watch.seen.sent && watch.seen.ip === null) await Promise.race([watch.started, delay(EVENT_WAIT_MS)]);
      return hopReplyFrom(res, watch.seen.headers, watch.seen.ip);
    } finally {
      watch.end();
    }
  };

  return { fetchHop, end };
}
