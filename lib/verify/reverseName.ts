import type ipaddr from 'ipaddr.js';

/** The PTR question for an address: `1.66.249.66.in-addr.arpa`, or 32 nibbles under `ip6.arpa`. */
export function reverseName(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (addr.kind() === 'ipv4') {
    return `${[...(addr as ipaddr.IPv4).octets].reverse().join('.')}.in-addr.arpa`;
  }
  const nibbles: string[] = [];
  for (const part of (addr as ipaddr.IPv6).parts) {
    const hex = part.toString(16).padStart(4, '0');
    for (const ch of hex) nibbles.push(ch);
  }
  return `${nibbles.reverse().join('.')}.ip6.arpa`;
}
