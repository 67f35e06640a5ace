// One read of the document serves every analysis the popup asks for — the byte budget ("find the
// cut", and the verdict's bytes) and the served signals of the verdict: the page's HTML is read
// back once (from the HTTP cache where the browser kept it) and analysed by lib/html's reader while
// it streams in, the byte budget and the served signals in one pass, with the real cut (the
// response's header bytes and the user's limit). No copy of the page is kept past the read,
// except for a page that has structured data (below): only the result, for a short while, for the
// second asker. Nothing here runs on page load.
import { COUNT_BOUND, KEEP_PAST_LIMIT, readBytesReport, type BytesReport } from '../../lib/bytes';
import { ServedSignals, type PageSignals } from '../../lib/indexability';
import { deadline, joinBytes } from '../../lib/core';
import { StructuredTokens, structuredFromBytes, type SdExtract } from '../../lib/structured';
import { domTreeOf } from './domTree';

/**
 * A body still arriving after this long is analysed as far as it arrived (a page that streams for
 * ever). Only the time spent waiting for bytes counts: the analysis between them does not.
 */
export const READ_TIMEOUT_MS = 10_000;
/** The read and its analysis together may take this long (a 50 MB page on a slow machine) before they stop. */
export const READ_LIMIT_MS = 30_000;
/** How long a finished read is kept for a second asker (one popup session's worth). */
export const KEEP_READ_MS = 15_000;

export interface PageRead {
  status: number;
  report: BytesReport;
  /** The signals of the HTML Googlebot keeps (an HTML document), else null. */
  served: PageSignals | null;
  /** The page's structured data as served (read on the first call; an empty extract for a page that has none or is not HTML). */
  structured: () => SdExtract;
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
  const stopWaiting = new AbortController();
  const time = deadline(READ_LIMIT_MS, stopWaiting.signal);
  const t0 = performance.now();
  // The wait for bytes: the time since the request less the time the analysis took.
  let analysing = 0;
  let chunkAt = 0;
  let waitedOut = false;
  let waitTimer: ReturnType<typeof setTimeout> | null = null;
  const checkWait = () => {
    const waited = performance.now() - t0 - analysing;
    if (waited < READ_TIMEOUT_MS) {
      waitTimer = setTimeout(checkWait, READ_TIMEOUT_MS - waited);
      return;
    }
    waitedOut = true;
    stopWaiting.abort();
  };
  waitTimer = setTimeout(checkWait, READ_TIMEOUT_MS);
  try {
    const res = await fetch(url, { cache: 'force-cache', credentials: 'include', signal: time.signal });
    const mediaType = document.contentType || 'text/html';
    const served = new ServedSignals();
    // Structured data: this pass finds whether the page has any (StructuredTokens). Its readers
    // need the text (a JSON-LD block with its lines; microdata and RDFa from the browser's tree),
    // so the bytes read (up to the limit and 1 MiB past it) are held until the read ends, and kept
    // only for a page that has some, until its structured data is read.
    const tokens = new StructuredTokens(false);
    let held: Uint8Array[] | null = [];
    let heldBytes = 0;
    const holdUpTo = limit + KEEP_PAST_LIMIT;
    const { report, read, analysisMs } = await readBytesReport(
      res.body,
      { headerBytes, charset: document.characterSet, limit, mediaType, kept: [served], whole: [tokens] },
      {
        countCap: COUNT_BOUND,
        signal: time.signal,
        own: (c) => {
          chunkAt = performance.now();
          return ownBytes(c);
        },
        pause: yieldToPage,
        alsoTo: (c) => {
          analysing += performance.now() - chunkAt;
          if (!held || heldBytes >= holdUpTo) return;
          const part = heldBytes + c.length > holdUpTo ? c.subarray(0, holdUpTo - heldBytes) : c;
          held.push(part);
          heldBytes += part.length;
        },
      },
    );
    if (read.end === 'error') throw new Error(read.error ?? 'bytes.error.readFailed');
    const c = report.cutoff;
    let body = report.isHtml && tokens.any ? joinBytes(held, heldBytes) : null;
    held = null;
    let structured: SdExtract | null = null;
    return {
      status: res.status,
      report,
      served: report.isHtml ? served.result(location.href, { bytesRead: c.truncated ? c.bodyBytesKept : read.total, truncated: c.truncated }) : null,
      structured: () => {
        if (structured) return structured;
        if (!body) return (structured = NO_STRUCTURED_DATA);
        const { cutoff: _c, ...ex } = structuredFromBytes({ body, headerBytes, charset: c.charset.encoding, limit, totalBodyBytes: read.total, baseUrl: url, treeOf: domTreeOf, cutoff: c, byteTokens: tokens });
        body = null;
        return (structured = ex);
      },
      fetchedBytes: read.total,
      capped: read.end === 'cap',
      stoppedAfterMs: read.end === 'timeout' ? (waitedOut ? READ_TIMEOUT_MS : READ_LIMIT_MS) : null,
      ms: performance.now() - t0,
      analysisMs,
    };
  } catch (err) {
    if (time.expired || waitedOut) throw new Error('bytes.error.readTimeout');
    throw err;
  } finally {
    time.clear();
    if (waitTimer) clearTimeout(waitTimer);
  }
}

const NO_STRUCTURED_DATA: SdExtract = { source: 'served', nodes: [], items: [], problems: [], jsonLdChars: 0, offsetsExact: true, cutResponseByte: null };

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
