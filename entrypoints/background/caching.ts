import type { BackgroundProtocol } from '../../utils/protocol';
import { classifyProbe, type ProbeRequest, type ProbeResult } from '../../lib/caching';
import { readCapped, deadline } from '../../lib/core';

const TIMEOUT_MS = 10_000;
/** A probe that gets the full page back stops counting (and reading) here. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const HEADERS = new Set(['If-None-Match', 'If-Modified-Since']);

/** One conditional request: never from the HTTP cache, never touching the tab; cookies only when asked. */
async function probeOne(url: string, request: ProbeRequest, withCookies: boolean): Promise<ProbeResult> {
  const time = deadline(TIMEOUT_MS);
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      method: 'GET',
      headers: { [request.header]: request.value },
      credentials: withCookies ? 'include' : 'omit',
      cache: 'no-store',
      redirect: 'follow',
      signal: time.signal,
    });
    const bodyBytes = (await readCapped(res.body, { keep: 0, countCap: MAX_BODY_BYTES, signal: time.signal })).total;
    return classifyProbe(request, {
      status: res.status,
      etag: res.headers.get('etag'),
      lastModified: res.headers.get('last-modified'),
      bodyBytes,
      durationMs: Math.round(performance.now() - t0),
      redirectedTo: res.redirected ? res.url : null,
    });
  } catch (err) {
    return classifyProbe(request, null, {
      timeout: time.expired,
      error: err instanceof Error ? err.message : String(err),
    });
  } finally {
    time.clear();
  }
}

export async function probeCaching({ url, requests, withCookies }: BackgroundProtocol['probeCaching']['req']): Promise<ProbeResult[]> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an HTTP(S) URL: ${url}`);
  u.hash = '';
  const valid = requests.filter((r) => HEADERS.has(r.header) && typeof r.value === 'string' && r.value.length <= 1024).slice(0, 2);
  const out: ProbeResult[] = [];
  // One after the other: the second request must not race the first on the server.
  for (const r of valid) out.push(await probeOne(u.href, r, withCookies));
  return out;
}
