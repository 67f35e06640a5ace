import type { Header } from '../core/types';
import { headerValue } from '../core/headers';
import type { Agent, AgentFetch, FetchError, FetchHop } from './types';
import { readCapped, type ReadEnd } from '../core/readCapped';
import { decodeHtml, isHtmlResponse } from './decodeHtml';

import { COUNT_CAP, MAX_KEEP_BYTES, MAX_REDIRECTS, TIMEOUT_MS } from './constants';
import { DEFAULT_LIMIT } from '../bytes/limits';
import { countHeaderBytes } from '../bytes/countHeaderBytes';
import { findCutoff } from '../bytes/findCutoff';
import { sniffCharset } from '../bytes/sniffCharset';

/** One response, without following redirects. `headers` must include Location for a 3xx. */
export interface HopResponse {
  status: number;
  headers: Header[];
  body: ReadableStream<Uint8Array> | null;
}

/** Fetch one URL as the agent, redirect: manual. Must honour `signal`. */
export type HopFetcher = (url: string, signal: AbortSignal) => Promise<HopResponse>;

export interface FetchAsAgentOptions {
  maxRedirects?: number;
  timeoutMs?: number;
  /** Googlebot's byte limit, headers included (default 2 MiB); the body is kept up to it (at most 16 MiB). */
  limit?: number;
  countCap?: number;
  now?: () => number;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);


/**
 * Fetch `url` as one Googlebot: follow up to 10 redirects by hand (recording each hop,
 * stopping at a loop), give the whole fetch 10 s, keep the first 2 MB of the body and
 * count the rest up to a bound. Never throws: failures come back as `error`.
 */
export async function fetchAsAgent(
  url: string,
  agent: Agent,
  userAgent: string,
  hop: HopFetcher,
  opts: FetchAsAgentOptions = {},
): Promise<AgentFetch> {
  const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const keepBytes = Math.min(limit, MAX_KEEP_BYTES);
  const countCap = opts.countCap ?? COUNT_CAP;
  const now = opts.now ?? Date.now;
  const started = now();
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? TIMEOUT_MS);
  const redirects: FetchHop[] = [];
  const seen = new Set<string>();
  const result = (
    current: string,
    status: number,
    headers: Header[],
    error: FetchError | null,
    body?: { bytes: number; kept: Uint8Array; end: ReadEnd },
  ): AgentFetch => {
    const contentType = headerValue(headers, 'content-type');
    // Only what Googlebot keeps is analysed: the body up to the cut (headers count too), which the
    // byte budget backs off to a whole character.
    const cutoff = body
      ? findCutoff({ body: body.kept, headerBytes: countHeaderBytes('', headers, status), charset: sniffCharset(contentType, body.kept), limit, totalBodyBytes: body.bytes })
      : null;
    const cutAt = cutoff?.truncated ? cutoff.bodyBytesKept : null;
    const visible = body ? (cutAt === null ? body.kept : body.kept.subarray(0, cutAt)) : null;
    const html = body && visible && isHtmlResponse(contentType, body.kept) ? decodeHtml(contentType, visible) : null;
    return {
      agent,
      userAgent,
      requestedUrl: url,
      redirects,
      finalUrl: current,
      status,
      headers,
      bodyBytes: body?.bytes ?? 0,
      complete: body?.end === 'end',
      keptBytes: body?.kept.length ?? 0,
      limit,
      cutAt,
      html,
      error,
      durationMs: now() - started,
      bodyEnd: body?.end ?? null,
    };
  };

  let current = stripHash(url);
  try {
    for (;;) {
      seen.add(current);
      let res: HopResponse;
      try {
        res = await hop(current, ctl.signal);
      } catch (err) {
        if (ctl.signal.aborted) return result(current, 0, [], { code: 'timeout', params: [current, opts.timeoutMs ?? TIMEOUT_MS] });
        return result(current, 0, [], { code: 'network', params: [current, err instanceof Error ? err.message : String(err)] });
      }
      if (!REDIRECT.has(res.status)) {
        const body = await readCapped(res.body, { keep: keepBytes, countCap, signal: ctl.signal });
        return result(current, res.status, res.headers, null, { bytes: body.total, kept: body.bytes, end: body.end });
      }
      await res.body?.cancel().catch(() => undefined);
      const location = headerValue(res.headers, 'location');
      let next: string | null = null;
      try {
        next = location ? stripHash(new URL(location, current).href) : null;
      } catch {
        next = null;
      }
      redirects.push({ url: current, status: res.status, location: location ?? '', headers: res.headers });
      if (!next || !/^https?:$/.test(new URL(next).protocol)) {
        return result(current, res.status, res.headers, { code: 'bad-redirect', params: [current, location ?? ''] });
      }
      if (seen.has(next)) {
        return result(current, res.status, res.headers, { code: 'redirect-loop', params: [current, next] });
      }
      if (redirects.length > maxRedirects) {
        return result(current, res.status, res.headers, { code: 'too-many-redirects', params: [maxRedirects] });
      }
      current = next;
    }
  } finally {
    clearTimeout(timer);
  }
}

function stripHash(u: string): string {
  const i = u.indexOf('#');
  return i < 0 ? u : u.slice(0, i);
}
