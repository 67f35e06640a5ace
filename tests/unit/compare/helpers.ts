import { countHeaderBytes } from '../../../lib/crawl';
import type { AgentFetch, HopFetcher, HopReply } from '../../../lib/crawl';
import type { Header } from '../../../lib/core/types';

/** A body stream of `total` bytes in chunks of `chunk`, each byte = `fill`. Counts how much was pulled. */
export function byteStream(total: number, chunk = 65_536, fill = 0x61) {
  let sent = 0;
  const stats = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (sent >= total) return ctl.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      stats.pulled += n;
      ctl.enqueue(new Uint8Array(n).fill(fill));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

export const textStream = (s: string) => new Response(s).body!;

/** A fake server: URL → response. */
export function fakeHops(routes: Record<string, () => HopReply | Promise<HopReply>>): HopFetcher & { calls: string[] } {
  const calls: string[] = [];
  const f = (async (url: string, { signal }: { userAgent: string; signal: AbortSignal }) => {
    calls.push(url);
    if (signal.aborted) throw new Error('aborted');
    const r = routes[url];
    if (!r) throw new TypeError('Failed to fetch');
    return r();
  }) as HopFetcher & { calls: string[] };
  f.calls = calls;
  return f;
}

export const html = (body: string, headers: Header[] = []): HopReply => ({
  status: 200,
  statusLine: 'HTTP/1.1 200 OK',
  headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }, ...headers],
  body: textStream(body),
});

/** An AgentFetch as the background would return it, for the comparison tests. */
export function agentFetch(agent: 'mobile' | 'desktop', page: string | null, over: Partial<AgentFetch> = {}): AgentFetch {
  const bytes = page === null ? 0 : new TextEncoder().encode(page).length;
  const f: AgentFetch = {
    agent,
    userAgent: agent,
    requestedUrl: 'https://site.example/p',
    redirects: [],
    finalUrl: 'https://site.example/p',
    status: 200,
    statusLine: 'HTTP/1.1 200 OK',
    headers: [{ name: 'content-type', value: 'text/html' }],
    bodyBytes: bytes,
    complete: true,
    bodyEnd: 'end',
    keptBytes: bytes,
    limit: 2_097_152,
    cutAt: null,
    html: page,
    error: null,
    durationMs: 5,
    ...over,
  };
  // An ASCII body: the cut is where the limit falls (as fetchAsAgent computes it with findCutoff).
  if (!('cutAt' in over)) {
    const room = Math.max(0, f.limit - countHeaderBytes(f.statusLine, f.headers, f.status));
    f.cutAt = f.bodyBytes > room ? room : null;
  }
  return f;
}
