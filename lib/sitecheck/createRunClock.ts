import type { SiteCheckState } from './types';

export interface RunClock {
  readonly state: SiteCheckState;
  /** Aborts when the run is cancelled or its time is up: every request of the run ends with it. */
  readonly signal: AbortSignal;
  /** Time the run has been running, paused time not counted. */
  activeMs(): number;
  /** True when the state changed (a run that is not running is not paused). */
  pause(): boolean;
  resume(): boolean;
  cancel(): boolean;
  /** The run ended by itself: 'done' unless it was cancelled or out of time; the timer stops. */
  finish(): void;
}

/**
 * The run's state and time: running, paused (its time stops), cancelled, out of time
 * (`maxTimeMs` of running — paused time not counted — then state 'timeLimit'), or done. Cancel
 * and the time limit abort `signal`.
 */
export function createRunClock(opts: { maxTimeMs: number; now?: () => number }): RunClock {
  const now = opts.now ?? Date.now;
  const maxTimeMs = opts.maxTimeMs;
  const stop = new AbortController();
  const started = now();
  let state: SiteCheckState = 'running';
  let pausedAt: number | null = null;
  let pausedMs = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const activeMs = () => now() - started - pausedMs - (pausedAt === null ? 0 : now() - pausedAt);
  const live = () => state === 'running' || state === 'paused';
  const endPause = () => {
    if (pausedAt !== null) pausedMs += now() - pausedAt;
    pausedAt = null;
  };
  const arm = () => {
    clearTimeout(timer);
    // setTimeout holds at most 2^31 − 1 ms: a longer limit is re-armed when that much has passed.
    timer = setTimeout(() => {
      if (!live()) return;
      if (activeMs() < maxTimeMs) return arm();
      state = 'timeLimit';
      stop.abort();
    }, Math.min(2_147_483_647, Math.max(0, maxTimeMs - activeMs())));
  };
  arm();

  return {
    get state() {
      return state;
    },
    signal: stop.signal,
    activeMs,
    pause() {
      if (state !== 'running') return false;
      state = 'paused';
      pausedAt = now();
      clearTimeout(timer);
      return true;
    },
    resume() {
      if (state !== 'paused') return false;
      state = 'running';
      endPause();
      arm();
      return true;
    },
    cancel() {
      if (!live()) return false;
      clearTimeout(timer);
      endPause();
      state = 'cancelled';
      stop.abort();
      return true;
    },
    finish() {
      clearTimeout(timer);
      if (live()) {
        endPause();
        state = 'done';
      }
    },
  };
}
