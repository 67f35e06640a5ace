import type { LogLimits, LogTally, ReadLogResult, Verdict } from '../../lib/verify';

/** Page → worker. */
export type ToWorker =
  | { type: 'analyze'; file: Blob; limits?: LogLimits }
  | { type: 'export'; file: Blob; outcomes: [string, { verdict: Verdict; category: string | null }][] };

/** Worker → page. */
export type FromWorker =
  | { type: 'progress'; raw: number; total: number }
  | { type: 'done'; tally: LogTally; read: ReadLogResult; gzip: boolean }
  | { type: 'exported'; csv: Blob; rows: number; read: ReadLogResult }
  | { type: 'error'; message: string };
