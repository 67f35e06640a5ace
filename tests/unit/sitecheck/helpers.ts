import { vi } from 'vitest';
import type { Header } from '../../../lib/core/types';
import type { MessageParam } from '../../../lib/i18n';
import { paramText } from '../../../lib/i18n';
import type { HopFetcher, HopReply } from '../../../lib/crawl';

export type Route = (req: { userAgent: string; signal: AbortSignal }) => HopReply | Promise<HopReply>;

/** A fake site: URL → answer; every request is logged with the User-Agent it carried. */
export function fakeSite(routes: Record<string, Route>): HopFetcher & { calls: { url: string; userAgent: string }[] } {
  const calls: { url: string; userAgent: string }[] = [];
  const f = (async (url, req) => {
    calls.push({ url, userAgent: req.userAgent });
    if (req.signal.aborted) throw new Error('aborted');
    const r = routes[url];
    if (!r) return reply(404, 'Not Found', [{ name: 'Content-Type', value: 'text/html' }], '<h1>404</h1>');
    return r(req);
  }) as HopFetcher & { calls: { url: string; userAgent: string }[] };
  f.calls = calls;
  return f;
}

export function reply(status: number, reason: string, headers: Header[], body: string | Uint8Array | null): HopReply {
  return { status, statusLine: `HTTP/1.1 ${status} ${reason}`, headers, body: body === null ? null : new Response(body as BodyInit).body! };
}

export const page = (body: string, headers: Header[] = []) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'text/html' }, ...headers], body);
export const robots = (text: string) => () => reply(200, 'OK', [{ name: 'Content-Type', value: 'text/plain' }], text);

/** Messages as key(params): the report's words are checked elsewhere; here the codes and figures. */
export const t = (key: string, params: readonly MessageParam[] = []) => `${key}(${params.map(paramText).join('|')})`;

/** Fakes the clock (timers and Date; promises and streams run as they do). */
export const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

/** Runs the fake clock until `done` settles; returns its value and the (fake) time it took. */
export async function finish<T>(done: Promise<T>, step = 100, max = 3_600_000): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  let settled: { value: T } | null = null;
  let end = 0;
  void done.then((value) => {
    settled = { value };
    end = Date.now();
  });
  for (let spent = 0; !settled && spent < max; spent += step) await vi.advanceTimersByTimeAsync(step);
  if (!settled) throw new Error('the run did not end');
  return { value: (settled as { value: T }).value, ms: end - t0 };
}
