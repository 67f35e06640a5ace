import type { Header } from '../../../lib/core/types';
import type { HopFetcher, HopReply, HopRequest } from '../../../lib/crawl';

export type Answer = (req: HopRequest) => HopReply | Promise<HopReply>;

/** A fake server: URL → answer; each request logged with the User-Agent it carried. Unknown URLs fail like a refused connection. */
export function server(routes: Record<string, Answer>): HopFetcher & { calls: { url: string; userAgent: string }[] } {
  const calls: { url: string; userAgent: string }[] = [];
  const f = (async (url: string, req: HopRequest) => {
    calls.push({ url, userAgent: req.userAgent });
    if (req.signal.aborted) throw new Error('aborted');
    const r = routes[url];
    if (!r) throw new TypeError('connect ECONNREFUSED');
    return r(req);
  }) as HopFetcher & { calls: { url: string; userAgent: string }[] };
  f.calls = calls;
  return f;
}

export const answer = (status: number, reason: string, headers: Header[] = [], body: string | Uint8Array | null = null): HopReply => ({
  status,
  statusLine: `HTTP/1.1 ${status} ${reason}`,
  headers,
  body: body === null ? null : new Response(body as BodyInit).body!,
});

export const moved = (status: number, location: string | null): Answer => () =>
  answer(status, 'Moved', location === null ? [] : [{ name: 'Location', value: location }]);

export const text = (body: string | Uint8Array, type = 'text/plain'): Answer => () => answer(200, 'OK', [{ name: 'Content-Type', value: type }], body);

/** Never answers until aborted. */
export const hang: Answer = ({ signal }) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));

export const GOOGLEBOT = 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.108 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
