import type { Header } from '../core';
import { tagOfUrl } from './taggedUrl';

/**
 * Routes the browser's request events (webRequest: headers sent, response headers, response
 * started) to the fetch() they belong to. Each fetch is watched under a tag of its own, sent as the
 * fragment of its URL (taggedUrl: never part of the HTTP request, seen by webRequest): the first
 * event that carries the tag binds the browser's request id to the fetch, and from then on its
 * events are matched by that id. Two fetches of one URL never wait for each other; an event of a
 * request nobody watches (another extension's, a fetch that gave up, an earlier fetch of the same
 * URL) carries another tag, or an id bound to nobody, and is ignored.
 */

export interface SentEvent {
  requestId: string;
  /** The URL as the browser reports it, the fragment (the tag) included. */
  url: string;
  /** The User-Agent the request really carried. */
  userAgent: string | null;
}
export interface HeadersEvent {
  requestId: string;
  url: string;
  status: number;
  statusLine: string;
  headers: Header[];
}
export interface StartedEvent {
  requestId: string;
  url: string;
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
  readonly seen: { requestId: string | null; sent: SentEvent | null; headers: HeadersEvent | null; started: StartedEvent | null };
  /** Stop watching: later events of this request are ignored. */
  end(): void;
}

export interface HopEventRouter {
  /** Watch the request whose URL carries `tag` as its fragment (call before its fetch). */
  watch(tag: string): HopWatch;
  sent(e: SentEvent): void;
  headers(e: HeadersEvent): void;
  started(e: StartedEvent): void;
  /** Requests watched right now. */
  size(): number;
}

interface Entry {
  tag: string;
  watch: HopWatch;
  onSent: (e: SentEvent) => void;
  onHeaders: (e: HeadersEvent) => void;
  onStarted: (e: StartedEvent) => void;
}

export function hopEventRouter(): HopEventRouter {
  /** Watched requests whose request id is not known yet, by tag. */
  const byTag = new Map<string, Entry>();
  const byId = new Map<string, Entry>();

  /** The fetch an event belongs to: by its request id once bound, else by the tag in its URL (which binds it). */
  const entryOf = (requestId: string, url: string): Entry | undefined => {
    const bound = byId.get(requestId);
    if (bound) return bound;
    const tag = tagOfUrl(url);
    const entry = tag === null ? undefined : byTag.get(tag);
    if (!entry) return undefined;
    byTag.delete(tag!);
    byId.set(requestId, entry);
    entry.watch.seen.requestId = requestId;
    return entry;
  };

  return {
    watch(tag) {
      if (byTag.has(tag)) throw new Error(`The tag ${tag} is watched already.`);
      let onSent!: (e: SentEvent) => void;
      let onHeaders!: (e: HeadersEvent) => void;
      let onStarted!: (e: StartedEvent) => void;
      const seen: HopWatch['seen'] = { requestId: null, sent: null, headers: null, started: null };
      const sent = new Promise<SentEvent>((r) => (onSent = r));
      const headers = new Promise<HeadersEvent>((r) => (onHeaders = r));
      const started = new Promise<StartedEvent>((r) => (onStarted = r));
      let ended = false;
      const entry: Entry = {
        tag,
        // A request sent again under the same id (the browser retries it) keeps what was seen first.
        onSent: (e) => {
          if (seen.sent) return;
          seen.sent = e;
          onSent(e);
        },
        onHeaders: (e) => ((seen.headers = e), onHeaders(e)),
        onStarted: (e) => ((seen.started = e), onStarted(e)),
        watch: {
          sent,
          headers,
          started,
          seen,
          end: () => {
            if (ended) return;
            ended = true;
            if (byTag.get(tag) === entry) byTag.delete(tag);
            if (seen.requestId !== null && byId.get(seen.requestId) === entry) byId.delete(seen.requestId);
          },
        },
      };
      byTag.set(tag, entry);
      return entry.watch;
    },
    sent(e) {
      entryOf(e.requestId, e.url)?.onSent(e);
    },
    headers(e) {
      entryOf(e.requestId, e.url)?.onHeaders(e);
    },
    started(e) {
      entryOf(e.requestId, e.url)?.onStarted(e);
    },
    size: () => byTag.size + byId.size,
  };
}
