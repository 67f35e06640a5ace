import type { MessageParam } from '../i18n';
import ipaddr from 'ipaddr.js';
import type { RangeFile } from './types';

export const MAX_RANGE_FILE_BYTES = 4 * 1024 * 1024;

export type RangeFileVerdict =
  | { ok: true; file: RangeFile; ipv4: number; ipv6: number }
  | {
      ok: false;
      code:
        | 'refreshHttp'
        | 'refreshTooLarge'
        | 'refreshHtml'
        | 'refreshNotJson'
        | 'refreshNoPrefixes'
        | 'refreshEmptyPrefixes'
        | 'refreshBadPrefix';
      params: MessageParam[];
    };

/**
 * Decide whether a downloaded range file may replace the last good copy. Only a JSON object whose
 * `prefixes` is a non-empty array of valid `ipv4Prefix`/`ipv6Prefix` CIDRs is accepted: in 2026
 * Google's old URLs answered 200 with an "Action needed" JSON body and no prefixes, and captive
 * portals answer HTML.
 */
export function validateRangeFile(status: number, body: string): RangeFileVerdict {
  if (status < 200 || status > 299) return { ok: false, code: 'refreshHttp', params: [status] };
  if (body.length > MAX_RANGE_FILE_BYTES) return { ok: false, code: 'refreshTooLarge', params: [MAX_RANGE_FILE_BYTES] };
  const head = body.trimStart().slice(0, 200).toLowerCase();
  if (head.startsWith('<')) return { ok: false, code: 'refreshHtml', params: [] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    return { ok: false, code: 'refreshNotJson', params: [err instanceof Error ? err.message : String(err)] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, code: 'refreshNoPrefixes', params: [summarizeBody(json)] };
  }
  const obj = json as Record<string, unknown>;
  if (!Array.isArray(obj.prefixes)) return { ok: false, code: 'refreshNoPrefixes', params: [summarizeBody(json)] };
  if (obj.prefixes.length === 0) return { ok: false, code: 'refreshEmptyPrefixes', params: [] };
  let ipv4 = 0;
  let ipv6 = 0;
  for (let i = 0; i < obj.prefixes.length; i++) {
    const entry = obj.prefixes[i] as { ipv4Prefix?: unknown; ipv6Prefix?: unknown } | null;
    const v4 = entry && typeof entry.ipv4Prefix === 'string' ? entry.ipv4Prefix : null;
    const v6 = entry && typeof entry.ipv6Prefix === 'string' ? entry.ipv6Prefix : null;
    if (v4 !== null && ipaddr.IPv4.isValidCIDRFourPartDecimal(v4)) ipv4++;
    else if (v6 !== null && ipaddr.IPv6.isValidCIDR(v6)) ipv6++;
    else return { ok: false, code: 'refreshBadPrefix', params: [i, JSON.stringify(entry).slice(0, 80)] };
  }
  const creationTime = typeof obj.creationTime === 'string' ? obj.creationTime : undefined;
  return { ok: true, file: { creationTime, prefixes: obj.prefixes as object[] }, ipv4, ipv6 };
}

/** A short, text-only hint at what came back instead (e.g. the "Action needed" message). */
function summarizeBody(json: unknown): string {
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    for (const key of ['message', 'title', 'error', 'description']) {
      const v = (json as Record<string, unknown>)[key];
      if (typeof v === 'string') return v.slice(0, 160);
    }
    return `keys: ${Object.keys(json).slice(0, 8).join(', ')}`;
  }
  return JSON.stringify(json)?.slice(0, 80) ?? String(json);
}
