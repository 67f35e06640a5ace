import type { Header } from '../core';
import type { HopReply } from './types';

/** A response's status line and headers as the browser's webRequest events saw them. */
export interface SeenResponse {
  status: number;
  statusLine: string;
  headers: Header[];
}

/**
 * One hop's reply from a `redirect: 'manual'` fetch and what webRequest saw of the same response:
 * a redirect comes back as an opaque response (no status, no Location), so its status line and
 * headers are webRequest's or nothing; any other response keeps webRequest's headers (names and
 * repeats as sent, where fetch's Headers joins repeats) when the statuses agree, else fetch's.
 */
export function hopReplyFrom(res: Response, seen: SeenResponse | null, ip: string | null): HopReply {
  if (res.type === 'opaqueredirect') {
    if (!seen) throw new Error('The redirect response was not visible to the extension');
    return { status: seen.status, statusLine: seen.statusLine, headers: seen.headers, body: null, ip };
  }
  const same = seen && seen.status === res.status ? seen : null;
  return {
    status: res.status,
    statusLine: same?.statusLine ?? '',
    headers: same ? same.headers : [...res.headers].map(([name, value]) => ({ name, value })),
    body: res.body,
    ip: same ? ip : null,
  };
}
