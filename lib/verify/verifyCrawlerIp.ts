import { findCrawler, NOT_DOCUMENTED } from '../crawlers';
import { compiledFor } from './classifyIp';
import { lookupRange } from './compileRanges';
import type { DnsResolver } from './dns';
import type { HostnameVerdict } from './hostnameCategory';
import { parseIp } from './parseIp';
import type { RangeFile, RangeMatch } from './types';
import { dnsCheck, type DnsEvidence } from './verifyIp';

/** theirs: the crawler's operator's address; notTheirs: the check answered no; unverified: it could not answer. */
export type CrawlerIpVerdictKind = 'theirs' | 'notTheirs' | 'unverified' | 'invalid';

export interface CrawlerIpVerdict {
  input: string;
  ip: string | null;
  token: string;
  verdict: CrawlerIpVerdictKind;
  /** The prefix of the operator's list that holds the address (its `category` is the crawler's token). */
  range: RangeMatch | null;
  dns: DnsEvidence | null;
  /** Why: a code under `verify.<ns>.` and its parameters (`reason` for the address itself, `crawlerReason` for the check). */
  reason: { ns: 'reason' | 'crawlerReason'; code: string; params: (string | number)[] };
}

/** Each crawler's downloaded list, by token (only the lists the user fetched). */
export type CrawlerLists = Readonly<Record<string, RangeFile | undefined>>;

/** Lists compiled one by one, so a prefix is attributed to its own crawler only. */
const single = new WeakMap<RangeFile, Record<string, RangeFile>>();
const filesOf = (token: string, file: RangeFile) => {
  let f = single.get(file);
  if (!f) {
    f = { [token]: file };
    single.set(file, f);
  }
  return f;
};

function inDomains(domains: readonly string[]): (name: string) => HostnameVerdict {
  return (name) => {
    const host = name.trim().toLowerCase().replace(/\.$/, '');
    return { host, googleDomain: domains.some((d) => host === d || host.endsWith(`.${d}`)), category: null };
  };
}

/**
 * Is this address really the catalog crawler `token`'s? Inside the list its operator publishes →
 * theirs. Otherwise, where the operator documents reverse-DNS domains: a PTR name inside one whose
 * forward lookup gives the address back → theirs; a PTR outside them, none, or a forged one → not
 * theirs; a failed lookup → unverified (never a fake). With only a list: outside it → not theirs,
 * or unverified while the list has not been fetched. An operator that publishes neither: unverified.
 */
export async function verifyCrawlerIp(
  input: string,
  token: string,
  lists: CrawlerLists,
  resolver: DnsResolver | null,
  opts: { dns: 'always' | 'outsideRanges' | 'never'; maxPtrNames?: number } = { dns: 'outsideRanges' },
): Promise<CrawlerIpVerdict> {
  const crawler = findCrawler(token);
  const name = crawler?.token ?? token;
  const base = { input, token: name, range: null, dns: null };
  const parsed = parseIp(input);
  if (!parsed.ok) return { ...base, ip: null, verdict: 'invalid', reason: { ns: 'reason', code: parsed.code, params: parsed.params.map(String) } };
  const ip = parsed.canonical;
  const operator = crawler?.operator ?? name;
  const listUrl = crawler && crawler.ipList.value !== NOT_DOCUMENTED ? crawler.ipList.value : null;
  const list = listUrl ? lists[name] : undefined;
  const range = list ? lookupRange(compiledFor(filesOf(name, list)), parsed.addr) : null;
  if (range) return { ...base, ip, verdict: 'theirs', range, reason: { ns: 'crawlerReason', code: 'inList', params: [operator, range.prefix, listUrl!] } };
  if (parsed.special) return { ...base, ip, verdict: 'unverified', reason: { ns: 'reason', code: 'reservedAddress', params: [ip, parsed.special] } };

  const domains = crawler && Array.isArray(crawler.reverseDns.value) ? crawler.reverseDns.value : [];
  if (domains.length && resolver && opts.dns !== 'never') {
    const dns = await dnsCheck(parsed.addr, ip, resolver, opts.maxPtrNames, inDomains(domains));
    const where = domains.join(', ');
    switch (dns.outcome) {
      case 'confirmed':
        return { ...base, ip, dns, verdict: 'theirs', reason: { ns: 'crawlerReason', code: 'dnsConfirmed', params: [dns.hosts.find((h) => h.forward === 'match')!.host, where] } };
      case 'failed':
        return { ...base, ip, dns, verdict: 'unverified', reason: { ns: 'crawlerReason', code: 'dnsFailed', params: [dns.error ?? ''] } };
      case 'noPtr':
        return { ...base, ip, dns, verdict: 'notTheirs', reason: { ns: 'crawlerReason', code: 'noPtr', params: [dns.question, operator] } };
      case 'notGoogleHost':
        return { ...base, ip, dns, verdict: 'notTheirs', reason: { ns: 'crawlerReason', code: 'ptrNotTheirs', params: [dns.hosts[0]!.host, where, operator] } };
      case 'forwardMismatch': {
        const host = dns.hosts.find((h) => h.googleDomain)!;
        return { ...base, ip, dns, verdict: 'notTheirs', reason: { ns: 'crawlerReason', code: 'forwardMismatch', params: [host.host, where, host.addresses.join(', ') || '—'] } };
      }
    }
  }
  // A documented domain whose DNS check was not made: the list alone cannot say no.
  if (domains.length) return { ...base, ip, verdict: 'unverified', reason: { ns: 'crawlerReason', code: 'dnsNotChecked', params: [operator] } };
  if (listUrl && list) return { ...base, ip, verdict: 'notTheirs', reason: { ns: 'crawlerReason', code: 'notInList', params: [operator, listUrl] } };
  if (listUrl) return { ...base, ip, verdict: 'unverified', reason: { ns: 'crawlerReason', code: 'listNotFetched', params: [operator] } };
  return { ...base, ip, verdict: 'unverified', reason: { ns: 'crawlerReason', code: 'noMeans', params: [operator] } };
}
