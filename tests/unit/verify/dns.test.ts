import { describe, expect, it } from 'vitest';
import {
  createCachedResolver,
  createDohResolver,
  hostnameCategory,
  parseDohJson,
  parseIp,
  reverseName,
  verifyIp,
  type DnsAnswer,
  type DnsResolver,
} from '../../../lib/verify';
import { loadSnapshot } from './ranges';

const files = loadSnapshot();

/** A resolver answering from a table; a missing name is NXDOMAIN, `'fail'` a resolver error. */
function tableResolver(table: Record<string, string[] | 'fail'>, log: string[] = []): DnsResolver {
  return async (name, type) => {
    log.push(`${type} ${name}`);
    const v = table[`${type} ${name}`];
    if (v === 'fail') return { kind: 'error', message: 'resolver unreachable' };
    if (!v) return { kind: 'nxdomain', ttl: 60 };
    return { kind: 'answer', records: v.map((data) => ({ data, ttl: 300 })) };
  };
}

describe('reverseName', () => {
  it('IPv4 → in-addr.arpa', () => {
    const p = parseIp('66.249.66.1');
    expect(p.ok && reverseName(p.addr)).toBe('1.66.249.66.in-addr.arpa');
  });
  it('IPv6 → 32 nibbles under ip6.arpa', () => {
    const p = parseIp('2001:4860:4801:10::1');
    expect(p.ok && reverseName(p.addr)).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.1.0.0.1.0.8.4.0.6.8.4.1.0.0.2.ip6.arpa');
  });
});

describe('hostnameCategory — Google\'s documented name patterns', () => {
  it.each([
    ['crawl-66-249-66-1.googlebot.com.', true, 'common-crawlers'],
    ['geo-crawl-35-247-243-240.geo.googlebot.com', true, 'common-crawlers'],
    ['rate-limited-proxy-108-177-2-1.google.com', true, 'special-crawlers'],
    ['34-116-37-5.gae.googleusercontent.com', true, 'user-triggered-fetchers'],
    ['google-proxy-66-249-83-1.google.com', true, 'user-triggered-fetchers-google'],
    ['CRAWL-66-249-66-1.GOOGLEBOT.COM', true, 'common-crawlers'],
    ['something.googlebot.com', true, null],
    ['crawl-66-249-66-1.googlebot.com.evil.example', false, null],
    ['crawl-66-249-66-1.notgooglebot.com', false, null],
    ['scraper.example.net', false, null],
  ])('%s → google domain %s, category %s', (name, googleDomain, category) => {
    const v = hostnameCategory(name);
    expect([v.googleDomain, v.category]).toEqual([googleDomain, category]);
  });
});

describe('verifyIp — ranges, then reverse and forward DNS', () => {
  const table = {
    'PTR 1.66.249.66.in-addr.arpa': ['crawl-66-249-66-1.googlebot.com.'],
    'A crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
    // A Google host outside the published snapshot, confirmed by DNS.
    'PTR 9.80.249.66.in-addr.arpa': ['crawl-66-249-80-9.googlebot.com.'],
    'A crawl-66-249-80-9.googlebot.com': ['66.249.80.9'],
    // Forged PTR: claims Googlebot, but the forward lookup gives another address.
    'PTR 11.64.83.45.in-addr.arpa': ['crawl-66-249-66-1.googlebot.com.'],
    // Two PTR names: the second is the real one.
    'PTR 12.80.249.66.in-addr.arpa': ['mail.example.org.', 'crawl-66-249-80-12.googlebot.com.'],
    'A crawl-66-249-80-12.googlebot.com': ['66.249.80.13', '66.249.80.12'],
    'PTR 10.64.83.45.in-addr.arpa': ['scraper.example.net.'],
    'PTR 3.2.1.52.in-addr.arpa': 'fail',
    'PTR 4.2.1.52.in-addr.arpa': ['crawl-52-1-2-4.googlebot.com.'],
    'A crawl-52-1-2-4.googlebot.com': 'fail',
    'PTR 1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.4.0.a.2.ip6.arpa': ['crawl-2a04-0-0-1.googlebot.com.'],
    'AAAA crawl-2a04-0-0-1.googlebot.com': ['2a04:0:0:0:0:0:0:1'],
  } as const;
  const resolver = tableResolver(table as unknown as Record<string, string[] | 'fail'>);

  it('a real Googlebot in a published range, confirmed by DNS too', async () => {
    const v = await verifyIp('66.249.66.1', files, resolver, { dns: 'always' });
    expect([v.verdict, v.category, v.range?.prefix, v.reason.code, v.dns?.outcome]).toEqual(['google', 'common-crawlers', '66.249.66.0/27', 'inRange', 'confirmed']);
    expect(v.dns?.hosts).toEqual([{ host: 'crawl-66-249-66-1.googlebot.com', googleDomain: true, category: 'common-crawlers', forward: 'match', addresses: ['66.249.66.1'] }]);
  });
  it('outside the ranges but reverse+forward DNS agree → Google, category from the name', async () => {
    const v = await verifyIp('66.249.80.9', files, resolver, { dns: 'outsideRanges' });
    expect([v.verdict, v.category, v.range, v.reason]).toEqual(['google', 'common-crawlers', null, { code: 'dnsConfirmed', params: ['crawl-66-249-80-9.googlebot.com'] }]);
  });
  it('every PTR name is tried: the second of two confirms', async () => {
    const v = await verifyIp('66.249.80.12', files, resolver, { dns: 'outsideRanges' });
    expect([v.verdict, v.dns?.hosts.map((h) => h.forward)]).toEqual(['google', ['skipped', 'match']]);
  });
  it('a forged PTR whose forward lookup differs is not Google', async () => {
    const v = await verifyIp('45.83.64.11', files, resolver, { dns: 'outsideRanges' });
    expect([v.verdict, v.reason]).toEqual(['notGoogle', { code: 'forwardMismatch', params: ['crawl-66-249-66-1.googlebot.com', '66.249.66.1'] }]);
  });
  it('a PTR outside Google\'s domains, and no PTR at all, are not Google', async () => {
    expect((await verifyIp('45.83.64.10', files, resolver, { dns: 'outsideRanges' })).reason).toEqual({ code: 'ptrNotGoogle', params: ['scraper.example.net'] });
    const none = await verifyIp('45.83.64.12', files, resolver, { dns: 'outsideRanges' });
    expect([none.verdict, none.reason]).toEqual(['notGoogle', { code: 'noPtr', params: ['12.64.83.45.in-addr.arpa'] }]);
  });
  it('a failed lookup is "unverified", never fake — reverse or forward', async () => {
    const a = await verifyIp('52.1.2.3', files, resolver, { dns: 'outsideRanges' });
    expect([a.verdict, a.reason]).toEqual(['unverified', { code: 'dnsFailed', params: ['resolver unreachable'] }]);
    const b = await verifyIp('52.1.2.4', files, resolver, { dns: 'outsideRanges' });
    expect([b.verdict, b.dns?.outcome]).toEqual(['unverified', 'failed']);
  });
  it('in a published range, a failing resolver does not change the verdict', async () => {
    const v = await verifyIp('66.249.64.1', files, tableResolver({ 'PTR 1.64.249.66.in-addr.arpa': 'fail' }), { dns: 'always' });
    expect([v.verdict, v.dns?.outcome]).toEqual(['google', 'failed']);
  });
  it('IPv6 uses ip6.arpa and AAAA; IPv4-mapped input is checked as IPv4', async () => {
    const v6 = await verifyIp('2a04::1', files, resolver, { dns: 'outsideRanges' });
    expect([v6.verdict, v6.ip]).toEqual(['google', '2a04::1']);
    const mapped = await verifyIp('::ffff:66.249.80.9', files, resolver, { dns: 'outsideRanges' });
    expect([mapped.verdict, mapped.ip, mapped.mapped]).toEqual(['google', '66.249.80.9', true]);
  });
  it('private and reserved addresses are said so, with no lookup', async () => {
    const log: string[] = [];
    const v = await verifyIp('192.168.0.7', files, tableResolver({}, log), { dns: 'always' });
    expect([v.verdict, v.reason, log]).toEqual(['unverified', { code: 'reservedAddress', params: ['192.168.0.7', 'private'] }, []]);
  });
  it('malformed input is "invalid" with the parse error', async () => {
    const v = await verifyIp('66.249.66.300', files, resolver, { dns: 'always' });
    expect([v.verdict, v.reason.code]).toEqual(['invalid', 'ipInvalid']);
  });
});

describe('DNS-over-HTTPS JSON', () => {
  it('parses answers, keeps only the type asked (skipping CNAME links), NXDOMAIN and errors', () => {
    const body = JSON.stringify({ Status: 0, Answer: [{ name: 'x.', type: 5, TTL: 10, data: 'y.' }, { name: 'y.', type: 12, TTL: 77, data: 'crawl-66-249-66-1.googlebot.com.' }] });
    expect(parseDohJson(body, 'PTR')).toEqual({ kind: 'answer', records: [{ data: 'crawl-66-249-66-1.googlebot.com.', ttl: 77 }] });
    expect(parseDohJson('{"Status":3,"Authority":[{"TTL":900}]}', 'PTR')).toEqual({ kind: 'nxdomain', ttl: 900 });
    expect(parseDohJson('{"Status":2}', 'A')).toEqual({ kind: 'error', message: 'DNS response code 2' });
    expect(parseDohJson('<html>', 'A')).toEqual({ kind: 'error', message: 'resolver answered something that is not JSON' });
  });
  it('asks name and type with accept: application/dns-json, and turns HTTP errors and timeouts into errors', async () => {
    const seen: string[] = [];
    const ok = createDohResolver({
      endpoint: 'https://cloudflare-dns.com/dns-query',
      fetch: async (url, init) => {
        seen.push(`${url} ${init.headers.accept}`);
        return { ok: true, status: 200, text: async () => '{"Status":0,"Answer":[{"type":1,"TTL":5,"data":"66.249.66.1"}]}' };
      },
    });
    expect(await ok('crawl-66-249-66-1.googlebot.com', 'A')).toEqual({ kind: 'answer', records: [{ data: '66.249.66.1', ttl: 5 }] });
    expect(seen).toEqual(['https://cloudflare-dns.com/dns-query?name=crawl-66-249-66-1.googlebot.com&type=A application/dns-json']);
    const http = createDohResolver({ endpoint: 'https://dns.google/resolve', fetch: async () => ({ ok: false, status: 503, text: async () => '' }) });
    expect(await http('x', 'A')).toEqual({ kind: 'error', message: 'resolver answered HTTP 503' });
    const slow = createDohResolver({
      endpoint: 'https://dns.google/resolve',
      timeoutMs: 20,
      fetch: (_u, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(await slow('x', 'A')).toEqual({ kind: 'error', message: 'resolver did not answer within 0.02 s' });
    const offline = createDohResolver({ endpoint: 'https://dns.google/resolve', fetch: async () => { throw new TypeError('Failed to fetch'); } });
    expect(await offline('x', 'PTR')).toEqual({ kind: 'error', message: 'Failed to fetch' });
  });
});

describe('createCachedResolver', () => {
  it('caches for the answer\'s TTL, shares questions in flight, never caches failures', async () => {
    let t = 0;
    let calls = 0;
    let fail = false;
    const inner: DnsResolver = async (): Promise<DnsAnswer> => {
      calls++;
      return fail ? { kind: 'error', message: 'down' } : { kind: 'answer', records: [{ data: '1.2.3.4', ttl: 120 }] };
    };
    const r = createCachedResolver(inner, { now: () => t, minIntervalMs: 0 });
    await Promise.all([r('a', 'A'), r('a', 'A'), r('A', 'A')]);
    expect(calls).toBe(1);
    t = 119_000;
    await r('a', 'A');
    expect(calls).toBe(1);
    t = 120_000;
    fail = true;
    expect(await r('a', 'A')).toEqual({ kind: 'error', message: 'down' });
    expect(await r('a', 'A')).toEqual({ kind: 'error', message: 'down' });
    expect(calls).toBe(3);
  });
  it('sends one question per minIntervalMs at most', async () => {
    const starts: number[] = [];
    const inner: DnsResolver = async () => {
      starts.push(Date.now());
      return { kind: 'nxdomain', ttl: 60 };
    };
    const r = createCachedResolver(inner, { maxConcurrent: 4, minIntervalMs: 40 });
    await Promise.all(['a', 'b', 'c', 'd'].map((n) => r(n, 'PTR')));
    expect(starts).toHaveLength(4);
    // Timers may fire a millisecond early; never a whole interval early.
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(38);
  });
  it('keeps at most maxConcurrent questions in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const inner: DnsResolver = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { kind: 'nxdomain', ttl: 60 };
    };
    const r = createCachedResolver(inner, { maxConcurrent: 3, minIntervalMs: 0 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => r(`n${i}`, 'PTR')));
    expect(peak).toBe(3);
    expect(r.size()).toBe(12);
  });
});
