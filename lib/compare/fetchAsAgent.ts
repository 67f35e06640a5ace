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
  /** The status line as received ("HTTP/1.1 200 OK"), when the transport gives it. */
  statusLine?: string;
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
  /** Body bytes to keep (default: the limit, at most 16 MiB); more than the limit lets a caller list what lies past the cut. */
  keep?: number;
  /**
   * Return the kept bytes as `body` (and leave `html` null: the caller analyses the bytes). For a
   * caller that runs the byte analysis itself, e.g. the site check.
   */
  keepBody?: boolean;
  /**
   * Asked before each request, the first included: false stops there without requesting it
   * (`blockedAt` says where), e.g. a redirect target robots.txt disallows.
   */
  allowHop?: (url: string) => boolean | Promise<boolean>;
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
  const keepBytes = opts.keep ?? Math.min(limit, MAX_KEEP_BYTES);
  const countCap = opts.countCap ?? COUNT_CAP;
  const now = opts.now ?? Date.now;
  const started = now();
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? TIMEOUT_MS);
  const redirects: FetchHop[] = [];
  const seen = new Set<string>();
  let blockedAt: string | null = null;
  const result = (
    current: string,
    status: number,
    headers: Header[],
    error: FetchError | null,
    body?: { bytes: number; kept: Uint8Array; end: ReadEnd },
    statusLine?: string,
  ): AgentFetch => {
    const contentType = headerValue(headers, 'content-type');
    // Only what Googlebot keeps is analysed: the body up to the cut (headers count too), which the
    // byte budget backs off to a whole character.
    const cutoff = body
      ? findCutoff({ body: body.kept, headerBytes: countHeaderBytes('', headers, status), charset: sniffCharset(contentType, body.kept), limit, totalBodyBytes: body.bytes })
      : null;
    const cutAt = cutoff?.truncated ? cutoff.bodyBytesKept : null;
    const visible = body ? (cutAt === null ? body.kept : body.kept.subarray(0, cutAt)) : null;
    const html = body && visible && !opts.keepBody && isHtmlResponse(contentType, body.kept) ? decodeHtml(contentType, visible) : null;
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
      ...(statusLine !== undefined ? { statusLine } : {}),
      ...(opts.keepBody && body ? { body: body.kept } : {}),
      ...(blockedAt !== null ? { blockedAt } : {}),
    };
  };

  let current = stripHash(url);
  try {
    for (;;) {
      seen.add(current);
      if (opts.allowHop && !(await opts.allowHop(current))) {
        blockedAt = current;
        return result(current, 0, [], null);
      }
      let res: HopResponse;
      try {
        res = await hop(current, ctl.signal);
      } catch (err) {
        if (ctl.signal.aborted) return result(current, 0, [], { code: 'timeout', params: [current, opts.timeoutMs ?? TIMEOUT_MS] });
        return result(current, 0, [], { code: 'network', params: [current, err instanceof Error ? err.message : String(err)] });
      }
      if (!REDIRECT.has(res.status)) {
        const body = await readCapped(res.body, { keep: keepBytes, countCap, signal: ctl.signal });
        return result(current, res.status, res.headers, null, { bytes: body.total, kept: body.bytes, end: body.end }, res.statusLine);
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
