import { headerValue } from '../core/headers';
import type { HopReply, SiteHopFetcher } from './types';

export interface Followed {
  /** The last response (not a redirect), body unread; null when following stopped (`stop`). */
  reply: HopReply | null;
  finalUrl: string;
  hops: { url: string; status: number; location: string }[];
  /** Why following stopped without a final response. */
  stop: null | 'too-many-redirects' | 'bad-redirect';
  /** A URL came round again (the chain is a loop); following went on until the hop limit. */
  loop: boolean;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * Requests `url` and follows up to `maxRedirects` redirects by hand (robots.txt and sitemaps: 5,
 * as Google does for robots.txt). Rejects only when the fetcher does (network error, abort).
 */
export async function followRedirects(
  url: string,
  fetchHop: SiteHopFetcher,
  request: { userAgent: string; signal: AbortSignal },
  maxRedirects: number,
): Promise<Followed> {
  const hops: Followed['hops'] = [];
  const seen = new Set<string>();
  let current = url;
  let loop = false;
  for (;;) {
    if (seen.has(current)) loop = true;
    seen.add(current);
    const reply = await fetchHop(current, request);
    if (!REDIRECT.has(reply.status)) return { reply, finalUrl: current, hops, stop: null, loop };
    await reply.body?.cancel().catch(() => undefined);
    const location = headerValue(reply.headers, 'location') ?? '';
    hops.push({ url: current, status: reply.status, location });
    let next: URL | null = null;
    try {
      next = location ? new URL(location, current) : null;
    } catch {
      next = null;
    }
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) return { reply: null, finalUrl: current, hops, stop: 'bad-redirect', loop };
    if (hops.length > maxRedirects) return { reply: null, finalUrl: current, hops, stop: 'too-many-redirects', loop };
    next.hash = '';
    current = next.href;
  }
}
