import { hostPermissionPattern } from '../../lib/core';

export type TargetRefused = { ok: false; reason: 'not-http' | 'no-permission'; origin: string };

/**
 * The URL a background fetch on the user's request may go to: http(s) only, and only with host
 * access (without it the request's rule cannot set the User-Agent and the answer cannot be read).
 */
export async function fetchableTarget(url: string): Promise<{ ok: true; target: URL } | TargetRefused> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: 'not-http', origin: '' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, reason: 'not-http', origin: target.origin };
  if (!(await browser.permissions.contains({ origins: [hostPermissionPattern(target.href)] }))) return { ok: false, reason: 'no-permission', origin: target.origin };
  return { ok: true, target };
}
