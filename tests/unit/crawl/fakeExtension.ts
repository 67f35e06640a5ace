// A fake of the browser parts the extension's hop fetcher uses (lib/crawl webRequestHops): webRequest
// events with their filters, session rules (declarativeNetRequest, matched as the browsers match a
// urlFilter with the tab and initiator), host permissions and their change events, and a fetch()
// whose every request the test drives by hand: its headers out, its response, or a failure — each
// event delivered to the listeners registered at that moment, in the order the test chooses.
import type { Header } from '../../../lib/core/types';
import type { AgentHeaderRule } from '../../../lib/crawl/agentHeaderRule';
import type { HopBrowserApi } from '../../../lib/crawl/webRequestHops';
import { tagOfUrl } from '../../../lib/crawl/taggedUrl';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) Browser/1.0';
export const OWN_HOST = 'abcdefghijklmnop';

type Cb = (d: never) => unknown;
interface Registered {
  cb: Cb;
  filter: { urls: string[]; tabId?: number; types?: string[] };
  extra?: string[];
}

class FakeEvent {
  readonly listeners: Registered[] = [];
  constructor(
    readonly name: string,
    private readonly called: (name: string) => void,
  ) {}
  addListener(cb: Cb, filter: Registered['filter'], extra?: string[]) {
    this.called(`${this.name}.addListener`);
    this.listeners.push({ cb, filter, extra });
  }
  removeListener(cb: Cb) {
    this.called(`${this.name}.removeListener`);
    const i = this.listeners.findIndex((l) => l.cb === cb);
    if (i >= 0) this.listeners.splice(i, 1);
  }
  emit(tabId: number, d: object) {
    for (const l of [...this.listeners])
      if (l.filter.tabId === undefined || l.filter.tabId === tabId) {
        this.called(`${this.name} delivered`);
        l.cb(d as never);
      }
  }
}

class FakePlainEvent {
  readonly listeners: (() => void)[] = [];
  constructor(
    readonly name: string,
    private readonly called: (name: string) => void,
  ) {}
  addListener(cb: () => void) {
    this.called(`${this.name}.addListener`);
    this.listeners.push(cb);
  }
  removeListener(cb: () => void) {
    this.called(`${this.name}.removeListener`);
    const i = this.listeners.indexOf(cb);
    if (i >= 0) this.listeners.splice(i, 1);
  }
  emit() {
    for (const l of [...this.listeners]) l();
  }
}

/** One request the fake browser is making: the test says what happens to it. */
export interface FakeRequest {
  requestId: string;
  /** As fetch() was called: the fragment (the tag) included. */
  url: string;
  tabId: number;
  init: RequestInit;
  /** The User-Agent the browser sends: a matching rule's, else the browser's own. */
  userAgent: string;
  /** The rule that matched when the request was made, if any. */
  ruleId: number | null;
  /** Its request headers go out (webRequest.onSendHeaders). */
  send(): void;
  /** The response's status line and headers arrive (onHeadersReceived). */
  headers(status: number, headers?: Header[]): void;
  /** The response starts (onResponseStarted). */
  started(ip?: string): void;
  /** fetch() resolves: with a body, or as the opaque redirect of a 'manual' fetch. */
  resolve(status: number, body?: string, headers?: Header[]): void;
  resolveRedirect(): void;
  /** fetch() rejects, as for a network error or a withheld request. */
  reject(err?: Error): void;
  /** send, headers, started and resolve in order. */
  answer(status: number, body?: string, headers?: Header[]): void;
}

export function fakeExtension(opts: { tabId?: number; granted?: string[] } = {}) {
  /** Every call made to the fake browser, by name (a listener added or removed included: each is a message to the browser). */
  const calls: Record<string, number> = {};
  const called = (name: string) => void (calls[name] = (calls[name] ?? 0) + 1);
  const webRequest = {
    onSendHeaders: new FakeEvent('onSendHeaders', called),
    onHeadersReceived: new FakeEvent('onHeadersReceived', called),
    onResponseStarted: new FakeEvent('onResponseStarted', called),
  };
  const rules: AgentHeaderRule[] = [];
  const granted = new Set(opts.granted ?? ['http://a.test/*']);
  const onAdded = new FakePlainEvent('permissions.onAdded', called);
  const onRemoved = new FakePlainEvent('permissions.onRemoved', called);
  const requests: FakeRequest[] = [];
  const log: string[] = [];
  let ids = 100;
  let containsCalls = 0;
  /** When set, the next calls that answer wait for it (the browser busy). */
  let hold: Promise<void> | null = null;
  const answered = async <T>(v: () => T): Promise<T> => {
    await Promise.resolve();
    if (hold) await hold;
    return v();
  };

  /** A rule's condition as the browsers match it (urlFilter: "#tag|" ends the URL; "#prefix" anywhere). */
  const matches = (rule: AgentHeaderRule, url: string, tabId: number, initiator: string) => {
    const c = rule.condition;
    if (!c.tabIds.includes(tabId) || !c.initiatorDomains.includes(initiator)) return false;
    if (c.urlFilter === undefined) return true;
    return c.urlFilter.endsWith('|') ? url.endsWith(c.urlFilter.slice(0, -1)) : url.includes(c.urlFilter);
  };

  const api: HopBrowserApi = {
    webRequest: webRequest as unknown as HopBrowserApi['webRequest'],
    declarativeNetRequest: {
      updateSessionRules: ({ addRules = [], removeRuleIds = [] }) =>
        answered(() => {
          called('updateSessionRules');
          for (const r of addRules) if (rules.some((x) => x.id === r.id)) throw new Error(`Rule with id ${r.id} does not have a unique ID.`);
          for (const id of removeRuleIds) {
            const i = rules.findIndex((r) => r.id === id);
            if (i >= 0) rules.splice(i, 1);
          }
          rules.push(...structuredClone(addRules));
          log.push(...addRules.map((r) => `add ${r.id}`), ...removeRuleIds.map((id) => `remove ${id}`));
        }),
      getSessionRules: () => answered(() => (called('getSessionRules'), structuredClone(rules))),
    },
    permissions: {
      contains: ({ origins }) =>
        answered(() => {
          containsCalls++;
          called('contains');
          log.push(`contains ${origins.join(' ')}`);
          return origins.every((o) => granted.has(o));
        }),
      onAdded,
      onRemoved,
    },
  };

  /** A request of the browser from `tabId` by `initiator` (another page, another extension): the UA a rule would give it. */
  const userAgentFor = (url: string, tabId: number, initiator: string) => {
    const rule = rules.find((r) => matches(r, url, tabId, initiator));
    return rule ? rule.action.requestHeaders[0]!.value! : BROWSER_UA;
  };

  const fetchIn = (tabId: number) => (url: string, init: RequestInit): Promise<Response> => {
    log.push(`fetch ${url}`);
    const rule = rules.find((r) => matches(r, url, tabId, OWN_HOST)) ?? null;
    let resolveFetch!: (r: Response) => void;
    let rejectFetch!: (e: Error) => void;
    const p = new Promise<Response>((res, rej) => ((resolveFetch = res), (rejectFetch = rej)));
    const signal = init.signal;
    signal?.addEventListener('abort', () => rejectFetch(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
    const requestId = String(ids++);
    const req: FakeRequest = {
      requestId,
      url,
      tabId,
      init,
      userAgent: rule ? rule.action.requestHeaders[0]!.value! : BROWSER_UA,
      ruleId: rule?.id ?? null,
      send: () => webRequest.onSendHeaders.emit(tabId, { requestId, url, tabId, requestHeaders: [{ name: 'User-Agent', value: req.userAgent }] }),
      headers: (status, headers = []) =>
        webRequest.onHeadersReceived.emit(tabId, { requestId, url, tabId, statusCode: status, statusLine: `HTTP/1.1 ${status} Fake`, responseHeaders: headers }),
      started: (ip = '127.0.0.1') => webRequest.onResponseStarted.emit(tabId, { requestId, url, tabId, ip }),
      resolve: (status, body = '', headers = []) => resolveFetch(new Response(status === 204 || status === 304 ? null : body, { status, headers: headers.map((h): [string, string] => [h.name, h.value]) })),
      resolveRedirect: () => resolveFetch({ type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response),
      reject: (err = new TypeError('Failed to fetch')) => rejectFetch(err),
      answer: (status, body = '', headers = []) => {
        req.send();
        req.headers(status, headers);
        req.started();
        req.resolve(status, body, headers);
      },
    };
    requests.push(req);
    return p;
  };

  return {
    api,
    fetch: fetchIn(opts.tabId ?? -1),
    webRequest,
    rules,
    requests,
    log,
    granted,
    userAgentFor,
    tagOf: (r: FakeRequest) => tagOfUrl(r.url),
    containsCalls: () => containsCalls,
    /** The calls made to the browser so far, by name; `reset` starts the count again. */
    calls: (reset = false) => {
      const got = { ...calls };
      if (reset) for (const k of Object.keys(calls)) delete calls[k];
      return got;
    },
    /** Listeners registered now, per event (webRequest's three, then permissions' two). */
    listenerCounts: () => [webRequest.onSendHeaders, webRequest.onHeadersReceived, webRequest.onResponseStarted, onAdded, onRemoved].map((e) => e.listeners.length),
    filters: () => [webRequest.onSendHeaders, webRequest.onHeadersReceived, webRequest.onResponseStarted].map((e) => e.listeners.map((l) => ({ filter: l.filter, extra: l.extra }))),
    grant(pattern: string) {
      granted.add(pattern);
      onAdded.emit();
    },
    withdraw(pattern: string) {
      granted.delete(pattern);
      onRemoved.emit();
    },
    /** The browser's answers to API calls wait until the returned function is called. */
    busy(): () => void {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

/** Lets every pending promise callback run (the fake's answers included). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setTimeout(r, 0));
}
