import { describe, expect, it } from 'vitest';
import {
  countBlocked,
  CRAWLER_CATALOG,
  crawlerGroups,
  crawlerUserAgent,
  evaluateCrawlers,
  evaluateReportForCrawlers,
  findCrawler,
  NOT_DOCUMENTED,
  type CrawlerEntry,
  type Fact,
  type OtherCrawlerVerdict,
} from '../../../lib/crawlers';
import { isValidUserAgentToObey, type RobotsReport } from '../../../lib/robots';
import { othersRobotsTxt, OTHERS_LINES as L } from '../../fixtures/demo-site/routes/crawlers.mjs';

const O = 'https://example.com';
const by = (vs: OtherCrawlerVerdict[], token: string) => {
  const i = CRAWLER_CATALOG.findIndex((c) => c.token === token);
  if (i < 0) throw new Error(`no ${token}`);
  return vs[i]!;
};
const FACTS = ['purpose', 'robots', 'fallbacks', 'unreachable', 'javascript', 'userAgents', 'ipList', 'reverseDns'] as const;

describe('the catalog: rows and sources', () => {
  it('names every crawler the site owner asks about, in a fixed order', () => {
    expect(CRAWLER_CATALOG.map((c) => c.token)).toEqual([
      'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User',
      'Applebot', 'Applebot-Extended', 'bingbot', 'CCBot', 'Amazonbot', 'Meta-ExternalAgent', 'Bytespider', 'DuckAssistBot',
    ]);
  });

  it('every row has a documentation URL and every fact a source URL', () => {
    for (const c of CRAWLER_CATALOG) {
      expect(c.docs, c.token).toMatch(/^https:\/\/[^\s]+$/);
      for (const f of FACTS) expect((c[f] as Fact<unknown>).source, `${c.token}.${f}`).toMatch(/^https:\/\/[^\s]+$/);
    }
  });

  it('each token is one robots.txt can name (letters, "-", "_"), and tokens are unique case-insensitively', () => {
    for (const c of CRAWLER_CATALOG) expect(isValidUserAgentToObey(c.token), c.token).toBe(true);
    expect(new Set(CRAWLER_CATALOG.map((c) => c.token.toLowerCase())).size).toBe(CRAWLER_CATALOG.length);
  });

  it('documented User-Agent strings carry the token; IP lists are https JSON files; DNS domains are names', () => {
    for (const c of CRAWLER_CATALOG) {
      const uas = c.userAgents.value;
      if (Array.isArray(uas)) for (const u of uas) expect(u.value.toLowerCase(), c.token).toContain(c.token.toLowerCase());
      if (c.ipList.value !== NOT_DOCUMENTED) expect(c.ipList.value, c.token).toMatch(/^https:\/\/[^\s]+\.json$/);
      if (Array.isArray(c.reverseDns.value)) for (const d of c.reverseDns.value) expect(d).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('what is not documented says so (no guesses)', () => {
    const undocumented = (c: CrawlerEntry) => FACTS.filter((f) => (c[f] as Fact<unknown>).value === NOT_DOCUMENTED);
    // ByteDance documents nothing about Bytespider.
    expect(undocumented(findCrawler('Bytespider')!)).toEqual([...FACTS]);
    // Anthropic's page gives no User-Agent strings, no IP-list address, no DNS domain.
    expect(undocumented(findCrawler('ClaudeBot')!)).toEqual(['javascript', 'userAgents', 'ipList', 'reverseDns']);
    expect(findCrawler('Applebot')!.fallbacks).toEqual({ value: ['Googlebot'], source: 'https://support.apple.com/en-us/119829' });
    expect(findCrawler('CCBot')!.javascript.value).toBe(false);
    expect(findCrawler('Amazonbot')!.unreachable.value).toBe('crawl');
  });

  it('user-triggered fetchers whose operator says robots.txt may not apply', () => {
    expect(CRAWLER_CATALOG.filter((c) => c.robots.value === 'may-not-apply').map((c) => c.token)).toEqual(['ChatGPT-User', 'Perplexity-User']);
    expect(CRAWLER_CATALOG.filter((c) => c.purpose.value === 'user-triggered').map((c) => c.token)).toEqual(['ChatGPT-User', 'Claude-User', 'Perplexity-User']);
  });

  it('findCrawler compares tokens case-insensitively', () => {
    expect(findCrawler('gptbot')?.token).toBe('GPTBot');
    expect(findCrawler('BINGBOT')?.token).toBe('bingbot');
    expect(findCrawler('Googlebot')).toBeNull();
  });
});

describe('fallbacks: Applebot follows Googlebot only when no group names it', () => {
  it('a file that names only Googlebot decides for Applebot (its line, group "fallback: Googlebot")', () => {
    const v = by(evaluateCrawlers('User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /search\n', `${O}/search?q=1`), 'Applebot');
    expect(v).toMatchObject({ allowed: false, effect: 'blocked', group: 'fallback', groupToken: 'Googlebot', line: 5, groupLines: [4], reason: { code: 'disallowedByRule' } });
  });
  it('a file that names Applebot is decided by Applebot\'s own group, not Googlebot\'s', () => {
    const txt = 'User-agent: Googlebot\nDisallow: /search\n\nUser-agent: Applebot\nAllow: /\n';
    expect(by(evaluateCrawlers(txt, `${O}/search?q=1`), 'Applebot')).toMatchObject({ allowed: true, effect: 'allowed', group: 'own', groupToken: 'Applebot', line: 5 });
  });
  it('no Applebot and no Googlebot group: "*" applies (RFC 9309)', () => {
    expect(by(evaluateCrawlers('User-agent: *\nDisallow: /x\n', `${O}/x`), 'Applebot')).toMatchObject({ allowed: false, group: 'global', groupToken: '*', line: 2 });
  });
  it('nobody else falls back to Googlebot', () => {
    const vs = evaluateCrawlers('User-agent: Googlebot\nDisallow: /\n', `${O}/`);
    expect(CRAWLER_CATALOG.filter((c, i) => vs[i]!.allowed === false).map((c) => c.token)).toEqual(['Applebot']);
  });
});

describe('user-triggered rows are never counted as blocked', () => {
  const txt = 'User-agent: ChatGPT-User\nUser-agent: Perplexity-User\nUser-agent: Claude-User\nDisallow: /\n';
  const vs = evaluateCrawlers(txt, `${O}/a`);
  it('ChatGPT-User and Perplexity-User: the rule is read (line 4), the effect is "may not apply"', () => {
    expect(by(vs, 'ChatGPT-User')).toMatchObject({ allowed: false, effect: 'may-not-apply', line: 4, group: 'own' });
    expect(by(vs, 'Perplexity-User')).toMatchObject({ allowed: false, effect: 'may-not-apply', line: 4 });
    // Anthropic says Claude-User follows robots.txt: it is blocked here.
    expect(by(vs, 'Claude-User')).toMatchObject({ allowed: false, effect: 'blocked', line: 4 });
  });
  it('the summary counts none of them', () => {
    expect(countBlocked(vs)).toEqual([
      { group: 'training', total: 6, blocked: 0 },
      { group: 'ai-search', total: 4, blocked: 0 },
      { group: 'search', total: 2, blocked: 0 },
    ]);
  });
  it('even with everything disallowed, the user-triggered group shows no plain "blocked" for the may-not-apply two', () => {
    const all = evaluateCrawlers('User-agent: *\nDisallow: /\n', `${O}/a`);
    const group = crawlerGroups(all).find((g) => g.purpose === 'user-triggered')!;
    expect(group.rows.map((r) => [r.crawler.token, r.verdict.effect])).toEqual([
      ['ChatGPT-User', 'may-not-apply'],
      ['Claude-User', 'blocked'],
      ['Perplexity-User', 'may-not-apply'],
    ]);
    expect(countBlocked(all)).toEqual([
      { group: 'training', total: 6, blocked: 6 },
      { group: 'ai-search', total: 4, blocked: 4 },
      { group: 'search', total: 2, blocked: 2 },
    ]);
  });
});

describe('the demo "others" robots.txt (GPTBot /, CCBot /private, Googlebot /g-only, no Applebot)', () => {
  const txt = othersRobotsTxt();
  it('GPTBot is blocked everywhere by line 3', () => {
    for (const p of ['/', '/others/page.html', '/private/page.html', '/g-only/page.html']) {
      expect(by(evaluateCrawlers(txt, `${O}${p}`), 'GPTBot')).toMatchObject({ effect: 'blocked', group: 'own', line: L.gptbotAll, rule: { kind: 'disallow', pattern: '/' } });
    }
  });
  it('CCBot only under /private (line 6)', () => {
    expect(by(evaluateCrawlers(txt, `${O}/private/page.html`), 'CCBot')).toMatchObject({ effect: 'blocked', line: L.ccbotPrivate });
    expect(by(evaluateCrawlers(txt, `${O}/others/page.html`), 'CCBot')).toMatchObject({ effect: 'allowed', group: 'own', line: null, reason: { code: 'noMatchingRule' } });
    expect(by(evaluateCrawlers(txt, `${O}/g-only/page.html`), 'CCBot').effect).toBe('allowed');
  });
  it("Applebot blocked on /g-only through Googlebot's group (line 9), allowed elsewhere", () => {
    expect(by(evaluateCrawlers(txt, `${O}/g-only/page.html`), 'Applebot')).toMatchObject({ effect: 'blocked', group: 'fallback', groupToken: 'Googlebot', line: L.googlebotGOnly });
    expect(by(evaluateCrawlers(txt, `${O}/private/page.html`), 'Applebot')).toMatchObject({ effect: 'allowed', group: 'fallback', line: null });
  });
  it('ChatGPT-User: no group, no "*": allowed by the file, and robots.txt may not apply to it', () => {
    expect(by(evaluateCrawlers(txt, `${O}/g-only/page.html`), 'ChatGPT-User')).toMatchObject({ allowed: true, effect: 'may-not-apply', group: 'none' });
  });
  it('the summary on /private/page.html: AI training 2 of 6 blocked', () => {
    expect(countBlocked(evaluateCrawlers(txt, `${O}/private/page.html`))[0]).toEqual({ group: 'training', total: 6, blocked: 2 });
  });
});

describe('a robots.txt that is missing or unreachable', () => {
  const report = (kind: 'allow-all' | 'disallow-all', code: string): RobotsReport =>
    ({ robotsUrl: `${O}/robots.txt`, outcome: { kind, code, params: [503] } }) as unknown as RobotsReport;
  it('missing (404): every crawler may crawl', () => {
    const vs = evaluateReportForCrawlers(report('allow-all', 'notFound'), `${O}/a`);
    expect(vs.every((v) => v.allowed && v.reason.code === 'robotsMissing')).toBe(true);
  });
  it('unreachable (503): RFC 9309 says complete disallow; Amazon documents that Amazonbot then crawls', () => {
    const vs = evaluateReportForCrawlers(report('disallow-all', 'serverError'), `${O}/a`);
    expect(by(vs, 'Amazonbot')).toMatchObject({ allowed: true, effect: 'allowed', reason: { code: 'unreachableCrawls', params: ['serverError', 'Amazonbot'] } });
    expect(by(vs, 'GPTBot')).toMatchObject({ allowed: false, effect: 'blocked', reason: { code: 'robotsUnreachable' } });
    expect(by(vs, 'ChatGPT-User')).toMatchObject({ allowed: false, effect: 'may-not-apply' });
  });
});

describe('the User-Agent to send as a catalog crawler', () => {
  it("is its operator's documented string", () => {
    expect(crawlerUserAgent('gptbot')).toEqual({ ok: true, token: 'GPTBot', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot' });
    expect(crawlerUserAgent('CCBot')).toEqual({ ok: true, token: 'CCBot', userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)' });
  });
  it('or none, with why', () => {
    expect(crawlerUserAgent('ClaudeBot')).toEqual({ ok: false, code: 'noUserAgent', token: 'ClaudeBot' });
    expect(crawlerUserAgent('applebot-extended')).toEqual({ ok: false, code: 'controlToken', token: 'Applebot-Extended' });
    expect(crawlerUserAgent('NoSuchBot')).toEqual({ ok: false, code: 'unknownCrawler', token: 'NoSuchBot' });
  });
});
