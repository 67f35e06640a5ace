import { describe, expect, it } from 'vitest';
import { compareRender, findScripts, noPageEvents, renderSnapshot, requestKindDecision, resourceKindOf, ruleCandidates, type CompareRenderInput, type RenderResource, type RenderSide, type RenderSnapshot } from '../../../lib/render';

const U = 'https://shop.example/p';
const page = (body: string, head = '') => `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;
const snap = (body: string, head = '') => renderSnapshot(page(body, head), U);

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

const resource = (url: string, kind: RenderResource['kind'], outcome: RenderResource['outcome'], extra: Partial<RenderResource> = {}): RenderResource => ({
  url, kind, method: 'GET', outcome, status: outcome === 'loaded' || outcome === 'cut' ? 200 : null, bytes: null, keptBytes: null, robots: null, error: null, ...extra,
});
const blocked = (url: string, kind: RenderResource['kind'], line: number, rule: string) =>
  resource(url, kind, 'blocked-robots', { robots: { robotsUrl: 'https://shop.example/robots.txt', line, rule } });
type SideOver = Partial<Omit<RenderSide, 'servedWhole'>> & { servedWhole?: RenderSnapshot | null };
const side = (rendered: RenderSnapshot | null, { servedWhole, ...o }: SideOver = {}): RenderSide => ({
  servedWhole: () => (servedWhole === undefined ? (o.served === undefined ? rendered : o.served) : servedWhole),
  served: rendered, rendered, resources: [], stoppedBecause: 'idle', page: noPageEvents(), document: { status: 200, bytesBytes: 0, bodyBytes: 1000 } as never, ...o,
});
const input = (g: RenderSide, v: RenderSide | null, extra: Partial<CompareRenderInput['googlebot']> = {}, browser: RenderSnapshot | null = null): CompareRenderInput => ({
  googlebot: { ...g, cutAt: null, pastCut: [], timeLimitMs: 20_000, ...extra },
  visitor: v,
  browser,
});
const links = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `<p><a href="/doc/${from + i}">Doc ${from + i}</a></p>`).join('');

describe('compareRender: what Googlebot misses beside a visitor’s render, and why — from evidence', () => {
  it('links in the served HTML past the cut: one finding, counted, with samples, caused by the cut and its byte — never by an unrelated blocked script', () => {
    const kept = snap(links(10));
    const whole = snap(links(312));
    const g = side(kept, { servedWhole: whole, resources: [blocked('https://shop.example/_static/doc.js', 'script', 2, 'Disallow: /_static/')] });
    const v = side(whole);
    const d = compareRender(input(g, v, { cutAt: 2_097_152 }));
    const l = d.find((x) => x.code === 'linksMissing')!;
    expect(l).toMatchObject({ field: 'links', severity: 'warning', params: [302], more: 299, cause: { code: 'cut', params: [2_097_152], evidence: 'evidence' } });
    expect(l.samples).toEqual(['https://shop.example/doc/10', 'https://shop.example/doc/11', 'https://shop.example/doc/12']);
    expect(d.filter((x) => x.code === 'linksMissing')).toHaveLength(1);
    expect(JSON.stringify(d)).not.toContain('_static/doc.js');
  });

  it('built by a script robots.txt disallows, the only rule that changed: that line is the cause', () => {
    const g = side(snap(''), { resources: [blocked('https://shop.example/private-js/a.js', 'script', 4, 'Disallow: /private-js/')] });
    const v = side(snap('<h1>Pricing</h1><a href="/pricing">See pricing</a>'), { served: snap(''), servedWhole: snap('') });
    const d = compareRender(input(g, v));
    expect(d[0]).toMatchObject({ code: 'nearlyEmpty', severity: 'critical', params: [0, 3, 0, 1] });
    expect(d.find((x) => x.code === 'linksMissing')!.cause).toEqual({ code: 'scriptBlocked', params: ['https://shop.example/private-js/a.js', 'https://shop.example/robots.txt', 4, 'Disallow: /private-js/', 0], evidence: 'only-rule' });
  });

  it('a data request robots.txt disallows: requestBlocked, with the other requests the same line disallows counted', () => {
    const g = side(snap(''), { resources: [blocked('https://shop.example/api/a.json', 'fetch', 2, 'Disallow: /api/'), blocked('https://shop.example/api/b.json', 'xhr', 2, 'Disallow: /api/')] });
    const v = side(snap('<h2>Operations</h2>'), { served: snap(''), servedWhole: snap('') });
    expect(compareRender(input(g, v)).find((x) => x.code === 'headingsMissing')!.cause).toMatchObject({ code: 'requestBlocked', params: ['https://shop.example/api/a.json', 'https://shop.example/robots.txt', 2, 'Disallow: /api/', 1] });
  });

  it('only in the visitor’s HTML: the server answers Googlebot’s User-Agent with other HTML (what each got)', () => {
    const g = side(snap('<h1>Welcome</h1>'), { document: { status: 200, bodyBytes: 234 } });
    const vHtml = snap('<h1>Welcome</h1><a href="/a">a</a>');
    const v = side(vHtml, { document: { status: 200, bodyBytes: 400 } });
    expect(compareRender(input(g, v)).find((x) => x.code === 'linksMissing')!.cause).toEqual({ code: 'userAgentDocument', params: [200, 234, 200, 400], evidence: 'evidence' });
  });

  it('more than one rule could explain it: the experiment whose render has the item names the cause; none in time: undecided, with the candidates', () => {
    const g = side(snap(''), {
      resources: [blocked('https://shop.example/api/a.json', 'fetch', 2, 'Disallow: /api/'), resource('https://shop.example/logo.png', 'image', 'not-fetched')],
    });
    const v = side(snap('<a href="/op/1">op</a>'), { served: snap(''), servedWhole: snap(''), resources: [resource('https://shop.example/logo.png', 'image', 'loaded')] });
    const i = input(g, v);
    const candidates = ruleCandidates(i);
    expect(candidates.map((c) => c.lift?.rule)).toEqual(['robots', 'notFetched']);
    const found = compareRender(i, new Map([[0, snap('<a href="/op/1">op</a>')], [1, snap('')]]), candidates).find((x) => x.code === 'linksMissing')!;
    expect(found.cause).toMatchObject({ code: 'requestBlocked', evidence: 'experiment' });
    const undecided = compareRender(i, new Map(), candidates).find((x) => x.code === 'linksMissing')!;
    expect(undecided.cause).toMatchObject({ code: 'undecided', params: [2] });
    expect(undecided.cause!.candidates!.map((c) => c.code)).toEqual(['requestBlocked', 'notFetched']);
  });

  it('no rule of Googlebot’s changed anything: noRule, never a guess', () => {
    const g = side(snap('<p>Updated 10:01</p>'));
    const v = side(snap('<p>Updated 10:02</p><a href="/x">x</a>'), { served: snap(''), servedWhole: snap('') });
    expect(compareRender(input(g, v)).find((x) => x.code === 'linksMissing')!.cause).toEqual({ code: 'noRule', params: [], evidence: 'evidence' });
  });

  it('what only Googlebot’s render has, because the page reads the User-Agent: a warning (cloaking)', () => {
    const g = side(snap('<a href="/for-googlebot">G</a>'), { served: snap(''), servedWhole: snap(''), page: { ...noPageEvents(), userAgentReads: 1 } });
    const v = side(snap(''));
    const d = compareRender(input(g, v)).find((x) => x.code === 'linksOnlyGooglebot')!;
    expect(d).toMatchObject({ severity: 'warning', samples: ['https://shop.example/for-googlebot'], cause: { code: 'userAgent', params: [1], evidence: 'only-rule' } });
  });

  it('a few words only visitors see is info; many are a warning; nearly empty is critical and first', () => {
    const words = (n: number, from = 0) => `<p>${Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ')}</p>`;
    const few = compareRender(input(side(snap(words(100))), side(snap(words(100) + words(5, 500))))).find((x) => x.code === 'textMissing')!;
    expect(few).toMatchObject({ severity: 'info', params: [5, 1] });
    const many = compareRender(input(side(snap(words(100))), side(snap(words(100) + words(40, 500))))).find((x) => x.code === 'textMissing')!;
    expect(many).toMatchObject({ severity: 'warning', params: [40, 1] });
    const empty = compareRender(input(side(snap(words(10))), side(snap(words(10) + words(100, 500)))));
    expect(empty[0]).toMatchObject({ code: 'nearlyEmpty', severity: 'critical', params: [10, 110, 0, 0] });
  });

  it('noindex only in Googlebot’s render is critical', () => {
    const g = side(snap('', '<meta name="robots" content="noindex">'), { served: snap(''), servedWhole: snap('') });
    const d = compareRender(input(g, side(snap(''))));
    expect(d.map((x) => [x.code, x.severity])).toEqual([
      ['noindexOnlyForGooglebot', 'critical'],
      ['noindexAddedByJs', 'critical'],
    ]);
  });

  it('a JavaScript redirect Google follows is a warning naming the target', () => {
    const g = side(snap(''), { page: { ...noPageEvents(), navigations: [{ url: 'https://shop.example/new', outcome: 'followed' }] } });
    expect(compareRender(input(g, side(snap('')))).map((x) => [x.code, x.params])).toEqual([['jsRedirect', ['https://shop.example/new']]]);
  });

  it('your browser beside a visitor’s render: what only your session shows, as info, caused by your session', () => {
    const both = snap('<a href="/about">About</a>');
    const tab = snap('<a href="/about">About</a><a href="/members-only">Members</a>');
    const d = compareRender(input(side(both), side(both), {}, tab));
    expect(d).toEqual([
      { code: 'linksOnlyInBrowser', field: 'links', severity: 'info', params: [1], samples: ['https://shop.example/members-only'], more: 0, cause: { code: 'browserState', params: [], evidence: 'evidence' } },
    ]);
  });
});

describe('compareRender: the page as served beside Googlebot’s render (what JavaScript changes)', () => {
  it('noindex added by JavaScript is critical and comes first; a canonical changed by JavaScript and JSON-LD it adds are said', () => {
    const served = snap('<p>x</p>', '<link rel="canonical" href="/a">');
    const rendered = snap('<p>x</p>', '<link rel="canonical" href="/b"><meta name="robots" content="noindex"><script type="application/ld+json">{"@type":"Product"}</script>');
    const d = compareRender(input(side(rendered, { served }), null));
    expect(d.map((x) => [x.code, x.severity])).toEqual([
      ['noindexAddedByJs', 'critical'],
      ['canonicalChangedByJs', 'warning'],
      ['jsonLdAddedByJs', 'info'],
    ]);
    expect(d[1]!.params).toEqual(['https://shop.example/a', 'https://shop.example/b']);
  });

  it('a noindex that JavaScript removes still counts: Google never renders the page', () => {
    const served = snap('', '<meta name="robots" content="noindex">');
    expect(compareRender(input(side(snap(''), { served }), null))[0]).toMatchObject({ code: 'noindexRemovedByJs', severity: 'critical' });
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
