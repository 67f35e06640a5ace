/** What the next read of a sitemap's body gave. */
export type SitemapPiece =
  /** More text. */
  | { kind: 'text'; text: string }
  /** The body ended: the decoder's last text. */
  | { kind: 'end'; text: string }
  /** The text up to the byte cap: nothing more is read. */
  | { kind: 'tooLarge'; text: string }
  /** No byte in time (the idle wait, or the sitemap's whole time, or the run stopped): its time so far. */
  | { kind: 'timeout'; seconds: number }
  /** The body failed: a broken gzip stream, or the network. */
  | { kind: 'error'; code: 'gzip' | 'network'; params: string[] };

export interface SitemapStreamOptions {
  maxBytes: number;
  /** The sitemap's whole time. */
  readMs: number;
  /** The longest wait for the next bytes. */
  idleMs: number;
  /** Time the sitemap has spent so far (the caller's time not counted). */
  spent: () => number;
  /** Aborted: the next read answers `timeout` at once. */
  signal?: AbortSignal;
}

export interface SitemapStream {
  /** Uncompressed bytes read. */
  readonly bytes: number;
  /** Decompressed on the way (gzip by its magic bytes). */
  readonly gzip: boolean;
  /** The next piece; after `end`, `tooLarge`, `timeout` or `error`, call close(). */
  next(): Promise<SitemapPiece>;
  /** Stops reading: the body is cancelled unless it ended. */
  close(): Promise<void>;
}

/**
 * A sitemap's body as UTF-8 text, a piece per read: gzip recognised by its magic bytes (whatever
 * the Content-Type) and decompressed on the way, at most `maxBytes` uncompressed, each read waiting
 * at most `idleMs` and never past the sitemap's whole time, to the millisecond. Never throws for
 * anything the body holds.
 */
export function readSitemapStream(body: ReadableStream<Uint8Array>, opts: SitemapStreamOptions): SitemapStream {
  let reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let gzip = false;
  let first = true;
  let ended = false;
  let readError = '';

  const read = async (): Promise<ReadableStreamReadResult<Uint8Array> | 'timeout' | 'error'> => {
    if (opts.signal?.aborted) return 'timeout';
    // To the millisecond: the wait ends when the sitemap's whole time is up, not a read later.
    const ms = Math.min(opts.idleMs, opts.readMs - opts.spent());
    if (ms <= 0) return 'timeout';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
      onAbort = () => resolve('timeout');
      opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([reader.read(), stop]);
    } catch (e) {
      readError = e instanceof Error ? e.message : String(e);
      return 'error';
    } finally {
      clearTimeout(timer);
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    get bytes() {
      return bytes;
    },
    get gzip() {
      return gzip;
    },
    async next() {
      for (;;) {
        const r = await read();
        if (r === 'timeout') return { kind: 'timeout', seconds: Math.round(Math.min(opts.readMs, opts.spent()) / 1000) };
        if (r === 'error') return gzip ? { kind: 'error', code: 'gzip', params: [] } : { kind: 'error', code: 'network', params: [readError || 'read error'] };
        if (r.done) {
          ended = true;
          return { kind: 'end', text: decoder.decode() };
        }
        const chunk = r.value;
        if (chunk.length === 0) continue;
        if (first) {
          first = false;
          if (chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
            gzip = true;
            reader = gunzip(chunk, reader);
            continue;
          }
        }
        if (bytes + chunk.length > opts.maxBytes) {
          const kept = chunk.subarray(0, opts.maxBytes - bytes);
          bytes += kept.length;
          return { kind: 'tooLarge', text: decoder.decode(kept, { stream: true }) };
        }
        bytes += chunk.length;
        return { kind: 'text', text: decoder.decode(chunk, { stream: true }) };
      }
    },
    async close() {
      if (!ended) await reader.cancel().catch(() => undefined);
    },
  };
}

/** The rest of `source` (starting with `head`), decompressed. */
function gunzip(head: Uint8Array, source: ReadableStreamDefaultReader<Uint8Array>): ReadableStreamDefaultReader<Uint8Array> {
  let sentHead = false;
  const compressed = new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (!sentHead) {
        sentHead = true;
        ctl.enqueue(head);
        return;
      }
      const r = await source.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  return compressed.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
}
