import type { BackgroundHandler } from '../../utils/protocol';
import { bytesToBase64 } from '../../lib/core/base64';
import { extensionHopFetcher } from './extensionHopFetcher';

/** A piece of body per message (base64 makes it a third larger). */
const CHUNK_BYTES = 512 * 1024;
/** Time for the response headers of one request. */
const HEADERS_MS = 15_000;
/** A body nobody reads for this long is dropped (the page went away). */
const IDLE_MS = 20_000;

interface OpenBody {
  ctl: AbortController;
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  timer: ReturnType<typeof setTimeout>;
}
const bodies = new Map<string, OpenBody>();

function close(id: string) {
  const b = bodies.get(id);
  if (!b) return;
  bodies.delete(id);
  clearTimeout(b.timer);
  b.ctl.abort();
  b.reader?.cancel().catch(() => undefined);
}

/** The site check's one request: Googlebot's User-Agent through the comparison's hop fetcher, never cookies. */
export const sitecheckHop: BackgroundHandler<'sitecheckHop'> = async ({ id, url, userAgent }) => {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  close(id);
  const ctl = new AbortController();
  const entry: OpenBody = { ctl, reader: null, timer: setTimeout(() => close(id), HEADERS_MS) };
  bodies.set(id, entry);
  try {
    const res = await extensionHopFetcher()(u.href, { userAgent, signal: ctl.signal });
    if (!bodies.has(id)) throw new Error('cancelled');
    if (!res.body) {
      close(id);
      return { status: res.status, statusLine: res.statusLine, headers: res.headers, body: false };
    }
    entry.reader = res.body.getReader();
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => close(id), IDLE_MS);
    return { status: res.status, statusLine: res.statusLine, headers: res.headers, body: true };
  } catch (err) {
    close(id);
    throw err;
  }
};

export const sitecheckRead: BackgroundHandler<'sitecheckRead'> = async ({ id, cancel }) => {
  const b = bodies.get(id);
  if (cancel || !b?.reader) {
    close(id);
    return { chunk: null, done: true };
  }
  clearTimeout(b.timer);
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  try {
    while (size < CHUNK_BYTES) {
      const r = await b.reader.read();
      if (r.done) {
        done = true;
        break;
      }
      parts.push(r.value);
      size += r.value.length;
      // Hand over what has arrived rather than wait for a full piece of a slow body.
      if (size > 0 && parts.length >= 8) break;
    }
  } catch (err) {
    close(id);
    throw err;
  }
  if (done) close(id);
  else b.timer = setTimeout(() => close(id), IDLE_MS);
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return { chunk: size ? bytesToBase64(all) : null, done };
};
