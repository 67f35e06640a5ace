import { readCapped, deadline } from '../../lib/core';
import { COUNT_BOUND } from '../../lib/bytes';

/** At most this many bytes are read back (a 64 MB PDF plus room); the rest is not analysed. */
export const READ_CAP = COUNT_BOUND;
export const READ_TIMEOUT_MS = 10_000;

export interface DocumentBytes {
  bytes: Uint8Array;
  status: number;
  /** True when the copy was longer than READ_CAP and was cut there. */
  capped: boolean;
  /** Set when the body was still arriving at the time limit: `bytes` is what had arrived (ms waited). */
  stoppedAfterMs: number | null;
}

/**
 * The bytes as an array of this script's own realm. In a Firefox content script, what fetch()
 * hands back belongs to another compartment: its typed arrays can be read and copied, but
 * subarray() and every other method that looks up their constructor throws "Permission denied to
 * access property "constructor"". There (only there) the bytes are copied once, a memcpy (2 ms for
 * 3 MB).
 */
export function ownBytes(view: Uint8Array): Uint8Array {
  try {
    view.subarray(0, 0);
    return view;
  } catch {
    const own = new Uint8Array(view.length);
    own.set(view);
    return own;
  }
}

/**
 * Re-reads the document the tab shows. `cache: 'force-cache'` takes the copy from the HTTP cache
 * when there is one (so it is the same response, not a new one); fetch() hands back the body
 * uncompressed, as Googlebot counts it. A body still arriving after `timeoutMs` (a page that
 * streams for ever) is answered with what had arrived, and says so.
 */
export async function readDocumentBytes(url: string, timeoutMs = READ_TIMEOUT_MS, cap = READ_CAP): Promise<DocumentBytes> {
  const time = deadline(timeoutMs);
  try {
    const res = await fetch(url, { cache: 'force-cache', credentials: 'include', signal: time.signal });
    const read = await readCapped(res.body, { keep: cap, countCap: cap, signal: time.signal });
    if (read.end === 'error') throw new Error(read.error ?? 'bytes.error.readFailed');
    // ownBytes: a body that came in one chunk is that chunk itself, of the fetch's compartment.
    return { bytes: ownBytes(read.bytes), status: res.status, capped: read.end === 'cap', stoppedAfterMs: read.end === 'timeout' ? timeoutMs : null };
  } catch (err) {
    if (time.expired) throw new Error(`bytes.error.readTimeout`);
    throw err;
  } finally {
    time.clear();
  }
}
