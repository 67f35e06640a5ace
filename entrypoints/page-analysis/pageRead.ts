// One read of the document serves every analysis the popup asks for — the byte budget ("find the
// cut", and the verdict's bytes) and the served signals of the verdict: the page's HTML is read
// back once (from the HTTP cache where the browser kept it) and analysed by lib/html's reader while
// it streams in, the byte budget and the served signals in one pass, with the real cut (the
// response's header bytes and the user's limit). No copy of the page is kept: only the result,
// for a short while, for the second asker. Nothing here runs on page load.
import { COUNT_BOUND, readBytesReport, type BytesReport } from '../../lib/bytes';
import { ServedSignals, type PageSignals } from '../../lib/indexability';

/** The read, analysis included, may take this long (a 50 MB page) before it is abandoned. */
export const READ_TIMEOUT_MS = 30_000;
/** How long a finished read is kept for a second asker (one popup session's worth). */
export const KEEP_READ_MS = 15_000;

export interface PageRead {
  status: number;
  report: BytesReport;
  /** The signals of the HTML Googlebot keeps (an HTML document), else null. */
  served: PageSignals | null;
  /** Body bytes read (uncompressed). */
  fetchedBytes: number;
  /** Reading stopped at the count bound. */
  capped: boolean;
  /** Set when the body was still arriving at the time limit: what had arrived was analysed. */
  stoppedAfterMs: number | null;
  /** From the request to the last byte, the analysis included (it runs while the bytes arrive). */
  ms: number;
  analysisMs: number;
}

/**
 * Lets the page handle input between slices of the analysis. setTimeout(0) would be clamped to
 * 4 ms once nested; scheduler.yield (or a message to ourselves) is not.
 */
const yieldToPage = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise<void>((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
};

/**
 * The bytes as an array of this script's own realm. In a Firefox content script, what fetch()
 * hands back belongs to another compartment: its typed arrays can be read and copied, but
 * subarray() and every other method that looks up their constructor throws "Permission denied to
 * access property "constructor"". There (only there) each chunk is copied once, a memcpy.
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
 * Reads the document the tab shows and analyses it as it arrives. `cache: 'force-cache'` takes
 * the copy from the HTTP cache when there is one (the same response, not a new one); fetch()
 * hands back the body uncompressed, as Googlebot counts it.
 */
async function readPageNow(url: string, headerBytes: number, limit: number): Promise<PageRead> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), READ_TIMEOUT_MS);
  const t0 = performance.now();
  try {
    const res = await fetch(url, { cache: 'force-cache', credentials: 'include', signal: ac.signal });
    const mediaType = document.contentType || 'text/html';
    const served = new ServedSignals();
    const { report, read, analysisMs } = await readBytesReport(
      res.body,
      { headerBytes, charset: document.characterSet, limit, mediaType, kept: [served] },
      { countCap: COUNT_BOUND, signal: ac.signal, own: ownBytes, pause: yieldToPage },
    );
    if (read.end === 'error') throw new Error(read.error ?? 'bytes.error.readFailed');
    const c = report.cutoff;
    return {
      status: res.status,
      report,
      served: report.isHtml ? served.result(location.href, { bytesRead: c.truncated ? c.bodyBytesKept : read.total, truncated: c.truncated }) : null,
      fetchedBytes: read.total,
      capped: read.end === 'cap',
      stoppedAfterMs: read.end === 'timeout' ? READ_TIMEOUT_MS : null,
      ms: performance.now() - t0,
      analysisMs,
    };
  } catch (err) {
    if (ac.signal.aborted) throw new Error('bytes.error.readTimeout');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

let shared: { key: string; read: Promise<PageRead>; timer: ReturnType<typeof setTimeout> | null } | null = null;

/** The document read and analysed for this cut: the read under way or just done for the same URL, header bytes and limit, else a new one. */
export function readPage(url: string, headerBytes: number, limit: number): Promise<PageRead> {
  const key = `${url}\n${headerBytes}\n${limit}`;
  if (shared && shared.key === key) return shared.read;
  forgetPageRead();
  const read = readPageNow(url, headerBytes, limit);
  const entry: NonNullable<typeof shared> = { key, read, timer: null };
  shared = entry;
  read.then(
    () => {
      if (shared === entry) entry.timer = setTimeout(() => shared === entry && forgetPageRead(), KEEP_READ_MS);
    },
    () => shared === entry && forgetPageRead(),
  );
  return read;
}

/** Drops the kept result (a new read will be made). */
export function forgetPageRead(): void {
  if (shared?.timer) clearTimeout(shared.timer);
  shared = null;
}
