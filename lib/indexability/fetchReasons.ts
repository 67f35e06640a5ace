import type { MessageParam } from '../i18n';
import type { Reason } from './types';

/**
 * How a check that requests the URL itself (the site check) got on: not requested because
 * robots.txt disallows it, requested without a usable answer, or answered (with how reading the
 * body ended).
 */
export type FetchOutcome =
  | { kind: 'not-fetched'; crawler?: { token: string; robotsUrl: string; line: number | null; rule: string | null } }
  | { kind: 'failed'; code: 'timeout' | 'network' | 'redirect-loop' | 'bad-redirect' | 'too-many-redirects'; params: MessageParam[] }
  | { kind: 'fetched'; bodyEnd: 'end' | 'cap' | 'timeout' | 'error'; bodyBytes: number; timeoutMs: number };

const FAILED: Record<Exclude<Extract<FetchOutcome, { kind: 'failed' }>['code'], 'too-many-redirects'>, string> = {
  timeout: 'fetchTimeout',
  network: 'fetchNetwork',
  'redirect-loop': 'fetchRedirectLoop',
  'bad-redirect': 'fetchBadRedirect',
};

/** What the fetch itself says about the page (too many redirects are said by the redirect reasons). */
export function fetchReasons(outcome: FetchOutcome | null | undefined): Reason[] {
  if (!outcome) return [];
  if (outcome.kind === 'not-fetched') {
    // Not requested because robots.txt disallows it for the crawler the check runs as (not Googlebot):
    // nothing of the page was seen, so the verdict cannot stand on it.
    const c = outcome.crawler;
    if (!c) return [];
    return [{ code: 'crawlerRobotsBlocked', severity: 'risk', params: [c.robotsUrl, c.line ?? '—', c.token], sources: [{ kind: 'robotsTxt', url: c.robotsUrl, line: c.line, rule: c.rule, userAgent: c.token }] }];
  }
  if (outcome.kind === 'failed') {
    if (outcome.code === 'too-many-redirects') return [];
    return [{ code: FAILED[outcome.code], severity: 'block', params: outcome.params, sources: [] }];
  }
  if (outcome.bodyEnd === 'timeout') return [{ code: 'bodyTimeout', severity: 'risk', params: [outcome.timeoutMs / 1000, outcome.bodyBytes], sources: [] }];
  if (outcome.bodyEnd === 'error') return [{ code: 'bodyError', severity: 'risk', params: [outcome.bodyBytes], sources: [] }];
  if (outcome.bodyEnd === 'cap') return [{ code: 'bodyCapped', severity: 'info', params: [outcome.bodyBytes], sources: [] }];
  return [];
}
