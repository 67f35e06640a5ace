import { analyzeBody, type BodyAnalysis, type BodyAnalyzer, type BodyToAnalyze } from './analyzeBody';

/** What the pool sends a thread, and what a thread answers (answerAnalysis speaks it). */
export type ToAnalysisThread = { id: number; input: BodyToAnalyze };
export type FromAnalysisThread = { ready: true } | { id: number; ok: true; value: BodyAnalysis } | { id: number; ok: false; error: string };

/** A started thread, as the pool drives it: a Node worker thread or a web Worker behind it. */
export interface AnalysisThread {
  post(msg: ToAnalysisThread, transfer: ArrayBuffer[]): void;
  terminate(): void;
  /** Node: keep the process alive while the thread holds work, not while it idles. */
  busy?(busy: boolean): void;
}

/** Starts a thread; it calls `message` for each answer and `exit` once, when the thread is gone. */
export type SpawnAnalysisThread = (events: { message(m: FromAnalysisThread): void; exit(reason: string): void }) => AnalysisThread;

export interface AnalysisPool {
  analyze: BodyAnalyzer;
  /** Threads running now (0 once the pool fell back to this thread, or was closed). */
  readonly threads: number;
  /** Ends the threads (once the run is over: a body still held fails); an analysis asked afterwards runs in this thread. */
  close(): void;
}

interface Task {
  input: BodyToAnalyze;
  resolve: (a: BodyAnalysis) => void;
  reject: (e: Error) => void;
  /** How long its answer may take once its thread has started. */
  wait: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The longest a thread may take to answer one body: the analysis is linear, and the largest body
 * it gets (the limit plus what it lists past the cut) takes about a second. A thread that goes
 * silent for longer (a browser that dropped a crashed worker without a word) is ended and started again.
 */
export const ANSWER_MS = 60_000;

/**
 * The longest a thread may take to start (its loader and modules: seconds on a busy machine). A
 * thread still starting is not silent: a body's wait for its answer begins when the thread is ready.
 */
export const START_MS = 60_000;

interface Slot {
  thread: AnalysisThread;
  /** Ends the thread from here (it stopped answering). */
  end: (reason: string) => void;
  ready: boolean;
  /** Ends a thread that has not started in START_MS (cleared when it says ready). */
  startTimer?: ReturnType<typeof setTimeout>;
  tasks: Map<number, Task>;
}

/** Analysis threads for a run: every core but the calling thread's, and no more than the URLs checked at once. */
export const analysisThreadCount = (concurrency: number, cores: number): number => Math.max(0, Math.min(cores - 1, concurrency));

/** The body's bytes go to a started thread without a copy when they own their whole buffer. */
function transferable(body: Uint8Array): ArrayBuffer[] {
  const buf = body.buffer;
  return buf instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buf.byteLength ? [buf] : [];
}

/**
 * `size` analysis threads, each handed the next body when it is the least busy; the answer is
 * analyzeBody's, computed there. Until a thread says it is ready it gets copies of the bytes, then
 * the bytes themselves (transferred). A thread that dies (a page that exhausts its memory) fails
 * only the bodies it held — their URLs report the error — and is started again. If threads cannot
 * start at all, the pool analyses in this thread instead, the bodies it had sent included: the run
 * is slower, never wrong.
 */
export function createAnalysisPool(size: number, spawn: SpawnAnalysisThread, opts: { answerMs?: number } = {}): AnalysisPool {
  const answerMs = opts.answerMs ?? ANSWER_MS;
  let closed = false;
  /** Threads could not start: every body is read in this thread. */
  let broken = false;
  let failedStarts = 0;
  let nextId = 0;
  const slots: Slot[] = [];

  /** The wait for a body's answer, once its thread has started. */
  const arm = (slot: Slot, task: Task) => (task.timer = setTimeout(() => slot.end(`no answer in ${task.wait / 1000} s`), task.wait));
  const here = (t: Task) => analyzeBody(t.input).then(t.resolve, (e: unknown) => t.reject(e instanceof Error ? e : new Error(String(e))));

  const start = (): Slot => {
    let gone = false;
    // The thread's events come after this returns: `slot` is set by then.
    const slot: Slot = {
      ready: false,
      tasks: new Map(),
      thread: spawn({
        message(m) {
          if ('ready' in m) {
            slot.ready = true;
            clearTimeout(slot.startTimer);
            for (const t of slot.tasks.values()) arm(slot, t);
            return;
          }
          const task = slot.tasks.get(m.id);
          if (!task) return;
          clearTimeout(task.timer);
          slot.tasks.delete(m.id);
          if (slot.tasks.size === 0) slot.thread.busy?.(false);
          if (m.ok) task.resolve(m.value);
          else task.reject(new Error(m.error));
        },
        exit: (reason) => ended(reason),
      }),
      end(reason) {
        ended(reason);
        slot.thread.terminate();
      },
    };
    function ended(reason: string) {
      if (gone) return;
      gone = true;
      clearTimeout(slot.startTimer);
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const held = [...slot.tasks.values()];
      for (const t of held) clearTimeout(t.timer);
      slot.tasks.clear();
      if (closed) return;
      if (!slot.ready) {
        // The thread never started (no loader, no memory for a thread): it was sent copies, so
        // this thread reads them. After as many failed starts as threads, it reads every body.
        for (const t of held) void here(t);
        if (++failedStarts >= Math.max(2, size)) broken = true;
        else slots.push(start());
        return;
      }
      // It had the bytes themselves: those URLs fail, with the reason.
      for (const t of held) t.reject(new Error(`The analysis thread stopped (${reason}).`));
      if (!broken) slots.push(start());
    }
    slot.startTimer = setTimeout(() => slot.ready || slot.end(`not started in ${START_MS / 1000} s`), START_MS);
    return slot;
  };

  for (let i = 0; i < size; i++) slots.push(start());

  const analyze: BodyAnalyzer = (input) =>
    new Promise<BodyAnalysis>((resolve, reject) => {
      const task: Task = { input, resolve, reject, wait: 0 };
      if (closed || broken || slots.length === 0) return void here(task);
      // The least busy thread.
      let slot = slots[0]!;
      for (const o of slots) if (o.tasks.size < slot.tasks.size) slot = o;
      const id = nextId++;
      slot.tasks.set(id, task);
      // Its answer comes after the bodies queued before it: the wait starts when they are done.
      task.wait = answerMs * slot.tasks.size;
      if (slot.ready) arm(slot, task);
      slot.thread.busy?.(true);
      // Until the thread has started, a copy: if it never does, this thread still has the bytes.
      slot.thread.post({ id, input }, slot.ready ? transferable(input.body) : []);
    });

  return {
    analyze,
    get threads() {
      return broken || closed ? 0 : slots.filter((o) => o.ready).length;
    },
    close() {
      closed = true;
      for (const s of slots.splice(0)) {
        clearTimeout(s.startTimer);
        for (const t of s.tasks.values()) {
          clearTimeout(t.timer);
          t.reject(new Error('The analysis threads were closed.'));
        }
        s.tasks.clear();
        s.thread.terminate();
      }
    },
  };
}

/**
 * The thread's side: answers each body with analyzeBody, by its id, one message at a time. Call
 * it once the thread is set up; it says "ready" first.
 */
export function answerAnalysis(post: (m: FromAnalysisThread) => void): (m: ToAnalysisThread) => Promise<void> {
  post({ ready: true });
  return async ({ id, input }) => {
    try {
      post({ id, ok: true, value: await analyzeBody(input) });
    } catch (err) {
      post({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
