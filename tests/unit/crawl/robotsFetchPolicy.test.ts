import { describe, expect, it } from 'vitest';
import { robotsFetchDecision, robotsTxtUrl } from '../../../lib/crawl';

const res = (status: number, contentType: string | null = 'text/plain') => robotsFetchDecision({ kind: 'response', status, contentType });

describe('robots.txt URL', () => {
  it('is per scheme, host and port', () => {
    expect(robotsTxtUrl('https://Example.com:8443/a/b?c#d')).toEqual({ origin: 'https://example.com:8443', robotsUrl: 'https://example.com:8443/robots.txt' });
    expect(robotsTxtUrl('http://example.com/')?.robotsUrl).toBe('http://example.com/robots.txt');
    expect(robotsTxtUrl('ftp://example.com/')).toBeNull();
    expect(robotsTxtUrl('not a url')).toBeNull();
  });
});

describe('Google\'s status rules', () => {
  it('2xx: parse; text/plain gives no warning', () => {
    expect(res(200)).toEqual({ kind: 'parse', code: 'fetched', params: ['200'], warnings: [] });
    expect(res(206, 'text/plain; charset=utf-8').warnings).toEqual([]);
  });
  it('2xx served as HTML: parse anyway, and warn', () => {
    expect(res(200, 'text/html')).toEqual({ kind: 'parse', code: 'fetched', params: ['200'], warnings: [{ code: 'notPlainText', params: ['text/html'] }] });
  });
  it('4xx except 429: everything allowed', () => {
    for (const s of [400, 401, 403, 404, 410, 451]) expect(res(s)).toMatchObject({ kind: 'allow-all', code: 'notFound', params: [String(s)] });
  });
  it('429 and 5xx: unreachable, everything disallowed', () => {
    expect(res(429)).toMatchObject({ kind: 'disallow-all', code: 'tooManyRequests' });
    for (const s of [500, 502, 503, 599]) expect(res(s)).toMatchObject({ kind: 'disallow-all', code: 'serverError', params: [String(s)] });
  });
  it('more than 5 redirects: treated as not found', () => {
    expect(robotsFetchDecision({ kind: 'too-many-redirects' })).toMatchObject({ kind: 'allow-all', code: 'tooManyRedirects', params: [5] });
    expect(res(304)).toMatchObject({ kind: 'allow-all', code: 'redirectUnresolved' });
  });
  it('timeout and network errors: unreachable', () => {
    expect(robotsFetchDecision({ kind: 'timeout' })).toMatchObject({ kind: 'disallow-all', code: 'timeout', params: [10] });
    expect(robotsFetchDecision({ kind: 'network-error', message: 'Failed to fetch' })).toMatchObject({ kind: 'disallow-all', code: 'networkError', params: ['Failed to fetch'] });
  });
});
