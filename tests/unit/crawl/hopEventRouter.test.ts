import { describe, expect, it } from 'vitest';
import { hopEventRouter } from '../../../lib/crawl/hopEventRouter';
import { taggedUrl, tagOfUrl } from '../../../lib/crawl/taggedUrl';

const X = 'http://a.test/x';
const headers = (requestId: string, url: string, status: number) => ({ requestId, url, status, statusLine: `HTTP/1.1 ${status}`, headers: [] });

describe('taggedUrl: a fetch’s tag in its URL’s fragment (never sent)', () => {
  it('replaces any fragment, keeps the rest byte for byte; the tag reads back', () => {
    expect(taggedUrl('http://a.test/x?q=1', 't1')).toBe('http://a.test/x?q=1#t1');
    expect(taggedUrl('http://a.test/x?q=1#top', 't1')).toBe('http://a.test/x?q=1#t1');
    expect(taggedUrl('http://a.test/x#', 't1')).toBe('http://a.test/x#t1');
    expect(tagOfUrl('http://a.test/x?q=1#t1')).toBe('t1');
    expect(tagOfUrl('http://a.test/x?q=1')).toBeNull();
  });
});

describe('hopEventRouter: webRequest events to the fetch they belong to', () => {
  it('binds the request id at the first event that carries the tag, then routes by that id only', async () => {
    const r = hopEventRouter();
    const w = r.watch('t1');
    // The same URL without the tag (another request of it), and another tag, are not ours.
    r.sent({ requestId: '1', url: X, userAgent: 'UA' });
    r.sent({ requestId: '3', url: taggedUrl(X, 't2'), userAgent: 'UA' });
    r.headers(headers('1', X, 500));
    expect(w.seen).toEqual({ requestId: null, sent: null, headers: null, started: null });
    r.sent({ requestId: '2', url: taggedUrl(X, 't1'), userAgent: 'Googlebot' });
    r.headers({ requestId: '2', url: taggedUrl(X, 't1'), status: 301, statusLine: 'HTTP/1.1 301 Moved', headers: [{ name: 'Location', value: '/z' }] });
    r.started({ requestId: '2', url: taggedUrl(X, 't1'), ip: '127.0.0.1' });
    expect(await w.sent).toEqual({ requestId: '2', url: taggedUrl(X, 't1'), userAgent: 'Googlebot' });
    expect(await w.headers).toEqual({ requestId: '2', url: taggedUrl(X, 't1'), status: 301, statusLine: 'HTTP/1.1 301 Moved', headers: [{ name: 'Location', value: '/z' }] });
    expect(w.seen.started?.ip).toBe('127.0.0.1');
    expect(w.seen.requestId).toBe('2');
    // An event of the bound id is ours whatever URL it names (an internal redirect keeps the id).
    r.started({ requestId: '2', url: 'https://a.test/x#t1', ip: '::1' });
    expect(w.seen.started?.ip).toBe('::1');
    expect(r.size()).toBe(1);
    w.end();
    expect(r.size()).toBe(0);
    // After the end, the id's events and the tag's go nowhere.
    r.headers(headers('2', taggedUrl(X, 't1'), 200));
    r.headers(headers('9', taggedUrl(X, 't1'), 200));
    expect(w.seen.headers?.status).toBe(301);
  });

  it('two fetches of one URL at once: each gets its own events, in whatever order they come', () => {
    const r = hopEventRouter();
    const first = r.watch('a');
    const second = r.watch('b');
    r.sent({ requestId: '11', url: taggedUrl(X, 'b'), userAgent: 'G' });
    r.sent({ requestId: '10', url: taggedUrl(X, 'a'), userAgent: 'G' });
    r.headers(headers('11', taggedUrl(X, 'b'), 404));
    r.headers(headers('10', taggedUrl(X, 'a'), 200));
    expect([first.seen.requestId, first.seen.headers?.status]).toEqual(['10', 200]);
    expect([second.seen.requestId, second.seen.headers?.status]).toEqual(['11', 404]);
  });

  it('a late event of an earlier fetch of the same URL is not taken for the next one’s', () => {
    const r = hopEventRouter();
    const earlier = r.watch('a');
    // The earlier fetch gave up before any of its events came.
    earlier.end();
    const next = r.watch('b');
    r.sent({ requestId: '20', url: taggedUrl(X, 'a'), userAgent: 'G' });
    r.headers(headers('20', taggedUrl(X, 'a'), 503));
    expect(next.seen).toEqual({ requestId: null, sent: null, headers: null, started: null });
    r.sent({ requestId: '21', url: taggedUrl(X, 'b'), userAgent: 'G' });
    r.headers(headers('21', taggedUrl(X, 'b'), 200));
    expect([next.seen.requestId, next.seen.headers?.status]).toEqual(['21', 200]);
  });

  it('a request sent again under its id keeps what was sent first; a tag is watched once at a time', () => {
    const r = hopEventRouter();
    const w = r.watch('a');
    r.sent({ requestId: '5', url: taggedUrl(X, 'a'), userAgent: 'first' });
    r.sent({ requestId: '5', url: taggedUrl(X, 'a'), userAgent: 'again' });
    expect(w.seen.sent?.userAgent).toBe('first');
    const again = hopEventRouter();
    again.watch('z');
    expect(() => again.watch('z')).toThrow('The tag z is watched already.');
  });
});
