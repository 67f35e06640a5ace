// The link reader (a reader of lib/html's pass): each <a href> with its anchor text, response
// offset and rel=nofollow, resolved against the page or its <base>, which lie past the cut — on
// bodies whose every byte is known, so each offset is exact.
import { describe, expect, it } from 'vitest';
import { openBodyAnalysis, linkTarget, MAX_PAGE_LINKS, type PageLinks } from '../../../lib/sitecheck';
import { countHeaderBytes } from '../../../lib/crawl';

const PAGE = 'https://a.example/dir/page.html';
const headers = [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }];
const STATUS = 'HTTP/1.1 200 OK';
const H = countHeaderBytes(STATUS, headers, 200);

async function linksOf(html: string | Uint8Array, limit = 2_097_152, chunk = 7): Promise<PageLinks> {
  const body = typeof html === 'string' ? new TextEncoder().encode(html) : html;
  const sink = openBodyAnalysis({ statusLine: STATUS, status: 200, headers, finalUrl: PAGE, limit, links: true });
  for (let i = 0; i < body.length; i += chunk) sink.write(body.slice(i, i + chunk));
  return (await sink.end({ bodyBytes: body.length, complete: true })).links!;
}

describe('LinkReader', () => {
  it('each target once, with its anchor text, the offset of its <a> (headers counted) and rel=nofollow', async () => {
    const html = '<!doctype html><title>t</title><p><a href="a.html">First  <b>one</b></a> <a href="/x" rel="Nofollow ugc">X</a> <a href="a.html#frag">again</a><a href="x"><img alt="Logo"></a>';
    const got = await linksOf(html);
    expect(got.seen).toBe(4);
    expect(got.dropped).toBe(0);
    expect(got.links).toEqual([
      { url: 'https://a.example/dir/a.html', href: 'a.html', text: 'First one', offset: H + html.indexOf('<a href="a.html"'), nofollow: false, pastCut: false, problem: null },
      { url: 'https://a.example/x', href: '/x', text: 'X', offset: H + html.indexOf('<a href="/x"'), nofollow: true, pastCut: false, problem: null },
      { url: 'https://a.example/dir/x', href: 'x', text: 'Logo', offset: H + html.indexOf('<a href="x"'), nofollow: false, pastCut: false, problem: null },
    ]);
  });

  it('a followed link wins over an earlier nofollow one to the same target; the first <base href> before the cut resolves them', async () => {
    const html = '<head><base href="https://b.example/root/"><base href="https://c.example/"></head><a rel=nofollow href="p">n</a><a href="p">f</a><a href="https://b.example/root/p">abs</a>';
    const got = await linksOf(html);
    expect(got.base).toBe('https://b.example/root/');
    expect(got.links).toEqual([{ url: 'https://b.example/root/p', href: 'p', text: 'f', offset: H + html.indexOf('<a href="p"'), nofollow: false, pastCut: false, problem: null }]);
  });

  it('bad schemes, ports Fetch refuses and hrefs that are no URL: no target, and why', async () => {
    const got = await linksOf('<a href="javascript:void(0)">j</a><a href="mailto:x@y">m</a><a href="http://a.example:25/">smtp</a><a href="http://a.example:99999/">big</a><a href="http://a.example:8080/ok">ok</a>');
    expect(got.links.map((l) => [l.href, l.url, l.problem])).toEqual([
      ['javascript:void(0)', null, 'scheme'],
      ['mailto:x@y', null, 'scheme'],
      ['http://a.example:25/', null, 'port'],
      ['http://a.example:99999/', null, 'invalid'],
      ['http://a.example:8080/ok', 'http://a.example:8080/ok', null],
    ]);
    expect(linkTarget(' HTTP://A.example/caf%c3%a9#x ', PAGE)).toEqual({ url: 'http://a.example/caf%C3%A9', problem: null });
  });

  it('a link whose start tag ends past the cut is past the cut; one before it is not, even if its text runs on', async () => {
    const head = '<!doctype html><p>';
    const before = '<a href="/kept">kept ';
    const pad = 'x'.repeat(2_100_000);
    const after = '</a><a href="/lost">lost</a>';
    const html = head + before + pad + after;
    // The limit (2,097,152 bytes, headers included) falls inside the padding.
    const got = await linksOf(html, 2_097_152, 65_536);
    expect(got.links.map((l) => [l.url, l.pastCut, l.offset])).toEqual([
      ['https://a.example/kept', false, H + head.length],
      ['https://a.example/lost', true, H + html.indexOf('<a href="/lost"')],
    ]);
  });

  it('a page with more distinct links than kept: the first 10,000 kept, the rest counted', async () => {
    const n = MAX_PAGE_LINKS + 5;
    const html = Array.from({ length: n }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
    const got = await linksOf(html, 2_097_152, 65_536);
    expect([got.links.length, got.seen, got.dropped]).toEqual([MAX_PAGE_LINKS, n, 5]);
    expect(got.links.at(-1)!.url).toBe(`https://a.example/p${MAX_PAGE_LINKS - 1}`);
  });

  it('no links read unless asked; none for a body that is not HTML', async () => {
    const sink = openBodyAnalysis({ statusLine: STATUS, status: 200, headers, finalUrl: PAGE, limit: 2_097_152 });
    sink.write(new TextEncoder().encode('<a href="/x">x</a>'));
    expect((await sink.end({ bodyBytes: 18, complete: true })).links).toBeUndefined();
    const text = openBodyAnalysis({ statusLine: STATUS, status: 200, headers: [{ name: 'Content-Type', value: 'text/plain' }], finalUrl: PAGE, limit: 2_097_152, links: true });
    text.write(new TextEncoder().encode('<a href="/x">x</a>'));
    expect((await text.end({ bodyBytes: 18, complete: true })).links).toBeUndefined();
  });
});
