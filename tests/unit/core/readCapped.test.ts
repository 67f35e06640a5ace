import { describe, expect, it } from 'vitest';
import { readCapped } from '../../../lib/core/readCapped';
import { byteStream } from '../compare/helpers';

function streamOf(chunks: number[], fill = 0x61): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (i >= chunks.length) return ctrl.close();
      ctrl.enqueue(new Uint8Array(chunks[i++]!).fill(fill));
    },
  });
}

// The one capped reader behind robots.txt, compare, resource sizes, 304 probes, IP-range files and
// the page's own bytes.
describe('readCapped', () => {
  it('keeps the first bytes across chunk boundaries and counts every byte', async () => {
    const r = await readCapped(streamOf([700, 700, 700]), { keep: 1000, countCap: 10_000 });
    expect(r.bytes.length).toBe(1000);
    expect(r.total).toBe(2100);
    expect(r.end).toBe('end');
    expect(r.error).toBeNull();
  });

  it('a stream shorter than the keep size is kept whole', async () => {
    const r = await readCapped(streamOf([300, 200]), { keep: 1000, countCap: 10_000 });
    expect(r.bytes.length).toBe(500);
    expect(r.total).toBe(500);
    expect(r.end).toBe('end');
  });

  it('the kept bytes are the stream’s first bytes, in order', async () => {
    const body = new Response(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9])).body!;
    const r = await readCapped(body, { keep: 4 });
    expect([...r.bytes]).toEqual([1, 2, 3, 4]);
    expect(r.end).toBe('cap');
  });

  it('keeps the first 2 MiB and counts the rest of a 50 MB body without buffering it', async () => {
    const { stream, stats } = byteStream(50 * 1024 * 1024);
    const r = await readCapped(stream, { keep: 2_097_152, countCap: 64 * 1024 * 1024 });
    expect(r.bytes.length).toBe(2_097_152);
    expect(r.total).toBe(52_428_800);
    expect(r.end).toBe('end');
    expect(stats.pulled).toBe(52_428_800);
  });

  it('stops once more than the count cap was read, says so, and cancels the stream', async () => {
    const { stream, stats } = byteStream(10_000_000, 1000);
    const r = await readCapped(stream, { keep: 100, countCap: 5000 });
    // Reading stops at the first chunk past the cap: 6,000 bytes read, a lower bound of the size.
    expect(r).toMatchObject({ total: 6000, end: 'cap' });
    expect(r.bytes.length).toBe(100);
    await Promise.resolve();
    expect(stats.cancelled).toBe(true);
  });

  it('a body of exactly the cap is complete', async () => {
    const r = await readCapped(streamOf([500, 500]), { keep: 1000 });
    expect(r).toMatchObject({ total: 1000, end: 'end' });
  });

  it('stops when the signal aborts, with what it has', async () => {
    const ctl = new AbortController();
    let n = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (++n === 3) ctl.abort();
        c.enqueue(new Uint8Array(10));
      },
    });
    const r = await readCapped(stream, { keep: 1000, countCap: 1_000_000, signal: ctl.signal });
    expect(r.end).toBe('timeout');
    // The stream pulls one chunk ahead: the abort comes while the third is queued, and it is never read.
    expect(r.total).toBe(20);
    expect(r.bytes.length).toBe(20);
  });

  it('a body that never ends is answered when the signal aborts', async () => {
    const stream = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const r = await readCapped(stream, { keep: 10, signal: AbortSignal.timeout(50) });
    expect(r).toMatchObject({ total: 0, end: 'timeout' });
  });

  it('a stream that fails gives what was read before, and the error', async () => {
    let n = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (++n > 2) return c.error(new Error('connection reset'));
        c.enqueue(new Uint8Array(7));
      },
    });
    const r = await readCapped(stream, { keep: 100 });
    expect(r).toMatchObject({ total: 14, end: 'error', error: 'connection reset' });
    expect(r.bytes.length).toBe(14);
  });

  it('no body: nothing kept, nothing counted', async () => {
    expect(await readCapped(null, { keep: 10 })).toEqual({ bytes: new Uint8Array(0), total: 0, end: 'end', error: null });
  });
});
