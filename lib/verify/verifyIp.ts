import { compiledFor } from './classifyIp';
import { lookupRange } from './compileRanges';
import type { DnsResolver } from './dns';
import { hostnameCategory, type HostnameVerdict } from './hostnameCategory';
import { parseIp } from './parseIp';
import { reverseName } from './reverseName';
import type { Coded, RangeFiles, RangeMatch } from './types';

export type Verdict = 'google' | 'notGoogle' | 'unverified' | 'invalid';

/** One reverse-DNS name and what its forward lookup said. */
export interface HostCheck {
  host: string;
  googleDomain: boolean;
  category: string | null;
  /** `match`: the forward answer holds the IP; `skipped`: not a Google name, so not looked up. */
  forward: 'match' | 'mismatch' | 'nxdomain' | 'error' | 'skipped';
  addresses: string[];
  error?: string;
}

export interface DnsEvidence {
  /** The PTR question asked (in-addr.arpa or ip6.arpa). */
  question: string;
  outcome: 'confirmed' | 'noPtr' | 'notGoogleHost' | 'forwardMismatch' | 'failed';
  hosts: HostCheck[];
  error?: string;
}

export interface IpVerdict {
  input: string;
  /** Canonical text of the address checked (IPv4 for an IPv4-mapped input). */
  ip: string | null;
  mapped: boolean;
  verdict: Verdict;
  /** Range-file key: from the matching prefix, else from the confirmed host name. */
  category: string | null;
  range: RangeMatch | null;
  dns: DnsEvidence | null;
  /** Why: a code under `verify.reason.` and its parameters. */
  reason: Coded;
}

export interface VerifyOptions {
  /** `always` (the IP tool shows both checks) or only when no published range holds the IP (logs). */
  dns: 'always' | 'outsideRanges' | 'never';
  /** At most this many PTR names are followed (an IP can have several). */
  maxPtrNames?: number;
}

/**
 * Reverse then forward DNS, per Google's documented check (and other operators', who document the
 * same check with their own domains: `classify` says whether a name is inside them — its
 * `googleDomain` — and defaults to Google's). Failures give `failed`, never a fake.
 */
export async function dnsCheck(
  addr: import('ipaddr.js').IPv4 | import('ipaddr.js').IPv6,
  canonical: string,
  resolver: DnsResolver,
  maxPtrNames = 5,
  classify: (name: string) => HostnameVerdict = hostnameCategory,
): Promise<DnsEvidence> {
  const question = reverseName(addr);
  const ptr = await resolver(question, 'PTR');
  if (ptr.kind === 'error') return { question, outcome: 'failed', hosts: [], error: ptr.message };
  const names = ptr.kind === 'answer' ? ptr.records.map((r) => r.data).slice(0, maxPtrNames) : [];
  if (names.length === 0) return { question, outcome: 'noPtr', hosts: [] };
  const hosts: HostCheck[] = [];
  for (const name of names) {
    const hv = classify(name);
    if (!hv.googleDomain) {
      hosts.push({ ...hv, forward: 'skipped', addresses: [] });
      continue;
    }
    const fwd = await resolver(hv.host, addr.kind() === 'ipv4' ? 'A' : 'AAAA');
    if (fwd.kind === 'error') {
      hosts.push({ ...hv, forward: 'error', addresses: [], error: fwd.message });
      continue;
    }
    if (fwd.kind === 'nxdomain') {
      hosts.push({ ...hv, forward: 'nxdomain', addresses: [] });
      continue;
    }
    const addresses = fwd.records.map((r) => {
      const p = parseIp(r.data);
      return p.ok ? p.canonical : r.data;
    });
    hosts.push({ ...hv, forward: addresses.includes(canonical) ? 'match' : 'mismatch', addresses });
  }
  let outcome: DnsEvidence['outcome'];
  if (hosts.some((h) => h.forward === 'match')) outcome = 'confirmed';
  else if (hosts.some((h) => h.forward === 'error')) outcome = 'failed';
  else if (hosts.some((h) => h.googleDomain)) outcome = 'forwardMismatch';
  else outcome = 'notGoogleHost';
  const firstError = hosts.find((h) => h.error)?.error;
  return { question, outcome, hosts, ...(outcome === 'failed' && firstError ? { error: firstError } : {}) };
}

/**
 * Is this address Google's? In a published range → Google. Otherwise reverse DNS must give a name
 * in googlebot.com / google.com / googleusercontent.com whose forward lookup returns the same IP.
 * A lookup that fails leaves the address "unverified" — it never makes it a fake.
 */
export async function verifyIp(
  input: string,
  files: RangeFiles,
  resolver: DnsResolver | null,
  options: VerifyOptions,
): Promise<IpVerdict> {
  const parsed = parseIp(input);
  if (!parsed.ok) {
    return { input, ip: null, mapped: false, verdict: 'invalid', category: null, range: null, dns: null, reason: { code: parsed.code, params: parsed.params } };
  }
  const base = { input, ip: parsed.canonical, mapped: parsed.mapped };
  const range = lookupRange(compiledFor(files), parsed.addr);
  if (parsed.special && !range) {
    // Private, loopback, documentation…: never Google's address on the Internet; a log that records
    // one is behind a proxy, so the request can be neither confirmed nor called fake.
    return { ...base, verdict: 'unverified', category: null, range: null, dns: null, reason: { code: 'reservedAddress', params: [parsed.canonical, parsed.special] } };
  }
  const wantDns = resolver !== null && (options.dns === 'always' || (options.dns === 'outsideRanges' && !range));
  const dns = wantDns ? await dnsCheck(parsed.addr, parsed.canonical, resolver, options.maxPtrNames) : null;
  if (range) {
    return { ...base, verdict: 'google', category: range.category, range, dns, reason: { code: 'inRange', params: [range.prefix, range.category] } };
  }
  if (!dns) {
    return { ...base, verdict: 'unverified', category: null, range: null, dns: null, reason: { code: 'notInRangesNoDns', params: [parsed.canonical] } };
  }
  switch (dns.outcome) {
    case 'confirmed': {
      const host = dns.hosts.find((h) => h.forward === 'match')!;
      return { ...base, verdict: 'google', category: host.category, range: null, dns, reason: { code: 'dnsConfirmed', params: [host.host] } };
    }
    case 'failed':
      return { ...base, verdict: 'unverified', category: null, range: null, dns, reason: { code: 'dnsFailed', params: [dns.error ?? ''] } };
    case 'noPtr':
      return { ...base, verdict: 'notGoogle', category: null, range: null, dns, reason: { code: 'noPtr', params: [dns.question] } };
    case 'notGoogleHost':
      return { ...base, verdict: 'notGoogle', category: null, range: null, dns, reason: { code: 'ptrNotGoogle', params: [dns.hosts[0].host] } };
    case 'forwardMismatch': {
      const host = dns.hosts.find((h) => h.googleDomain)!;
      return { ...base, verdict: 'notGoogle', category: null, range: null, dns, reason: { code: 'forwardMismatch', params: [host.host, host.addresses.join(', ') || '—'] } };
    }
  }
}

/** A log's addresses outside the published ranges that get a DNS check: the busiest this many. */
export const MAX_DNS_IPS = 1000;
