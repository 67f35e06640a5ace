/** A time limit on some work: its signal, whether the time ran out, and the timer to stop when the work ends first. */
export interface Deadline {
  /** Aborts when the time is up, or when the parent signal aborts. */
  readonly signal: AbortSignal;
  /** The time ran out (an abort of the parent is not this). */
  readonly expired: boolean;
  /** Stops the timer: call it once the work is over, however it ended. */
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
  return {
    signal: parent ? AbortSignal.any([own.signal, parent]) : own.signal,
    get expired() {
      return expired;
    },
    clear: () => clearTimeout(timer),
  };
}
