import { describe, expect, it } from 'vitest';
import { compareFetches, summarizeComparison, detectBlock } from '../../../lib/compare';
import { googlebotUserAgent } from '../../../lib/crawl';
import { countHeaderBytes } from '../../../lib/crawl';
import { agentFetch } from './helpers';

const DESKTOP = `<!doctype html><html><head><title>Desktop shoes</title>
<meta name="viewport" content="width=device-width">
<link rel="canonical" href="https://site.example/p">
<script type="application/ld+json">{"@type":"Product","name":"Boot"}</script>
</head><body><h1>Shoes</h1><p>one two three four five six seven eight</p>
<a href="/a">A</a> <a href="/b">B</a> <a href="https://ext.example/">X</a><img src="i.png"></body></html>`;

const MOBILE = `<!doctype html><html><head><title>Mobile shoes</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="https://site.example/p">
</head><body><h1>Shoes</h1><p>one two seven eight</p>
<a href="/a">A</a><img src="i.png"></body></html>`;

describe('compareFetches', () => {
  it('says "no differences" for identical responses', () => {
    const c = compareFetches(agentFetch('mobile', DESKTOP), agentFetch('desktop', DESKTOP));
    expect(c.identical).toBe(true);
    expect(c.differences).toEqual([]);
    expect(c.findings).toEqual([]);
    expect(c.textDiff).toBeNull();
    expect(c.rows.length).toBe(21);
  });

  it('finds every difference with its reason, most severe first', () => {
    const c = compareFetches(agentFetch('mobile', MOBILE), agentFetch('desktop', DESKTOP));
    expect(c.identical).toBe(false);
    expect(c.differences.map((d) => [d.field, d.severity, d.why?.code])).toEqual([
      ['robotsMeta', 'critical', 'noindexOnlyMobile'],
      ['title', 'warning', 'titleDiffers'],
      ['viewport', 'warning', 'viewportMissingMobile'],
      ['wordCount', 'warning', 'fewerWordsMobile'],
      ['internalLinks', 'warning', 'internalLinksDiffer'],
      ['jsonLdTypes', 'warning', 'jsonLdTypesMissingMobile'],
      ['bytes', 'info', 'bytesDiffer'],
      ['externalLinks', 'info', 'externalLinksDiffer'],
      ['jsonLdContent', 'info', 'jsonLdContentDiffers'],
    ]);
    const get = (f: string) => c.rows.find((r) => r.field === f)!;
    expect(get('title')).toMatchObject({ mobile: 'Mobile shoes', desktop: 'Desktop shoes' });
    expect(get('robotsMeta')).toMatchObject({ mobile: 'robots: noindex', desktop: '', added: ['robots: noindex'], removed: [] });
    // Desktop: Shoes + 8 + A B X = 12 words; mobile: Shoes + 4 + A = 6.
    expect(get('wordCount')).toMatchObject({ mobile: '6', desktop: '12', why: { code: 'fewerWordsMobile', params: [6, 6, 12] } });
    expect(get('internalLinks')).toMatchObject({
      mobile: '1',
      desktop: '2',
      added: [],
      removed: ['https://site.example/b'],
      why: { params: [1, 0] },
    });
    expect(get('externalLinks').removed).toEqual(['https://ext.example/']);
    expect(get('jsonLdTypes').why?.params).toEqual(['Product']);
    expect(get('canonical').same).toBe(true);
    expect(c.textDiff?.hunks).toEqual([
      { desktopAt: 3, mobileAt: 3, before: ['Shoes', 'one', 'two'], removed: ['three', 'four', 'five', 'six'], added: [] },
      { desktopAt: 10, mobileAt: 6, before: ['five', 'six', 'seven', 'eight', 'A'], removed: ['B', 'X'], added: [] },
    ]);
    expect(c.findings).toEqual([{ code: 'varyMissing', agent: 'both', severity: 'warning', params: [] }]);
  });

  it('does not ask for Vary when the server sends Vary: User-Agent', () => {
    const vary = [{ name: 'content-type', value: 'text/html' }, { name: 'Vary', value: 'Accept-Encoding, User-Agent' }];
    const c = compareFetches(agentFetch('mobile', MOBILE, { headers: vary }), agentFetch('desktop', DESKTOP, { headers: vary }));
    expect(c.findings).toEqual([]);
  });

  it('reads noindex from X-Robots-Tag only on mobile', () => {
    const c = compareFetches(
      agentFetch('mobile', DESKTOP, { headers: [{ name: 'content-type', value: 'text/html' }, { name: 'X-Robots-Tag', value: 'googlebot: noindex' }] }),
      agentFetch('desktop', DESKTOP),
    );
    expect(c.differences.map((d) => [d.field, d.why?.code, d.why?.params])).toEqual([['xRobotsTag', 'noindexOnlyMobile', ['X-Robots-Tag']]]);
  });

  it('reads X-Robots-Tag agent prefixes the way Google does', () => {
    const xrt = (value: string) =>
      compareFetches(
        agentFetch('mobile', DESKTOP, { headers: [{ name: 'content-type', value: 'text/html' }, { name: 'X-Robots-Tag', value }] }),
        agentFetch('desktop', DESKTOP),
      ).differences[0]!.why!.code;
    expect(xrt('none')).toBe('noindexOnlyMobile');
    expect(xrt('otherbot: noindex')).toBe('robotsDiffer');
    expect(xrt('unavailable_after: 2030-01-01')).toBe('robotsDiffer');
    expect(xrt('nofollow, NOINDEX')).toBe('noindexOnlyMobile');
  });

  it('reports a 403 for one agent as a block finding', () => {
    const wall = '<html><head><title>403 Forbidden</title></head><body>Forbidden</body></html>';
    const c = compareFetches(agentFetch('mobile', DESKTOP), agentFetch('desktop', wall, { status: 403 }));
    expect(c.findings[0]).toEqual({ code: 'blocked', agent: 'desktop', severity: 'critical', params: ['HTTP 403'] });
    expect(c.differences[0]).toMatchObject({ field: 'status', mobile: '200', desktop: '403', why: { code: 'statusDiffers', params: ['200', '403'] } });
    // The wall is not the page: its title and words are not compared.
    expect(c.rows.map((r) => r.field)).toEqual(['status', 'redirects', 'finalUrl']);
  });

  it('recognises a challenge page served with 200 to one agent only', () => {
    const wall = '<html><head><title>Just a moment...</title></head><body><form action="/cdn-cgi/challenge-platform/h/b">…</form></body></html>';
    expect(detectBlock(agentFetch('mobile', wall), agentFetch('desktop', DESKTOP))).toBe('"/cdn-cgi/challenge-platform/"');
    const c = compareFetches(agentFetch('mobile', wall), agentFetch('desktop', DESKTOP));
    expect(c.findings.find((f) => f.code === 'blocked')).toEqual({
      code: 'blocked',
      agent: 'mobile',
      severity: 'critical',
      params: ['"/cdn-cgi/challenge-platform/"'],
    });
  });

  it('does not take a contact form with reCAPTCHA, or a wall phrase both agents get, for a block', () => {
    const form = DESKTOP.replace('</body>', '<div class="g-recaptcha" data-sitekey="x"></div><p>Are you a robot? Tick the box.</p></body>');
    expect(detectBlock(agentFetch('mobile', form), agentFetch('desktop', form))).toBeNull();
    expect(compareFetches(agentFetch('mobile', form), agentFetch('desktop', form)).findings).toEqual([]);
  });

  it('reports a failed fetch and compares only what exists', () => {
    const c = compareFetches(
      agentFetch('mobile', null, { status: 302, error: { code: 'redirect-loop', params: ['https://site.example/p', 'https://site.example/q'] } }),
      agentFetch('desktop', DESKTOP),
    );
    expect(c.findings).toEqual([
      { code: 'fetchFailed', agent: 'mobile', severity: 'critical', error: 'redirect-loop', params: ['https://site.example/p', 'https://site.example/q'] },
    ]);
    expect(c.rows.map((r) => r.field)).toEqual(['status', 'redirects', 'finalUrl']);
    expect(c.identical).toBe(false);
  });

  it('flags different content types and a non-HTML answer', () => {
    const c = compareFetches(
      agentFetch('mobile', null, { headers: [{ name: 'Content-Type', value: 'application/json' }], bodyBytes: 2 }),
      agentFetch('desktop', DESKTOP),
    );
    expect(c.findings).toEqual([{ code: 'nonHtml', agent: 'mobile', severity: 'warning', params: ['application/json'] }]);
    expect(c.differences[0]).toMatchObject({ field: 'contentType', mobile: 'application/json', desktop: 'text/html', severity: 'critical' });
  });

  it('says where the 2 MB cut falls when only mobile is over', () => {
    const headers = [{ name: 'content-type', value: 'text/html' }];
    // The status line as received ("HTTP/1.1 200 OK" + CRLF), one header line, the blank line.
    const hb = countHeaderBytes('HTTP/1.1 200 OK', headers, 200);
    expect(hb).toBe(17 + 25 + 2);
    const c = compareFetches(agentFetch('mobile', DESKTOP, { bodyBytes: 3_000_000 }), agentFetch('desktop', DESKTOP));
    expect(c.findings[0]).toEqual({ code: 'overLimit', agent: 'mobile', severity: 'critical', params: [3000000, 2097108, 44, 2097152] });
    expect(c.differences[0]).toMatchObject({ field: 'bytes', why: { code: 'bytesCutOnlyMobile', params: [2097108] } });
    expect(c.mobile.cutAt).toBe(2_097_108);
    expect(c.desktop.cutAt).toBeNull();
  });

  it('caps what a row carries, not what is compared', () => {
    const links = Array.from({ length: 500 }, (_, i) => `<a href="/l${i}">x</a>`).join(' ');
    const longTitle = 't'.repeat(5000);
    const c = compareFetches(
      agentFetch('mobile', `<title>${longTitle}</title><body>x</body>`),
      agentFetch('desktop', `<title>${longTitle}!</title><body>x ${links}</body>`),
    );
    const il = c.rows.find((r) => r.field === 'internalLinks')!;
    expect(il).toMatchObject({ mobile: '0', desktop: '500', removedTotal: 500, addedTotal: 0, why: { params: [500, 0] } });
    expect(il.removed!.length).toBe(200);
    expect(il.removed![199]).toBe('https://site.example/l199');
    const title = c.rows.find((r) => r.field === 'title')!;
    expect(title.same).toBe(false);
    expect(title.mobile.length).toBe(2001);
    expect(title.mobile.endsWith('t…')).toBe(true);
  });

  it('summarizes for the popup', () => {
    const c = compareFetches(agentFetch('mobile', MOBILE), agentFetch('desktop', DESKTOP));
    const s = summarizeComparison(c, 1000);
    expect(s).toMatchObject({
      url: 'https://site.example/p',
      comparedAt: 1000,
      identical: false,
      worst: 'critical',
      fields: ['robotsMeta', 'title', 'viewport', 'wordCount', 'internalLinks', 'jsonLdTypes', 'bytes', 'externalLinks', 'jsonLdContent'],
      findings: ['varyMissing'],
    });
    // What the exported report needs: each side's answer, each difference with its why and values, each finding.
    const side = { finalUrl: 'https://site.example/p', status: 200, headerBytes: 44, complete: true, cutAt: null, limit: 2097152, error: null };
    expect(s.mobile).toEqual({ agent: 'mobile', ...side, bodyBytes: 250 });
    expect(s.desktop).toEqual({ agent: 'desktop', ...side, bodyBytes: 418 });
    expect(s.differences.map((d) => d.field)).toEqual(s.fields);
    expect(s.differences.slice(0, 2)).toEqual([
      { field: 'robotsMeta', severity: 'critical', why: { code: 'noindexOnlyMobile', params: ['meta'] }, mobile: 'robots: noindex', desktop: '' },
      { field: 'title', severity: 'warning', why: { code: 'titleDiffers', params: [] }, mobile: 'Mobile shoes', desktop: 'Desktop shoes' },
    ]);
    expect(s.findingDetails).toEqual([{ code: 'varyMissing', agent: 'both', severity: 'warning', params: [] }]);
  });
});

describe('googlebotUserAgent', () => {
  it('fills the Chrome version into Google’s strings', () => {
    expect(googlebotUserAgent('mobile', '140.0.7339.80')).toBe(
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.80 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    expect(googlebotUserAgent('desktop', '140.0.7339.80')).toBe(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/140.0.7339.80 Safari/537.36',
    );
  });
  it('falls back to the default version for a malformed one', () => {
    expect(googlebotUserAgent('desktop', '140; evil')).toContain('Chrome/156.0.8078.108 Safari');
  });
});
