import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventListeners } from 'node:events';
import { deadline, followAbort } from '../../../lib/core/deadline';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('deadline', () => {
  it('aborts at its time to the millisecond, and says the time ran out', async () => {
    const d = deadline(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect([d.signal.aborted, d.expired]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect([d.signal.aborted, d.expired]).toEqual([true, true]);
  });

  it('aborts with its parent, which is not its time running out; clear() stops the timer', async () => {
    const parent = new AbortController();
    const d = deadline(1_000, parent.signal);
    parent.abort();
    expect([d.signal.aborted, d.expired]).toEqual([true, false]);
    d.clear();
    expect(vi.getTimerCount()).toBe(0);
    const e = deadline(1_000);
    e.clear();
    await vi.advanceTimersByTimeAsync(5_000);
    expect([e.signal.aborted, e.expired]).toEqual([false, false]);
  });

  it('a thousand deadlines on one long-lived parent: one listener on it; the parent reaches only those not yet cleared', () => {
    const run = new AbortController();
    const all = Array.from({ length: 1_000 }, () => deadline(1_000, run.signal));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    for (const d of all.slice(0, 999)) d.clear();
    run.abort('cancelled');
    const open = all[999]!;
    expect([all[0]!.signal.aborted, all[998]!.signal.aborted, open.signal.aborted, open.signal.reason, open.expired]).toEqual([false, false, true, 'cancelled', false]);
    open.clear();
  });

  it('a parent already aborted: aborted at once, with its reason', () => {
    const run = new AbortController();
    run.abort('out of time');
    const d = deadline(1_000, run.signal);
    expect([d.signal.aborted, d.signal.reason, d.expired]).toEqual([true, 'out of time', false]);
    d.clear();
  });

  it('followAbort: a child aborts with its parent until it aborts itself; then the parent lets go of it', () => {
    const run = new AbortController();
    const done = Array.from({ length: 100 }, () => {
      const c = new AbortController();
      followAbort(run.signal, c);
      return c;
    });
    const open = new AbortController();
    followAbort(run.signal, open);
    for (const c of done) c.abort('finished');
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort('cancelled');
    expect([done[0]!.signal.reason, open.signal.aborted, open.signal.reason]).toEqual(['finished', true, 'cancelled']);
    const late = new AbortController();
    followAbort(run.signal, late);
    expect(late.signal.reason).toBe('cancelled');
  });

  it('a deadline whose abort clears another of the same parent: both still end with the parent', () => {
    const run = new AbortController();
    const a = deadline(1_000, run.signal);
    const b = deadline(1_000, run.signal);
    a.signal.addEventListener('abort', () => b.clear());
    run.abort('cancelled');
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
  });
});
