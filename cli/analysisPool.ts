// The command line's analysis threads: the main thread fetches (sockets, gunzip, robots.txt, the
// reports' JSON) while worker threads read the bodies — decoding, the cut, the elements past it,
// the signals — with the same analyzeBody (lib/sitecheck createAnalysisPool drives them).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analysisThreadCount, createAnalysisPool as createPool, type AnalysisPool, type SpawnAnalysisThread } from '../lib/sitecheck';
import { bundle } from './bundle.mjs';

/** The analysis thread through tsx's loader: the fallback when its bundle cannot be used (cli/bundle.mjs gives both start times). */
const WORKER = new URL('./analysisWorker.mjs', import.meta.url);

/** The analysis thread's script: its bundle (cli/bundle.mjs, built if a source changed), else the TypeScript through tsx. */
export async function analysisWorkerScript(env: NodeJS.ProcessEnv = process.env): Promise<URL> {
  const built = await bundle('cli/analysisThread.ts', 'analysis-thread', { env });
  return built ? new URL(built) : WORKER;
}

/** The most threads CRAWLSCOPE_ANALYSIS_THREADS may ask for. */
export const MAX_ANALYSIS_THREADS = 32;

/**
 * How many analysis threads a run gets: every core but the main thread's, and no more than URLs
 * checked at once; 0 (analysis in the main thread) on a single core. CRAWLSCOPE_ANALYSIS_THREADS
 * sets the number (0 turns the threads off).
 */
export function analysisThreads(concurrency: number, env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  const asked = env.CRAWLSCOPE_ANALYSIS_THREADS?.trim();
  if (asked && /^\d+$/.test(asked)) return Math.min(Number(asked), MAX_ANALYSIS_THREADS);
  return analysisThreadCount(concurrency, cores);
}

/** Node worker threads running `script` (cli/analysisWorker.mjs; the tests' failing threads). */
const nodeThreads =
  (script: URL): SpawnAnalysisThread =>
  (events) => {
    const worker = new Worker(script);
    // An idle thread does not keep the process alive; one with work does.
    worker.unref();
    let failure: Error | null = null;
    worker.on('message', events.message);
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => events.exit(failure?.message ?? `exit code ${code}`));
    return {
      post: (msg, transfer) => worker.postMessage(msg, transfer),
      terminate: () => void worker.terminate(),
      busy: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  };

export type { AnalysisPool };

export function createAnalysisPool(size: number, opts: { worker?: URL; answerMs?: number } = {}): AnalysisPool {
  return createPool(size, nodeThreads(opts.worker ?? WORKER), { answerMs: opts.answerMs });
}

/** The analysis threads of a run at `concurrency`, as the command line starts them (their bundled script); null when there are none. */
export async function openAnalysisPool(concurrency: number): Promise<AnalysisPool | null> {
  const threads = analysisThreads(concurrency);
  return threads > 0 ? createAnalysisPool(threads, { worker: await analysisWorkerScript() }) : null;
}
