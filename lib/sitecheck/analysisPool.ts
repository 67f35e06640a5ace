import { openBodyAnalysis, type BodyAnalysis, type BodyAnalyzer, type BodyEnd, type BodySink, type ResponseToAnalyze } from './analyzeBody';

/** What the pool sends a thread — a body as it streams: its response, its chunks, its end — and what a thread answers (answerAnalysis speaks it). */
export type ToAnalysisThread = { id: number; open: ResponseToAnalyze } | { id: number; chunk: Uint8Array } | { id: number; end: BodyEnd } | { id: number; abort: true };
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
  response: ResponseToAnalyze;
  /** Copies of what was sent before the thread said it was ready: if it never does, this thread reads them. */
  copies: Uint8Array[] | null;
  ended: BodyEnd | null;
  resolve: (a: BodyAnalysis) => void;
  reject: (e: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
  /** Read here after all (the thread never started): the local analysis. */
  local: BodySink | null;
}

/**
 * The longest a thread may take to answer once a body has ended: the analysis keeps up with the
 * bytes as they come, so what is left at the end is little; a thread silent for longer (a browser
 * that dropped a crashed worker without a word) is ended and started again.
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

/** A chunk goes to a started thread without a copy when it owns its whole buffer. */
function transferable(body: Uint8Array): ArrayBuffer[] {
  const buf = body.buffer;
  return buf instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buf.byteLength ? [buf] : [];
}

/**
 * `size` analysis threads: each body streams to the least busy one as it arrives (its response,
 * then its chunks, then its end), and the answer is openBodyAnalysis's, computed there. Until a
 * thread says it is ready it gets copies of the chunks, then the chunks themselves (moved, when
 * they own their buffer). A thread that dies (a page that exhausts its memory) fails only the
 * bodies it held — their URLs report the error — and is started again. If threads cannot start
 * at all, the pool analyses in this thread instead, the bodies it had sent included: the run is
 * slower, never wrong.
 */
export function createAnalysisPool(size: number, spawn: SpawnAnalysisThread, opts: { answerMs?: number } = {}): AnalysisPool {
  const answerMs = opts.answerMs ?? ANSWER_MS;
  let closed = false;
  /** Threads could not start: every body is read in this thread. */
  let broken = false;
  let failedStarts = 0;
  let nextId = 0;
  const slots: Slot[] = [];

  /** Reads a task here: what was sent so far, then the rest as it comes. */
  const here = (t: Task) => {
    const sink = openBodyAnalysis(t.response);
    for (const c of t.copies ?? []) sink.write(c);
    t.copies = null;
    t.local = sink;
    if (t.ended) sink.end(t.ended).then(t.resolve, (e: unknown) => t.reject(e instanceof Error ? e : new Error(String(e))));
  };

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
            // The wait for an answer counts from here: a thread still starting is not silent.
            for (const t of slot.tasks.values()) if (t.ended && !t.timer) t.timer = wait(slot);
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
        for (const t of held) here(t);
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

  /** How long a started thread may take to answer a body that ended: its answer comes after those that ended before it. */
  const wait = (slot: Slot) => {
    const queued = [...slot.tasks.values()].filter((t) => t.ended).length;
    return setTimeout(() => slot.end(`no answer in ${(answerMs * queued) / 1000} s`), answerMs * queued);
  };

  for (let i = 0; i < size; i++) slots.push(start());

  const analyze: BodyAnalyzer = (response) => {
    if (closed || broken || slots.length === 0) return openBodyAnalysis(response);
    // The least busy thread.
    let slot = slots[0]!;
    for (const o of slots) if (o.tasks.size < slot.tasks.size) slot = o;
    const id = nextId++;
    let resolve!: (a: BodyAnalysis) => void;
    let reject!: (e: Error) => void;
    const done = new Promise<BodyAnalysis>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A body whose end never comes (aborted, or the pool closed first) leaves no rejection unheard.
    done.catch(() => undefined);
    const task: Task = { response, copies: slot.ready ? null : [], ended: null, resolve, reject, local: null };
    slot.tasks.set(id, task);
    slot.thread.busy?.(true);
    slot.thread.post({ id, open: response }, []);
    return {
      write(chunk) {
        if (task.local) return task.local.write(chunk);
        if (!slot.tasks.has(id)) return;
        if (task.copies) {
          // Until the thread has started, a copy: if it never does, this thread still has the bytes.
          const copy = chunk.slice();
          task.copies.push(copy);
          slot.thread.post({ id, chunk }, []);
          if (slot.ready) task.copies = null;
          return;
        }
        slot.thread.post({ id, chunk }, transferable(chunk));
      },
      end(e) {
        task.ended = e;
        if (task.local) {
          void task.local.end(e).then(resolve, (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
          return done;
        }
        if (!slot.tasks.has(id)) return done;
        if (slot.ready) task.copies = null;
        if (slot.ready) task.timer = wait(slot);
        slot.thread.post({ id, end: e }, []);
        return done;
      },
      abort() {
        if (task.local) return task.local.abort();
        if (!slot.tasks.delete(id)) return;
        if (slot.tasks.size === 0) slot.thread.busy?.(false);
        slot.thread.post({ id, abort: true }, []);
      },
    };
  };

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
 * The thread's side: reads each body as its chunks come (openBodyAnalysis), answers by its id at
 * its end. Call it once the thread is set up; it says "ready" first.
 */
export function answerAnalysis(post: (m: FromAnalysisThread) => void): (m: ToAnalysisThread) => void {
  post({ ready: true });
  const open = new Map<number, BodySink>();
  return (m) => {
    try {
      if ('open' in m) open.set(m.id, openBodyAnalysis(m.open));
      else if ('chunk' in m) open.get(m.id)?.write(m.chunk);
      else if ('abort' in m) open.delete(m.id);
      else {
        const sink = open.get(m.id);
        open.delete(m.id);
        if (sink)
          sink.end(m.end).then(
            (value) => post({ id: m.id, ok: true, value }),
            (err: unknown) => post({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
          );
      }
    } catch (err) {
      open.delete(m.id);
      post({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
