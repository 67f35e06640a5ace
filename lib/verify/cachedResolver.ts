import type { DnsAnswer, DnsResolver } from './dns';

export interface CacheOptions {
  /** Clock in ms (injected for tests). */
  now?: () => number;
  /** Questions in flight at once. */
  maxConcurrent?: number;
  /** Minimum gap between two questions sent, in ms (rate bound). */
  minIntervalMs?: number;
  maxEntries?: number;
  /** Bounds on the answer's TTL, in seconds. */
  minTtl?: number;
  maxTtl?: number;
}

/**
 * Wrap a resolver: answers cached for their TTL (failures are not cached), identical questions in
 * flight shared, at most `maxConcurrent` questions at once and one every `minIntervalMs`.
 */
export function createCachedResolver(inner: DnsResolver, opts: CacheOptions = {}): DnsResolver & { size(): number } {
  const now = opts.now ?? (() => Date.now());
  const maxConcurrent = opts.maxConcurrent ?? 4;
  const minInterval = opts.minIntervalMs ?? 50;
  const maxEntries = opts.maxEntries ?? 5000;
  const minTtl = opts.minTtl ?? 30;
  const maxTtl = opts.maxTtl ?? 3600;
  const cache = new Map<string, { until: number; answer: DnsAnswer }>();
  const inflight = new Map<string, Promise<DnsAnswer>>();
  const queue: (() => void)[] = [];
  let running = 0;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const pump = () => {
    while (queue.length && running < maxConcurrent) {
      const wait = lastStart + minInterval - now();
      if (wait > 0) {
        if (!timer) timer = setTimeout(() => { timer = null; pump(); }, wait);
        return;
      }
      lastStart = now();
      running++;
      queue.shift()!();
    }
  };

  const slot = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        fn().then(resolve, reject).finally(() => {
          running--;
          pump();
        });
      });
      pump();
    });

  const ttlOf = (a: DnsAnswer): number | null => {
    if (a.kind === 'error') return null;
    const t = a.kind === 'nxdomain' ? a.ttl : a.records.length ? Math.min(...a.records.map((r) => r.ttl)) : 60;
    return Math.min(maxTtl, Math.max(minTtl, t));
  };

  const resolve: DnsResolver = (name, type) => {
    const key = `${type} ${name.toLowerCase()}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return Promise.resolve(hit.answer);
    if (hit) cache.delete(key);
    const pending = inflight.get(key);
    if (pending) return pending;
    const p = slot(() => inner(name, type)).then(
      (answer) => {
        const ttl = ttlOf(answer);
        if (ttl !== null) {
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
          cache.set(key, { until: now() + ttl * 1000, answer });
        }
        return answer;
      },
      (err: unknown): DnsAnswer => ({ kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    ).finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  };
  return Object.assign(resolve, { size: () => cache.size });
}
