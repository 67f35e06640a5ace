import { hostOf } from '../core';
import type { CanonicalTargetInput } from './types';

/**
 * Crawlscope contacts only the site being inspected on its own: a canonical URL on another host is
 * requested only when the user asks for that one check. Returns the answer that says so (nothing
 * requested), or null when the canonical may be requested.
 */
export function canonicalNotChecked(url: string, pageUrl: string, userAsked: boolean): CanonicalTargetInput | null {
  if (userAsked) return null;
  const target = hostOf(url);
  if (target === null || target === hostOf(pageUrl)) return null;
  return { url, status: null, redirectedTo: null, error: null, notChecked: 'other-host' };
}
