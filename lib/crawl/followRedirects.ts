import { headerValue, type Header } from '../core';
import { noHash } from './noHash';
import type { RedirectPolicy } from './redirectPolicy';
import type { HopFetcher, HopReply, HopRequest } from './types';

/** One 3xx answered on the way. */
export interface FollowedHop {
  url: string;
  status: number;
  statusLine: string;
  /** The Location header as sent ('' when absent). */
  location: string;
  headers: Header[];
}

/** Why following ended without a final (non-3xx) response. */
export type FollowStop =
  /** `next` was requested before (policy `loop: 'stop'`). */
  | { code: 'redirect-loop'; url: string; next: string }
  /** One hop more than the policy's `maxHops`. */
  | { code: 'too-many-redirects'; max: number }
  /** A 3xx without a Location, or one to something that is not HTTP(S). */
  | { code: 'bad-redirect'; url: string; location: string }
  /** `beforeHop` refused to request `url` (e.g. robots.txt disallows it). */
  | { code: 'refused'; url: string };

export interface Followed {
  /** The final response, body unread; null when following stopped (`stop`). */
  reply: HopReply | null;
  /** URL of `reply`, or where following stopped (the refused URL, or the last 3xx). */
  finalUrl: string;
  hops: FollowedHop[];
  stop: FollowStop | null;
  /** A URL came round again (with `loop: 'follow'`, following went on to the hop limit). */
  loop: boolean;
}

export interface FollowOptions {
  policy: RedirectPolicy;
  request: HopRequest;
  /** Asked before each request, the first included: false ends the chain there (`refused`), unrequested. */
  beforeHop?: (url: string) => boolean | Promise<boolean>;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * The one redirect follower: requests `url` through `fetchHop` and follows 301/302/303/307/308 by
 * hand under `policy`, recording every hop (status line and headers kept), fragments dropped.
 * Rejects only when the fetcher does (network error, abort); the caller reads or cancels the
 * final body.
 */
export async function followRedirects(url: string, fetchHop: HopFetcher, opts: FollowOptions): Promise<Followed> {
  const { policy, request } = opts;
  const hops: FollowedHop[] = [];
  const seen = new Set<string>();
  let current = noHash(url);
  let loop = false;
  for (;;) {
    seen.add(current);
    if (opts.beforeHop && !(await opts.beforeHop(current))) return { reply: null, finalUrl: current, hops, stop: { code: 'refused', url: current }, loop };
    const reply = await fetchHop(current, request);
    if (!REDIRECT.has(reply.status)) return { reply, finalUrl: current, hops, stop: null, loop };
    await reply.body?.cancel().catch(() => undefined);
    const location = headerValue(reply.headers, 'location') ?? '';
    hops.push({ url: current, status: reply.status, statusLine: reply.statusLine, location, headers: reply.headers });
    let next: URL | null = null;
    try {
      next = location ? new URL(location, current) : null;
    } catch {
      next = null;
    }
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      return { reply: null, finalUrl: current, hops, stop: { code: 'bad-redirect', url: current, location }, loop };
    }
    const nextUrl = noHash(next.href);
    if (seen.has(nextUrl)) {
      loop = true;
      if (policy.loop === 'stop') return { reply: null, finalUrl: current, hops, stop: { code: 'redirect-loop', url: current, next: nextUrl }, loop };
    }
    if (hops.length > policy.maxHops) return { reply: null, finalUrl: current, hops, stop: { code: 'too-many-redirects', max: policy.maxHops }, loop };
    current = nextUrl;
  }
}
