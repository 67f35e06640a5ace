// The run's clock: the time limit to the millisecond, paused time not counted, cancel, finish.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunClock } from '../../../lib/sitecheck/createRunClock';
import { fakeClock } from './helpers';

beforeEach(() => {
  fakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRunClock', () => {
  it('the time limit: state timeLimit and the signal aborted at maxTimeMs of running, paused time not counted', async () => {
    const c = createRunClock({ maxTimeMs: 5_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.pause()).toBe(true);
    expect(c.pause()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect([c.state, c.activeMs(), c.signal.aborted]).toEqual(['paused', 2_000, false]);
    expect(c.resume()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect([c.state, c.signal.aborted]).toEqual(['running', false]);
    await vi.advanceTimersByTimeAsync(1);
    expect([c.state, c.activeMs(), c.signal.aborted]).toEqual(['timeLimit', 5_000, true]);
    expect([c.pause(), c.resume(), c.cancel()]).toEqual([false, false, false]);
    c.finish();
    expect(c.state).toBe('timeLimit');
  });

  it('a limit past what setTimeout holds (2^31 − 1 ms) is re-armed, not fired at once', async () => {
    const c = createRunClock({ maxTimeMs: 3_000_000_000 });
    await vi.advanceTimersByTimeAsync(2_147_483_647);
    expect(c.state).toBe('running');
    await vi.advanceTimersByTimeAsync(3_000_000_000 - 2_147_483_647);
    expect(c.state).toBe('timeLimit');
  });

  it('cancel: state cancelled, signal aborted, the paused time kept out; finish: done, the timer stopped', async () => {
    const c = createRunClock({ maxTimeMs: 10_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    c.pause();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(c.cancel()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([c.state, c.signal.aborted, c.activeMs()]).toEqual(['cancelled', true, 2_000]);

    const d = createRunClock({ maxTimeMs: 10_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    d.finish();
    await vi.advanceTimersByTimeAsync(20_000);
    expect([d.state, d.signal.aborted]).toEqual(['done', false]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
