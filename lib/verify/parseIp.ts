import ipaddr from 'ipaddr.js';

export type IpFamily = 'ipv4' | 'ipv6';

export interface ParsedIp {
  ok: true;
  /** The address that ranges are matched against (an IPv4-mapped IPv6 address becomes its IPv4). */
  addr: ipaddr.IPv4 | ipaddr.IPv6;
  family: IpFamily;
  /** The canonical text of `addr` (dotted decimal, or RFC 5952 for IPv6). */
  canonical: string;
  /** True when the input was an IPv4-mapped IPv6 address (`::ffff:66.249.66.1`). */
  mapped: boolean;
  /** ipaddr.js's special-range name when the address is not public unicast (`private`, `loopback`, …). */
  special: string | null;
}

export interface IpParseError {
  ok: false;
  code: 'ipEmpty' | 'ipTooLong' | 'ipIsRange' | 'ipv4NotDotted' | 'ipInvalid';
  params: string[];
}

const MAX_IP_TEXT = 100;
const FOUR_PART_DECIMAL = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

/**
 * Parse one IP address as written in a log or pasted by a user. IPv4 must be four-part decimal
 * (ipaddr.js would otherwise read `010.1` as octal/short forms, which no log writes); IPv6 in every
 * notation (compressed, full, embedded IPv4, `[brackets]`, zone ids).
 */
export function parseIp(input: string): ParsedIp | IpParseError {
  let text = input.trim();
  if (text === '') return { ok: false, code: 'ipEmpty', params: [] };
  if (text.length > MAX_IP_TEXT) return { ok: false, code: 'ipTooLong', params: [String(MAX_IP_TEXT)] };
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes('/')) return { ok: false, code: 'ipIsRange', params: [text] };
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  if (text.includes(':')) {
    if (!ipaddr.IPv6.isValid(text)) return { ok: false, code: 'ipInvalid', params: [text] };
    addr = ipaddr.IPv6.parse(text);
  } else {
    if (!ipaddr.IPv4.isValid(text)) return { ok: false, code: 'ipInvalid', params: [text] };
    if (!FOUR_PART_DECIMAL.test(text)) return { ok: false, code: 'ipv4NotDotted', params: [text] };
    addr = ipaddr.IPv4.parse(text);
  }
  let mapped = false;
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
    mapped = true;
  }
  const range = addr.range();
  const family = addr.kind();
  const canonical = family === 'ipv4' ? addr.toString() : (addr as ipaddr.IPv6).toRFC5952String();
  return { ok: true, addr, family, canonical, mapped, special: range === 'unicast' ? null : range };
}
