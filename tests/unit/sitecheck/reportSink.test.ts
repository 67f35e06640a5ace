// The site check's report sink: reports leave memory a batch at a time and come back whole, in order.
import { describe, expect, it } from 'vitest';
import { batchedReportSink, jsonlPieces, memoryReportStore, REPORT_BATCH, type ReportStore } from '../../../lib/sitecheck';

const report = (i: number) => JSON.stringify({ url: `https://site.example/p${i}`, n: i });

async function readAll(it: AsyncIterable<string[]>) {
  const batches: string[][] = [];
  for await (const b of it) batches.push(b);
  return batches;
}

/** A store that records its calls and can hold its writes back. */
function recordingStore() {
  const inner = memoryReportStore();
  const calls: string[] = [];
  let hold: Promise<void> | null = null;
  const store: ReportStore = {
    async write(from, jsons) {
      calls.push(`write ${from}+${jsons.length}`);
      if (hold) await hold;
      await inner.write(from, jsons);
    },
    read: (from, max) => {
      calls.push(`read ${from}+${max}`);
      return inner.read(from, max);
    },
    clear: () => {
      calls.push('clear');
      return inner.clear();
    },
  };
  return {
    store,
    inner,
    calls,
    holdWrites: (p: Promise<void> | null) => {
      hold = p;
    },
  };
}

describe('batchedReportSink', () => {
  it('writes full batches as they fill, holds at most one batch, and reads every report back in order', async () => {
    const { store, inner, calls } = recordingStore();
    const sink = batchedReportSink(store, 3);
    for (let i = 0; i < 7; i++) sink.add(report(i));
    expect(sink.count).toBe(7);
    // Two full batches go out as they fill; the seventh report waits for a batch or a flush.
    await sink.flush();
    expect(calls).toEqual(['write 0+3', 'write 3+3', 'write 6+1']);
    expect(inner.size).toBe(7);
    const batches = await readAll(sink.read());
    expect(batches).toEqual([[report(0), report(1), report(2)], [report(3), report(4), report(5)], [report(6)]]);
    expect(calls.slice(3)).toEqual(['read 0+3', 'read 3+3', 'read 6+1']);
  });

  it('a read waits for the writes still under way, and a report added meanwhile is in the next read', async () => {
    const { store, holdWrites } = recordingStore();
    const sink = batchedReportSink(store, 2);
    let release!: () => void;
    holdWrites(new Promise<void>((r) => (release = r)));
    sink.add(report(0));
    sink.add(report(1));
    sink.add(report(2));
    const reading = readAll(sink.read());
    sink.add(report(3));
    release();
    holdWrites(null);
    expect((await reading).flat()).toEqual([report(0), report(1), report(2)]);
    expect((await readAll(sink.read())).flat()).toEqual([0, 1, 2, 3].map(report));
  });

  it('clear forgets the run: the store is emptied, the count and numbering start again', async () => {
    const { store, inner, calls } = recordingStore();
    const sink = batchedReportSink(store, 2);
    for (let i = 0; i < 5; i++) sink.add(report(i));
    await sink.clear();
    expect(inner.size).toBe(0);
    expect(sink.count).toBe(0);
    expect(calls.at(-1)).toBe('clear');
    sink.add(report(10));
    await sink.flush();
    expect(calls.at(-1)).toBe('write 0+1');
    expect((await readAll(sink.read())).flat()).toEqual([report(10)]);
  });

  it('a failed write is reported by flush and by the export, never a silently short file', async () => {
    const failing: ReportStore = {
      write: async () => {
        throw new Error('QuotaExceededError');
      },
      read: async () => [],
      clear: async () => undefined,
    };
    const sink = batchedReportSink(failing, 2);
    sink.add(report(0));
    await expect(sink.flush()).rejects.toThrow('QuotaExceededError');
    await expect(readAll(sink.read())).rejects.toThrow('QuotaExceededError');
  });

  it('a store that lost reports makes the read fail with the missing number', async () => {
    const { store, inner } = recordingStore();
    const sink = batchedReportSink(store, 2);
    for (let i = 0; i < 3; i++) sink.add(report(i));
    await sink.flush();
    await inner.clear();
    await expect(readAll(sink.read())).rejects.toThrow('Report 0 of 3 is missing from the store.');
  });
});

describe('jsonlPieces', () => {
  it('every report on its own line, a line end after each, across batches', async () => {
    const sink = batchedReportSink(memoryReportStore(), 2);
    for (let i = 0; i < 5; i++) sink.add(report(i));
    const pieces: string[] = [];
    for await (const p of jsonlPieces(sink)) pieces.push(p);
    expect(pieces).toEqual([`${report(0)}\n${report(1)}\n`, `${report(2)}\n${report(3)}\n`, `${report(4)}\n`]);
    expect(pieces.join('').split('\n').slice(0, -1).map((l) => JSON.parse(l).n)).toEqual([0, 1, 2, 3, 4]);
  });

  it('an empty run exports nothing', async () => {
    const pieces: string[] = [];
    for await (const p of jsonlPieces(batchedReportSink(memoryReportStore()))) pieces.push(p);
    expect(pieces).toEqual([]);
    expect(REPORT_BATCH).toBe(200);
  });
});
