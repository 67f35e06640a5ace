import { deadline } from '../core';
import type { DnsAnswer, DnsResolver, DnsType } from './dns';

/** The resolvers the user can pick (JSON DNS-over-HTTPS endpoints). */
export const DOH_ENDPOINTS = {
  google: 'https://dns.google/resolve',
  cloudflare: 'https://cloudflare-dns.com/dns-query',
} as const;

export type DohProvider = keyof typeof DOH_ENDPOINTS;

const TYPE_CODES: Record<DnsType, number> = { A: 1, PTR: 12, AAAA: 28 };
const MAX_BODY_CHARS = 64 * 1024;

export interface DohOptions {
  /** fetch, injected (the extension passes the page's; tests a stand-in). */
  fetch: (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
  endpoint: string;
  timeoutMs?: number;
}

/** Turn a JSON DoH body (`{ Status, Answer: [{ type, TTL, data }] }`) into an answer. */
export function parseDohJson(body: string, type: DnsType): DnsAnswer {
  let json: { Status?: unknown; Answer?: unknown; Authority?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'error', message: 'resolver answered something that is not JSON' };
  }
  if (typeof json !== 'object' || json === null || typeof json.Status !== 'number') {
    return { kind: 'error', message: 'resolver answer has no Status' };
  }
  if (json.Status === 3) {
    const auth = Array.isArray(json.Authority) ? (json.Authority[0] as { TTL?: unknown } | undefined) : undefined;
    return { kind: 'nxdomain', ttl: typeof auth?.TTL === 'number' ? auth.TTL : 60 };
  }
  if (json.Status !== 0) return { kind: 'error', message: `DNS response code ${json.Status}` };
  const answers = Array.isArray(json.Answer) ? json.Answer : [];
  const records = [];
  for (const a of answers as { type?: unknown; TTL?: unknown; data?: unknown }[]) {
    // CNAME links of a chain come along; keep only the records asked for.
    if (a && a.type === TYPE_CODES[type] && typeof a.data === 'string') {
      records.push({ data: a.data, ttl: typeof a.TTL === 'number' ? a.TTL : 60 });
    }
  }
  return { kind: 'answer', records };
}

/** A resolver over a JSON DNS-over-HTTPS endpoint (Google's /resolve, Cloudflare's /dns-query). */
export function createDohResolver({ fetch, endpoint, timeoutMs = 10_000 }: DohOptions): DnsResolver {
  return async (name, type) => {
    const url = new URL(endpoint);
    url.searchParams.set('name', name);
    url.searchParams.set('type', type);
    const time = deadline(timeoutMs);
    try {
      const res = await fetch(url.toString(), { headers: { accept: 'application/dns-json' }, signal: time.signal });
      if (!res.ok) return { kind: 'error', message: `resolver answered HTTP ${res.status}` };
      const body = await res.text();
      if (body.length > MAX_BODY_CHARS) return { kind: 'error', message: 'resolver answer too large' };
      return parseDohJson(body, type);
    } catch (err) {
      if (time.expired) return { kind: 'error', message: `resolver did not answer within ${timeoutMs / 1000} s` };
      return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
    } finally {
      time.clear();
    }
  };
}
