import type { Header, RedirectHop } from '../core';
import type { Reason } from './types';

/** Googlebot follows at most 10 redirect hops (developers.google.com/search/docs/crawling-indexing/http-network-errors). */
export const MAX_REDIRECT_HOPS = 10;

/** What Googlebot does with the final status code and the redirect chain that led to it. */
export function statusReasons(
  status: { code: number; line: string } | null,
  headers: readonly Header[] | null,
  redirects: readonly RedirectHop[],
): Reason[] {
  const out: Reason[] = [];
  redirects.forEach((hop) => {
    const permanent = hop.statusCode === 301 || hop.statusCode === 308;
    out.push({
      code: permanent ? 'redirectPermanent' : 'redirectTemporary',
      severity: 'info',
      params: [String(hop.statusCode), hop.url, hop.location],
      sources: [{ kind: 'redirect', url: hop.url, statusCode: hop.statusCode, location: hop.location }],
    });
  });
  if (redirects.length > MAX_REDIRECT_HOPS) {
    out.push({ code: 'redirectTooMany', severity: 'block', params: [redirects.length], sources: [] });
  }
  if (!status || status.code === 0) {
    out.push({ code: 'statusUnknown', severity: 'risk', params: [], sources: [] });
    return out;
  }
  const c = status.code;
  const src = [{ kind: 'status' as const, statusCode: c, statusLine: status.line }];
  const retry = (headers ?? []).find((h) => h.name.toLowerCase() === 'retry-after');
  if (c === 200) out.push({ code: 'status200', severity: 'ok', params: [String(c)], sources: src });
  else if (c > 200 && c < 300) out.push({ code: 'status2xx', severity: 'risk', params: [String(c)], sources: src });
  else if (c === 404 || c === 410) out.push({ code: 'statusGone', severity: 'block', params: [String(c)], sources: src });
  else if (c === 429 || (c >= 500 && c < 600)) {
    out.push({ code: 'statusUnavailable', severity: 'block', params: [String(c)], sources: src });
    if (retry) {
      out.push({
        code: 'retryAfter',
        severity: 'info',
        params: [retry.value.slice(0, 200)],
        sources: [{ kind: 'header', name: retry.name, value: retry.value }],
      });
    }
  } else if (c >= 400 && c < 500) out.push({ code: 'status4xx', severity: 'block', params: [String(c)], sources: src });
  else out.push({ code: 'statusOther', severity: 'risk', params: [String(c)], sources: src });
  return out;
}
