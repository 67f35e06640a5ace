import type { MessageParam } from '../i18n';
import { createLineSplitter } from './lineSplitter';

export interface ReadLogOptions {
  /** Decompress with gzip (DecompressionStream). */
  gzip: boolean;
  /** Called with the raw (compressed) bytes read so far, at most every `progressEveryBytes`. */
  onProgress?: (rawBytes: number) => void;
  progressEveryBytes?: number;
  signal?: AbortSignal;
  maxLineChars?: number;
}

export interface ReadLogResult {
  rawBytes: number;
  textBytes: number;
  /** Why reading stopped early: the gzip data ended mid-stream or was corrupt, or the user cancelled. */
  stopped: null | { code: 'gzipBroken' | 'readFailed' | 'cancelled'; params: MessageParam[] };
}

/** True when the first bytes are gzip's magic number (1f 8b). */
export function looksGzipped(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * Read a log from a byte stream, line by line, with constant memory: each chunk is split and
 * handed to `onLine`, then dropped. Lines read before a failure (e.g. a truncated .gz) are kept.
 */
export async function readLogStream(
  source: ReadableStream<Uint8Array>,
  onLine: (line: string, lineNo: number, tooLong: boolean) => void,
  opts: ReadLogOptions,
): Promise<ReadLogResult> {
  let rawBytes = 0;
  let textBytes = 0;
  let lastReport = 0;
  const every = opts.progressEveryBytes ?? 1 << 20;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, ctl) {
      rawBytes += chunk.byteLength;
      if (rawBytes - lastReport >= every) {
        lastReport = rawBytes;
        opts.onProgress?.(rawBytes);
      }
      ctl.enqueue(chunk);
    },
  });
  let stream: ReadableStream<Uint8Array> = source.pipeThrough(counter);
  if (opts.gzip) stream = stream.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  const splitter = createLineSplitter(onLine, { maxLineChars: opts.maxLineChars });
  const reader = stream.getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let stopped: ReadLogResult['stopped'] = null;
  try {
    while (true) {
      if (opts.signal?.aborted) {
        stopped = { code: 'cancelled', params: [] };
        break;
      }
      const { value, done } = await reader.read();
      if (done) break;
      textBytes += value.byteLength;
      splitter.push(value);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    stopped = opts.signal?.aborted ? { code: 'cancelled', params: [] } : { code: opts.gzip ? 'gzipBroken' : 'readFailed', params: [message] };
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (opts.signal?.aborted && !stopped) stopped = { code: 'cancelled', params: [] };
  splitter.end();
  opts.onProgress?.(rawBytes);
  return { rawBytes, textBytes, stopped };
}
