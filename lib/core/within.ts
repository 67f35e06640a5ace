/** Why `within` gave up: the promise did not settle in time. */
export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timeout after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * `p` with a time limit: it settles as `p` does, or rejects with a TimeoutError after `ms`
 * (at least 0). The timer is cleared either way; `p` itself goes on (nothing can stop it here).
 */
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = Math.max(0, ms);
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(limit)), limit);
    }),
  ]).finally(() => clearTimeout(timer));
}
