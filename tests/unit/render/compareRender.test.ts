import { describe, expect, it } from 'vitest';
import { compareRender, findScripts, renderSnapshot, requestKindDecision, resourceKindOf, type RenderResource } from '../../../lib/render';

const U = 'https://shop.example/p';
const page = (body: string, head = '') => `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;
const snap = (body: string, head = '') => renderSnapshot(page(body, head), U);
const blockedScript: RenderResource = {
  url: 'https://shop.example/private-js/a.js',
  kind: 'script',
  method: 'GET',
  outcome: 'blocked-robots',
  status: null,
  bytes: null,
  keptBytes: null,
  robots: { robotsUrl: 'https://shop.example/robots.txt', line: 4, rule: 'Disallow: /private-js/' },
  error: null,
};

describe('the render policy: what Google’s renderer fetches', () => {
  it('fetches documents, scripts, styles, XHR and fetch; not images, video, fonts, beacons; no WebSocket', () => {
    expect(['Document', 'Script', 'Stylesheet', 'XHR', 'Fetch', 'Preflight'].map((t) => requestKindDecision(resourceKindOf(t)))).toEqual(Array(6).fill('fetch'));
    expect(['Image', 'Media', 'Font', 'Ping', 'Manifest', 'Other', 'CSPViolationReport', 'TextTrack', undefined].map((t) => requestKindDecision(resourceKindOf(t)))).toEqual(Array(9).fill('not-fetched'));
    expect(['WebSocket', 'EventSource'].map((t) => requestKindDecision(resourceKindOf(t)))).toEqual(['unsupported', 'unsupported']);
  });
});

describe('findScripts: every <script> with its byte offset', () => {
  it('counts bytes, not characters, and resolves src against <base>', () => {
    const html = '<html><head><base href="https://cdn.example/x/"></head><body>€€<script src="a.js"></script><p>é</p><script>1</script></body></html>';
    const s = findScripts(html, U);
    const at = (needle: string, from = 0) => new TextEncoder().encode(html.slice(0, html.indexOf(needle, from))).length;
    expect(s).toEqual([
      { src: 'https://cdn.example/x/a.js', byte: at('<script src') },
      { src: null, byte: at('<script>1') },
    ]);
    expect(s[0]!.byte).toBe(html.indexOf('<script src') + 4); // two 3-byte characters before it
  });
});

describe('compareRender: what differs, and why', () => {
  it('a link only in the browser, with the script past the cut as the cause', () => {
    const served = snap('<a href="/about">About</a>');
    const browser = snap('<a href="/about">About</a><a href="/pricing">Pricing</a>');
    const d = compareRender({ served, rendered: served, browser, resources: [], scriptsPastCut: [{ src: null, byte: 2_150_400 }] });
    expect(d).toEqual([{ code: 'linkOnlyInBrowser', field: 'internalLinks', severity: 'warning', params: ['https://shop.example/pricing'], cause: { code: 'inlineScriptPastCut', params: [2_150_400] } }]);
  });

  it('a script robots.txt blocks is the cause when no script lies past the cut', () => {
    const served = snap('<a href="/about">About</a>');
    const browser = snap('<a href="/about">About</a><a href="/pricing">Pricing</a>');
    const [d] = compareRender({ served, rendered: served, browser, resources: [blockedScript], scriptsPastCut: [] });
    expect(d!.cause).toEqual({ code: 'scriptBlocked', params: [blockedScript.url, 'https://shop.example/robots.txt', 4, 'Disallow: /private-js/'] });
  });

  it('nothing the render can name: the browser’s own state (a cookie, storage)', () => {
    const served = snap('');
    const d = compareRender({ served, rendered: served, browser: snap('<a href="/members">M</a>'), resources: [], scriptsPastCut: [] });
    expect(d[0]!.cause).toEqual({ code: 'browserState', params: [] });
  });

  it('noindex added by JavaScript is critical and comes first; a canonical changed by JavaScript and JSON-LD it adds are said', () => {
    const served = snap('<p>x</p>', '<link rel="canonical" href="/a">');
    const rendered = snap('<p>x</p>', '<link rel="canonical" href="/b"><meta name="robots" content="noindex"><script type="application/ld+json">{"@type":"Product"}</script>');
    const d = compareRender({ served, rendered, browser: null, resources: [], scriptsPastCut: [] });
    expect(d.map((x) => [x.code, x.severity])).toEqual([
      ['noindexAddedByJs', 'critical'],
      ['canonicalChangedByJs', 'warning'],
      ['jsonLdAddedByJs', 'info'],
    ]);
    expect(d[1]!.params).toEqual(['https://shop.example/a', 'https://shop.example/b']);
  });

  it('a noindex that JavaScript removes still counts: Google never renders the page', () => {
    const served = snap('', '<meta name="robots" content="noindex">');
    const rendered = snap('');
    expect(compareRender({ served, rendered, browser: null, resources: [], scriptsPastCut: [] })[0]).toMatchObject({ code: 'noindexRemovedByJs', severity: 'critical' });
  });

  it('far fewer words than the browser is a difference; a few are not', () => {
    const words = (n: number) => snap(`<p>${Array.from({ length: n }, (_, i) => `w${i}`).join(' ')}</p>`);
    expect(compareRender({ served: null, rendered: words(100), browser: words(200), resources: [], scriptsPastCut: [] }).map((x) => x.code)).toEqual(['fewerWordsThanBrowser']);
    expect(compareRender({ served: null, rendered: words(100), browser: words(110), resources: [], scriptsPastCut: [] })).toEqual([]);
  });

  it('at most 20 links per direction', () => {
    const many = snap(Array.from({ length: 30 }, (_, i) => `<a href="/p${i}">x</a>`).join(''));
    expect(compareRender({ served: null, rendered: snap(''), browser: many, resources: [], scriptsPastCut: [] }).filter((x) => x.code === 'linkOnlyInBrowser')).toHaveLength(20);
  });
});

describe('findScripts on hostile HTML', () => {
  it('not in comments, not inside other raw text; ">" inside a quoted value does not end the tag', () => {
    const html =
      '<!-- <script src="no1.js"></script> --><style>a::after{content:"<script>"}</style><textarea><script>no</script></textarea>' +
      '<a title="x > y" href="/"><script data-x=\'>\' src="yes.js"></script><SCRIPT>inline</SCRIPT>';
    expect(findScripts(html, U).map((s) => s.src)).toEqual(['https://shop.example/yes.js', null]);
  });
  it('linear: 3 MB of alternating styles and scripts', () => {
    const html = '<style>x</style><script>y</script>'.repeat(100_000);
    expect(findScripts(html, U)).toHaveLength(100_000);
  });
});
