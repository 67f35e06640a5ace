import ipaddr from 'ipaddr.js';
import type { RangeFiles, RangeMatch } from './types';

interface Table {
  /** Prefix lengths present, longest first (most specific prefix wins). */
  lengths: number[];
  byLength: Map<number, Map<string | number, RangeMatch>>;
}

export interface CompiledRanges {
  v4: Table;
  v6: Table;
  /** Prefix entries that were not valid `ipv4Prefix`/`ipv6Prefix` CIDRs (skipped). */
  skipped: number;
  total: number;
}

function v4Key(octets: number[], len: number): number {
  const n = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  return len === 0 ? 0 : n >>> (32 - len);
}

function v6Key(parts: number[], len: number): string {
  const full = len >> 4;
  const rest = len & 15;
  let key = '';
  for (let i = 0; i < full; i++) key += parts[i].toString(16) + ':';
  if (rest) key += (parts[full] >> (16 - rest)).toString(16);
  return key;
}

function add(table: Table, len: number, key: string | number, match: RangeMatch): void {
  let m = table.byLength.get(len);
  if (!m) {
    m = new Map();
    table.byLength.set(len, m);
    table.lengths.push(len);
    table.lengths.sort((a, b) => b - a);
  }
  // The first file (in key order) keeps a prefix listed twice.
  if (!m.has(key)) m.set(key, match);
}

/** Index every prefix of every file by prefix length, so a lookup costs one map probe per length. */
export function compileRanges(files: RangeFiles): CompiledRanges {
  const out: CompiledRanges = {
    v4: { lengths: [], byLength: new Map() },
    v6: { lengths: [], byLength: new Map() },
    skipped: 0,
    total: 0,
  };
  for (const [category, file] of Object.entries(files)) {
    const prefixes = Array.isArray(file?.prefixes) ? file.prefixes : [];
    for (const entry of prefixes) {
      out.total++;
      const e = entry as { ipv4Prefix?: unknown; ipv6Prefix?: unknown };
      const text = typeof e.ipv4Prefix === 'string' ? e.ipv4Prefix : typeof e.ipv6Prefix === 'string' ? e.ipv6Prefix : null;
      if (text === null || !ipaddr.isValidCIDR(text)) {
        out.skipped++;
        continue;
      }
      const [net, len] = ipaddr.parseCIDR(text);
      const match = { category, prefix: text };
      if (net.kind() === 'ipv4') add(out.v4, len, v4Key((net as ipaddr.IPv4).octets, len), match);
      else add(out.v6, len, v6Key((net as ipaddr.IPv6).parts, len), match);
    }
  }
  return out;
}

/** The most specific prefix containing the address, or null. */
export function lookupRange(compiled: CompiledRanges, addr: ipaddr.IPv4 | ipaddr.IPv6): RangeMatch | null {
  if (addr.kind() === 'ipv4') {
    const octets = (addr as ipaddr.IPv4).octets;
    for (const len of compiled.v4.lengths) {
      const hit = compiled.v4.byLength.get(len)!.get(v4Key(octets, len));
      if (hit) return hit;
    }
    return null;
  }
  const parts = (addr as ipaddr.IPv6).parts;
  for (const len of compiled.v6.lengths) {
    const hit = compiled.v6.byLength.get(len)!.get(v6Key(parts, len));
    if (hit) return hit;
  }
  return null;
}
