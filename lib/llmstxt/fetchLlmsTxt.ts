import { headerValue, mediaType } from '../core';
import { readCapped } from '../core';
import { decodeText } from '../core';
import { followRedirects } from '../crawl';
import { SITEMAP_REDIRECTS } from '../crawl';
import type { HopFetcher } from '../crawl';
import { parseLlmsTxt } from './parseLlmsTxt';
import type { LlmsTxtReport } from './types';

/** Bytes of llms.txt parsed; the rest is counted up to LLMS_COUNT_CAP (a 50 MB file is measured, not read). */
export const LLMS_KEEP_BYTES = 1024 * 1024;
export const LLMS_COUNT_CAP = 64 * 1024 * 1024;
export const LLMS_TIMEOUT_MS = 10_000;

/** The llms.txt of the URL's origin, or null for a URL that is not http(s). */
export function llmsTxtUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}/llms.txt` : null;
  } catch {
    return null;
  }
}

const looksLikeHtml = (text: string) => /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);

/**
 * Fetches `<origin>/llms.txt` through the crawl layer (redirects by lib/crawl, 5 hops as for a
 * sitemap), as `userAgent`, without cookies: 10 s, the first 1 MiB parsed and the rest counted up
 * to 64 MiB. 404 / 410: there is none (information); another status or no answer: said, never a
 * guess at what the file would hold; a body that is HTML (an error page served with 200, say) is
 * not an llms.txt.
 */
export async function fetchLlmsTxt(url: string, hop: HopFetcher, userAgent: string, opts: { now?: () => number; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<LlmsTxtReport> {
  const now = opts.now ?? Date.now;
  const fileUrl = llmsTxtUrl(url) ?? url;
  const started = now();
  const base: LlmsTxtReport = { url: fileUrl, finalUrl: fileUrl, outcome: 'unreachable', status: null, contentType: null, bytes: 0, complete: false, keptBytes: 0, parsed: null, error: null, fetchedAt: started, durationMs: 0 };
  const ctl = new AbortController();
  const timeoutMs = opts.timeoutMs ?? LLMS_TIMEOUT_MS;
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  const onAbort = () => ctl.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let got;
    try {
      got = await followRedirects(fileUrl, hop, { policy: SITEMAP_REDIRECTS, request: { userAgent, signal: ctl.signal } });
    } catch (e) {
      return { ...base, error: ctl.signal.aborted ? { code: 'timeout', params: [timeoutMs / 1000] } : { code: 'network', params: [e instanceof Error ? e.message : String(e)] }, durationMs: now() - started };
    }
    if (!got.reply) return { ...base, finalUrl: got.finalUrl, outcome: 'error', status: got.hops.at(-1)?.status ?? null, error: { code: got.stop!.code, params: [got.finalUrl] }, durationMs: now() - started };
    const res = got.reply;
    const contentType = headerValue(res.headers, 'content-type');
    const at = { ...base, finalUrl: got.finalUrl, status: res.status, contentType };
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel().catch(() => undefined);
      return { ...at, outcome: 'missing', complete: true, durationMs: now() - started };
    }
    if (res.status < 200 || res.status > 299) {
      await res.body?.cancel().catch(() => undefined);
      return { ...at, outcome: 'error', error: { code: 'status', params: [res.status] }, durationMs: now() - started };
    }
    const body = await readCapped(res.body, { keep: LLMS_KEEP_BYTES, countCap: LLMS_COUNT_CAP, signal: ctl.signal });
    const text = decodeText(body.bytes, 'utf-8');
    const read = { ...at, outcome: 'found' as const, bytes: body.total, complete: body.end === 'end', keptBytes: body.bytes.length, durationMs: now() - started };
    if (mediaType(contentType) === 'text/html' || looksLikeHtml(text)) return { ...read, error: { code: 'html', params: [contentType ?? ''] } };
    return { ...read, parsed: parseLlmsTxt(text, got.finalUrl) };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
