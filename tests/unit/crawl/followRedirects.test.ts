import { describe, expect, it } from 'vitest';
import { followRedirects, PAGE_REDIRECTS, ROBOTS_REDIRECTS, SITEMAP_REDIRECTS, type RedirectPolicy } from '../../../lib/crawl';
import { answer, GOOGLEBOT, hang, moved, server, text } from './helpers';

const req = (signal = new AbortController().signal) => ({ userAgent: GOOGLEBOT, signal });
const chain = (n: number, last: 'page' | 'loop' = 'page') => {
  const routes: Record<string, ReturnType<typeof moved>> = {};
  for (let i = 0; i < n; i++) routes[`https://a.example/${i}`] = moved(301, last === 'loop' && i === n - 1 ? '/0' : `/${i + 1}`);
  return server({ ...routes, [`https://a.example/${n}`]: text('end', 'text/html') });
};

describe('followRedirects (lib/crawl): the one redirect follower, its policy as data', () => {
  it('follows each hop by hand, keeping its status line and headers, and strips fragments', async () => {
    const hop = server({
      'https://a.example/': moved(301, '/m#x'),
      'https://a.example/m': moved(307, 'https://b.example/p?q=1#frag'),
      'https://b.example/p?q=1': text('ok', 'text/html'),
    });
    const got = await followRedirects('https://a.example/#top', hop, { policy: PAGE_REDIRECTS, request: req() });
    expect(hop.calls.map((c) => c.url)).toEqual(['https://a.example/', 'https://a.example/m', 'https://b.example/p?q=1']);
    expect(hop.calls.every((c) => c.userAgent === GOOGLEBOT)).toBe(true);
    expect(got.hops.map((h) => [h.url, h.status, h.statusLine, h.location])).toEqual([
      ['https://a.example/', 301, 'HTTP/1.1 301 Moved', '/m#x'],
      ['https://a.example/m', 307, 'HTTP/1.1 307 Moved', 'https://b.example/p?q=1#frag'],
    ]);
    expect(got.hops[0]!.headers).toEqual([{ name: 'Location', value: '/m#x' }]);
    expect(got.finalUrl).toBe('https://b.example/p?q=1');
    expect(got.reply?.status).toBe(200);
    expect(got.stop).toBeNull();
    expect(got.loop).toBe(false);
  });

  it.each([
    ['a page', PAGE_REDIRECTS, 10],
    ['robots.txt', ROBOTS_REDIRECTS, 5],
    ['a sitemap', SITEMAP_REDIRECTS, 5],
  ] as [string, RedirectPolicy, number][])('%s: follows exactly its maxHops, not one more', async (_, policy, max) => {
    expect(policy.maxHops).toBe(max);
    const ok = await followRedirects('https://a.example/0', chain(max), { policy, request: req() });
    expect(ok.hops).toHaveLength(max);
    expect(ok.reply?.status).toBe(200);
    const over = await followRedirects('https://a.example/0', chain(max + 1), { policy, request: req() });
    expect(over.reply).toBeNull();
    expect(over.stop).toEqual({ code: 'too-many-redirects', max });
    expect(over.hops).toHaveLength(max + 1);
  });

  it("a loop: a page's policy stops at the hop that closes it", async () => {
    const hop = chain(3, 'loop');
    const got = await followRedirects('https://a.example/0', hop, { policy: PAGE_REDIRECTS, request: req() });
    expect(got.stop).toEqual({ code: 'redirect-loop', url: 'https://a.example/2', next: 'https://a.example/0' });
    expect(got.loop).toBe(true);
    expect(hop.calls).toHaveLength(3);
  });

  it("a loop: robots.txt's policy goes round it to the hop limit, as Google's fetcher does, and notes the loop", async () => {
    const hop = chain(2, 'loop');
    const got = await followRedirects('https://a.example/0', hop, { policy: ROBOTS_REDIRECTS, request: req() });
    expect(got.stop).toEqual({ code: 'too-many-redirects', max: 5 });
    expect(got.loop).toBe(true);
    expect(hop.calls.map((c) => c.url)).toEqual(['https://a.example/0', 'https://a.example/1', 'https://a.example/0', 'https://a.example/1', 'https://a.example/0', 'https://a.example/1']);
  });

  it('a 3xx without a usable Location ends the chain there', async () => {
    for (const location of [null, '', 'ftp://a.example/x', 'http://[::1']) {
      const got = await followRedirects('https://a.example/', server({ 'https://a.example/': moved(302, location) }), { policy: PAGE_REDIRECTS, request: req() });
      expect(got.stop).toEqual({ code: 'bad-redirect', url: 'https://a.example/', location: location ?? '' });
      expect(got.hops).toHaveLength(1);
      expect(got.finalUrl).toBe('https://a.example/');
    }
  });

  it('304 and 300 are answers, not redirects', async () => {
    for (const status of [300, 304]) {
      const got = await followRedirects('https://a.example/', server({ 'https://a.example/': () => answer(status, 'X', [{ name: 'Location', value: '/b' }]) }), { policy: PAGE_REDIRECTS, request: req() });
      expect(got.reply?.status).toBe(status);
      expect(got.hops).toEqual([]);
    }
  });

  it('asks before each request, the first included; a refusal ends the chain unrequested', async () => {
    const hop = server({ 'https://a.example/': moved(301, 'https://b.example/private'), 'https://b.example/private': text('secret') });
    const asked: string[] = [];
    const got = await followRedirects('https://a.example/', hop, {
      policy: PAGE_REDIRECTS,
      request: req(),
      beforeHop: async (u) => {
        asked.push(u);
        return !u.includes('/private');
      },
    });
    expect(asked).toEqual(['https://a.example/', 'https://b.example/private']);
    expect(got.stop).toEqual({ code: 'refused', url: 'https://b.example/private' });
    expect(got.finalUrl).toBe('https://b.example/private');
    expect(hop.calls.map((c) => c.url)).toEqual(['https://a.example/']);
  });

  it('cancels the body of each 3xx it does not read', async () => {
    let cancelled = 0;
    const body = () => new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(10)), cancel: () => void cancelled++ });
    const hop = server({
      'https://a.example/': () => ({ status: 302, statusLine: 'HTTP/1.1 302 Found', headers: [{ name: 'location', value: '/b' }], body: body() }),
      'https://a.example/b': text('x'),
    });
    await followRedirects('https://a.example/', hop, { policy: PAGE_REDIRECTS, request: req() });
    expect(cancelled).toBe(1);
  });

  it('rejects when the fetcher does (network error, abort)', async () => {
    await expect(followRedirects('https://down.example/', server({}), { policy: PAGE_REDIRECTS, request: req() })).rejects.toThrow('ECONNREFUSED');
    const ctl = new AbortController();
    const p = followRedirects('https://slow.example/', server({ 'https://slow.example/': hang }), { policy: PAGE_REDIRECTS, request: req(ctl.signal) });
    ctl.abort();
    await expect(p).rejects.toThrow('aborted');
  });
});
