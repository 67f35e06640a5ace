// The crawl's output pieces on the command line: the report spool (reports wait in a file, then
// come out in order with their crawl facts), the links CSV line, the site findings' lines.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReportSpool, reportJson, siteFindingsLines } from '../../../cli/crawlOutput';
import { linkCsvHeader, linkCsvLine, type CrawlEnd, type CrawlResult } from '../../../lib/sitecheck';
import type { Report } from '../../../lib/report';
import { say, translatorOf } from '../../support/say';

const report = (url: string, extra: Record<string, unknown> = {}) =>
  ({ url, verdict: 'indexable', ...extra, siteCheck: { requestedUrl: url, sitemap: null, sitemapLine: null } }) as unknown as Report;

const result = (over: Partial<CrawlResult> = {}): CrawlResult => ({
  start: ['https://a.example/'],
  partial: false,
  ended: 'done',
  sitemapsRead: true,
  rendered: false,
  maxDepth: 10,
  urls: { checked: 2, known: 3, notKept: 0 },
  links: { pages: 2, links: 3, followed: 2, nofollow: 1, pastCut: 0, afterRendering: 0, foreign: 0, bad: 0, depthLimited: 0, notKept: 0 },
  findings: [],
  ...over,
});

describe('crawl output', () => {
  it('reportJson puts siteCheck last, whatever came after it (a render block)', () => {
    const r = { url: 'u', siteCheck: { requestedUrl: 'u' }, render: { x: 1 } } as unknown as Report;
    expect(reportJson(r)).toBe('{"url":"u","render":{"x":1},"siteCheck":{"requestedUrl":"u"}}');
  });

  it('the spool gives back every report in order, each with its depth, first link and inlinks; a URL the graph lacks unchanged', async () => {
    const spool = createReportSpool();
    for (let i = 0; i < 3000; i++) spool.add(report(`https://a.example/${i}`, { title: 'x'.repeat(100) }));
    const end = {
      result: result(),
      facts: (u: string) => (u === 'https://a.example/1' ? { depth: 1, discoveredFrom: { url: 'https://a.example/0', anchorText: 'One "1"', offset: 120, afterRendering: false }, inlinks: 2 } : u === 'https://a.example/2' ? null : { depth: 0, discoveredFrom: null, inlinks: 0 }),
      links: async function* () {},
    } satisfies CrawlEnd;
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    await spool.drain(out, end);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Report);
    expect(lines.length).toBe(3000);
    expect(lines.map((r) => r.url).slice(0, 3)).toEqual(['https://a.example/0', 'https://a.example/1', 'https://a.example/2']);
    expect(lines[1]!.siteCheck).toEqual({ requestedUrl: 'https://a.example/1', sitemap: null, sitemapLine: null, depth: 1, discoveredFrom: { url: 'https://a.example/0', anchorText: 'One "1"', offset: 120, afterRendering: false }, inlinks: 2 });
    expect(lines[2]!.siteCheck).toEqual({ requestedUrl: 'https://a.example/2', sitemap: null, sitemapLine: null });
    expect(lines[0]!.siteCheck).toMatchObject({ depth: 0, discoveredFrom: null, inlinks: 0 });
  });

  it('a link as CSV: a formula, quotes, a comma and a line break in anchor text stay data', () => {
    expect(linkCsvHeader()).toBe('source,target,anchor_text,nofollow,past_cut,after_rendering\r\n');
    expect(linkCsvLine({ source: 'https://a.example/', target: 'https://a.example/b', anchorText: '=1+1, "x"\nnext', nofollow: true, pastCut: false, afterRendering: true })).toBe(
      'https://a.example/,https://a.example/b,"\'=1+1, ""x""\nnext",true,false,true\r\n',
    );
    expect(linkCsvLine({ source: 's', target: 't', anchorText: '', nofollow: false, pastCut: true, afterRendering: false })).toBe('s,t,,false,true,false\r\n');
  });

  it('the findings in words: partial and no findings said; control characters never reach the terminal', () => {
    const t = translatorOf('en').t;
    const partial = siteFindingsLines(result({ partial: true, ended: 'cancelled', findings: [] }), t);
    expect(partial).toContain(say('crawl.partial', [2]));
    expect(partial).toContain(say('crawl.noFindings'));
    const hostile = siteFindingsLines(result({ findings: [{ code: 'duplicateTitle', severity: 'warning', count: 1, items: [{ url: 'https://a.example/', title: 'A\u001b[31mred', urls: ['https://a.example/', 'https://a.example/b'] }] }] }), t);
    expect(hostile).toContain(`    ${say('crawl.finding.duplicateTitle.item', ['A\ufffd[31mred', 'https://a.example/, https://a.example/b'])}`);
    expect(hostile.join('\n')).not.toContain('\u001b');
  });
});
