import { describe, expect, it } from 'vitest';
import { hopEventRouter } from '../../../lib/crawl/hopEventRouter';

const never = () => new AbortController().signal;
const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe('hopEventRouter: webRequest events to the fetch they belong to', () => {
  it('binds the URL’s request id at its send, then routes the response events by that id only', async () => {
    const r = hopEventRouter();
    const w = await r.watch('http://a.test/x', never());
    // Another URL's events, and an unknown id's, are not ours.
    r.sent({ requestId: '1', url: 'http://a.test/y', userAgent: 'UA' });
    r.headers({ requestId: '1', status: 500, statusLine: 'HTTP/1.1 500', headers: [] });
    expect(w.seen).toEqual({ sent: null, headers: null, ip: null });
    r.sent({ requestId: '2', url: 'http://a.test/x', userAgent: 'Googlebot' });
    r.headers({ requestId: '2', status: 301, statusLine: 'HTTP/1.1 301 Moved', headers: [{ name: 'Location', value: '/z' }] });
    r.started({ requestId: '2', ip: '127.0.0.1' });
    expect(await w.sent).toEqual({ requestId: '2', url: 'http://a.test/x', userAgent: 'Googlebot' });
    expect(await w.headers).toEqual({ requestId: '2', status: 301, statusLine: 'HTTP/1.1 301 Moved', headers: [{ name: 'Location', value: '/z' }] });
    expect(w.seen.ip).toBe('127.0.0.1');
    expect(r.size()).toBe(1);
    w.end();
    expect(r.size()).toBe(0);
    // After the end, the id's events go nowhere.
    r.headers({ requestId: '2', status: 200, statusLine: 'HTTP/1.1 200 OK', headers: [] });
    expect(w.seen.headers?.status).toBe(301);
  });

  it('two fetches of one URL take turns until the first one’s headers are out, not until it ends', async () => {
    const r = hopEventRouter();
    const first = await r.watch('http://a.test/x', never());
    let second: Awaited<ReturnType<typeof r.watch>> | null = null;
    void r.watch('http://a.test/x', never()).then((w) => (second = w));
    await tick();
    expect(second).toBeNull();
    r.sent({ requestId: '10', url: 'http://a.test/x', userAgent: 'G' });
    await tick();
    expect(second).not.toBeNull();
    r.sent({ requestId: '11', url: 'http://a.test/x', userAgent: 'G' });
    r.headers({ requestId: '11', status: 404, statusLine: 'HTTP/1.1 404', headers: [] });
    r.headers({ requestId: '10', status: 200, statusLine: 'HTTP/1.1 200', headers: [] });
    expect(first.seen.headers?.status).toBe(200);
    expect(second!.seen.sent?.requestId).toBe('11');
    expect(second!.seen.headers?.status).toBe(404);
    // The same request id seen again (it cannot be a new request) is not bound twice.
    const third = await r.watch('http://a.test/x', never());
    r.sent({ requestId: '11', url: 'http://a.test/x', userAgent: 'G' });
    expect(third.seen.sent).toBeNull();
    third.end();
  });

  it('a fetch that fails before its headers go out lets the next one go when it ends; an aborted wait leaves the line', async () => {
    const r = hopEventRouter();
    const first = await r.watch('http://a.test/x', never());
    const ctl = new AbortController();
    const gaveUp = r.watch('http://a.test/x', ctl.signal);
    let third = false;
    void r.watch('http://a.test/x', never()).then((w) => ((third = true), w.end()));
    ctl.abort();
    await expect(gaveUp).rejects.toThrow('aborted');
    await tick();
    expect(third).toBe(false);
    first.end();
    await tick();
    expect(third).toBe(true);
    expect(r.size()).toBe(0);
  });
});
