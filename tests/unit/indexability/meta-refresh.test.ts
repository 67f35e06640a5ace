// The meta refresh as browsers read it (the HTML standard's shared declarative refresh steps), and
// which tag of a page counts.
import { describe, expect, it } from 'vitest';
import { collectSignals, findMetaRefresh, parseMetaRefresh, type PageSignals, type TagInfo } from '../../../lib/indexability';
import { servedSignals } from '../../../lib/sitecheck/servedSignals';

describe('parseMetaRefresh', () => {
  const cases: [string, ReturnType<typeof parseMetaRefresh>][] = [
    ['0;url=x', { ok: true, delay: 0, url: 'x' }],
    ["0; URL='x'", { ok: true, delay: 0, url: 'x' }],
    ['5', { ok: true, delay: 5, url: null }],
    ['  3.7 , url = "x" ', { ok: true, delay: 3, url: 'x' }],
    ['abc', { ok: false }],
    ['', { ok: false }],
    ['   ', { ok: false }],
    // a leading dot with no digit is 0 s
    ['.5; url=/a', { ok: true, delay: 0, url: '/a' }],
    ['1.2.3.4;url=/b', { ok: true, delay: 1, url: '/b' }],
    // a comma, or whitespace alone, separates too
    ['2,http://e.example/', { ok: true, delay: 2, url: 'http://e.example/' }],
    ['2 http://e.example/', { ok: true, delay: 2, url: 'http://e.example/' }],
    // no "url=": the rest is the URL, quotes skipped
    ['0; "/q"', { ok: true, delay: 0, url: '/q' }],
    // "u" that does not spell "url=": the URL starts at the "u", quotes kept
    ['0; urn:x', { ok: true, delay: 0, url: 'urn:x' }],
    ["0; url'x'", { ok: true, delay: 0, url: "url'x'" }],
    ['0; ur=/x', { ok: true, delay: 0, url: 'ur=/x' }],
    // an unclosed quote runs to the end; text after the closing quote is dropped
    ["0; url='/open", { ok: true, delay: 0, url: '/open' }],
    ['0; url="/a" ignored', { ok: true, delay: 0, url: '/a' }],
    ['0; URL  =  /spaced ', { ok: true, delay: 0, url: '/spaced ' }],
    ['10;', { ok: true, delay: 10, url: null }],
    ['0; url=', { ok: true, delay: 0, url: '' }],
    // something other than ; , or whitespace right after the number: not a refresh
    ['5x; url=/a', { ok: false }],
    ['-1; url=/a', { ok: false }],
    ['url=/a', { ok: false }],
    ['\t\n7\f;\rurl=/t', { ok: true, delay: 7, url: '/t' }],
  ];
  it.each(cases)('%j', (content, expected) => {
    expect(parseMetaRefresh(content)).toEqual(expected);
  });

  it('a delay of thousands of digits stays a finite number; a content of megabytes is read in its first 4 KiB', () => {
    expect(parseMetaRefresh('9'.repeat(5000))).toEqual({ ok: true, delay: Number.MAX_SAFE_INTEGER, url: null });
    const r = parseMetaRefresh('0; url=/' + 'a'.repeat(3_000_000));
    expect(r.ok && r.url!.length).toBe(4096 - '0; url='.length);
  });
});

const PAGE = 'https://site.example/dir/page.html?q=1';
const meta = (content: string | null, equiv = 'refresh', inBody = false): TagInfo => ({
  tag: 'meta',
  attrs: content === null ? { 'http-equiv': equiv } : { 'http-equiv': equiv, content },
  inBody,
});
const signals = (tags: TagInfo[], where: 'served' | 'live' = 'served'): PageSignals => ({
  where, url: PAGE, tags, title: 'T', h1: 'T', textLength: 100, bytesRead: null, truncated: false,
});
const tagSource = (html: string, where: 'served' | 'live' = 'served', inBody = false) => ({ kind: 'tag', html, where, inBody });

describe('findMetaRefresh', () => {
  it('an instant refresh to another URL: the target resolved against the page, the tag as evidence', () => {
    expect(findMetaRefresh(signals([meta('0; url=other.html#top')]))).toEqual({
      refresh: {
        kind: 'instant', delay: 0, href: 'other.html#top', target: 'https://site.example/dir/other.html', content: '0; url=other.html#top', where: 'served',
        source: tagSource('<meta http-equiv="refresh" content="0; url=other.html#top">'),
      },
      invalid: [],
    });
  });

  it('a delayed refresh; http-equiv in any case; a tag in <body> counts', () => {
    const f = findMetaRefresh(signals([meta("30; URL='/new/'", 'REFRESH', true)], 'live'));
    expect(f.refresh).toMatchObject({ kind: 'delayed', delay: 30, href: '/new/', target: 'https://site.example/new/', where: 'live' });
    expect(f.refresh!.source).toEqual(tagSource(`<meta http-equiv="REFRESH" content="30; URL='/new/'">`, 'live', true));
  });

  it('a relative target resolves against <base href>, itself resolved against the page', () => {
    const base: TagInfo = { tag: 'base', attrs: { href: '/b/' }, inBody: false };
    expect(findMetaRefresh(signals([base, meta('0; url=t.html')])).refresh).toMatchObject({ kind: 'instant', target: 'https://site.example/b/t.html' });
    // an unusable <base> is ignored
    const bad: TagInfo = { tag: 'base', attrs: { href: 'http://[x' }, inBody: false };
    expect(findMetaRefresh(signals([bad, meta('0; url=t.html')])).refresh!.target).toBe('https://site.example/dir/t.html');
  });

  it('a refresh to the page itself is a reload, not a redirect: no URL, the same URL, or only a fragment', () => {
    expect(findMetaRefresh(signals([meta('60')])).refresh).toMatchObject({ kind: 'reload', delay: 60, href: null, target: PAGE });
    expect(findMetaRefresh(signals([meta('0; url=page.html?q=1')])).refresh).toMatchObject({ kind: 'reload', delay: 0, target: PAGE });
    expect(findMetaRefresh(signals([meta('0; url=#section')])).refresh).toMatchObject({ kind: 'reload', target: PAGE });
    // no URL means the document's URL, even under a <base> elsewhere
    const base: TagInfo = { tag: 'base', attrs: { href: 'https://cdn.example/' }, inBody: false };
    expect(findMetaRefresh(signals([base, meta('5')])).refresh).toMatchObject({ kind: 'reload', target: PAGE });
  });

  it('a refresh to a URL that is not http(s) is found but redirects nowhere Google goes', () => {
    expect(findMetaRefresh(signals([meta('0; url=mailto:a@b.example')])).refresh).toMatchObject({ kind: 'notHttp', href: 'mailto:a@b.example', target: 'mailto:a@b.example' });
  });

  it('only the first readable refresh counts; unreadable ones before it are reported; later ones are ignored', () => {
    const f = findMetaRefresh(signals([meta('abc'), meta(null), meta(''), meta('0; url=http://[bad'), meta('4; url=/first'), meta('0; url=/second')]));
    expect(f.refresh).toMatchObject({ kind: 'delayed', delay: 4, target: 'https://site.example/first' });
    expect(f.invalid).toEqual([
      { content: 'abc', source: tagSource('<meta http-equiv="refresh" content="abc">') },
      { content: '', source: tagSource('<meta http-equiv="refresh">') },
      { content: '', source: tagSource('<meta http-equiv="refresh" content="">') },
      { content: '0; url=http://[bad', source: tagSource('<meta http-equiv="refresh" content="0; url=http://[bad">') },
    ]);
  });

  it('no refresh tag (other http-equiv values do not count), or no signals', () => {
    expect(findMetaRefresh(signals([meta('0; url=/x', 'content-type'), meta('0; url=/x', ' refresh')]))).toEqual({ refresh: null, invalid: [] });
    expect(findMetaRefresh(null)).toEqual({ refresh: null, invalid: [] });
  });
});

describe('meta refresh in the collected signals', () => {
  it('parse5 (site check, command line): refresh tags are kept with their http-equiv and content, in document order', () => {
    const html =
      '<!doctype html><html><head><meta http-equiv="Content-Type" content="text/html"><meta http-equiv="Refresh" content="0; url=/a">' +
      '<meta name="robots" content="noindex"><base href="/base/"></head><body><p>x</p><meta http-equiv="refresh" content="1"></body></html>';
    const s = servedSignals(html, 'https://site.example/p', { bytesRead: html.length, truncated: false });
    expect(s.tags).toEqual([
      { tag: 'meta', attrs: { 'http-equiv': 'Refresh', content: '0; url=/a' }, inBody: false },
      { tag: 'meta', attrs: { name: 'robots', content: 'noindex' }, inBody: false },
      { tag: 'base', attrs: { href: '/base/' }, inBody: false },
      { tag: 'meta', attrs: { 'http-equiv': 'refresh', content: '1' }, inBody: true },
    ]);
    expect(findMetaRefresh(s).refresh).toMatchObject({ kind: 'instant', target: 'https://site.example/a' });
  });

  it('collectSignals (DOM): a meta that is both a robots meta and a refresh keeps both attributes', () => {
    const el = { localName: 'meta', getAttribute: (n: string) => ({ name: 'robots', 'http-equiv': 'refresh', content: '0; url=/z' })[n] ?? null, closest: () => null };
    const s = collectSignals({ title: '', querySelectorAll: () => [el], querySelector: () => null, body: null }, 'live', 'https://site.example/');
    expect(s.tags).toEqual([{ tag: 'meta', attrs: { name: 'robots', 'http-equiv': 'refresh', content: '0; url=/z' }, inBody: false }]);
  });
});
