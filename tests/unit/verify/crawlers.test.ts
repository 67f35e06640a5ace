// "Is it really that crawler?" for the other crawlers of the catalog: their IP lists (fixtures in
// the documented shape), reverse + forward DNS where the operator documents a domain, and a log
// summary row per crawler.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claimedOtherCrawler, CRAWLER_CATALOG, CRAWLER_IP_LISTS, crawlerListUrl } from '../../../lib/crawlers';
import {
  createLogAggregator,
  summarizeOtherCrawlers,
  validateRangeFile,
  verifyCrawlerIp,
  verifyOtherTally,
  type CrawlerLists,
  type DnsResolver,
  type RangeFile,
} from '../../../lib/verify';

const fixture = (file: string) => readFileSync(new URL(`../../fixtures/crawler-ipranges/${file}`, import.meta.url), 'utf8');
const listOf = (file: string): RangeFile => {
  const v = validateRangeFile(200, fixture(file));
  if (!v.ok) throw new Error(`${file}: ${v.code}`);
  return v.file;
};
const LISTS: CrawlerLists = {
  GPTBot: listOf('gptbot.json'),
  'OAI-SearchBot': listOf('oai-searchbot.json'),
  'ChatGPT-User': listOf('chatgpt-user.json'),
  PerplexityBot: listOf('perplexitybot.json'),
  Applebot: listOf('applebot.json'),
  CCBot: listOf('ccbot.json'),
};

function tableResolver(table: Record<string, string[] | 'fail'>, log: string[] = []): DnsResolver {
  return async (name, type) => {
    log.push(`${type} ${name}`);
    const v = table[`${type} ${name}`];
    if (v === 'fail') return { kind: 'error', message: 'resolver unreachable' };
    if (!v) return { kind: 'nxdomain', ttl: 60 };
    return { kind: 'answer', records: v.map((data) => ({ data, ttl: 300 })) };
  };
}
const DNS = tableResolver({
  // Apple's own example of a real Applebot.
  'PTR 179.101.58.17.in-addr.arpa': ['17-58-101-179.applebot.apple.com.'],
  'A 17-58-101-179.applebot.apple.com': ['17.58.101.179'],
  // A real bingbot.
  'PTR 39.39.55.157.in-addr.arpa': ['msnbot-157-55-39-39.search.msn.com.'],
  'A msnbot-157-55-39-39.search.msn.com': ['157.55.39.39'],
  // A scraper with an honest PTR, and one with a forged one.
  'PTR 10.64.83.45.in-addr.arpa': ['scraper.example.net.'],
  'PTR 11.64.83.45.in-addr.arpa': ['17-58-101-179.applebot.apple.com.'],
  'PTR 3.2.1.52.in-addr.arpa': 'fail',
});

describe('the lists: which crawlers publish one, and where', () => {
  it('every documented JSON list, with its operator address', () => {
    expect(CRAWLER_IP_LISTS.map((l) => [l.token, l.url])).toEqual([
      ['GPTBot', 'https://openai.com/gptbot.json'],
      ['OAI-SearchBot', 'https://openai.com/searchbot.json'],
      ['ChatGPT-User', 'https://openai.com/chatgpt-user.json'],
      ['PerplexityBot', 'https://www.perplexity.com/perplexitybot.json'],
      ['Perplexity-User', 'https://www.perplexity.com/perplexity-user.json'],
      ['Applebot', 'https://search.developer.apple.com/applebot.json'],
      ['bingbot', 'https://www.bing.com/toolbox/bingbot.json'],
      ['CCBot', 'https://index.commoncrawl.org/ccbot.json'],
    ]);
    expect(crawlerListUrl(CRAWLER_IP_LISTS[0]!, 'http://127.0.0.1:9/verify/ipranges')).toBe('http://127.0.0.1:9/verify/ipranges/crawlers/gptbot.json');
    expect(crawlerListUrl(CRAWLER_IP_LISTS[0]!, null)).toBe('https://openai.com/gptbot.json');
  });

  it('fixture files in the documented shape are read with their prefixes', () => {
    expect(validateRangeFile(200, fixture('oai-searchbot.json'))).toMatchObject({ ok: true, ipv4: 3, ipv6: 0, file: { creationTime: '2026-11-29T00:00:00.000000' } });
    expect(validateRangeFile(200, fixture('applebot.json'))).toMatchObject({ ok: true, ipv4: 1, ipv6: 1 });
  });

  it('a list of another shape, HTML, or an error status is refused with a clear code', () => {
    expect(validateRangeFile(200, '{"ranges":[{"cidr":"157.55.39.0/24"}]}')).toEqual({ ok: false, code: 'refreshNoPrefixes', params: ['keys: ranges'] });
    expect(validateRangeFile(200, '<!doctype html><p>Sign in')).toEqual({ ok: false, code: 'refreshHtml', params: [] });
    expect(validateRangeFile(200, '{"prefixes":[{"cidr":"1.2.3.0/24"}]}')).toEqual({ ok: false, code: 'refreshBadPrefix', params: [0, '{"cidr":"1.2.3.0/24"}'] });
    expect(validateRangeFile(503, 'down')).toEqual({ ok: false, code: 'refreshHttp', params: [503] });
  });
});

describe('which crawler a User-Agent claims', () => {
  it('each documented User-Agent names its own crawler', () => {
    for (const c of CRAWLER_CATALOG) {
      const uas = Array.isArray(c.userAgents.value) ? c.userAgents.value : [];
      for (const u of uas) expect(claimedOtherCrawler(u.value), c.token).toBe(c.token);
    }
  });
  it('a word, not part of another name; Google and browsers claim none', () => {
    expect(claimedOtherCrawler('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Safari/605.1.15')).toBeNull();
    expect(claimedOtherCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBeNull();
    expect(claimedOtherCrawler('Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)')).toBe('ClaudeBot');
    expect(claimedOtherCrawler('Claude-SearchBot/1.0')).toBe('Claude-SearchBot');
    expect(claimedOtherCrawler('Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)')).toBe('Bytespider');
    expect(claimedOtherCrawler('NotGPTBotX/1.0')).toBeNull();
  });
});

describe('is it really that crawler?', () => {
  it('inside its operator\'s list: theirs, with the prefix and the list', async () => {
    expect(await verifyCrawlerIp('20.171.206.5', 'GPTBot', LISTS, null)).toMatchObject({
      ip: '20.171.206.5', token: 'GPTBot', verdict: 'theirs', range: { category: 'GPTBot', prefix: '20.171.206.0/24' },
      reason: { ns: 'crawlerReason', code: 'inList', params: ['OpenAI', '20.171.206.0/24', 'https://openai.com/gptbot.json'] },
    });
    // The same address is not OAI-SearchBot's: each list answers for its own crawler only.
    expect(await verifyCrawlerIp('20.171.206.5', 'OAI-SearchBot', LISTS, null)).toMatchObject({ verdict: 'notTheirs', reason: { code: 'notInList', params: ['OpenAI', 'https://openai.com/searchbot.json'] } });
  });
  it('outside a fetched list, no documented domain: not theirs; a list not fetched yet: unverified', async () => {
    expect(await verifyCrawlerIp('45.83.64.10', 'GPTBot', LISTS, DNS)).toMatchObject({ verdict: 'notTheirs', dns: null, reason: { code: 'notInList' } });
    expect(await verifyCrawlerIp('45.83.64.10', 'GPTBot', {}, DNS)).toMatchObject({ verdict: 'unverified', reason: { code: 'listNotFetched', params: ['OpenAI'] } });
  });
  it('an operator that publishes neither a list nor a domain: never verified, never called fake', async () => {
    expect(await verifyCrawlerIp('45.83.64.10', 'ClaudeBot', LISTS, DNS)).toMatchObject({ verdict: 'unverified', reason: { code: 'noMeans', params: ['Anthropic'] } });
  });
  it('reverse + forward DNS in the documented domain: Applebot (Apple\'s own example), bingbot', async () => {
    const log: string[] = [];
    const v = await verifyCrawlerIp('17.58.101.179', 'Applebot', LISTS, tableResolver({ 'PTR 179.101.58.17.in-addr.arpa': ['17-58-101-179.applebot.apple.com.'], 'A 17-58-101-179.applebot.apple.com': ['17.58.101.179'] }, log));
    expect(v).toMatchObject({ verdict: 'theirs', range: null, reason: { code: 'dnsConfirmed', params: ['17-58-101-179.applebot.apple.com', 'applebot.apple.com'] } });
    expect(log).toEqual(['PTR 179.101.58.17.in-addr.arpa', 'A 17-58-101-179.applebot.apple.com']);
    expect(await verifyCrawlerIp('157.55.39.39', 'bingbot', {}, DNS)).toMatchObject({ verdict: 'theirs', reason: { code: 'dnsConfirmed', params: ['msnbot-157-55-39-39.search.msn.com', 'search.msn.com'] } });
    // Inside Apple's list: no DNS needed.
    expect(await verifyCrawlerIp('17.22.237.9', 'Applebot', LISTS, DNS, { dns: 'outsideRanges' })).toMatchObject({ verdict: 'theirs', dns: null, reason: { code: 'inList' } });
  });
  it('a PTR outside the domain, a forged PTR, no PTR: not theirs; a DNS failure: unverified', async () => {
    expect(await verifyCrawlerIp('45.83.64.10', 'Applebot', LISTS, DNS)).toMatchObject({ verdict: 'notTheirs', reason: { code: 'ptrNotTheirs', params: ['scraper.example.net', 'applebot.apple.com', 'Apple'] } });
    expect(await verifyCrawlerIp('45.83.64.11', 'Applebot', LISTS, DNS)).toMatchObject({
      verdict: 'notTheirs', reason: { code: 'forwardMismatch', params: ['17-58-101-179.applebot.apple.com', 'applebot.apple.com', '17.58.101.179'] },
    });
    expect(await verifyCrawlerIp('45.83.64.12', 'Amazonbot', {}, DNS)).toMatchObject({ verdict: 'notTheirs', reason: { code: 'noPtr', params: ['12.64.83.45.in-addr.arpa', 'Amazon'] } });
    expect(await verifyCrawlerIp('52.1.2.3', 'CCBot', LISTS, DNS)).toMatchObject({ verdict: 'unverified', reason: { code: 'dnsFailed', params: ['resolver unreachable'] } });
    // Without a DNS check, a list alone does not say "not Apple's".
    expect(await verifyCrawlerIp('45.83.64.10', 'Applebot', LISTS, null)).toMatchObject({ verdict: 'unverified', reason: { code: 'dnsNotChecked', params: ['Apple'] } });
  });
  it('malformed and private addresses', async () => {
    expect(await verifyCrawlerIp('1.2.3', 'GPTBot', LISTS, DNS)).toMatchObject({ verdict: 'invalid', ip: null, reason: { ns: 'reason', code: 'ipv4NotDotted' } });
    expect(await verifyCrawlerIp('10.0.0.1', 'Applebot', LISTS, DNS)).toMatchObject({ verdict: 'unverified', reason: { ns: 'reason', code: 'reservedAddress', params: ['10.0.0.1', 'private'] } });
  });
});

describe('a log: a row per claimed crawler — requests, verified, not theirs, unverified', () => {
  const line = (ip: string, ua: string, path = '/') => `${ip} - - [29/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
  const ua = (token: string) => {
    const c = CRAWLER_CATALOG.find((x) => x.token === token)!;
    return Array.isArray(c.userAgents.value) && c.userAgents.value.length ? c.userAgents.value[0]!.value : `Mozilla/5.0 (compatible; ${token}/1.0)`;
  };
  const lines = [
    ...Array.from({ length: 5 }, () => line('20.171.206.5', ua('GPTBot'))),
    ...Array.from({ length: 3 }, () => line('45.83.64.10', ua('GPTBot'))),
    ...Array.from({ length: 4 }, () => line('17.58.101.179', ua('Applebot'))),
    ...Array.from({ length: 2 }, () => line('45.83.64.11', ua('Applebot'))),
    ...Array.from({ length: 6 }, () => line('1.2.3.4', ua('ClaudeBot'))),
    line('66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    line('9.9.9.9', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'),
  ];

  it('the tally counts each claimed crawler by token and address; Google claims stay Google\'s', () => {
    const agg = createLogAggregator();
    lines.forEach((l, i) => agg.line(l, i + 1));
    const t = agg.tally();
    expect(t.googleLines).toBe(1);
    expect(t.otherLines).toEqual({ GPTBot: 8, Applebot: 6, ClaudeBot: 6 });
    expect(t.otherIps.map((x) => [x.ip, x.lines, x.tokens])).toEqual([
      ['20.171.206.5', 5, { GPTBot: 5 }],
      ['45.83.64.10', 3, { GPTBot: 3 }],
      ['17.58.101.179', 4, { Applebot: 4 }],
      ['45.83.64.11', 2, { Applebot: 2 }],
      ['1.2.3.4', 6, { ClaudeBot: 6 }],
    ]);
  });

  it('verified by list or DNS, not theirs, unverified — busiest first', async () => {
    const agg = createLogAggregator();
    lines.forEach((l, i) => agg.line(l, i + 1));
    const tally = agg.tally();
    const { outcomes, dnsCapped } = await verifyOtherTally(tally, LISTS, DNS);
    expect(dnsCapped).toBe(0);
    expect(summarizeOtherCrawlers(tally, outcomes)).toEqual([
      { token: 'GPTBot', requests: 8, verified: 5, notTheirs: 3, unverified: 0 },
      { token: 'Applebot', requests: 6, verified: 4, notTheirs: 2, unverified: 0 },
      { token: 'ClaudeBot', requests: 6, verified: 0, notTheirs: 0, unverified: 6 },
    ]);
    // Without the lists fetched: GPTBot cannot be checked; Applebot still by DNS.
    const none = await verifyOtherTally(tally, {}, DNS);
    expect(summarizeOtherCrawlers(tally, none.outcomes).map((r) => [r.token, r.verified, r.notTheirs, r.unverified])).toEqual([
      ['GPTBot', 0, 0, 8],
      ['Applebot', 4, 2, 0],
      ['ClaudeBot', 0, 0, 6],
    ]);
    // The DNS budget spent: the rest stay unverified, and are counted.
    const capped = await verifyOtherTally(tally, LISTS, DNS, { maxDns: 1 });
    expect(capped.dnsCapped).toBe(1);
    expect(summarizeOtherCrawlers(tally, capped.outcomes).find((r) => r.token === 'Applebot')).toEqual({ token: 'Applebot', requests: 6, verified: 4, notTheirs: 0, unverified: 2 });
  });

  it('addresses past the tracking cap are unverified', async () => {
    const agg = createLogAggregator({ maxIps: 1, maxPaths: 10, maxStatuses: 10, maxHours: 10, maxExamples: 1, exampleChars: 10 });
    lines.forEach((l, i) => agg.line(l, i + 1));
    const tally = agg.tally();
    expect(tally.otherOverflowLines).toBe(15);
    const { outcomes } = await verifyOtherTally(tally, LISTS, DNS);
    expect(summarizeOtherCrawlers(tally, outcomes)).toEqual([
      { token: 'GPTBot', requests: 8, verified: 5, notTheirs: 0, unverified: 3 },
      { token: 'Applebot', requests: 6, verified: 0, notTheirs: 0, unverified: 6 },
      { token: 'ClaudeBot', requests: 6, verified: 0, notTheirs: 0, unverified: 6 },
    ]);
  });
});
