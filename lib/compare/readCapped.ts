/** How reading a body ended. */
export type BodyEnd = 'end' | 'cap' | 'timeout' | 'error';

export interface CappedBody {
  /** The first `keep` bytes (fewer when the body is shorter). */
  kept: Uint8Array;
  /** Bytes read in all: the body's size when `end` is 'end', a lower bound otherwise. */
  total: number;
  end: BodyEnd;
}

/**
 * Read a body stream keeping only its first `keep` bytes and counting the rest up to
 * `countCap` bytes, so a 50 MB response costs 2 MB of memory. Stops (and cancels the
 * stream) at the cap or when `signal` aborts; never throws.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  keep: number,
  countCap: number,
  signal?: AbortSignal,
): Promise<CappedBody> {
  if (!body) return { kept: new Uint8Array(0), total: 0, end: 'end' };
  const buf = new Uint8Array(Math.max(0, keep));
  let kept = 0;
  let total = 0;
  let end: BodyEnd = 'end';
  const reader = body.getReader();
  const onAbort = () => {
    reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) {
        end = 'timeout';
        break;
      }
      const { done, value } = await reader.read();
      if (done) {
        if (signal?.aborted) end = 'timeout';
        break;
      }
      if (kept < buf.length) {
        const n = Math.min(buf.length - kept, value.length);
        buf.set(value.subarray(0, n), kept);
        kept += n;
      }
      total += value.length;
      if (total >= countCap) {
        end = 'cap';
        break;
      }
    }
  } catch {
    end = signal?.aborted ? 'timeout' : 'error';
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (end !== 'end') reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  return { kept: buf.slice(0, kept), total, end };
}
