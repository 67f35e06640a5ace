import { headerValue, mediaType, readCapped, deadline, type Header, type ReadEnd } from '../core';
import type { Agent, AgentFetch, FetchError, FetchHop, HopFetcher } from './types';
import { decodeHtml } from './decodeHtml';
import { isHtml } from '../html';
import { COUNT_CAP, MAX_KEEP_BYTES, TIMEOUT_MS } from './agentFetchLimits';
import { DEFAULT_LIMIT, findCutoff, sniffCharset, isTextMediaType } from '../bytes';
import { countHeaderBytes } from './countHeaderBytes';
import { followRedirects, type Followed } from './followRedirects';
import { noHash } from './noHash';
import { PAGE_REDIRECTS, type RedirectPolicy } from './redirectPolicy';

export interface FetchAsAgentOptions {
  /** How redirects are followed (default: a page's, 10 hops, a loop stops). */
  redirects?: RedirectPolicy;
  timeoutMs?: number;
  /** Ends the fetch early (a site check's run cancelled or out of time): it comes back as a network error. */
  signal?: AbortSignal;
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
   * The final response's body streams to the writer this returns, chunk by chunk as it arrives
   * (nothing is kept unless `keep` says so): a caller that analyses the body as it streams (the
   * site check, the comparison) and reads its own result once the fetch is over. Not called when
   * no final response arrives. With it, as with keepBody, no analysis is made here.
   */
  onBody?: (reply: { statusLine: string; status: number; headers: Header[]; finalUrl: string }) => { write(chunk: Uint8Array): void };
  /**
   * Asked before each request, the first included: false stops there without requesting it
   * (`blockedAt` says where), e.g. a redirect target robots.txt disallows.
   */
  allowHop?: (url: string) => boolean | Promise<boolean>;
  now?: () => number;
}

/**
 * Fetch `url` as one Googlebot: redirects followed by hand under the page policy (lib/crawl
 * followRedirects: 10 hops, a loop stops), the whole fetch given 10 s, the first 2 MB of the body
 * kept and the rest counted up to a bound, the header bytes counted with the status line as
 * received. Never throws: failures come back as `error`.
 */
export async function fetchAsAgent(
  url: string,
  agent: Agent,
  userAgent: string,
  hop: HopFetcher,
  opts: FetchAsAgentOptions = {},
): Promise<AgentFetch> {
  const policy = opts.redirects ?? PAGE_REDIRECTS;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const keepBytes = opts.keep ?? Math.min(limit, MAX_KEEP_BYTES);
  const countCap = opts.countCap ?? COUNT_CAP;
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  const started = now();
  const time = deadline(timeoutMs, opts.signal);
  let redirects: FetchHop[] = [];
  let blockedAt: string | null = null;
  const result = (
    current: string,
    status: number,
    statusLine: string,
    headers: Header[],
    error: FetchError | null,
    body?: { bytes: number; kept: Uint8Array; end: ReadEnd },
  ): AgentFetch => {
    const contentType = headerValue(headers, 'content-type');
    // Only what Googlebot keeps is analysed: the body up to the cut (headers count too), which the
    // byte budget backs off to a whole character.
    // With keepBody or onBody the caller measures the body itself (the site check's byte analysis, the comparison's): no second pass here.
    const own = !opts.keepBody && !opts.onBody;
    const cutoff = body && own
      ? findCutoff({
          body: body.kept,
          headerBytes: countHeaderBytes(statusLine, headers, status),
          charset: sniffCharset(contentType, body.kept),
          limit,
          totalBodyBytes: body.bytes,
          // Bytes, not characters, for a binary body (a PDF): the cut falls exactly at the limit.
          wholeCharacters: isTextMediaType(mediaType(contentType)),
        })
      : null;
    const cutAt = cutoff?.truncated ? cutoff.bodyBytesKept : null;
    const visible = body ? (cutAt === null ? body.kept : body.kept.subarray(0, cutAt)) : null;
    const ct = mediaType(contentType);
    const html = body && visible && own && isHtml(ct, ct ? null : body.kept) ? decodeHtml(contentType, visible) : null;
    return {
      agent,
      userAgent,
      requestedUrl: url,
      redirects,
      finalUrl: current,
      status,
      statusLine,
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
      ...(opts.keepBody && body ? { body: body.kept } : {}),
      ...(blockedAt !== null ? { blockedAt } : {}),
    };
  };

  let current = noHash(url);
  try {
    let got: Followed;
    try {
      got = await followRedirects(url, hop, { policy, request: { userAgent, signal: time.signal }, beforeHop: opts.allowHop });
    } catch (err) {
      if (time.expired) return result(current, 0, '', [], { code: 'timeout', params: [current, timeoutMs] });
      return result(current, 0, '', [], { code: 'network', params: [current, err instanceof Error ? err.message : String(err)] });
    }
    redirects = got.hops.map((h) => ({ url: h.url, status: h.status, statusLine: h.statusLine, location: h.location, headers: h.headers }));
    current = got.finalUrl;
    const last = got.hops[got.hops.length - 1];
    switch (got.stop?.code) {
      case undefined: {
        const res = got.reply!;
        const sink = opts.onBody?.({ statusLine: res.statusLine, status: res.status, headers: res.headers, finalUrl: current });
        const body = await readCapped(res.body, { keep: keepBytes, countCap, signal: time.signal, onChunk: sink ? (c) => sink.write(c) : undefined });
        return result(current, res.status, res.statusLine, res.headers, null, { bytes: body.total, kept: body.bytes, end: body.end });
      }
      case 'refused':
        blockedAt = got.stop.url;
        return result(current, 0, '', [], null);
      case 'bad-redirect':
        return result(current, last!.status, last!.statusLine, last!.headers, { code: 'bad-redirect', params: [got.stop.url, got.stop.location] });
      case 'redirect-loop':
        return result(current, last!.status, last!.statusLine, last!.headers, { code: 'redirect-loop', params: [got.stop.url, got.stop.next] });
      case 'too-many-redirects':
        return result(current, last!.status, last!.statusLine, last!.headers, { code: 'too-many-redirects', params: [got.stop.max] });
    }
  } finally {
    time.clear();
  }
}
