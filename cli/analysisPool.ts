// The command line's analysis threads: the main thread fetches (sockets, gunzip, robots.txt, the
// reports' JSON) while worker threads read the bodies — decoding, the cut, the elements past it,
// the signals — with the same analyzeBody. The body's bytes are transferred, not copied.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyzeBody, type BodyAnalysis, type BodyAnalyzer, type BodyToAnalyze } from '../lib/sitecheck';

const WORKER = new URL('./analysisWorker.mjs', import.meta.url);

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
  return Math.max(0, Math.min(cores - 1, concurrency));
}

export interface AnalysisPool {
  analyze: BodyAnalyzer;
  /** Threads running now (0 once the pool fell back to the main thread). */
  readonly threads: number;
  /** Ends the threads (once the run is over: a body still held fails); an analysis asked afterwards runs in the main thread. */
  close(): Promise<void>;
}

interface Task {
  input: BodyToAnalyze;
  resolve: (a: BodyAnalysis) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  tasks: Map<number, Task>;
}

/** The body's bytes go to a started thread without a copy when they own their whole buffer. */
function transferable(body: Uint8Array): ArrayBuffer[] {
  const buf = body.buffer;
  return buf instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buf.byteLength ? [buf] : [];
}

/**
 * `size` threads, each taking the next body when it is the least busy. A thread that dies (a page
 * that exhausts its memory) fails only the bodies it held — their URLs report the error — and is
 * started again. If threads cannot start at all, the pool analyses in the main thread instead, the
 * bodies it held included: the run is slower, never wrong. `worker`: another thread script
 * speaking the same messages (the tests' failing threads).
 */
export function createAnalysisPool(size: number, opts: { worker?: URL } = {}): AnalysisPool {
  const script = opts.worker ?? WORKER;
  let closed = false;
  let broken = false;
  let nextId = 0;
  const threads: Thread[] = [];

  const inMain = (t: Task) => analyzeBody(t.input).then(t.resolve, (e: unknown) => t.reject(e instanceof Error ? e : new Error(String(e))));

  const spawn = (): Thread => {
    const worker = new Worker(script);
    // An idle thread does not keep the process alive; one with work does.
    worker.unref();
    const th: Thread = { worker, ready: false, tasks: new Map() };
    worker.on('message', (m: { ready?: true; id?: number; ok?: boolean; value?: BodyAnalysis; error?: string }) => {
      if (m.ready) {
        th.ready = true;
        return;
      }
      const task = th.tasks.get(m.id!);
      if (!task) return;
      th.tasks.delete(m.id!);
      if (th.tasks.size === 0) worker.unref();
      if (m.ok) task.resolve(m.value!);
      else task.reject(new Error(m.error));
    });
    let failure: Error | null = null;
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => {
      const i = threads.indexOf(th);
      if (i >= 0) threads.splice(i, 1);
      const held = [...th.tasks.values()];
      th.tasks.clear();
      if (closed) {
        for (const t of held) t.reject(new Error('The analysis threads were closed.'));
        return;
      }
      if (!th.ready) {
        // The thread never started (no loader, no memory for a thread): the main thread does the work.
        broken = true;
        for (const t of [...held, ...threads.flatMap((o) => [...o.tasks.values()])]) void inMain(t);
        for (const o of threads.splice(0)) void o.worker.terminate();
        return;
      }
      const why = failure?.message ?? `exit code ${code}`;
      for (const t of held) t.reject(new Error(`The analysis thread stopped (${why}).`));
      threads.push(spawn());
    });
    return th;
  };

  for (let i = 0; i < size; i++) threads.push(spawn());

  const analyze: BodyAnalyzer = (input) =>
    new Promise<BodyAnalysis>((resolve, reject) => {
      const task: Task = { input, resolve, reject };
      if (closed || broken || threads.length === 0) return void inMain(task);
      let th = threads[0]!;
      for (const o of threads) if (o.tasks.size < th.tasks.size) th = o;
      const id = nextId++;
      th.tasks.set(id, task);
      th.worker.ref();
      // Until the thread has started, a copy: if it never does, the main thread still has the bytes.
      th.worker.postMessage({ id, input }, th.ready ? transferable(input.body) : []);
    });

  return {
    analyze,
    get threads() {
      return broken || closed ? 0 : threads.length;
    },
    async close() {
      closed = true;
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
