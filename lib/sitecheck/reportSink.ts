/**
 * Where a site check's full reports go while the page keeps only its table's rows: memory stays
 * flat in the number of URLs, and the export reads every report back, in order. Reports are JSON
 * text (one report per line of the JSON Lines export), never re-rendered.
 */
export interface ReportSink {
  /** One report, as JSON; stored in order, a batch at a time. */
  add(json: string): void;
  /** Resolves once every report added so far is stored; rejects with the first write's error. */
  flush(): Promise<void>;
  /** Reports added so far. */
  readonly count: number;
  /** Every report of the run, in order, a batch at a time (after a flush). */
  read(): AsyncIterable<string[]>;
  /** Forgets every report (the next run, the page going away). */
  clear(): Promise<void>;
}

/** The storage under a sink: numbered reports of one run, written and read in batches. */
export interface ReportStore {
  /** Stores `jsons` as reports `from`, `from + 1`, …. */
  write(from: number, jsons: readonly string[]): Promise<void>;
  /** Up to `max` reports from number `from` on, in order. */
  read(from: number, max: number): Promise<string[]>;
  clear(): Promise<void>;
}

/** Reports per write and per read. */
export const REPORT_BATCH = 200;

/**
 * A sink over a store: reports wait in memory until a batch is full (or `flush`), and each batch is
 * written in one call, one write at a time, so that at most about one batch is held in memory
 * while the store catches up.
 */
export function batchedReportSink(store: ReportStore, batch = REPORT_BATCH): ReportSink {
  let pending: string[] = [];
  let written = 0;
  let count = 0;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const writeOut = () => {
    if (!pending.length) return;
    const jsons = pending;
    const from = written;
    pending = [];
    written += jsons.length;
    chain = chain.then(() => (failure ? undefined : store.write(from, jsons))).catch((err) => {
      failure ??= err;
    });
  };
  const flush = async () => {
    writeOut();
    await chain;
    if (failure) throw failure;
  };
  return {
    add(json) {
      pending.push(json);
      count++;
      if (pending.length >= batch) writeOut();
    },
    flush,
    get count() {
      return count;
    },
    async *read() {
      await flush();
      const total = written;
      for (let from = 0; from < total; ) {
        const got = await store.read(from, Math.min(batch, total - from));
        if (!got.length) throw new Error(`Report ${from} of ${total} is missing from the store.`);
        from += got.length;
        yield got;
      }
    },
    async clear() {
      pending = [];
      await chain;
      failure = null;
      written = 0;
      count = 0;
      await store.clear();
    },
  };
}

/** A store in memory (tests, and where no other storage is available). */
export function memoryReportStore(): ReportStore & { readonly size: number } {
  const all = new Map<number, string>();
  return {
    get size() {
      return all.size;
    },
    async write(from, jsons) {
      jsons.forEach((j, i) => all.set(from + i, j));
    },
    async read(from, max) {
      const out: string[] = [];
      for (let i = from; i < from + max && all.has(i); i++) out.push(all.get(i)!);
      return out;
    },
    async clear() {
      all.clear();
    },
  };
}

/** The JSON Lines export, a piece per batch: every report on its own line, a line end after each. */
export async function* jsonlPieces(sink: ReportSink): AsyncIterable<string> {
  for await (const jsons of sink.read()) yield jsons.join('\n') + '\n';
}
