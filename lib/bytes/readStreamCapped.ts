export interface CappedRead {
  /** The first bytes of the stream, at most `keep` of them. */
  bytes: Uint8Array;
  /** Bytes the stream delivered, counted up to `countCap`. */
  total: number;
  /** The stream had more than `countCap` bytes: reading stopped there and `total` is a lower bound. */
  capped: boolean;
}

/**
 * Reads a byte stream keeping only its first `keep` bytes (one buffer, allocated once) and
 * counting the rest, up to `countCap` bytes in all; then the stream is cancelled.
 */
export async function readStreamCapped(stream: ReadableStream<Uint8Array> | null, keep: number, countCap: number): Promise<CappedRead> {
  const kept = new Uint8Array(Math.max(0, Math.min(keep, countCap)));
  let n = 0;
  let total = 0;
  let capped = false;
  const reader = stream?.getReader();
  if (reader) {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (n < kept.length) {
        const take = Math.min(value.length, kept.length - n);
        kept.set(take < value.length ? value.subarray(0, take) : value, n);
        n += take;
      }
      total += value.length;
      if (total > countCap) {
        total = countCap;
        capped = true;
        await reader.cancel();
        break;
      }
    }
  }
  return { bytes: kept.subarray(0, n), total, capped };
}
