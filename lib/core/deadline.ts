/** A time limit on some work: its signal, whether the time ran out, and the timer to stop when the work ends first. */
export interface Deadline {
  /** Aborts when the time is up, or when the parent signal aborts. */
  readonly signal: AbortSignal;
  /** The time ran out (an abort of the parent is not this). */
  readonly expired: boolean;
  /** Stops the timer and lets go of the parent (its abort no longer reaches this signal): call it once the work is over, however it ended. */
  clear(): void;
}

/** A signal that aborts after `ms` (or with `parent`): the one way lib/ and the pages give work a time limit. */
export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const own = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    own.abort();
  }, ms);
  followAbort(parent, own);
  return {
    signal: own.signal,
    get expired() {
      return expired;
    },
    clear: () => {
      clearTimeout(timer);
      if (parent) linked.get(parent)?.delete(own);
    },
  };
}

/**
 * The deadlines each parent signal still reaches. The parent reaches them through one listener of
 * its own, not AbortSignal.any: Node 20 keeps every signal AbortSignal.any makes in a set of the
 * parent's, as a WeakRef that stays after the signal is gone, for as long as the parent lives — a
 * site check's run kept two per URL (0.5 MB over 8,000 URLs). Nor one listener per deadline: a run
 * has a request per URL in flight, and Node warns past 10 listeners on one signal. clear() takes a
 * deadline out.
 */
const linked = new WeakMap<AbortSignal, Set<AbortController>>();

function link(parent: AbortSignal, own: AbortController): void {
  let children = linked.get(parent);
  if (!children) {
    const all = (children = new Set<AbortController>());
    linked.set(parent, all);
    parent.addEventListener(
      'abort',
      () => {
        // Taken out first: an abort's listeners may clear other deadlines of this parent at once.
        const now = [...all];
        all.clear();
        for (const c of now) c.abort(parent.reason);
      },
      { once: true },
    );
  }
  children.add(own);
}

/**
 * `child` aborts when `parent` does (with its reason), for as long as the child has not aborted:
 * once it has, the parent lets go of it. For work that ends by aborting its own controller (a
 * render), under a parent that outlives it (a site check's run) — without AbortSignal.any (see
 * `linked`).
 */
export function followAbort(parent: AbortSignal | undefined, child: AbortController): void {
  if (!parent || child.signal.aborted) return;
  if (parent.aborted) {
    child.abort(parent.reason);
    return;
  }
  link(parent, child);
  child.signal.addEventListener('abort', () => linked.get(parent)?.delete(child), { once: true });
}
