import type { MessageParam } from '../i18n';
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
  params: MessageParam[];
}

const MAX_IP_TEXT = 100;
const FOUR_PART_DECIMAL = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

/**
 * Only the address (no special-range or canonical text): the hot path of classifyIp and logs.
 * Dotted-quad IPv4 is read directly; everything else goes through ipaddr.js.
 */
export function parseAddress(input: string): ipaddr.IPv4 | ipaddr.IPv6 | IpParseError {
  let text = input.trim();
  if (text === '') return { ok: false, code: 'ipEmpty', params: [] };
  if (text.length > MAX_IP_TEXT) return { ok: false, code: 'ipTooLong', params: [MAX_IP_TEXT] };
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes('/')) return { ok: false, code: 'ipIsRange', params: [text] };
  if (text.includes(':')) {
    let v6: ipaddr.IPv6;
    try {
      v6 = ipaddr.IPv6.parse(text);
    } catch {
      return { ok: false, code: 'ipInvalid', params: [text] };
    }
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  }
  if (FOUR_PART_DECIMAL.test(text)) {
    const octets = text.split('.').map(Number);
    if (octets[0] <= 255 && octets[1] <= 255 && octets[2] <= 255 && octets[3] <= 255) return new ipaddr.IPv4(octets);
    return { ok: false, code: 'ipInvalid', params: [text] };
  }
  // Short, octal and hex forms are valid to ipaddr.js but ambiguous in a log: refuse them by name.
  return { ok: false, code: ipaddr.IPv4.isValid(text) ? 'ipv4NotDotted' : 'ipInvalid', params: [text] };
}

/**
 * Parse one IP address as written in a log or pasted by a user. IPv4 must be four-part decimal
 * (ipaddr.js would otherwise read `010.1` as octal/short forms, which no log writes); IPv6 in every
 * notation (compressed, full, embedded IPv4, `[brackets]`, zone ids). An IPv4-mapped IPv6 address
 * is returned as its IPv4, with `mapped` set.
 */
export function parseIp(input: string): ParsedIp | IpParseError {
  const addr = parseAddress(input);
  if ('ok' in addr) return addr;
  const family = addr.kind();
  const mapped = family === 'ipv4' && input.includes(':');
  const range = addr.range();
  const canonical = family === 'ipv4' ? addr.toString() : (addr as ipaddr.IPv6).toRFC5952String();
  return { ok: true, addr, family, canonical, mapped, special: range === 'unicast' ? null : range };
}
