// What the site check says (lib/sitecheck/display): each cell, sitemap line, problem and progress
// line of the page and the command line, in words from locales/en.yml (the figures written as
// Intl writes them in English), and in German where numbers are formatted.
import { describe, expect, it } from 'vitest';
import {
  bytesCell,
  canonicalCell,
  columnHeading,
  cutCell,
  LOST_SHOWN,
  lostCell,
  noindexCell,
  problemText,
  progressText,
  robotsCell,
  SITE_COLUMNS,
  sitemapText,
  statusCell,
  type SiteCheckProgress,
  type SiteRow,
  type SitemapProblem,
  type SitemapStatus,
} from '../../../lib/sitecheck';
import { verdictText, type Translate } from '../../../lib/report';
import type { FetchErrorCode } from '../../../lib/crawl';
import { messagesOf, say, sayIn, translatorOf } from '../../support/say';

const en = messagesOf('en');
/** English, as the page and the command line translate; a key that en.yml lacks fails the test. */
const t: Translate = (key, params) => {
  if (!(key in en)) throw new Error(`no message ${key} in locales/en.yml`);
  return translatorOf('en').t(key, params);
};
const de: Translate = (key, params) => translatorOf('de').t(key, params);
const number = translatorOf('en').formatters.number;
const none = en['sitecheck.none']!;

const O = 'https://site.example';
const row = (over: Partial<SiteRow> = {}): SiteRow => ({
  url: `${O}/a`,
  finalUrl: `${O}/a`,
  sitemap: `${O}/sitemap.xml`,
  verdict: 'indexable',
  why: [],
  status: 200,
  redirects: 0,
  error: null,
  bytes: 477,
  limit: 2_097_152,
  truncated: false,
  cutOffset: null,
  lost: [],
  bytesLowerBound: false,
  robots: { allowed: true, line: null, rule: null, robotsUrl: `${O}/robots.txt`, outcome: 'parsed' },
  canonical: `${O}/a`,
  noindex: [],
  metaRefresh: null,
  structured: null,
  ...over,
});

describe('the table cells', () => {
  it('verdict: the one word of the popup, the page, the CLI and the Markdown export', () => {
    expect(verdictText('indexable', t)).toBe(en['indexability.verdict.indexable']);
    expect(verdictText('at-risk', t)).toBe(en['indexability.verdict.atRisk']);
    expect(verdictText('not-indexable', t)).toBe(en['indexability.verdict.notIndexable']);
    expect(verdictText('at-risk', de)).toBe(messagesOf('de')['indexability.verdict.atRisk']);
  });

  it('status: the code as sent; a redirect on its own line; why there is none', () => {
    expect(statusCell(row(), t)).toEqual({ status: '200', redirects: null });
    expect(statusCell(row({ status: 1234 }), t).status).toBe('1234');
    expect(statusCell(row({ url: `${O}/r`, redirects: 2 }), t)).toEqual({ status: '200', redirects: say('sitecheck.redirects', [2, `${O}/a`]) });
    const blocked = row({ status: null, bytes: null, limit: null, robots: { allowed: false, line: 3, rule: 'Disallow: /', robotsUrl: `${O}/robots.txt`, outcome: 'parsed' } });
    expect(statusCell(blocked, t).status).toBe(en['sitecheck.notFetched']);
    expect(statusCell(row({ status: null, robots: null }), t).status).toBe(none);
  });

  it('status: a request that failed says how, in words (never the bare code)', () => {
    const codes: Record<FetchErrorCode, string> = {
      timeout: 'sitecheck.fetchError.timeout',
      network: 'sitecheck.fetchError.network',
      'redirect-loop': 'sitecheck.fetchError.redirectLoop',
      'too-many-redirects': 'sitecheck.fetchError.tooManyRedirects',
      'bad-redirect': 'sitecheck.fetchError.badRedirect',
    };
    for (const [code, key] of Object.entries(codes)) {
      expect(statusCell(row({ status: null, error: code as FetchErrorCode }), t).status).toBe(en[key]);
    }
    expect(new Set(Object.values(codes).map((k) => en[k])).size).toBe(5);
  });

  it('bytes: of the limit; at least, when the body did not end; over by, when cut', () => {
    expect(bytesCell(row(), t)).toBe(say('sitecheck.bytesOf', ['477', '2,097,152']));
    expect(bytesCell(row({ bytes: 1_048_576, bytesLowerBound: true }), t)).toBe(say('sitecheck.bytesOf', [say('sitecheck.lowerBound', ['1,048,576']), '2,097,152']));
    expect(bytesCell(row({ bytes: 2_600_168, truncated: true, cutOffset: 2_097_152 }), t)).toBe(say('sitecheck.bytesOver', ['2,600,168', '2,097,152', '503,016']));
    expect(bytesCell(row({ bytes: null, limit: null }), t)).toBe(none);
    expect(bytesCell(row({ bytes: 2_600_168, truncated: true }), de)).toBe(sayIn('de', 'sitecheck.bytesOver', ['2.600.168', '2.097.152', '503.016']));
  });

  it('cut: the response offset, formatted in the language', () => {
    expect(cutCell(row({ cutOffset: 2_097_152 }), t, number)).toBe('2,097,152');
    expect(cutCell(row({ cutOffset: 2_097_152 }), de, translatorOf('de').formatters.number)).toBe('2.097.152');
    expect(cutCell(row(), t, number)).toBe(none);
  });

  it(`lost: the first ${LOST_SHOWN} elements past the cut and how many more`, () => {
    const lost = ['<meta> robots', '<link> canonical', '<title> T', '<h2> A', '<p> B'];
    expect(lostCell(row({ lost }), t)).toEqual({
      items: lost.slice(0, 3),
      more: say('sitecheck.moreLost', [2]),
      text: `${lost.slice(0, 3).join(', ')}, ${say('sitecheck.moreLost', [2])}`,
    });
    expect(lostCell(row({ lost: ['<h2> A'] }), t)).toEqual({ items: ['<h2> A'], more: null, text: '<h2> A' });
    expect(lostCell(row(), t)).toEqual({ items: [], more: null, text: none });
  });

  it('robots.txt: allowed or blocked with the deciding line; unreachable; not asked', () => {
    const robots = (allowed: boolean, line: number | null, rule: string | null, outcome = 'parsed') => row({ robots: { allowed, line, rule, robotsUrl: `${O}/robots.txt`, outcome } });
    expect(robotsCell(robots(true, null, null), t)).toBe(en['sitecheck.robotsAllowed']);
    expect(robotsCell(robots(true, 4, 'Allow: /a'), t)).toBe(say('sitecheck.robotsAllowedLine', ['4', 'Allow: /a']));
    expect(robotsCell(robots(false, 3, 'Disallow: /blocked/'), t)).toBe(say('sitecheck.robotsDisallowed', ['3', 'Disallow: /blocked/']));
    expect(robotsCell(robots(false, null, null, 'disallow-all'), t)).toBe(en['sitecheck.robotsUnreachable']);
    expect(robotsCell(row({ robots: null }), t)).toBe(none);
  });

  it('canonical: "this URL" when it names where the redirects ended; else the URL', () => {
    expect(canonicalCell(row({ url: `${O}/r`, finalUrl: `${O}/a`, canonical: `${O}/a` }), t)).toBe(en['sitecheck.canonicalSelf']);
    expect(canonicalCell(row({ canonical: `${O}/other` }), t)).toBe(`${O}/other`);
    expect(canonicalCell(row({ canonical: null }), t)).toBe(none);
  });

  it('noindex: the header and the tag as sent', () => {
    expect(noindexCell(row({ noindex: ['X-Robots-Tag: noindex', '<meta name="robots" content="noindex">'] }), t)).toBe('X-Robots-Tag: noindex | <meta name="robots" content="noindex">');
    expect(noindexCell(row(), t)).toBe(none);
  });

  it('every column has its heading', () => {
    expect(SITE_COLUMNS.map((c) => columnHeading(c, t))).toEqual(SITE_COLUMNS.map((c) => en[`sitecheck.col.${c}`]));
  });
});

describe('sitemaps and problems', () => {
  const status = (over: Partial<SitemapStatus>): SitemapStatus => ({ url: `${O}/sitemap.xml`, from: { kind: 'given' }, status: 200, kind: 'urlset', entries: 4, bytes: 457, gzip: false, complete: true, problems: [], notAccepted: 0, duplicates: 0, ...over });

  it('a sitemap: its entries and bytes, its kind, where it was named', () => {
    const line = say('sitecheck.sitemapLine', [`${O}/sitemap.xml`, 2, 290]);
    const robots = sitemapText(status({ kind: 'sitemapindex', entries: 2, bytes: 290, from: { kind: 'robots', robotsUrl: `${O}/robots.txt`, line: 22 } }), t);
    expect(robots).toEqual({
      line,
      tags: [en['sitecheck.sitemapIndex']],
      from: say('sitecheck.sitemapFromRobots', [`${O}/robots.txt`, '22']),
      text: `${line} (${en['sitecheck.sitemapIndex']}) — ${say('sitecheck.sitemapFromRobots', [`${O}/robots.txt`, '22'])}`,
    });
    const gz = sitemapText(status({ url: `${O}/more.xml.gz`, gzip: true, entries: 1, bytes: 1_234, from: { kind: 'index', index: `${O}/sitemap.xml` } }), t);
    expect(gz.text).toBe(`${say('sitecheck.sitemapLine', [`${O}/more.xml.gz`, 1, 1_234])} (${en['sitecheck.sitemapGzip']}) — ${say('sitecheck.sitemapFromIndex', [`${O}/sitemap.xml`])}`);
    expect(gz.line).toContain('1,234');
    expect(sitemapText(status({}), t)).toEqual({ line: say('sitecheck.sitemapLine', [`${O}/sitemap.xml`, 4, 457]), tags: [], from: null, text: say('sitecheck.sitemapLine', [`${O}/sitemap.xml`, 4, 457]) });
  });

  it('a problem: its words, with the line when it has one', () => {
    const malformed: SitemapProblem = { code: 'malformed', sitemap: `${O}/s.xml`, line: 6, params: ['unexpected close tag.'], fatal: true };
    expect(problemText(malformed, t)).toBe(say('sitecheck.problemAt', ['6', say('sitecheck.problem.malformed', ['unexpected close tag.'])]));
    expect(problemText({ code: 'noSitemap', sitemap: '', line: null, params: [`${O}/robots.txt`], fatal: true }, t)).toBe(say('sitecheck.problem.noSitemap', [`${O}/robots.txt`]));
    expect(problemText({ code: 'tooManyUrls', sitemap: `${O}/s.xml`, line: 50_002, params: [50_000], fatal: true }, t)).toBe(say('sitecheck.problemAt', ['50,002', say('sitecheck.problem.tooManyUrls', [50_000])]));
  });
});

describe('progress', () => {
  const progress = (over: Partial<SiteCheckProgress>): SiteCheckProgress => ({
    state: 'running', discovering: false, done: 3, total: 1_200, byVerdict: { indexable: 2, 'at-risk': 0, 'not-indexable': 1 }, overLimit: 1, etaMs: 90_000, elapsedMs: 1_000, sitemaps: 1, problems: 0, duplicates: 0, notAccepted: 0, followForeign: false, unreachable: 0, maxTimeMs: 1_800_000, structured: { items: 0, errors: 0, warnings: 0, urlsWithErrors: 0, byType: {} }, ...over,
  });
  const duration = (ms: number) => `${ms / 1000} s`;

  it('running: the state, the count against the total, the time left; still reading sitemaps', () => {
    expect(progressText(progress({ discovering: true }), t, duration)).toEqual({
      state: en['sitecheck.state.running'],
      progress: say('sitecheck.progress', [3, '1,200']),
      discovering: en['sitecheck.discovering'],
      eta: say('sitecheck.eta', ['90 s']),
      counts: say('sitecheck.counts', ['2', '0', '1', '1']),
      ended: null,
      duplicates: null,
      notAccepted: null,
    });
    expect(progressText(progress({ state: 'paused' }), t, duration).eta).toBe(say('sitecheck.eta', ['90 s']));
  });

  it('done or cancelled: no time left; no pace yet: no time left either', () => {
    for (const state of ['done', 'cancelled'] as const) {
      const w = progressText(progress({ state, done: 1_200 }), t, duration);
      expect(w.state).toBe(en[`sitecheck.state.${state}`]);
      expect(w.eta).toBeNull();
      expect(w.progress).toBe(say('sitecheck.progress', [1_200, '1,200']));
    }
    expect(progressText(progress({ etaMs: null }), t, duration).eta).toBeNull();
    expect(progressText(progress({}), de, duration).counts).toBe(sayIn('de', 'sitecheck.counts', ['2', '0', '1', '1']));
  });

  it('cancelled or the time limit reached: says so, with the counts so far; done says nothing more', () => {
    expect(progressText(progress({ state: 'cancelled', done: 3 }), t, duration).ended).toBe(say('sitecheck.ended.cancelled', [3, '1,200']));
    const limit = progressText(progress({ state: 'timeLimit', done: 3, maxTimeMs: 90_000 }), t, duration);
    expect([limit.state, limit.ended, limit.eta]).toEqual([en['sitecheck.state.timeLimit'], say('sitecheck.ended.timeLimit', ['90 s', 3, '1,200']), null]);
    expect(progressText(progress({ state: 'done' }), t, duration).ended).toBeNull();
  });

  it('duplicates and URLs not accepted from their sitemap: counted; fetched or not, as chosen', () => {
    const w = progressText(progress({ duplicates: 2, notAccepted: 1 }), t, duration);
    expect([w.duplicates, w.notAccepted]).toEqual([say('sitecheck.duplicates', [2]), say('sitecheck.notAccepted', [1])]);
    expect(progressText(progress({ notAccepted: 3, followForeign: true }), t, duration).notAccepted).toBe(say('sitecheck.notAcceptedFetched', [3]));
  });
});

describe('sitemap scope in words', () => {
  it('a URL on another host, one outside the folder (with the robots.txt that names no such sitemap), counts on the sitemap line', () => {
    const foreign: SitemapProblem = { code: 'foreignHost', sitemap: `${O}/s.xml`, line: 3, params: ['https://other.example/a'], fatal: false };
    expect(problemText(foreign, t)).toBe(say('sitecheck.problemAt', [3, say('sitecheck.problem.foreignHost', ['https://other.example/a'])]));
    const outside: SitemapProblem = { code: 'outsideFolder', sitemap: `${O}/blog/s.xml`, line: 4, params: [`${O}/shop/a`, `${O}/blog/`, `${O}/robots.txt`], fatal: false };
    expect(problemText(outside, t)).toBe(say('sitecheck.problemAt', [4, say('sitecheck.problem.outsideFolder', [`${O}/shop/a`, `${O}/blog/`, `${O}/robots.txt`])]));
    const s: SitemapStatus = { url: `${O}/s.xml`, from: { kind: 'given' }, status: 200, kind: 'urlset', entries: 5, bytes: 500, gzip: false, complete: true, problems: [], notAccepted: 2, duplicates: 1 };
    expect(sitemapText(s, t).tags).toEqual([say('sitecheck.sitemapNotAccepted', [2]), say('sitecheck.sitemapDuplicates', [1])]);
  });
});
