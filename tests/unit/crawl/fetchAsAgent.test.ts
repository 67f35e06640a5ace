import { describe, expect, it } from 'vitest';
import { fetchAsAgent } from '../../../lib/crawl';
import { DEFAULT_LIMIT } from '../../../lib/bytes';
import { countHeaderBytes } from '../../../lib/crawl';
import { byteStream, fakeHops, html } from '../compare/helpers';

const redirect = (status: number, location: string | null) => () => ({
  status,
  statusLine: `HTTP/1.1 ${status}`,
  headers: location === null ? [] : [{ name: 'Location', value: location }],
  body: null,
});

describe('fetchAsAgent', () => {
  it('follows redirects by hand and records each hop', async () => {
    const hop = fakeHops({
      'https://a.example/': redirect(301, '/m'),
      'https://a.example/m': redirect(302, 'https://m.a.example/#frag'),
      'https://m.a.example/': () => html('<title>M</title>'),
    });
    const f = await fetchAsAgent('https://a.example/#x', 'mobile', 'UA', hop);
    expect(hop.calls).toEqual(['https://a.example/', 'https://a.example/m', 'https://m.a.example/']);
    expect(f.redirects.map((r) => [r.status, r.url, r.location])).toEqual([
      [301, 'https://a.example/', '/m'],
      [302, 'https://a.example/m', 'https://m.a.example/#frag'],
    ]);
    expect(f.finalUrl).toBe('https://m.a.example/');
    expect(f.status).toBe(200);
    expect(f.html).toBe('<title>M</title>');
    expect(f.bodyBytes).toBe(16);
    expect(f.error).toBeNull();
  });

  it('stops at a redirect loop and names the hop that closes it', async () => {
    const hop = fakeHops({ 'https://a.example/1': redirect(302, '/2'), 'https://a.example/2': redirect(302, '/1') });
    const f = await fetchAsAgent('https://a.example/1', 'desktop', 'UA', hop);
    expect(f.error).toEqual({ code: 'redirect-loop', params: ['https://a.example/2', 'https://a.example/1'] });
    expect(f.redirects.length).toBe(2);
  });

  it('follows 10 redirects but not 11', async () => {
    const routes: Record<string, ReturnType<typeof redirect>> = {};
    for (let i = 0; i < 11; i++) routes[`https://a.example/${i}`] = redirect(301, `/${i + 1}`);
    const ok = await fetchAsAgent('https://a.example/1', 'mobile', 'UA', fakeHops({ ...routes, 'https://a.example/11': () => html('x') }));
    expect(ok.redirects.length).toBe(10);
    expect(ok.status).toBe(200);
    const bad = await fetchAsAgent('https://a.example/0', 'mobile', 'UA', fakeHops({ ...routes, 'https://a.example/11': () => html('x') }));
    expect(bad.error).toEqual({ code: 'too-many-redirects', params: [10] });
    expect(bad.redirects.length).toBe(11);
  });

  it('reports a 3xx without a usable Location', async () => {
    const f = await fetchAsAgent('https://a.example/', 'mobile', 'UA', fakeHops({ 'https://a.example/': redirect(302, null) }));
    expect(f.error).toEqual({ code: 'bad-redirect', params: ['https://a.example/', ''] });
    const g = await fetchAsAgent('https://a.example/', 'mobile', 'UA', fakeHops({ 'https://a.example/': redirect(302, 'ftp://x/') }));
    expect(g.error?.code).toBe('bad-redirect');
  });

  it('times out a server that never answers', async () => {
    const hop = (_url: string, { signal }: { signal: AbortSignal }) =>
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const f = await fetchAsAgent('https://slow.example/', 'mobile', 'UA', hop, { timeoutMs: 50 });
    expect(f.error).toEqual({ code: 'timeout', params: ['https://slow.example/', 50] });
    expect(f.status).toBe(0);
  });

  it('reports a network failure with its message', async () => {
    const f = await fetchAsAgent('https://down.example/', 'mobile', 'UA', fakeHops({}));
    expect(f.error).toEqual({ code: 'network', params: ['https://down.example/', 'Failed to fetch'] });
  });

  it('reads no HTML from a non-HTML response but counts its bytes', async () => {
    const hop = fakeHops({
      'https://a.example/f.pdf': () => ({ status: 200, statusLine: 'HTTP/1.1 200 OK', headers: [{ name: 'content-type', value: 'application/pdf' }], body: new Response('%PDF-1.7').body }),
    });
    const f = await fetchAsAgent('https://a.example/f.pdf', 'mobile', 'UA', hop);
    expect(f.html).toBeNull();
    expect(f.bodyBytes).toBe(8);
  });

  it('analyses only the bytes before the 2 MB cut (headers count)', async () => {
    const body = 'a'.repeat(3 * 1024 * 1024);
    const hop = fakeHops({ 'https://a.example/': () => html(body) });
    const f = await fetchAsAgent('https://a.example/', 'mobile', 'UA', hop);
    // "HTTP/1.1 200\r\n" (14) + "Content-Type: text/html; charset=utf-8\r\n" (40) + "\r\n" (2) = 56 header bytes.
    expect(f.bodyBytes).toBe(3_145_728);
    expect(f.keptBytes).toBe(2_097_152);
    expect(f.html!.length).toBe(2_097_152 - 59);
    expect(f.cutAt).toBe(2_097_152 - 59);
    expect(f.complete).toBe(true);
  });

  it('the cut backs off to a whole character, as the byte budget does (same vocabulary)', async () => {
    // 59 header bytes (the status line as received, "HTTP/1.1 200 OK"); the limit falls on the 2nd byte of a 4-byte character: all four are dropped.
    const room = 2_097_152 - 59;
    const body = 'a'.repeat(room - 1) + '😀' + 'tail';
    const hop = fakeHops({ 'https://a.example/': () => html(body) });
    const f = await fetchAsAgent('https://a.example/', 'mobile', 'UA', hop);
    expect(f.cutAt).toBe(room - 1);
    expect(f.html!.endsWith('a')).toBe(true);
    expect(f.html).not.toContain('\uFFFD');
  });

  it('applies the byte-budget setting: a 2,000,000-byte limit cuts there', async () => {
    const hop = fakeHops({ 'https://a.example/': () => html('a'.repeat(2_100_000)) });
    const f = await fetchAsAgent('https://a.example/', 'mobile', 'UA', hop, { limit: 2_000_000 });
    expect(f.limit).toBe(2_000_000);
    expect(f.keptBytes).toBe(2_000_000);
    expect(f.html!.length).toBe(2_000_000 - 59);
    expect(f.bodyBytes).toBe(2_100_000);
  });

  it('a binary body (a PDF) is cut at the exact byte, never backed off to a character', async () => {
    const headers = [{ name: 'content-type', value: 'application/pdf' }];
    const body = new Uint8Array(2_200_000).fill(0xe2); // a lead byte of a 3-byte UTF-8 character, everywhere
    const hop = fakeHops({ 'https://a.example/f.pdf': () => ({ status: 200, statusLine: 'HTTP/1.1 200 OK', headers, body: new Response(body).body }) });
    const f = await fetchAsAgent('https://a.example/f.pdf', 'mobile', 'UA', hop);
    expect(f.cutAt).toBe(2_097_152 - countHeaderBytes('HTTP/1.1 200 OK', headers, 200));
    expect(f.html).toBeNull();
  });

  it('decodes with the charset of the Content-Type', async () => {
    const hop = fakeHops({
      'https://a.example/': () => ({
        status: 200,
        statusLine: 'HTTP/1.1 200 OK',
        headers: [{ name: 'content-type', value: 'text/html; charset=windows-1252' }],
        body: new Response(new Uint8Array([0x3c, 0x70, 0x3e, 0xe9])).body,
      }),
    });
    expect((await fetchAsAgent('https://a.example/', 'mobile', 'UA', hop)).html).toBe('<p>é');
  });
});
