import { joinBytes } from './joinBytes';
/** How reading a body ended. */
export type ReadEnd = 'end' | 'cap' | 'timeout' | 'error';

export interface CappedRead {
  /** The first `keep` bytes (fewer when the body is shorter). */
  bytes: Uint8Array;
  /** Bytes read in all: the body's size when `end` is 'end', a lower bound otherwise. */
  total: number;
  /**
   * end: the body ended; cap: it had more than `countCap` bytes and reading stopped there;
   * timeout: `signal` aborted; error: the stream failed (`error` says how).
   */
  end: ReadEnd;
  error: string | null;
}

export interface ReadCappedOptions {
  /** Keep at most this many bytes of the start of the body. */
  keep: number;
  /** Count the rest until more than this many bytes have been read, then stop (default: `keep`). */
  countCap?: number;
  /** Aborting it stops the read: `end` is then 'timeout'. */
  signal?: AbortSignal;
  /**
   * Hears every chunk read (up to the count cap) as it arrives: a reader that analyses the body as
   * it streams. When it returns a promise, reading waits for it (the reader yields to its page).
   */
  onChunk?: (chunk: Uint8Array) => void | Promise<void>;
}

/**
 * The one capped stream reader: keeps the first `keep` bytes of a body, counts the rest up to
 * `countCap`, stops (cancelling the stream) at the cap or when `signal` aborts, and answers with
 * what it read. Never throws. Memory is what was kept (chunks are joined once, at the end), so a
 * large `keep` costs nothing for a small body.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null | undefined, opts: ReadCappedOptions): Promise<CappedRead> {
  const keep = Math.max(0, opts.keep);
  const countCap = Math.max(keep, opts.countCap ?? keep);
  const signal = opts.signal;
  if (!body) return { bytes: new Uint8Array(0), total: 0, end: 'end', error: null };
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  let end: ReadEnd = 'end';
  let error: string | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch (e) {
    return { bytes: new Uint8Array(0), total: 0, end: 'error', error: e instanceof Error ? e.message : String(e) };
  }
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
      if (kept < keep) {
        const n = Math.min(keep - kept, value.length);
        chunks.push(n === value.length ? value : prefix(value, n));
        kept += n;
      }
      if (opts.onChunk) {
        const wait = opts.onChunk(total + value.length > countCap ? prefix(value, Math.max(0, countCap - total)) : value);
        if (wait) await wait;
      }
      total += value.length;
      if (total > countCap) {
        end = 'cap';
        break;
      }
    }
  } catch (e) {
    if (signal?.aborted) end = 'timeout';
    else {
      end = 'error';
      error = e instanceof Error ? e.message : String(e);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (end !== 'end') reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  // The chunks hold exactly `kept` bytes (the one past it was cut by prefix()): joinBytes takes no view of them.
  return { bytes: joinBytes(chunks, kept), total, end, error };
}

/**
 * The first n bytes, copied without calling a method of the chunk: in a Firefox content script a
 * fetched body's chunks belong to another compartment, where slice() and subarray() throw
 * ("Permission denied to access property "constructor""). Only the one chunk that straddles `keep`.
 */
function prefix(chunk: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = chunk[i]!;
  return out;
}
