import type { BackgroundProtocol } from '../../utils/protocol';

const MAX_URLS = 30;
const TIMEOUT_MS = 10_000;
/** Past this, a resource is well over its own 2 MB: stop counting. */
const COUNT_CAP = 16 * 1024 * 1024;

type Req = BackgroundProtocol['bytesMeasureResources']['req'];
type Res = BackgroundProtocol['bytesMeasureResources']['res'];

async function measure(url: string): Promise<Res[number]> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, bytes: null, error: 'bytes.resource.badUrl' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { url, bytes: null, error: 'bytes.resource.notHttp' };
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), TIMEOUT_MS);
  try {
    // The browser cache usually has it already; fetch() gives the uncompressed bytes.
    const res = await fetch(url, { cache: 'force-cache', credentials: 'omit', signal: ac.signal });
    const reader = res.body?.getReader();
    let n = 0;
    if (reader) {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        n += value.length;
        if (n > COUNT_CAP) {
          await reader.cancel();
          break;
        }
      }
    }
    if (!res.ok) return { url, bytes: null, error: `HTTP ${res.status}` };
    return { url, bytes: n, error: null };
  } catch (err) {
    return { url, bytes: null, error: ac.signal.aborted ? 'bytes.resource.timeout' : err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Sizes of the CSS/JS files the page could not measure itself (cross-origin, no Timing-Allow-Origin). */
export async function bytesMeasureResources({ urls }: Req): Promise<Res> {
  return Promise.all(urls.slice(0, MAX_URLS).map(measure));
}
