import { describe, expect, it } from 'vitest';
import { collectSignals, type DocumentLike, type ElementLike } from '../../../lib/indexability';

// A document as the collector sees it: elements in document order, each knowing whether it is in <body>.
function fakeDoc(els: { tag: string; attrs: Record<string, string>; inBody?: boolean }[], title = 'T', h1 = ' Heading ', body = 'x'.repeat(10)): DocumentLike {
  const elements: ElementLike[] = els.map((e) => ({
    localName: e.tag,
    getAttribute: (n: string) => e.attrs[n] ?? null,
    closest: (sel: string) => (sel === 'body' && e.inBody ? {} : null),
  }));
  return {
    title,
    querySelectorAll: () => elements,
    querySelector: () => ({ textContent: h1 }),
    body: { textContent: body },
  };
}

describe('collectSignals', () => {
  it('keeps robots metas, canonical/alternate links and <base>; drops the rest', () => {
    const s = collectSignals(
      fakeDoc([
        { tag: 'meta', attrs: { name: 'description', content: 'd' } },
        { tag: 'meta', attrs: { name: 'GoogleBot', content: 'noindex' } },
        { tag: 'link', attrs: { rel: 'stylesheet', href: '/a.css' } },
        { tag: 'link', attrs: { rel: 'canonical', href: '/c' } },
        { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de', href: '/de' }, inBody: true },
        { tag: 'base', attrs: { href: '/base/' } },
      ]),
      'served',
      'https://a.example/p',
      { bytesRead: 1234, truncated: false },
    );
    expect(s).toEqual({
      where: 'served',
      url: 'https://a.example/p',
      tags: [
        { tag: 'meta', attrs: { name: 'GoogleBot', content: 'noindex' }, inBody: false },
        { tag: 'link', attrs: { rel: 'canonical', href: '/c' }, inBody: false },
        { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de', href: '/de' }, inBody: true },
        { tag: 'base', attrs: { href: '/base/' }, inBody: false },
      ],
      title: 'T',
      h1: 'Heading',
      textLength: 10,
      bytesRead: 1234,
      truncated: false,
    });
  });
  it('hostile pages: at most 2000 tags, attribute values cut at 2000 characters', () => {
    const many = Array.from({ length: 5000 }, () => ({ tag: 'meta', attrs: { name: 'robots', content: 'n'.repeat(10_000) } }));
    const s = collectSignals(fakeDoc(many), 'live', 'https://a.example/');
    expect(s.tags).toHaveLength(2000);
    expect(s.tags[0]!.attrs.content).toHaveLength(2000);
  });
});
