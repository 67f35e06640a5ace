/** The DNS record types the verification asks for. */
export type DnsType = 'PTR' | 'A' | 'AAAA';

export interface DnsRecord {
  data: string;
  /** Seconds the answer may be cached. */
  ttl: number;
}

/** What one DNS question got: records (NOERROR, maybe none), NXDOMAIN, or a failure to get an answer. */
export type DnsAnswer =
  | { kind: 'answer'; records: DnsRecord[] }
  | { kind: 'nxdomain'; ttl: number }
  | { kind: 'error'; message: string };

/** Any resolver: DNS-over-HTTPS in the extension, a table in tests. */
export type DnsResolver = (name: string, type: DnsType) => Promise<DnsAnswer>;
