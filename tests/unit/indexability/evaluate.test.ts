import { describe, expect, it } from 'vitest';
import { evaluateIndexability, badgeFor, type IndexabilityInput, type PageSignals, type TagInfo } from '../../../lib/indexability';

const URL_ = 'https://shop.example/p/1';
const NOW = Date.parse('2026-11-29T12:00:00Z');
const meta = (name: string, content: string, inBody = false): TagInfo => ({ tag: 'meta', attrs: { name, content }, inBody });
const link = (attrs: Record<string, string>, inBody = false): TagInfo => ({ tag: 'link', attrs, inBody });
const page = (where: 'served' | 'live', tags: TagInfo[], title = 'Product'): PageSignals => ({
  where, url: URL_, tags, title, h1: title, textLength: 500, bytesRead: null, truncated: false,
});
const input = (over: Partial<IndexabilityInput> = {}): IndexabilityInput => ({
  url: URL_,
  status: { code: 200, line: 'HTTP/1.1 200 OK' },
  headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
  redirects: [],
  served: page('served', []),
  live: page('live', []),
  robots: null,
  bytes: null,
  now: NOW,
  ...over,
});
const codes = (r: ReturnType<typeof evaluateIndexability>) => r.reasons.map((x) => `${x.severity}:${x.code}`);

describe('evaluateIndexability', () => {
  it('a plain 200 page is indexable', () => {
    const r = evaluateIndexability(input());
    expect(r.verdict).toBe('indexable');
    expect(codes(r)).toEqual(['info:canonicalNone', 'ok:status200']);
    expect(badgeFor(r.verdict)).toEqual({ text: 'OK', color: '#146c2e' });
  });

  it('meta robots noindex → not indexable, evidence is the tag', () => {
    const r = evaluateIndexability(input({ served: page('served', [meta('robots', 'noindex, follow')]), live: page('live', [meta('robots', 'noindex, follow')]) }));
    expect(r.verdict).toBe('not-indexable');
    expect(r.reasons[0]).toEqual({
      code: 'noindex',
      severity: 'block',
      params: [],
      sources: [
        { kind: 'tag', html: '<meta name="robots" content="noindex, follow">', where: 'served', inBody: false },
      ],
    });
  });

  it('X-Robots-Tag googlebot: noindex counts; otherbot: noindex does not', () => {
    const g = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: 'googlebot: noindex' }] }));
    expect(g.verdict).toBe('not-indexable');
    expect(g.reasons[0]!.sources).toEqual([{ kind: 'header', name: 'X-Robots-Tag', value: 'googlebot: noindex' }]);
    const o = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: 'otherbot: noindex' }] }));
    expect(o.verdict).toBe('indexable');
    expect(codes(o)).toEqual(['info:otherCrawlerIgnored', 'info:canonicalNone', 'ok:status200']);
    expect(o.reasons[0]!.params).toEqual(['otherbot', 'noindex']);
  });

  it('several X-Robots-Tag headers: all count, the most restrictive wins', () => {
    const r = evaluateIndexability(input({
      headers: [
        { name: 'X-Robots-Tag', value: 'max-snippet: 50, max-image-preview: large' },
        { name: 'X-Robots-Tag', value: 'googlebot: max-snippet: 10, max-image-preview: standard' },
        { name: 'X-Robots-Tag', value: 'bingbot: max-snippet: 0' },
        { name: 'X-Robots-Tag', value: 'nosnippet, noarchive' },
      ],
    }));
    expect(r.verdict).toBe('indexable');
    expect(r.directives.maxSnippet!.value).toBe(10);
    expect(r.directives.maxImagePreview!.value).toBe('standard');
    expect(codes(r)).toEqual([
      'info:nosnippet', 'info:maxSnippet', 'info:maxImagePreview', 'info:noarchive',
      'info:otherCrawlerIgnored', 'info:canonicalNone', 'ok:status200',
    ]);
  });

  it('max-snippet -1 is the loosest limit; "none" means noindex + nofollow', () => {
    const r = evaluateIndexability(input({ headers: [{ name: 'x-robots-tag', value: 'max-snippet:-1, max-snippet:200' }] }));
    expect(r.directives.maxSnippet!.value).toBe(200);
    const n = evaluateIndexability(input({ served: page('served', [meta('googlebot', 'none')]), live: page('live', [meta('googlebot', 'none')]) }));
    expect(n.verdict).toBe('not-indexable');
    expect(codes(n)).toEqual(['block:noindex', 'info:nofollow', 'info:canonicalNone', 'ok:status200']);
    expect(n.directives.nofollow).toHaveLength(2);
  });

  it('googlebot-news applies to News only', () => {
    const r = evaluateIndexability(input({ served: page('served', [meta('googlebot-news', 'noindex')]) }));
    expect(r.verdict).toBe('indexable');
    expect(codes(r)).toContain('info:newsOnly');
  });

  it('unavailable_after: past → not indexable, future → note, unreadable → note; "now" is a parameter', () => {
    const past = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: 'unavailable_after: 2026-11-01T00:00:00Z' }] }));
    expect(past.verdict).toBe('not-indexable');
    expect(past.reasons[0]).toMatchObject({ code: 'unavailableAfterPast', params: ['2026-11-01T00:00:00Z'] });
    const fut = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: 'unavailable_after: Wed, 03 Nov 2027 15:00:00 GMT' }] }));
    expect(fut.verdict).toBe('indexable');
    expect(fut.reasons.find((x) => x.code === 'unavailableAfterFuture')!.params).toEqual(['Wed, 03 Nov 2027 15:00:00 GMT', { date: Date.parse('2027-11-03T15:00:00.000Z') }]);
    const later = evaluateIndexability(input({ now: Date.parse('2028-01-01T00:00:00Z'), headers: [{ name: 'X-Robots-Tag', value: 'unavailable_after: Wed, 03 Nov 2027 15:00:00 GMT' }] }));
    expect(later.verdict).toBe('not-indexable');
    const bad = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: 'unavailable_after: someday' }] }));
    expect(bad.verdict).toBe('indexable');
    expect(codes(bad)).toContain('info:unavailableAfterInvalid');
  });

  it('raw vs live: noindex added by JavaScript is a risk, removed by JavaScript still blocks', () => {
    const added = evaluateIndexability(input({ live: page('live', [meta('robots', 'noindex')]) }));
    expect(added.verdict).toBe('at-risk');
    expect(added.reasons[0]!.code).toBe('noindexAddedByJs');
    const removed = evaluateIndexability(input({ served: page('served', [meta('robots', 'noindex')]) }));
    expect(removed.verdict).toBe('not-indexable');
    expect(codes(removed)).toEqual(['block:noindex', 'risk:noindexRemovedByJs', 'info:canonicalNone', 'ok:status200']);
  });

  it('meta robots in <body> still counts, and is noted', () => {
    const r = evaluateIndexability(input({ served: page('served', [meta('robots', 'noindex', true)]), live: page('live', [meta('robots', 'noindex', true)]) }));
    expect(r.verdict).toBe('not-indexable');
    expect(codes(r)).toEqual(['block:noindex', 'info:metaInBody', 'info:canonicalNone', 'ok:status200']);
  });

  it('canonical via Link header pointing elsewhere → at risk, with the header as evidence', () => {
    const h = { name: 'Link', value: '<https://shop.example/p/main>; rel="canonical"' };
    const r = evaluateIndexability(input({ headers: [h] }));
    expect(r.verdict).toBe('at-risk');
    expect(r.canonical).toBe('https://shop.example/p/main');
    expect(r.reasons[0]).toEqual({ code: 'canonicalElsewhere', severity: 'risk', params: ['https://shop.example/p/main'], sources: [{ kind: 'header', ...h }] });
  });

  it('the canonical target: redirecting, non-200, unreachable, fine', () => {
    const h = { name: 'Link', value: '<https://shop.example/p/main>; rel="canonical"' };
    const t = (over: object) => evaluateIndexability(input({ headers: [h], canonicalTarget: { url: 'https://shop.example/p/main', status: 200, redirectedTo: null, error: null, ...over } }));
    expect(t({ status: 200, redirectedTo: 'https://shop.example/p/main2' }).reasons.map((r) => `${r.code}:${r.params.join('|')}`)).toContain(
      'canonicalTargetRedirects:https://shop.example/p/main|https://shop.example/p/main2|200',
    );
    expect(codes(t({ status: 404 }))).toEqual(['risk:canonicalElsewhere', 'risk:canonicalTargetStatus', 'ok:status200']);
    expect(codes(t({ status: null, error: 'Failed to fetch' }))).toEqual(['risk:canonicalElsewhere', 'info:canonicalTargetUnreachable', 'ok:status200']);
    expect(codes(t({}))).toEqual(['risk:canonicalElsewhere', 'ok:status200', 'ok:canonicalTargetOk']);
    // a check for another URL (the canonical changed since) is not used
    expect(codes(evaluateIndexability(input({ headers: [h], canonicalTarget: { url: 'https://shop.example/other', status: 404, redirectedTo: null, error: null } })))).toEqual(['risk:canonicalElsewhere', 'ok:status200']);
  });

  it('self canonical resolved against <base>; relative noted', () => {
    const tags = [{ tag: 'base', attrs: { href: 'https://shop.example/p/' }, inBody: false } as TagInfo, link({ rel: 'canonical', href: '1#top' })];
    const r = evaluateIndexability(input({ served: page('served', tags), live: page('live', tags) }));
    expect(r.verdict).toBe('indexable');
    expect(r.canonical).toBe('https://shop.example/p/1');
    expect(codes(r)).toEqual(['info:canonicalRelative', 'ok:status200', 'ok:canonicalSelf']);
  });

  it('canonical problems: not a URL, in body, several, header vs HTML, changed by JS', () => {
    const notUrl = evaluateIndexability(input({ served: page('served', [link({ rel: 'canonical', href: 'http://[not a url' })]), live: page('live', [link({ rel: 'canonical', href: 'http://[not a url' })]) }));
    expect(codes(notUrl)).toEqual(['risk:canonicalNotUrl', 'ok:status200']);
    const body = evaluateIndexability(input({ served: page('served', [link({ rel: 'canonical', href: '/x' }, true)]), live: page('live', [link({ rel: 'canonical', href: '/x' }, true)]) }));
    expect(codes(body)).toEqual(['risk:canonicalInBody', 'ok:status200']);
    const two = [link({ rel: 'canonical', href: '/a' }), link({ rel: 'canonical', href: '/b' })];
    expect(codes(evaluateIndexability(input({ served: page('served', two), live: page('live', two) })))).toEqual(['risk:canonicalMultiple', 'info:canonicalRelative', 'info:canonicalRelative', 'ok:status200']);
    const mism = evaluateIndexability(input({
      headers: [{ name: 'Link', value: '<https://shop.example/a>; rel=canonical' }],
      served: page('served', [link({ rel: 'canonical', href: 'https://shop.example/b' })]),
      live: page('live', [link({ rel: 'canonical', href: 'https://shop.example/b' })]),
    }));
    expect(mism.reasons[0]).toMatchObject({ code: 'canonicalHeaderMismatch', params: ['https://shop.example/a', 'https://shop.example/b'] });
    const js = evaluateIndexability(input({ live: page('live', [link({ rel: 'canonical', href: 'https://shop.example/z' })]) }));
    expect(codes(js)).toEqual(['risk:canonicalChangedByJs', 'info:canonicalNone', 'ok:status200']);
  });

  it('conflict: robots.txt blocks the URL and the page says noindex', () => {
    const r = evaluateIndexability(input({
      served: page('served', [meta('robots', 'noindex')]),
      robots: { robotsUrl: 'https://shop.example/robots.txt', fileStatus: 200, allowed: false, line: 3, rule: 'Disallow: /p/', userAgent: 'googlebot', googleExtended: null, canonicalAllowed: null },
    }));
    expect(r.verdict).toBe('not-indexable');
    expect(codes(r)).toEqual(['block:robotsBlocked', 'risk:conflictNoindexBlocked', 'info:canonicalNone', 'ok:status200']);
    expect(r.reasons[0]).toEqual({
      code: 'robotsBlocked', severity: 'block', params: ['https://shop.example/robots.txt', 3],
      sources: [{ kind: 'robotsTxt', url: 'https://shop.example/robots.txt', line: 3, rule: 'Disallow: /p/', userAgent: 'googlebot' }],
    });
  });

  it('conflicts: noindex + canonical elsewhere; canonical target blocked; Google-Extended is not Search', () => {
    const r = evaluateIndexability(input({
      served: page('served', [meta('robots', 'noindex'), link({ rel: 'canonical', href: 'https://shop.example/p/main' })]),
      live: page('live', [meta('robots', 'noindex'), link({ rel: 'canonical', href: 'https://shop.example/p/main' })]),
      robots: {
        robotsUrl: 'https://shop.example/robots.txt', fileStatus: 200, allowed: true, line: null, rule: null, userAgent: '*',
        googleExtended: { allowed: false, line: 7, rule: 'Disallow: /' },
        canonicalAllowed: { url: 'https://shop.example/p/main', allowed: false, line: 4, rule: 'Disallow: /p/main' },
      },
    }));
    expect(codes(r)).toEqual([
      'block:noindex', 'risk:canonicalElsewhere', 'risk:conflictNoindexCanonical', 'risk:conflictCanonicalBlocked',
      'info:googleExtendedBlocked', 'ok:status200', 'ok:robotsAllowed',
    ]);
  });

  it('status codes as Googlebot treats them', () => {
    const v = (code: number, headers: { name: string; value: string }[] = []) => evaluateIndexability(input({ status: { code, line: '' }, headers }));
    expect(codes(v(404))[0]).toBe('block:statusGone');
    expect(codes(v(410))[0]).toBe('block:statusGone');
    expect(codes(v(403))[0]).toBe('block:status4xx');
    const s503 = v(503, [{ name: 'Retry-After', value: '120' }]);
    expect(codes(s503)).toEqual(['block:statusUnavailable', 'info:retryAfter', 'info:canonicalNone']);
    expect(s503.reasons[1]!.params).toEqual(['120']);
    expect(codes(v(429))[0]).toBe('block:statusUnavailable');
    expect(codes(v(204))[0]).toBe('risk:status2xx');
    const redirected = evaluateIndexability(input({
      redirects: [
        { url: 'http://shop.example/p/1', statusCode: 301, statusLine: '', location: 'https://shop.example/p/1', headers: [] },
        { url: 'https://shop.example/p/1', statusCode: 302, statusLine: '', location: 'https://shop.example/p/1?x', headers: [] },
      ],
    }));
    expect(codes(redirected)).toEqual(['info:redirectPermanent', 'info:redirectTemporary', 'info:canonicalNone', 'ok:status200']);
  });

  it('a 200 that calls itself "Page not found" is a soft 404', () => {
    const r = evaluateIndexability(input({ served: page('served', [], 'Page not found – Shop') }));
    expect(r.verdict).toBe('at-risk');
    expect(r.reasons[0]).toEqual({ code: 'soft404', severity: 'risk', params: ['Page not found – Shop'], sources: [{ kind: 'page', text: 'Page not found – Shop' }] });
  });

  it('headers unknown, not HTML, and tags past the 2 MB cut', () => {
    expect(codes(evaluateIndexability(input({ headers: null, status: null, served: null, live: null })))).toEqual(['risk:headersUnknown', 'risk:statusUnknown', 'info:canonicalNone']);
    const pdf = evaluateIndexability(input({ headers: [{ name: 'Content-Type', value: 'application/pdf' }, { name: 'X-Robots-Tag', value: 'noindex' }], served: page('served', [meta('robots', 'all')]) }));
    expect(codes(pdf)).toEqual(['block:noindex', 'info:notHtml', 'info:canonicalNone', 'ok:status200']);
    const cut = evaluateIndexability(input({ bytes: { limit: 2_097_152, headerBytes: 200, bodyBytes: 3_000_000, truncated: true, cutOffset: 2_097_152, lost: [{ item: '<link rel="canonical">', offset: 2_500_000, kind: 'canonical' }, { item: '<h2>', offset: 2_600_000, kind: 'heading' }] } }));
    expect(cut.verdict).toBe('at-risk');
    // The cut itself is a reason (with its byte), then each key tag past it.
    expect(cut.reasons[0]).toEqual({ code: 'cutByLimit', severity: 'risk', params: [3_000_200, 2_097_152, 2_097_152], sources: [{ kind: 'bytes', offset: 2_097_152, limit: 2_097_152, item: null }] });
    expect(cut.reasons[1]).toMatchObject({ code: 'pastCut', params: ['<link rel="canonical">', 2500000, 2097152] });
    const partial = evaluateIndexability(input({ bytes: { complete: false, limit: 2_097_152, headerBytes: 200, bodyBytes: 6_000_000, truncated: true, cutOffset: 2_097_152, lost: [] } }));
    expect(partial.verdict).toBe('at-risk');
    expect(partial.reasons[0]).toMatchObject({ code: 'cutByLimitAtLeast', params: [6_000_200, 2_097_152, 2_097_152] });
    // the heading past the cut is not a key tag: no reason for it
    expect(cut.reasons.filter((x) => x.code === 'pastCut')).toHaveLength(1);
  });

  it('a response from the browser cache is noted', () => {
    expect(codes(evaluateIndexability(input({ fromCache: true })))).toEqual(['info:servedFromCache', 'info:canonicalNone', 'ok:status200']);
  });

  it('hreflang from Link header and HTML', () => {
    const r = evaluateIndexability(input({
      headers: [{ name: 'Link', value: '<https://shop.example/de/p/1>; rel="alternate"; hreflang="de"' }],
      served: page('served', [link({ rel: 'alternate', hreflang: 'fr', href: '/fr/p/1' })]),
    }));
    expect(r.hreflang).toEqual([
      { lang: 'de', href: 'https://shop.example/de/p/1', resolved: 'https://shop.example/de/p/1', from: 'header' },
      { lang: 'fr', href: '/fr/p/1', resolved: 'https://shop.example/fr/p/1', from: 'served' },
    ]);
  });

  it('ten X-Robots-Tag headers of garbage never throw', () => {
    const headers = Array.from({ length: 10 }, (_, i) => ({ name: 'X-Robots-Tag', value: `${'\\;'.repeat(i * 1000)}, max-snippet: abc, ::::` }));
    const r = evaluateIndexability(input({ headers }));
    expect(r.verdict).toBe('indexable');
    // values are cut at 8192 characters: from the 6th header on, "max-snippet: abc" lies past the cut
    expect(r.reasons.filter((x) => x.code === 'directiveInvalid')).toHaveLength(5);
    const scoped = evaluateIndexability(input({ headers: [{ name: 'X-Robots-Tag', value: `${'x:'.repeat(5000)} noindex` }] }));
    expect(scoped.verdict).toBe('indexable');
    expect(scoped.reasons[0]!.code).toBe('otherCrawlerIgnored');
    expect(scoped.reasons[0]!.params[0]).toBe('x');
    // cut at 8192 characters: the trailing "noindex" is never read
    expect(scoped.reasons[0]!.params[1]).toHaveLength(8190);
  });

  describe('meta refresh', () => {
    const refresh = (content: string, inBody = false): TagInfo => ({ tag: 'meta', attrs: { 'http-equiv': 'refresh', content }, inBody });
    const TAG = (content: string) => ({ kind: 'tag', html: `<meta http-equiv="refresh" content="${content}">`, where: 'served', inBody: false });

    it('an instant refresh (0 s) to another URL: not indexable, like a 301 — the target gets indexed; reason with [target, delay] and the tag', () => {
      const r = evaluateIndexability(input({ served: page('served', [refresh('0; url=/p/2')]), live: null }));
      expect(r.verdict).toBe('not-indexable');
      expect(codes(r)).toEqual(['block:metaRefreshInstant', 'info:canonicalNone', 'ok:status200']);
      expect(r.reasons[0]).toEqual({ code: 'metaRefreshInstant', severity: 'block', params: ['https://shop.example/p/2', 0], sources: [TAG('0; url=/p/2')] });
      expect(r.metaRefresh).toMatchObject({ kind: 'instant', delay: 0, target: 'https://shop.example/p/2', where: 'served' });
      expect(badgeFor(r.verdict)?.text).toBe('NO');
    });

    it('a delayed refresh: at risk (a temporary redirect, Google may index either URL)', () => {
      const r = evaluateIndexability(input({ served: page('served', [refresh("5; URL='https://other.example/x'")]) }));
      expect(r.verdict).toBe('at-risk');
      expect(codes(r)).toEqual(['risk:metaRefreshDelayed', 'info:canonicalNone', 'ok:status200']);
      expect(r.reasons[0]).toEqual({ code: 'metaRefreshDelayed', severity: 'risk', params: ['https://other.example/x', 5], sources: [TAG("5; URL='https://other.example/x'")] });
    });

    it('a refresh to the page itself is a reload, not a redirect: a note, the page stays indexable', () => {
      const r = evaluateIndexability(input({ served: page('served', [refresh('300')]) }));
      expect(r.verdict).toBe('indexable');
      expect(codes(r)).toEqual(['info:metaRefreshReload', 'info:canonicalNone', 'ok:status200']);
      expect(r.reasons[0]!.params).toEqual([300]);
      expect(codes(evaluateIndexability(input({ served: page('served', [refresh('0; url=https://shop.example/p/1#x')]) })))[0]).toBe('info:metaRefreshReload');
    });

    it('an unreadable refresh: a clear note with the content as written, no crash, no redirect', () => {
      const r = evaluateIndexability(input({ served: page('served', [refresh('soon; url=/p/2')]) }));
      expect(r.verdict).toBe('indexable');
      expect(r.reasons[0]).toEqual({ code: 'metaRefreshInvalid', severity: 'info', params: ['soon; url=/p/2'], sources: [TAG('soon; url=/p/2')] });
      expect(r.metaRefresh).toBeNull();
    });

    it('a refresh to a non-http(s) URL: a note', () => {
      const r = evaluateIndexability(input({ served: page('served', [refresh('0; url=javascript:go()')]) }));
      expect(r.verdict).toBe('indexable');
      expect(r.reasons[0]).toMatchObject({ code: 'metaRefreshNotHttp', severity: 'info', params: ['javascript:go()'] });
    });

    it('the HTML as served decides; the live DOM stands in only when the served HTML is unknown', () => {
      const both = evaluateIndexability(input({ served: page('served', [refresh('9; url=/a')]), live: page('live', [refresh('0; url=/b')]) }));
      expect(both.reasons[0]).toMatchObject({ code: 'metaRefreshDelayed', params: ['https://shop.example/a', 9] });
      const liveOnly = evaluateIndexability(input({ served: null, live: page('live', [refresh('0; url=/b')]) }));
      expect(liveOnly.reasons[0]).toEqual({
        code: 'metaRefreshInstant', severity: 'block', params: ['https://shop.example/b', 0],
        sources: [{ kind: 'tag', html: '<meta http-equiv="refresh" content="0; url=/b">', where: 'live', inBody: false }],
      });
    });

    it('not seen when robots.txt keeps Googlebot out, nor on a response that is not HTML', () => {
      const robots = { robotsUrl: 'https://shop.example/robots.txt', fileStatus: 200, allowed: false, line: 2, rule: 'Disallow: /p/', userAgent: 'googlebot', googleExtended: null, canonicalAllowed: null };
      const blocked = evaluateIndexability(input({ served: page('served', [refresh('0; url=/p/2')]), robots }));
      expect(codes(blocked).filter((c) => c.includes('metaRefresh'))).toEqual([]);
      expect(blocked.metaRefresh).toBeNull();
      const pdf = evaluateIndexability(input({ headers: [{ name: 'Content-Type', value: 'application/pdf' }], served: page('served', [refresh('0; url=/p/2')]) }));
      expect(codes(pdf).filter((c) => c.includes('metaRefresh'))).toEqual([]);
    });
  });
});

describe('badgeFor: the toolbar badge never claims more than is known', () => {
  it('with robots.txt known: green OK, amber !, red NO', () => {
    expect(badgeFor('indexable')).toEqual({ text: 'OK', color: '#146c2e' });
    expect(badgeFor('at-risk', true)).toEqual({ text: '!', color: '#a15c00' });
    expect(badgeFor('not-indexable', true)).toEqual({ text: 'NO', color: '#b3261e' });
  });
  it('without robots.txt: no badge for OK or ! (robots.txt could still block the page); NO stays NO', () => {
    expect(badgeFor('indexable', false)).toBeNull();
    expect(badgeFor('at-risk', false)).toBeNull();
    expect(badgeFor('not-indexable', false)).toEqual({ text: 'NO', color: '#b3261e' });
  });
});
