// The run's one host queue: one per-host limit for sitemaps and URLs, a cap across hosts,
// sitemaps first, a slot lent back while a reader waits, slow-down, Retry-After holds, pause,
// drop and close — on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostQueue, type HostSlot, type Lane } from '../../../lib/sitecheck/createHostQueue';
import { fakeClock } from './helpers';

interface Item {
  name: string;
}

/** A queue whose items run until released by hand; `log` says what started, in order. */
function harness(perHost: number, maxParallel = 32) {
  const log: string[] = [];
  const running = new Map<string, HostSlot>();
  const q = createHostQueue<Item>({
    perHost,
    maxParallel,
    start: (item, slot) => {
      log.push(item.name);
      running.set(item.name, slot);
    },
  });
  const add = (host: string, lane: Lane, ...names: string[]) => names.forEach((name) => q.add(host, lane, { name }));
  const finish = (name: string) => {
    running.get(name)!.release();
    running.delete(name);
  };
  const perHostNow = (host: string) => [...running.values()].filter((s) => s.host === host).length;
  return { q, log, running, add, finish, perHostNow };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createHostQueue', () => {
  it('at most perHost at once per host, sitemaps and URLs together; sitemaps first; each lane in order', () => {
    const h = harness(2);
    h.add('a', 'url', 'u1', 'u2', 'u3');
    h.add('a', 'sitemap', 's1');
    h.add('b', 'url', 'b1');
    expect(h.log).toEqual(['u1', 'u2', 'b1']);
    expect(h.q.waiting('url')).toBe(1);
    expect(h.q.waiting('sitemap')).toBe(1);
    h.finish('u1');
    // The sitemap goes before the URL that waited longer.
    expect(h.log).toEqual(['u1', 'u2', 'b1', 's1']);
    h.finish('u2');
    expect(h.log.at(-1)).toBe('u3');
    expect([h.perHostNow('a'), h.q.active]).toEqual([2, 3]);
  });

  it('maxParallel across hosts', () => {
    const h = harness(2, 3);
    h.add('a', 'url', 'a1', 'a2');
    h.add('b', 'url', 'b1', 'b2');
    expect(h.log).toEqual(['a1', 'a2', 'b1']);
    h.finish('a1');
    expect(h.log).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('an item added by a running item (a link found) waits its turn like any other; 3,000 of them keep their order', () => {
    const started: number[] = [];
    const q = createHostQueue<number>({
      perHost: 1,
      maxParallel: 32,
      start: (n, slot) => {
        started.push(n);
        if (n === 0) for (let i = 1; i <= 3000; i++) q.add('a', 'url', i);
        slot.release();
      },
    });
    q.add('a', 'url', 0);
    expect(started).toEqual(Array.from({ length: 3001 }, (_, i) => i));
    expect([q.active, q.waiting('url')]).toEqual([0, 0]);
  });

  it('slowDown: one at once on that host from then on', () => {
    const h = harness(3);
    h.add('a', 'url', 'u1', 'u2', 'u3', 'u4', 'u5');
    expect(h.perHostNow('a')).toBe(3);
    h.q.slowDown('a');
    h.finish('u1');
    h.finish('u2');
    expect(h.perHostNow('a')).toBe(1);
    h.finish('u3');
    expect(h.log).toEqual(['u1', 'u2', 'u3', 'u4']);
  });

  it('holdFor (a Retry-After): nothing of that host starts until the latest hold ends, to the millisecond; other hosts go on', async () => {
    const h = harness(2);
    h.add('a', 'url', 'u1');
    const t0 = Date.now();
    const ends: number[] = [];
    void h.q.holdFor('a', 5_000).then(() => ends.push(Date.now() - t0));
    void h.q.holdFor('a', 3_000).then(() => ends.push(Date.now() - t0));
    h.add('a', 'url', 'u2');
    h.add('b', 'url', 'b1');
    expect(h.log).toEqual(['u1', 'b1']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(h.log).toEqual(['u1', 'b1']);
    expect(ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.log).toEqual(['u1', 'b1', 'u2']);
    expect(ends).toEqual([5_000, 5_000]);
  });

  it('pause: nothing starts; resume goes on', () => {
    const h = harness(1);
    h.add('a', 'url', 'u1', 'u2');
    h.q.pause();
    h.finish('u1');
    expect(h.log).toEqual(['u1']);
    h.q.resume();
    expect(h.log).toEqual(['u1', 'u2']);
  });

  it('away: the slot goes to the next item while the reader waits, and comes back to it first', async () => {
    const h = harness(1);
    h.add('a', 'sitemap', 's1');
    h.add('a', 'url', 'u1', 'u2');
    h.add('a', 'sitemap', 's2');
    let back = false;
    let release!: () => void;
    const waitedFor = new Promise<void>((r) => (release = r));
    const away = h.running.get('s1')!.away(() => waitedFor).then(() => (back = true));
    // s2 (a sitemap) takes the slot s1 lent.
    expect(h.log).toEqual(['s1', 's2']);
    release();
    await flush();
    expect(back).toBe(false);
    h.finish('s2');
    await away;
    // s1 has its slot again, ahead of the URLs.
    expect([back, h.log]).toEqual([true, ['s1', 's2']]);
    expect(h.perHostNow('a')).toBe(1);
    expect(h.q.active).toBe(1);
    h.finish('s1');
    expect(h.log).toEqual(['s1', 's2', 'u1']);
  });

  it('room: resolves once fewer URLs than asked wait', async () => {
    const h = harness(1);
    h.add('a', 'url', 'u1', 'u2', 'u3', 'u4');
    let roomy = false;
    void h.q.room(2).then(() => (roomy = true));
    h.finish('u1');
    await flush();
    expect([h.q.waiting('url'), roomy]).toEqual([2, false]);
    h.finish('u2');
    await flush();
    expect([h.q.waiting('url'), roomy]).toEqual([1, true]);
  });

  it('idle: per lane, and of everything; an item that is away still counts', async () => {
    const h = harness(2);
    const idle: string[] = [];
    h.add('a', 'sitemap', 's1');
    h.add('a', 'url', 'u1');
    void h.q.idle('sitemap').then(() => idle.push('sitemap'));
    void h.q.idle().then(() => idle.push('all'));
    const away = h.running.get('s1')!.away(() => Promise.resolve());
    await flush();
    await away;
    expect(idle).toEqual([]);
    h.finish('s1');
    await flush();
    expect(idle).toEqual(['sitemap']);
    h.finish('u1');
    await flush();
    expect(idle).toEqual(['sitemap', 'all']);
    await expect(createHostQueue({ perHost: 1, maxParallel: 1, start: () => undefined }).idle()).resolves.toBeUndefined();
  });

  it('drop and close: waiting items come out; after close nothing starts, waits end, a slot away comes back without a slot', async () => {
    const h = harness(1);
    h.add('a', 'sitemap', 's1', 's2', 's3');
    h.add('a', 'url', 'u1', 'u2');
    expect(h.q.drop('sitemap')).toEqual([{ name: 's2' }, { name: 's3' }]);
    expect(h.q.waiting('sitemap')).toBe(0);
    let roomy = false;
    let held = false;
    void h.q.room(1).then(() => (roomy = true));
    void h.q.holdFor('b', 10_000).then(() => (held = true));
    let hold!: () => void;
    const away = h.running.get('s1')!.away(() => new Promise<void>((r) => (hold = r)));
    expect(h.log).toEqual(['s1', 'u1']);
    expect(h.q.close()).toEqual([{ name: 'u2' }]);
    await flush();
    expect([roomy, held]).toEqual([true, true]);
    hold();
    await away;
    h.add('a', 'url', 'u3');
    h.finish('u1');
    h.finish('s1');
    expect(h.log).toEqual(['s1', 'u1']);
    expect(h.q.active).toBe(0);
  });
});
