import { hostPermissionPattern, within } from '../core';
import { NotSentError } from './NotSentError';
import { agentHeaderRule, freeRunRuleId, hopRuleCondition, runRuleCondition, staleAgentRuleIds, FETCH_RESOURCE_TYPES, HOP_RULE_BASE, RULE_SPAN, type AgentHeaderRule, type RuleLike } from './agentHeaderRule';
import { hopEventRouter, type HopWatch } from './hopEventRouter';
import { hopReplyFrom } from './hopReplyFrom';
import { taggedUrl } from './taggedUrl';
import { webRequestHeaders, type WebRequestHeader } from './webRequestHeaders';
import type { HopFetcher, HopRequest } from './types';

/**
 * The extension's HopFetcher, for any of its contexts (the background; an extension page in a tab,
 * the site check's): one `redirect: 'manual'` fetch per hop, never from the HTTP cache, no cookies
 * unless asked, and — as the crawler — a declarativeNetRequest session rule that sets the request's
 * User-Agent and removes the client hints and Accept-Language (agentHeaderRule). Chrome ignores a
 * User-Agent set on fetch(); Firefox would take it but adds its own Accept-Language, which only a
 * rule removes.
 *
 * Each fetch carries a tag of its own as its URL's fragment (taggedUrl): never sent to the server,
 * seen by webRequest and by rules. So:
 * - its rule names its tag (one rule per fetch), or the tag prefix of a run (one rule per run): the
 *   caller chooses. Either way the rule touches only this context's own tagged fetches (tab,
 *   initiator and fragment), and is removed right after: a fetch's once its request headers are
 *   out, a run's when the run ends;
 * - a 'manual' redirect comes back as an opaque response without its Location: the status line,
 *   the headers and the server's address of each response come from webRequest, matched by the
 *   browser's request id, which the tag binds (hopEventRouter). Two fetches of one URL go at once,
 *   and a late event of an earlier fetch is never taken for a later one's.
 *
 * One set of webRequest listeners per context, registered while at least one request is watched
 * and removed when the last one ends: nothing of Crawlscope runs on the user's browsing.
 *
 * Host access is asked once per site while the listeners are registered (then forgotten), asked
 * again when the grants change (permissions.onAdded / onRemoved), and asked afresh after a failed
 * request: a request the browser withheld for want of access rejects with NotSentError, never as
 * the site's failure.
 *
 * `api` is the browser's WebExtension API (only the parts below), `fetch` the context's fetch.
 */

type Listener<D> = (details: D) => undefined;
interface WebRequestEventLike<D> {
  addListener(callback: Listener<D>, filter: { urls: string[]; tabId?: number; types?: string[] }, extraInfoSpec?: string[]): void;
  removeListener(callback: Listener<D>): void;
}
interface PlainEventLike {
  addListener(callback: () => void): void;
  removeListener(callback: () => void): void;
}

export interface SendHeadersDetails {
  requestId: string;
  url: string;
  requestHeaders?: WebRequestHeader[];
}
export interface HeadersReceivedDetails {
  requestId: string;
  url: string;
  statusCode: number;
  statusLine?: string;
  responseHeaders?: WebRequestHeader[];
}
export interface ResponseStartedDetails {
  requestId: string;
  url: string;
  ip?: string;
}

/** The parts of the WebExtension API the fetcher uses (Chrome's and Firefox's alike). */
export interface HopBrowserApi {
  webRequest: {
    onSendHeaders: WebRequestEventLike<SendHeadersDetails>;
    onHeadersReceived: WebRequestEventLike<HeadersReceivedDetails>;
    onResponseStarted: WebRequestEventLike<ResponseStartedDetails>;
  };
  declarativeNetRequest: {
    updateSessionRules(options: { addRules?: AgentHeaderRule[]; removeRuleIds?: number[] }): Promise<void>;
    getSessionRules(): Promise<RuleLike[]>;
  };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    onAdded: PlainEventLike;
    onRemoved: PlainEventLike;
  };
}

export interface WebRequestHopsOptions {
  api: HopBrowserApi;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The context's tab: -1 for the background (requests outside any tab), else its extension page's tab. */
  tabId: number;
  /** This extension's host as a request initiator: chrome-extension://<id>, moz-extension://<uuid>. */
  ownHost: string;
  /** onHeadersReceived's extraInfoSpec that shows every response header (Chrome: 'extraHeaders'). */
  responseHeaderOptions: string[];
  /** Sets this context's tags apart from other contexts' (default: random). */
  contextId?: string;
  /** How long to wait for a webRequest event that lags behind its fetch (default 2 s). */
  eventWaitMs?: number;
}

export interface SentRequest {
  url: string;
  userAgent: string | null;
}

export interface HopFetchOptions {
  /**
   * Send the request's User-Agent (and no client hints, no Accept-Language) through a rule: a
   * request as the crawler. False: the browser's own headers (default true).
   */
  asAgent?: boolean;
  /** Send the browser's cookies (never for a request as Googlebot, unless the user asked). Default false. */
  includeCookies?: boolean;
  /** Hears the User-Agent each request really carried (webRequest.onSendHeaders). */
  onSent?: (s: SentRequest) => void;
  /** Tell the server's IP address of each answer but a redirect (webRequest.onResponseStarted, waited for). Default false. */
  ip?: boolean;
}

export interface HopRun {
  /** Every request of the run, as one User-Agent, through the run's one rule (added with its first request). */
  fetchHop: HopFetcher;
  /** Removes the run's rule; later requests are refused (idempotent). */
  end(): Promise<void>;
}

export interface WebRequestHops {
  /** A HopFetcher with one rule per fetch. */
  fetcher(opts?: HopFetchOptions): HopFetcher;
  /** A run with one rule for all its fetches. */
  startRun(opts?: HopFetchOptions): HopRun;
  /** Removes header rules left behind in this context's tab (a stopped worker's, an earlier page's), and those of closed tabs when `openTabs` is given. */
  sweep(openTabs: ReadonlySet<number> | null): Promise<void>;
  /** Rule ids in use in this context right now. */
  activeRuleIds(): ReadonlySet<number>;
  /** True while any of the context's listeners is registered (a request or a run is watched). */
  listening(): boolean;
}

const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** Tries at a rule id another context took meanwhile. */
const RULE_ADD_TRIES = 4;

export function webRequestHops(o: WebRequestHopsOptions): WebRequestHops {
  const { api } = o;
  const eventWaitMs = o.eventWaitMs ?? 2000;
  const tagBase = `crawlscope-${o.contextId ?? Math.random().toString(36).slice(2, 10)}`;
  let scopes = 0;
  const router = hopEventRouter();
  const active = new Set<number>();

  // ---- Host access, known while the listeners are registered.
  const known = new Map<string, Promise<boolean>>();
  const forget = () => known.clear();
  const askAccess = async (url: string): Promise<boolean> => {
    try {
      // The site's pattern without its port (hostPermissionPattern): Firefox matches none that names one.
      const pattern = hostPermissionPattern(url);
      return await answered(() => api.permissions.contains({ origins: [pattern] }));
    } catch {
      return true; // an address the permissions API cannot express: let the fetch itself answer
    }
  };
  const hasAccess = (url: string): Promise<boolean> => {
    let key: string;
    try {
      key = hostPermissionPattern(url);
    } catch {
      return askAccess(url);
    }
    let p = known.get(key);
    if (!p) known.set(key, (p = askAccess(url)));
    return p;
  };
  const freshAccess = (url: string) => (forget(), hasAccess(url));

  // ---- The context's listeners: registered while a request is watched.
  const filter = { urls: ['<all_urls>'], tabId: o.tabId, types: [...FETCH_RESOURCE_TYPES] };
  const onSend = (d: SendHeadersDetails) => {
    router.sent({ requestId: d.requestId, url: d.url, userAgent: d.requestHeaders?.find((h) => h.name.toLowerCase() === 'user-agent')?.value ?? null });
    return undefined;
  };
  const onHeaders = (d: HeadersReceivedDetails) => {
    router.headers({ requestId: d.requestId, url: d.url, status: d.statusCode, statusLine: d.statusLine ?? '', headers: webRequestHeaders(d.responseHeaders) });
    return undefined;
  };
  // The server's address comes with the response's start (not for a 3xx a 'manual' fetch stops at).
  const onStarted = (d: ResponseStartedDetails) => {
    router.started({ requestId: d.requestId, url: d.url, ip: d.ip ?? null });
    return undefined;
  };
  // Each event only while a request that needs it is watched: the response headers always (they bind
  // the request id, and give a redirect's status line and Location); the headers sent for `onSent`;
  // the response's start for `ip`. A run keeps its own for as long as it lasts.
  type Kind = 'sent' | 'headers' | 'started';
  const events: Record<Kind, { count: number; add(): void; remove(): void }> = {
    sent: {
      count: 0,
      add: () => api.webRequest.onSendHeaders.addListener(onSend, filter, ['requestHeaders']),
      remove: () => api.webRequest.onSendHeaders.removeListener(onSend),
    },
    headers: {
      count: 0,
      add: () => api.webRequest.onHeadersReceived.addListener(onHeaders, filter, o.responseHeaderOptions),
      remove: () => api.webRequest.onHeadersReceived.removeListener(onHeaders),
    },
    started: {
      count: 0,
      add: () => api.webRequest.onResponseStarted.addListener(onStarted, filter),
      remove: () => api.webRequest.onResponseStarted.removeListener(onStarted),
    },
  };
  const kindsOf = (opts: HopFetchOptions): Kind[] => ['headers', ...(opts.onSent ? ['sent' as const] : []), ...(opts.ip ? ['started' as const] : [])];
  let watching = 0;
  // addListener tells the browser without an answer; a call that does answer, made after it on the
  // same channel, answers once the listeners are in place: only then may a fetch go. The calls a
  // fetch makes anyway (host access, its rule) serve; a call of its own only when none was made.
  let listenerSeq = 0;
  let confirmedSeq = 0;
  let barrier: { seq: number; done: Promise<void> } | null = null;
  /** An API call that answers: its answer confirms the listeners added before it. */
  function answered<T>(call: () => Promise<T>): Promise<T> {
    const seq = listenerSeq;
    return call().then((v) => {
      confirmedSeq = Math.max(confirmedSeq, seq);
      return v;
    });
  }
  /** Resolves once the browser has the listeners registered up to `seq`. */
  const inPlace = (seq: number): Promise<void> => {
    if (confirmedSeq >= seq) return Promise.resolve();
    if (barrier && barrier.seq >= seq) return barrier.done;
    const done = answered(() => api.declarativeNetRequest.getSessionRules()).then(
      () => undefined,
      () => undefined,
    );
    barrier = { seq: listenerSeq, done };
    return done;
  };
  /** Registers what `kinds` need; returns the mark `inPlace` waits for. */
  const acquire = (kinds: readonly Kind[]): number => {
    if (watching++ === 0) {
      api.permissions.onAdded.addListener(forget);
      api.permissions.onRemoved.addListener(forget);
      forget();
    }
    for (const k of kinds) if (events[k].count++ === 0) (events[k].add(), listenerSeq++);
    return listenerSeq;
  };
  const release = (kinds: readonly Kind[]) => {
    for (const k of kinds) if (--events[k].count === 0) events[k].remove();
    if (--watching > 0) return;
    api.permissions.onAdded.removeListener(forget);
    api.permissions.onRemoved.removeListener(forget);
    forget();
  };

  // ---- Rules.
  let hopSeq = 0;
  let tags = 0;
  const addRule = async (pickId: () => Promise<number | null> | number | null, make: (id: number) => AgentHeaderRule): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      const id = await pickId();
      if (id === null) throw new Error('No free header rule id.');
      active.add(id);
      try {
        // Added, never replaced: an id another context took meanwhile fails, and the next is tried.
        await answered(() => api.declarativeNetRequest.updateSessionRules({ addRules: [make(id)] }));
        return id;
      } catch (err) {
        active.delete(id);
        if (attempt >= RULE_ADD_TRIES) throw err;
      }
    }
  };
  const removeRule = async (id: number) => {
    await api.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
    active.delete(id);
  };
  const nextHopRuleId = () => HOP_RULE_BASE + (hopSeq++ % RULE_SPAN);

  const init = (req: HopRequest, includeCookies: boolean): RequestInit => ({
    method: req.method ?? 'GET',
    redirect: 'manual',
    credentials: includeCookies ? 'include' : 'omit',
    cache: 'no-store',
    signal: req.signal,
    headers: { Accept: ACCEPT, ...Object.fromEntries((req.headers ?? []).filter((h) => !/^(cookie|user-agent)$/i.test(h.name)).map((h) => [h.name, h.value])) },
    ...(req.body !== undefined && req.method !== undefined && req.method !== 'GET' && req.method !== 'HEAD' ? { body: req.body } : {}),
  });

  /**
   * One hop. `ruleFor` is called once the fetch is watched: the id of a rule made for this fetch
   * alone (removed once its headers are out), or null (a run's rule, or none).
   */
  const fetchOne = async (url: string, req: HopRequest, opts: HopFetchOptions, tag: string, ruleFor: (tag: string) => Promise<number | null>) => {
    if (req.signal.aborted) throw new Error('aborted');
    const kinds = kindsOf(opts);
    const mark = acquire(kinds);
    let watch: HopWatch | null = null;
    try {
      const allowed = await hasAccess(url);
      // Without the site's host permission the browser refuses the fetch with a bare network error
      // that reads like the server's fault; say it is ours, so nobody reports (or caches) it as the site's.
      if (!allowed) throw new NotSentError(url);
      watch = router.watch(tag);
      const w = watch;
      const ruleId = await ruleFor(tag);
      await inPlace(mark);
      const pending = o.fetch(taggedUrl(url, tag), init(req, !!opts.includeCookies));
      const settled = pending.then(
        () => undefined,
        () => undefined,
      );
      // A rule of this fetch alone has done its work once the request's headers are out (heard
      // with the answer's headers when the headers sent are not listened to).
      const removed = ruleId === null ? null : Promise.race([w.sent, w.headers, settled]).then(() => removeRule(ruleId));
      if (opts.onSent) void w.sent.then((s) => opts.onSent!({ url, userAgent: s.userAgent }));
      let res: Response;
      try {
        res = await pending;
      } catch (err) {
        await removed;
        // Access withdrawn while the request was under way: ours, not the site's answer either.
        if (!req.signal.aborted && !(await freshAccess(url))) throw new NotSentError(url);
        throw err;
      }
      // webRequest events arrive on their own path: the fetch can settle before them.
      // (A wait that runs out leaves what was seen: hopReplyFrom says what a missing event means.)
      const lagging = (p: Promise<unknown>) => within(p, eventWaitMs).catch(() => undefined);
      if (!w.seen.headers) await lagging(w.headers);
      if (opts.onSent && w.seen.headers && !w.seen.sent) await lagging(w.sent);
      if (opts.ip && res.type !== 'opaqueredirect' && w.seen.headers && !w.seen.started) await lagging(w.started);
      await removed;
      return hopReplyFrom(res, w.seen.headers, w.seen.started?.ip ?? null);
    } finally {
      watch?.end();
      release(kinds);
    }
  };

  return {
    fetcher(opts = {}) {
      const asAgent = opts.asAgent ?? true;
      return (url, req) =>
        fetchOne(url, req, opts, `${tagBase}-0-${++tags}`, async (tag) =>
          asAgent ? addRule(nextHopRuleId, (id) => agentHeaderRule(id, req.userAgent, hopRuleCondition(o.tabId, o.ownHost, tag))) : null,
        );
    },
    startRun(opts = {}) {
      const asAgent = opts.asAgent ?? true;
      const prefix = `${tagBase}-${++scopes}-`;
      let n = 0;
      let ended = false;
      // The run's listeners (and what is known of the host access) last as long as the run.
      const kinds = kindsOf(opts);
      acquire(kinds);
      let rule: Promise<{ id: number; userAgent: string }> | null = null;
      const addRunRule = async (userAgent: string) => {
        const id = await addRule(
          async () => freeRunRuleId(await answered(() => api.declarativeNetRequest.getSessionRules())),
          (i) => agentHeaderRule(i, userAgent, runRuleCondition(o.tabId, o.ownHost, prefix)),
        );
        if (ended) await removeRule(id);
        return { id, userAgent };
      };
      const fetchHop: HopFetcher = async (url, req) => {
        if (ended) throw new Error('The run has ended.');
        return fetchOne(url, req, opts, `${prefix}${++n}`, async () => {
          if (!asAgent) return null;
          rule ??= addRunRule(req.userAgent);
          const r = await rule;
          if (r.userAgent !== req.userAgent) throw new Error('One User-Agent per run.');
          return null;
        });
      };
      return {
        fetchHop,
        async end() {
          if (ended) return;
          ended = true;
          release(kinds);
          const r = await rule?.catch(() => null);
          if (r) await removeRule(r.id);
        },
      };
    },
    async sweep(openTabs) {
      const stale = staleAgentRuleIds(await api.declarativeNetRequest.getSessionRules(), o.tabId, openTabs, active);
      if (stale.length) await api.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
    },
    activeRuleIds: () => active,
    listening: () => watching > 0,
  };
}
