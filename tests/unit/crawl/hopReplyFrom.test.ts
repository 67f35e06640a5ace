import { describe, expect, it } from 'vitest';
import { hopReplyFrom } from '../../../lib/crawl/hopReplyFrom';

const seen302 = { status: 302, statusLine: 'HTTP/1.1 302 Found', headers: [{ name: 'Location', value: '/b' }] };
const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;

describe("hopReplyFrom: a manual-redirect fetch and webRequest's view of the same response", () => {
  it('a redirect: status line, headers and address from webRequest, no body; unseen, it is an error, not a guess', () => {
    expect(hopReplyFrom(opaque, seen302, '127.0.0.1')).toEqual({ status: 302, statusLine: 'HTTP/1.1 302 Found', headers: seen302.headers, body: null, ip: '127.0.0.1' });
    expect(() => hopReplyFrom(opaque, null, null)).toThrow('The redirect response was not visible to the extension');
  });

  it("a 200: webRequest's headers as sent (repeats kept) when the statuses agree, fetch's joined ones otherwise", () => {
    const res = new Response('hi', { status: 200, headers: [['X-A', '1'], ['X-A', '2']] });
    const seen = { status: 200, statusLine: 'HTTP/1.1 200 OK', headers: [{ name: 'X-A', value: '1' }, { name: 'X-A', value: '2' }] };
    const r = hopReplyFrom(res, seen, '::1');
    expect([r.status, r.statusLine, r.headers, r.ip]).toEqual([200, 'HTTP/1.1 200 OK', seen.headers, '::1']);
    expect(r.body).toBe(res.body);
    const other = hopReplyFrom(new Response('x', { status: 200, headers: [['X-A', '1'], ['X-A', '2']] }), { ...seen, status: 304 }, '::1');
    expect([other.statusLine, other.ip]).toEqual(['', null]);
    expect(other.headers).toContainEqual({ name: 'x-a', value: '1, 2' });
  });
});
