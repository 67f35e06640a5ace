// What an agent may ask of `crawlscope mcp`, as data: every tool's defaults and caps (an argument
// past a cap is a usage error, not silently lowered), and how many calls run at once. README
// "Crawlscope for agents" prints this table; tests/unit/cli/mcpLimits.test.ts asserts it.

/** A number argument: its default and the most an agent may ask for. */
export interface Bound {
  default: number;
  min: number;
  max: number;
}

export const MCP_LIMITS = {
  /** Tool calls running at once; more wait in line. */
  running: 4,
  /** Calls waiting in line at most; a call past them gets the error `busy` at once. */
  queued: 32,
  check_url: {
    timeoutSec: { default: 10, min: 1, max: 30 } satisfies Bound,
  },
  site_check: {
    maxUrls: { default: 50, min: 1, max: 500 } satisfies Bound,
    concurrency: { default: 2, min: 1, max: 4 } satisfies Bound,
    timeoutSec: { default: 10, min: 1, max: 30 } satisfies Bound,
    maxTimeSec: { default: 120, min: 10, max: 600 } satisfies Bound,
    /** URLs given directly at most. */
    urls: 500,
  },
  robots_verdict: {
    urls: 100,
    tokens: 50,
    /** The robots.txt text, in UTF-8 bytes (Google reads 500 KiB). */
    robotsTxtBytes: 512_000,
  },
  render: {
    timeLimitSec: { default: 20, min: 5, max: 60 } satisfies Bound,
    /** Renders at once (each is a Chromium context). */
    running: 1,
  },
  verify_ip: {
    /** Log lines at most, and their size. */
    lines: 10_000,
    logBytes: 2 * 1024 * 1024,
    /** Addresses checked by DNS at most, when `dns` is asked for. */
    dnsLookups: 20,
  },
} as const;

/** The command line's exit codes, which every tool error carries (`exitCode`): 1 a problem found, 2 nothing could be done or a usage error. */
export type ExitCode = 0 | 1 | 2;

/**
 * The JSON-RPC code of each kind of failure: a usage error is InvalidParams (as MCP says for
 * invalid arguments); "busy" a server error of the implementation-defined range (-32000…-32099,
 * past the SDK's own -32000 and -32001); anything else InternalError. Every one carries
 * `data: {code, exitCode}`, the exit code the command line would give.
 */
export const MCP_ERROR_CODES = { usage: -32602, busy: -32010, cancelled: -32603, unreachable: -32603, failed: -32603 } as const;

/** A tool's error: its code (`usage`, `busy`, `cancelled`, `unreachable`, `failed`), the command line's exit code, and the words. */
export class ToolFailure extends Error {
  constructor(
    readonly code: 'usage' | 'busy' | 'cancelled' | 'unreachable' | 'failed',
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * At most `running` jobs at once and `queued` waiting; a job past both fails at once with `busy`.
 * A job whose signal aborts while waiting leaves the line without running.
 */
export function createLimiter(running: number, queued: number) {
  let active = 0;
  const waiting: { start: () => void; cancel: (e: unknown) => void }[] = [];
  const next = () => {
    while (active < running && waiting.length) {
      active++;
      waiting.shift()!.start();
    }
  };
  return {
    async run<T>(job: () => Promise<T>, signal: AbortSignal, busy: () => Error): Promise<T> {
      if (active >= running) {
        if (waiting.length >= queued) throw busy();
        await new Promise<void>((resolve, reject) => {
          const entry = {
            start: () => {
              signal.removeEventListener('abort', onAbort);
              resolve();
            },
            cancel: reject,
          };
          const onAbort = () => {
            const i = waiting.indexOf(entry);
            if (i !== -1) waiting.splice(i, 1);
            reject(new Error('cancelled'));
          };
          signal.addEventListener('abort', onAbort, { once: true });
          waiting.push(entry);
        });
      } else active++;
      try {
        return await job();
      } finally {
        active--;
        next();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}
