/** Sitemaps go before URLs: what they list is what the run has left to do. */
export type Lane = 'sitemap' | 'url';

/** One item's place among its host's requests at once. */
export interface HostSlot {
  readonly host: string;
  /** Gives the slot back for good (once; later calls do nothing). */
  release(): void;
  /**
   * Gives the slot back while `wait` runs, then takes one of the same host again — ahead of every
   * item waiting there — before it resolves: a sitemap reader that waits for the checks it feeds
   * does not hold a request of the host meanwhile. After close(), it resolves without a slot.
   */
  away<R>(wait: () => Promise<R>): Promise<R>;
}

export interface HostQueueOptions<T> {
  /** Items at once per host (at least 1). */
  perHost: number;
  /** Items at once across all hosts. */
  maxParallel: number;
  /** Starts an item once its host has a free slot; the item owns the slot until it releases it. It must not throw. */
  start: (item: T, slot: HostSlot) => void;
  now?: () => number;
}

export interface HostQueue<T> {
  /** Queues an item of a host; ignored after close(). Items may be added at any time, also by running items. */
  add(host: string, lane: Lane, item: T): void;
  /** Items waiting in a lane, all hosts together. */
  waiting(lane: Lane): number;
  /** Items started and not yet released, all lanes and hosts together. */
  readonly active: number;
  /** No item starts while paused (running ones go on). */
  pause(): void;
  resume(): void;
  /** One item at once on this host from now on (Googlebot slows down for a host that answers 429 or 5xx). */
  slowDown(host: string): void;
  /**
   * No item of this host starts for `ms` (a Retry-After): resolves when the host's hold is over —
   * the latest of its holds — or at close().
   */
  holdFor(host: string, ms: number): Promise<void>;
  /** Takes every waiting item of a lane out of the queue; returns them. */
  drop(lane: Lane): T[];
  /** Ends the queue: waiting items are dropped (and returned), nothing starts again, every wait ends. */
  close(): T[];
  /** Resolves when fewer than `below` URLs wait, or at close(). */
  room(below: number): Promise<void>;
  /** Resolves when nothing of the lane (or of any lane) waits or runs. */
  idle(lane?: Lane): Promise<void>;
}

/** First in, first out, without Array.shift's copy of the rest. */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;
  get size() {
    return this.items.length - this.head;
  }
  push(x: T) {
    this.items.push(x);
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const x = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }
  clear(): T[] {
    const rest = this.items.slice(this.head) as T[];
    this.items = [];
    this.head = 0;
    return rest;
  }
}

interface Host<T> {
  name: string;
  limit: number;
  active: number;
  heldUntil: number;
  holdTimer: ReturnType<typeof setTimeout> | undefined;
  holdWaiters: (() => void)[];
  /** Slots coming back from away(): served first (false: the queue closed, no slot). */
  back: ((granted: boolean) => void)[];
  lanes: Record<Lane, Fifo<T>>;
}

/**
 * The run's one queue of requests: sitemaps and URLs of every host, with one per-host limit
 * (`perHost` items at once, one from slowDown() on), holds for a Retry-After, and a cap across
 * hosts. Per host, a slot coming back from away() goes first, then sitemaps, then URLs, each in
 * the order they came; hosts take turns in the order they became ready.
 */
export function createHostQueue<T>(opts: HostQueueOptions<T>): HostQueue<T> {
  const now = opts.now ?? Date.now;
  const perHost = Math.max(1, Math.floor(opts.perHost));
  const hosts = new Map<string, Host<T>>();
  /** Hosts with something waiting, in the order they became ready. */
  const ready = new Set<Host<T>>();
  const waitingIn: Record<Lane, number> = { sitemap: 0, url: 0 };
  /** Started and not finished (a slot that is away still counts: its item is not done). */
  const busyIn: Record<Lane, number> = { sitemap: 0, url: 0 };
  let active = 0;
  let paused = false;
  let closed = false;
  let pumping = false;
  let again = false;
  let roomWaiters: { below: number; resolve: () => void }[] = [];
  let idleWaiters: { lane: Lane | undefined; resolve: () => void }[] = [];

  const hostOf = (name: string): Host<T> => {
    let h = hosts.get(name);
    if (!h) {
      h = { name, limit: perHost, active: 0, heldUntil: 0, holdTimer: undefined, holdWaiters: [], back: [], lanes: { sitemap: new Fifo(), url: new Fifo() } };
      hosts.set(name, h);
    }
    return h;
  };
  const hasWaiting = (h: Host<T>) => h.back.length > 0 || h.lanes.sitemap.size > 0 || h.lanes.url.size > 0;

  const isIdle = (lane: Lane | undefined) =>
    lane ? waitingIn[lane] === 0 && busyIn[lane] === 0 : waitingIn.sitemap + waitingIn.url + busyIn.sitemap + busyIn.url === 0;

  const settle = () => {
    if (roomWaiters.length) {
      const still: typeof roomWaiters = [];
      for (const w of roomWaiters) (closed || waitingIn.url < w.below ? w.resolve : () => still.push(w))();
      roomWaiters = still;
    }
    if (idleWaiters.length) {
      const still: typeof idleWaiters = [];
      for (const w of idleWaiters) (isIdle(w.lane) ? w.resolve : () => still.push(w))();
      idleWaiters = still;
    }
  };

  const slotFor = (h: Host<T>, lane: Lane): HostSlot => {
    let held = true;
    let finished = false;
    const giveBack = () => {
      if (!held) return;
      held = false;
      h.active--;
      active--;
    };
    return {
      host: h.name,
      release() {
        giveBack();
        if (!finished) {
          finished = true;
          busyIn[lane]--;
        }
        pump();
      },
      async away(wait) {
        giveBack();
        pump();
        try {
          return await wait();
        } finally {
          if (!closed && !finished) {
            await new Promise<void>((resolve) => {
              h.back.push((granted) => {
                held = granted;
                resolve();
              });
              ready.add(h);
              pump();
            });
          }
        }
      },
    };
  };

  const armHold = (h: Host<T>) => {
    if (h.holdTimer !== undefined || closed) return;
    // setTimeout holds at most 2^31 − 1 ms; a Retry-After waited for is at most 30 s.
    h.holdTimer = setTimeout(() => {
      h.holdTimer = undefined;
      if (now() < h.heldUntil) return armHold(h);
      const waiters = h.holdWaiters;
      h.holdWaiters = [];
      for (const w of waiters) w();
      if (hasWaiting(h)) ready.add(h);
      pump();
    }, Math.min(2_147_483_647, Math.max(0, h.heldUntil - now())));
  };

  const pump = () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        if (paused || closed) break;
        for (const h of ready) {
          if (active >= opts.maxParallel) break;
          if (h.heldUntil > now()) {
            ready.delete(h);
            armHold(h);
            continue;
          }
          while (active < opts.maxParallel && h.active < h.limit) {
            const back = h.back.shift();
            const lane: Lane | null = back ? null : h.lanes.sitemap.size ? 'sitemap' : h.lanes.url.size ? 'url' : null;
            if (!back && !lane) break;
            h.active++;
            active++;
            if (back) back(true);
            else {
              const item = h.lanes[lane!].shift()!;
              waitingIn[lane!]--;
              busyIn[lane!]++;
              opts.start(item, slotFor(h, lane!));
            }
          }
          if (!hasWaiting(h)) ready.delete(h);
        }
      } while (again);
    } finally {
      pumping = false;
    }
    settle();
  };

  return {
    add(host, lane, item) {
      if (closed) return;
      const h = hostOf(host);
      h.lanes[lane].push(item);
      waitingIn[lane]++;
      ready.add(h);
      pump();
    },
    waiting: (lane) => waitingIn[lane],
    get active() {
      return active;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      pump();
    },
    slowDown(host) {
      hostOf(host).limit = 1;
    },
    holdFor(host, ms) {
      if (closed) return Promise.resolve();
      const h = hostOf(host);
      h.heldUntil = Math.max(h.heldUntil, now() + ms);
      armHold(h);
      return new Promise<void>((resolve) => h.holdWaiters.push(resolve));
    },
    drop(lane) {
      const out: T[] = [];
      for (const h of hosts.values()) {
        out.push(...h.lanes[lane].clear());
        if (!hasWaiting(h)) ready.delete(h);
      }
      waitingIn[lane] = 0;
      settle();
      return out;
    },
    close() {
      if (closed) return [];
      closed = true;
      const out: T[] = [];
      for (const h of hosts.values()) {
        out.push(...h.lanes.sitemap.clear(), ...h.lanes.url.clear());
        clearTimeout(h.holdTimer);
        h.holdTimer = undefined;
        for (const w of h.holdWaiters.splice(0)) w();
        // Slots coming back get none: their items see the run has ended.
        for (const b of h.back.splice(0)) b(false);
      }
      ready.clear();
      waitingIn.sitemap = 0;
      waitingIn.url = 0;
      settle();
      return out;
    },
    room(below) {
      if (closed || waitingIn.url < below) return Promise.resolve();
      return new Promise<void>((resolve) => roomWaiters.push({ below, resolve }));
    },
    idle(lane) {
      if (isIdle(lane)) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push({ lane, resolve }));
    },
  };
}
