import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadline } from '../../../lib/core/deadline';

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
});
