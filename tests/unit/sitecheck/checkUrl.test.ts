// One URL as Googlebot sees it, as one report: exact figures from a fake site.
import { describe, expect, it } from 'vitest';
import { fetchRobotsTxt } from '../../../lib/crawl';
import { checkUrl, siteRow, rowsToCsv, csvField, type CheckContext } from '../../../lib/sitecheck';
import type { RobotsFacts } from '../../../lib/robots';
import { parseRobotsReport } from '../../../lib/robots';
import { reportToMarkdown } from '../../../lib/report';
import { googlebotUserAgent } from '../../../lib/crawl';
import { reportSchemaErrors } from '../../support/reportSchema';
import { fakeSite, page, reply, robots, t, type Route } from './helpers';

const O = 'https://site.example';
const UA = googlebotUserAgent('mobile');
/** "HTTP/1.1 200 OK\r\n" (17) + "Content-Type: text/html\r\n" (25) + "\r\n" (2). */
const HTML_HEADER_BYTES = 44;

function ctx(routes: Record<string, Route>, over: Partial<CheckContext> = {}) {
  const fetchHop = fakeSite(routes);
  const cache = new Map<string, Promise<RobotsFacts>>();
  const sleeps: number[] = [];
  const ua = over.userAgent ?? UA;
  const c: CheckContext = {
    fetchHop,
    agent: 'smartphone',
    userAgent: UA,
    limit: 2_097_152,
    robotsFor: (url) => {
      const o = new URL(url).origin;
      if (!cache.has(o)) cache.set(o, fetchRobotsTxt(url, fetchHop, { userAgent: ua, now: () => 1_000 }).then((report) => ({ report, parsed: parseRobotsReport(report) })));
      return cache.get(o)!;
    },
    translate: t,
    generator: 'Crawlscope test',
    now: () => Date.UTC(2026, 2, 1),
    sleep: async (ms) => void sleeps.push(ms),
    ...over,
  };
  return { c, calls: fetchHop.calls, sleeps };
}
const src = (url: string) => ({ url, sitemap: `${O}/sitemap.xml`, line: 3 });
const codes = (r: { reasons: { code: string; severity: string }[] }) => r.reasons.map((x) => `${x.severity}:${x.code}`);

describe('checkUrl: one report per URL, in the report schema', () => {
  it('an indexable page: exact header and body bytes, the self canonical, robots.txt allows; fetched as Googlebot Smartphone', async () => {
    const body = `<!doctype html><html><head><title>A page</title><link rel="canonical" href="${O}/a"></head><body><h1>A</h1><p>Text.</p></body></html>`;
    const { c, calls } = ctx({ [`${O}/robots.txt`]: robots('User-agent: *\nDisallow: /admin/\n'), [`${O}/a`]: page(body) });
    const r = await checkUrl(src(`${O}/a`), c);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(calls).toEqual([{ url: `${O}/robots.txt`, userAgent: UA }, { url: `${O}/a`, userAgent: UA }]);
    expect(r.verdict).toBe('indexable');
    expect(r.status).toEqual({ code: 200, line: 'HTTP/1.1 200 OK' });
    expect(r.bytes).toEqual({ headerBytes: HTML_HEADER_BYTES, bodyBytes: body.length, limit: 2_097_152, truncated: false, cutOffset: null, lost: [] });
    expect(r.canonical.url).toBe(`${O}/a`);
    expect(r.robots?.verdicts[0]).toEqual({ token: 'Googlebot', allowed: true, group: 'global', line: null, rule: null });
    expect(r.siteCheck).toEqual({
      requestedUrl: `${O}/a`, sitemap: `${O}/sitemap.xml`, sitemapLine: 3, agent: 'smartphone', userAgent: UA,
      fetched: true, error: null, bodyComplete: true, retries: 0, durationMs: 0,
    });
    expect(codes(r)).toEqual(['ok:status200', 'ok:robotsAllowed', 'ok:canonicalSelf']);
  });

  it('a windows-1252 page: its bytes 0x80–0x9F are read by the web\'s table (€ “ ”), so its canonical is the one a browser sees', async () => {
    const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));
    const body = new Uint8Array([...ascii(`<!doctype html><html><head><title>Prices</title><link rel="canonical" href="${O}/`), 0x80, 0x93, 0x94, ...ascii('"></head><body><p>x</p></body></html>')]);
    const url = `${O}/%E2%82%AC%E2%80%9C%E2%80%9D`;
    const { c } = ctx({ [`${O}/robots.txt`]: robots(''), [url]: () => reply(200, 'OK', [{ name: 'Content-Type', value: 'text/html; charset=windows-1252' }], body) });
    const r = await checkUrl(src(url), c);
    expect(r.canonical.url).toBe(url);
    expect(codes(r)).toContain('ok:canonicalSelf');
  });

  it('a URL robots.txt disallows: reported with the deciding line, never requested', async () => {
    const { c, calls } = ctx({ [`${O}/robots.txt`]: robots('User-agent: Googlebot\nAllow: /private/open\nDisallow: /private/\n'), [`${O}/private/x`]: page('<title>secret</title>') });
    const r = await checkUrl(src(`${O}/private/x`), c);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(calls.map((x) => x.url)).toEqual([`${O}/robots.txt`]);
    expect(r.verdict).toBe('not-indexable');
    expect(codes(r)).toEqual(['block:robotsBlocked']);
    expect(r.reasons[0]!.params).toEqual([`${O}/robots.txt`, '3']);
    expect(r.reasons[0]!.sources).toEqual([{ kind: 'robotsTxt', url: `${O}/robots.txt`, line: 3, rule: 'Disallow: /private/', userAgent: 'googlebot' }]);
    expect(r).toMatchObject({ status: null, headers: null, bytes: null, caching: null, fetchedAt: null });
    expect(r.siteCheck).toMatchObject({ fetched: false, error: null, bodyComplete: null });
    expect(siteRow(r)).toMatchObject({ verdict: 'not-indexable', status: null, robots: { allowed: false, line: 3, rule: 'Disallow: /private/' } });
  });

  it('over the limit: the cut at byte 2,097,152 of the response, the canonical past it is lost (and not seen)', async () => {
    const head = '<!doctype html><html><head><title>Big</title></head><body>';
    const filler = '<p>' + 'a'.repeat(2_200_000) + '</p>';
    const canonical = `<link rel="canonical" href="${O}/big">`;
    const body = head + filler + canonical + '</body></html>';
    const { c } = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/big`]: page(body) });
    const r = await checkUrl(src(`${O}/big`), c);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(r.bytes).toMatchObject({ headerBytes: 44, bodyBytes: body.length, limit: 2_097_152, truncated: true, cutOffset: 2_097_152 });
    expect(r.bytes!.lost).toEqual([{ item: `<link> ${O}/big`, offset: 44 + head.length + filler.length }]);
    expect(r.canonical).toEqual({ url: null, links: [] });
    expect(r.verdict).toBe('at-risk');
    expect(codes(r)).toContain('risk:pastCut');
    expect(siteRow(r)).toMatchObject({ bytes: 44 + body.length, limit: 2_097_152, truncated: true, cutOffset: 2_097_152, lost: [`<link> ${O}/big`] });
  });

  it('X-Robots-Tag scoped to googlebot counts; one scoped to another crawler does not', async () => {
    const { c } = ctx({
      [`${O}/robots.txt`]: robots(''),
      [`${O}/x`]: page('<title>x</title>', [{ name: 'X-Robots-Tag', value: 'googlebot: noindex' }, { name: 'X-Robots-Tag', value: 'otherbot: nofollow' }]),
    });
    const r = await checkUrl(src(`${O}/x`), c);
    expect(r.verdict).toBe('not-indexable');
    expect(r.directives).toMatchObject({ noindex: true, nofollow: false });
    expect(r.reasons.find((x) => x.code === 'noindex')!.sources).toEqual([{ kind: 'header', name: 'X-Robots-Tag', value: 'googlebot: noindex' }]);
    expect(siteRow(r).noindex).toEqual(['X-Robots-Tag: googlebot: noindex']);
    expect(r.bytes!.headerBytes).toBe(44 + 'X-Robots-Tag: googlebot: noindex\r\n'.length + 'X-Robots-Tag: otherbot: nofollow\r\n'.length);
  });

  it('a redirect to a host whose robots.txt disallows the target: the hop is listed, the target not requested', async () => {
    const { c, calls } = ctx({
      [`${O}/robots.txt`]: robots(''),
      [`${O}/go`]: () => reply(301, 'Moved Permanently', [{ name: 'Location', value: 'https://other.example/kept-out' }], null),
      ['https://other.example/robots.txt']: robots('User-agent: *\nDisallow: /kept-out\n'),
    });
    const r = await checkUrl(src(`${O}/go`), c);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(calls.map((x) => x.url)).toEqual([`${O}/robots.txt`, `${O}/go`, 'https://other.example/robots.txt']);
    expect(r.url).toBe('https://other.example/kept-out');
    expect(r.redirects).toEqual([{ url: `${O}/go`, statusCode: 301, location: 'https://other.example/kept-out' }]);
    expect(codes(r)).toEqual(['block:robotsBlocked', 'info:redirectPermanent']);
    expect(r.siteCheck).toMatchObject({ requestedUrl: `${O}/go`, fetched: false });
  });

  it('503 with Retry-After: 2 is asked once more after 2 s, as Googlebot comes back; Retry-After: 3600 is not waited for', async () => {
    let n = 0;
    const unavailable = (after: string) => () => {
      n++;
      return reply(503, 'Service Unavailable', [{ name: 'Content-Type', value: 'text/html' }, { name: 'Retry-After', value: after }], 'busy');
    };
    const a = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/busy`]: unavailable('2') });
    const r = await checkUrl(src(`${O}/busy`), a.c);
    expect(n).toBe(2);
    expect(a.sleeps).toEqual([2000]);
    expect(r.siteCheck!.retries).toBe(1);
    expect(codes(r)).toEqual(['block:statusUnavailable', 'info:retryAfter', 'info:canonicalNone', 'ok:robotsAllowed']);
    n = 0;
    const b = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/busy`]: unavailable('3600') });
    expect((await checkUrl(src(`${O}/busy`), b.c)).siteCheck!.retries).toBe(0);
    expect(n).toBe(1);
  });

  it('a body still arriving at the time limit, past the limit: the cut is exact, the size a lower bound (as in the popup)', async () => {
    const head = '<!doctype html><html><head><title>Endless</title></head><body>';
    const endless = ({ signal }: { signal: AbortSignal }) => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(ctl) {
          if (!sent) {
            sent = true;
            ctl.enqueue(new TextEncoder().encode(head + 'x'.repeat(2_200_000)));
            return;
          }
          return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        },
      });
      return { status: 200, statusLine: 'HTTP/1.1 200 OK', headers: [{ name: 'Content-Type', value: 'text/html' }], body };
    };
    const { c } = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/endless`]: endless }, { timeoutMs: 100 });
    const r = await checkUrl(src(`${O}/endless`), c);
    expect(r.siteCheck).toMatchObject({ bodyComplete: false });
    expect(r.bytes).toMatchObject({ truncated: true, cutOffset: 2_097_152, bodyBytes: head.length + 2_200_000 });
    expect(r.reasons.find((x) => x.code.startsWith('cutByLimit'))!.code).toBe('cutByLimitAtLeast');
  });

  it('a network error and a timeout: not indexable with why; no "status unknown"', async () => {
    const { c } = ctx({
      [`${O}/robots.txt`]: robots(''),
      [`${O}/down`]: () => Promise.reject(new Error('connect ECONNREFUSED')),
      [`${O}/slow`]: ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    }, { timeoutMs: 50 });
    const down = await checkUrl(src(`${O}/down`), c);
    expect(reportSchemaErrors(down)).toEqual([]);
    expect(codes(down)).toEqual(['block:fetchNetwork', 'ok:robotsAllowed']);
    expect(down.reasons[0]!.params).toEqual([`${O}/down`, 'connect ECONNREFUSED']);
    expect(down.siteCheck).toMatchObject({ fetched: true, error: 'network', bodyComplete: null });
    const slow = await checkUrl(src(`${O}/slow`), c);
    expect(codes(slow)[0]).toBe('block:fetchTimeout');
    expect(slow.reasons[0]!.params).toEqual([`${O}/slow`, '0.05']);
  });

  it('robots.txt answering 500: Google crawls nothing, so the URL is not requested', async () => {
    const { c, calls } = ctx({ [`${O}/robots.txt`]: () => reply(500, 'Internal Server Error', [], 'oops'), [`${O}/a`]: page('<title>a</title>') });
    const r = await checkUrl(src(`${O}/a`), c);
    expect(calls.map((x) => x.url)).toEqual([`${O}/robots.txt`]);
    expect(codes(r)).toEqual(['block:robotsUnreachable']);
    expect(r.robots).toMatchObject({ fileStatus: 500, outcome: 'disallow-all' });
    expect(siteRow(r).robots).toMatchObject({ allowed: false, line: null, outcome: 'disallow-all' });
  });

  it('an instant meta refresh: not indexable, the target named (relative to <base>), the tag as evidence; the target is not requested', async () => {
    const body = '<!doctype html><html><head><title>Old</title><base href="/new/"><meta http-equiv="refresh" content="0; URL=\'page.html\'"></head><body><p>Moved.</p></body></html>';
    const { c, calls } = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/old`]: page(body) });
    const r = await checkUrl(src(`${O}/old`), c);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(calls.map((x) => x.url)).toEqual([`${O}/robots.txt`, `${O}/old`]);
    expect(r.verdict).toBe('not-indexable');
    expect(codes(r)).toEqual(['block:metaRefreshInstant', 'info:canonicalNone', 'ok:status200', 'ok:robotsAllowed']);
    const evidence = { kind: 'tag', html: `<meta http-equiv="refresh" content="0; URL='page.html'">`, where: 'served', inBody: false };
    expect(r.reasons[0]).toEqual({
      code: 'metaRefreshInstant', severity: 'block', params: [`${O}/new/page.html`, '0'],
      message: `indexability.reason.metaRefreshInstant(${O}/new/page.html|0)`, sources: [evidence],
    });
    expect(r.metaRefresh).toEqual({ kind: 'instant', delaySeconds: 0, href: 'page.html', target: `${O}/new/page.html`, content: "0; URL='page.html'", from: 'served' });
    expect(siteRow(r)).toMatchObject({ verdict: 'not-indexable', why: ['metaRefreshInstant'], metaRefresh: { kind: 'instant', delaySeconds: 0, target: `${O}/new/page.html`, message: r.reasons[0]!.message } });
    // The Markdown export: the reason with the tag as code.
    expect(reportToMarkdown(r, t)).toContain(
      `- **report.severity.block()** — indexability.reason.metaRefreshInstant(${O}/new/page.html|0)\n  - \`report.source.tagServed(<meta http-equiv="refresh" content="0; URL='page.html'">)\``,
    );
  });

  it('a delayed meta refresh is at risk; one past the byte limit does not exist for Google; an unreadable one is a note', async () => {
    const delayed = '<!doctype html><html><head><title>Soon</title><meta http-equiv="refresh" content="5; url=https://other.example/"></head><body><p>x</p></body></html>';
    const head = '<!doctype html><html><head><title>Big</title></head><body>';
    const past = head + '<p>' + 'a'.repeat(2_200_000) + '</p><meta http-equiv="refresh" content="0; url=/elsewhere"></body></html>';
    const bad = '<!doctype html><html><head><title>Bad</title><meta http-equiv="refresh" content="; url=/x"></head><body><p>x</p></body></html>';
    const { c } = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/d`]: page(delayed), [`${O}/big`]: page(past), [`${O}/bad`]: page(bad) });
    const d = await checkUrl(src(`${O}/d`), c);
    expect(reportSchemaErrors(d)).toEqual([]);
    expect(d.verdict).toBe('at-risk');
    expect(d.reasons[0]).toMatchObject({ code: 'metaRefreshDelayed', severity: 'risk', params: ['https://other.example/', '5'] });
    expect(siteRow(d).metaRefresh).toMatchObject({ kind: 'delayed', delaySeconds: 5, target: 'https://other.example/' });

    const big = await checkUrl(src(`${O}/big`), c);
    expect(reportSchemaErrors(big)).toEqual([]);
    expect(big.bytes?.truncated).toBe(true);
    expect(big.metaRefresh).toBeNull();
    expect(codes(big).filter((x) => x.includes('metaRefresh'))).toEqual([]);
    expect(siteRow(big).metaRefresh).toBeNull();

    const b = await checkUrl(src(`${O}/bad`), c);
    expect(b.verdict).toBe('indexable');
    expect(b.reasons[0]).toMatchObject({ code: 'metaRefreshInvalid', severity: 'info', params: ['; url=/x'] });
    expect(b.metaRefresh).toBeNull();
  });

  it('Googlebot Desktop on request: its own User-Agent, named in the report', async () => {
    const desktop = googlebotUserAgent('desktop');
    const { c, calls } = ctx({ [`${O}/robots.txt`]: robots(''), [`${O}/a`]: page('<title>a</title>') }, { agent: 'desktop', userAgent: desktop });
    const r = await checkUrl(src(`${O}/a`), c);
    expect(calls.every((x) => x.userAgent === desktop)).toBe(true);
    expect(r.siteCheck).toMatchObject({ agent: 'desktop', userAgent: desktop });
  });
});

describe('the table row and its CSV', () => {
  it('CSV: RFC 4180 quoting; a cell a spreadsheet would run as a formula is defused', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(null)).toBe('');
  });

  it('rowsToCsv: a header line, then one line per row, CRLF', () => {
    const csv = rowsToCsv([
      {
        url: 'https://s/a', finalUrl: 'https://s/a', sitemap: 'https://s/sm.xml', verdict: 'at-risk', why: ['pastCut'], status: 200, redirects: 0, error: null,
        bytes: 2_100_000, limit: 2_097_152, truncated: true, cutOffset: 2_097_152, lost: ['<link> https://s/a', '<h2> More'], bytesLowerBound: false,
        robots: { allowed: true, line: null, rule: null, robotsUrl: 'https://s/robots.txt', outcome: 'parse' }, canonical: null, noindex: [], metaRefresh: null,
        structured: { items: 2, errors: 1, warnings: 0, lost: 1, rendered: 0, list: [{ types: ['Product'], status: 'lost', verdict: 'errors', findings: [] }, { types: ['BreadcrumbList'], status: 'served', verdict: 'eligible', findings: [] }] },
      },
    ]);
    expect(csv).toBe(
      'url,final_url,verdict,why,status,redirects,error,bytes,limit,truncated,cut_offset,lost,googlebot_robots,robots_line,robots_rule,canonical,noindex,sitemap,structured_items,structured_errors,structured_warnings,structured_types\r\n' +
        'https://s/a,https://s/a,at-risk,pastCut,200,0,,2100000,2097152,true,2097152,<link> https://s/a | <h2> More,allowed,,,,,https://s/sm.xml,2,1,0,Product | BreadcrumbList\r\n',
    );
  });
});
