import { readCapped, type CappedRead } from '../core';
import { BytesReader, type BytesReaderInput, type BytesReport } from './analyzeBytes';

/** A body read and analysed as it streamed in. */
export interface StreamedBytes {
  report: BytesReport;
  /** How reading ended, what was read (nothing is kept: `read.bytes` is empty). */
  read: CappedRead;
  /** Time spent analysing, between the chunks (ms). */
  analysisMs: number;
}

export interface ReadBytesOptions {
  /** Count the body up to this many bytes, then stop reading. */
  countCap: number;
  /** Analyse at most this many bytes (the rest is only counted); default: all that is read. */
  readUpTo?: number;
  signal?: AbortSignal;
  /** Makes each chunk the reader's own (a Firefox content script gets chunks of another compartment). */
  own?: (chunk: Uint8Array) => Uint8Array;
  /** Also hands each analysed chunk (the reader's own, never reused) here, e.g. to hold it for a reader that needs the text. */
  alsoTo?: (chunk: Uint8Array) => void;
  /** Called after about every MiB analysed, so a page can handle its input between them. */
  pause?: () => Promise<void>;
  now?: () => number;
}

/**
 * Reads a body stream and analyses it while it arrives: each chunk goes through the byte budget
 * (and the other readers of the pass, `input.kept` / `input.whole`) the moment it is read, so the
 * analysis ends with the last byte and no copy of the body is kept.
 */
export async function readBytesReport(body: ReadableStream<Uint8Array> | null | undefined, input: BytesReaderInput, opts: ReadBytesOptions): Promise<StreamedBytes> {
  const now = opts.now ?? (() => performance.now());
  const reader = new BytesReader(input);
  const upTo = opts.readUpTo ?? Infinity;
  let analysed = 0;
  let analysisMs = 0;
  let sincePause = 0;
  const read = await readCapped(body, {
    keep: 0,
    countCap: opts.countCap,
    signal: opts.signal,
    onChunk: (chunk) => {
      if (analysed >= upTo) return;
      let c = opts.own ? opts.own(chunk) : chunk;
      if (analysed + c.length > upTo) c = c.subarray(0, upTo - analysed);
      analysed += c.length;
      const t = now();
      reader.write(c);
      analysisMs += now() - t;
      opts.alsoTo?.(c);
      sincePause += c.length;
      if (opts.pause && sincePause >= 1_048_576) {
        sincePause = 0;
        return opts.pause();
      }
    },
  });
  const t = now();
  const report = reader.end(read.total);
  analysisMs += now() - t;
  return { report, read, analysisMs };
}
