import type { Header } from '../core';

/**
 * Routes the browser's request events (webRequest: headers sent, response headers, response
 * started) to the fetch() they belong to, for a fetcher whose requests cannot carry an id of their
 * own. A request is known by its URL until its headers are out — then by the browser's request id.
 * So two fetches of the same URL take turns, but only until the first one's headers are sent (or
 * it fails): their responses and bodies still come in parallel. Events of requests nobody watches
 * (another fetch of the same page, an earlier one that gave up) are ignored.
 */

export interface SentEvent {
  requestId: string;
  url: string;
  /** The User-Agent the request really carried. */
  userAgent: string | null;
}
export interface HeadersEvent {
  requestId: string;
  status: number;
  statusLine: string;
  headers: Header[];
}
export interface StartedEvent {
  requestId: string;
  ip: string | null;
}

export interface HopWatch {
  /** Resolves once the request's headers are out. */
  readonly sent: Promise<SentEvent>;
  /** Resolves with the response's status line and headers. */
  readonly headers: Promise<HeadersEvent>;
  /** Resolves when the response starts (after its headers; not for a redirect a 'manual' fetch stops at). */
  readonly started: Promise<StartedEvent>;
  /** What has been seen so far. */
  readonly seen: { sent: SentEvent | null; headers: HeadersEvent | null; ip: string | null };
  /** Stop watching: later events of this request are ignored, and the URL's next fetch may go. */
  end(): void;
}

export interface HopEventRouter {
  /** Watch the next request of `url` (call before its fetch); waits for the URL's turn. Rejects when `signal` aborts first. */
  watch(url: string, signal: AbortSignal): Promise<HopWatch>;
  sent(e: SentEvent): void;
  headers(e: HeadersEvent): void;
  started(e: StartedEvent): void;
  /** Requests watched right now (waiting for their headers to go out, or bound to a request id). */
  size(): number;
}

interface Entry {
  watch: HopWatch;
  url: string;
  onSent: (e: SentEvent) => void;
  onHeaders: (e: HeadersEvent) => void;
  onStarted: (e: StartedEvent) => void;
  release: () => void;
  ended: boolean;
}

export function hopEventRouter(): HopEventRouter {
  /** Per URL: the request whose headers are not out yet. */
  const waiting = new Map<string, Entry>();
  const byId = new Map<string, Entry>();
  /** Per URL: the end of the line of fetches taking turns. */
  const turns = new Map<string, Promise<void>>();

  const takeTurn = async (url: string, signal: AbortSignal): Promise<() => void> => {
    const before = turns.get(url) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const chain = before.then(() => mine);
    turns.set(url, chain);
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release();
      if (turns.get(url) === chain) turns.delete(url);
    };
    if (signal.aborted) {
      done();
      throw new Error('aborted');
    }
    let onAbort = () => undefined as void;
    try {
      await new Promise<void>((resolve, reject) => {
        onAbort = () => reject(new Error('aborted'));
        signal.addEventListener('abort', onAbort, { once: true });
        void before.then(resolve);
      });
    } catch (err) {
      done();
      throw err;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    return done;
  };

  return {
    async watch(url, signal) {
      const release = await takeTurn(url, signal);
      let onSent!: (e: SentEvent) => void;
      let onHeaders!: (e: HeadersEvent) => void;
      let onStarted!: (e: StartedEvent) => void;
      const seen: HopWatch['seen'] = { sent: null, headers: null, ip: null };
      const sent = new Promise<SentEvent>((r) => (onSent = r));
      const headers = new Promise<HeadersEvent>((r) => (onHeaders = r));
      const started = new Promise<StartedEvent>((r) => (onStarted = r));
      const entry: Entry = {
        url,
        release,
        ended: false,
        onSent: (e) => ((seen.sent = e), onSent(e)),
        onHeaders: (e) => ((seen.headers = e), onHeaders(e)),
        onStarted: (e) => ((seen.ip = e.ip), onStarted(e)),
        watch: {
          sent,
          headers,
          started,
          seen,
          end: () => {
            if (entry.ended) return;
            entry.ended = true;
            if (waiting.get(url) === entry) waiting.delete(url);
            if (seen.sent && byId.get(seen.sent.requestId) === entry) byId.delete(seen.sent.requestId);
            release();
          },
        },
      };
      waiting.set(url, entry);
      return entry.watch;
    },
    sent(e) {
      const entry = waiting.get(e.url);
      if (!entry || byId.has(e.requestId)) return;
      waiting.delete(e.url);
      byId.set(e.requestId, entry);
      entry.onSent(e);
      // Its headers are out: the URL's next fetch can no longer be taken for this one.
      entry.release();
    },
    headers(e) {
      byId.get(e.requestId)?.onHeaders(e);
    },
    started(e) {
      byId.get(e.requestId)?.onStarted(e);
    },
    size: () => waiting.size + byId.size,
  };
}
