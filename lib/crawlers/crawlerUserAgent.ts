import { findCrawler } from './findCrawler';

/**
 * The User-Agent to send as this catalog crawler: its operator's documented string (the first, for
 * a crawler with several) — or why there is none: not in the catalog, a control token that sends
 * no requests, or no documented string.
 */
export function crawlerUserAgent(token: string): { ok: true; token: string; userAgent: string } | { ok: false; code: 'unknownCrawler' | 'controlToken' | 'noUserAgent'; token: string } {
  const c = findCrawler(token);
  if (!c) return { ok: false, code: 'unknownCrawler', token };
  if (c.purpose.value === 'control-token') return { ok: false, code: 'controlToken', token: c.token };
  const list = c.userAgents.value;
  if (!Array.isArray(list) || list.length === 0) return { ok: false, code: 'noUserAgent', token: c.token };
  return { ok: true, token: c.token, userAgent: list[0]!.value };
}
