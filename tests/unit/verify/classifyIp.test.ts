import { describe, expect, it } from 'vitest';
import { classifyIp, IpError, parseIp } from '../../../lib/verify';
import { loadSnapshot } from './ranges';

const files = loadSnapshot();
const c = (ip: string) => classifyIp(ip, files);

describe('classifyIp — IPv4, inside and just outside prefixes of each file', () => {
  it('common-crawlers 66.249.64.0/27 (first and last address) and the block past 66.249.79.255', () => {
    expect(c('66.249.64.0')).toEqual({ category: 'common-crawlers', prefix: '66.249.64.0/27' });
    expect(c('66.249.64.31')).toEqual({ category: 'common-crawlers', prefix: '66.249.64.0/27' });
    expect(c('66.249.63.255')).toBeNull();
    expect(c('66.249.79.255')).toEqual({ category: 'common-crawlers', prefix: '66.249.79.224/27' });
    expect(c('66.249.80.0')).toBeNull();
  });
  it('common-crawlers /28: 34.100.182.96/28 holds .96–.111 and nothing either side', () => {
    expect(c('34.100.182.95')).toBeNull();
    expect(c('34.100.182.96')).toEqual({ category: 'common-crawlers', prefix: '34.100.182.96/28' });
    expect(c('34.100.182.111')).toEqual({ category: 'common-crawlers', prefix: '34.100.182.96/28' });
    expect(c('34.100.182.112')).toBeNull();
  });
  it('special-crawlers 108.177.2.0/27 … 108.177.2.224/27', () => {
    expect(c('108.177.1.255')).toBeNull();
    expect(c('108.177.2.0')).toEqual({ category: 'special-crawlers', prefix: '108.177.2.0/27' });
    expect(c('108.177.2.63')).toEqual({ category: 'special-crawlers', prefix: '108.177.2.32/27' });
    expect(c('108.177.2.255')).toEqual({ category: 'special-crawlers', prefix: '108.177.2.224/27' });
    expect(c('108.177.3.0')).toBeNull();
  });
  it('user-triggered-fetchers 34.116.37.0/27 and 107.178.192.0/27', () => {
    expect(c('34.116.36.255')).toBeNull();
    expect(c('34.116.37.0')).toEqual({ category: 'user-triggered-fetchers', prefix: '34.116.37.0/27' });
    expect(c('34.116.37.31')).toEqual({ category: 'user-triggered-fetchers', prefix: '34.116.37.0/27' });
    expect(c('34.116.37.32')).toBeNull();
    expect(c('107.178.191.255')).toBeNull();
    expect(c('107.178.192.31')).toEqual({ category: 'user-triggered-fetchers', prefix: '107.178.192.0/27' });
  });
});

describe('classifyIp — IPv6 in every notation', () => {
  it('common-crawlers 2001:4860:4801:2::/64, compressed, expanded and with leading zeros', () => {
    expect(c('2001:4860:4801:1:ffff:ffff:ffff:ffff')).toBeNull();
    expect(c('2001:4860:4801:2::')).toEqual({ category: 'common-crawlers', prefix: '2001:4860:4801:2::/64' });
    expect(c('2001:4860:4801:2:0:0:0:1')).toEqual({ category: 'common-crawlers', prefix: '2001:4860:4801:2::/64' });
    expect(c('2001:4860:4801:0002:0000:0000:0000:0001')).toEqual({ category: 'common-crawlers', prefix: '2001:4860:4801:2::/64' });
    expect(c('2001:4860:4801:2:FFFF:FFFF:FFFF:FFFF')).toEqual({ category: 'common-crawlers', prefix: '2001:4860:4801:2::/64' });
    expect(c('[2001:4860:4801:2::7]')).toEqual({ category: 'common-crawlers', prefix: '2001:4860:4801:2::/64' });
    expect(c('2001:4860:4801:3::')).toBeNull();
  });
  it('special-crawlers 2001:4860:4801:2008::/64', () => {
    expect(c('2001:4860:4801:2007:ffff:ffff:ffff:ffff')).toBeNull();
    expect(c('2001:4860:4801:2008::5')).toEqual({ category: 'special-crawlers', prefix: '2001:4860:4801:2008::/64' });
    expect(c('2001:4860:4801:2009::')).toBeNull();
  });
  it('user-triggered-fetchers 2600:1900:0:340::/64 and 2404:f340:10:4000::/64', () => {
    expect(c('2600:1900:0:33f:ffff:ffff:ffff:ffff')).toBeNull();
    expect(c('2600:1900:0:340:1:2:3:4')).toEqual({ category: 'user-triggered-fetchers', prefix: '2600:1900:0:340::/64' });
    expect(c('2600:1900:0:341::')).toBeNull();
    expect(c('2404:f340:10:4000::1')).toEqual({ category: 'user-triggered-fetchers', prefix: '2404:f340:10:4000::/64' });
    expect(c('2404:f340:10:3fff::1')).toBeNull();
  });
});

describe('classifyIp — IPv4-mapped IPv6 is matched as its IPv4', () => {
  it('dotted and hex notations', () => {
    expect(c('::ffff:66.249.64.5')).toEqual({ category: 'common-crawlers', prefix: '66.249.64.0/27' });
    expect(c('0:0:0:0:0:ffff:108.177.2.7')).toEqual({ category: 'special-crawlers', prefix: '108.177.2.0/27' });
    expect(c('::ffff:2264:b664')).toEqual({ category: 'common-crawlers', prefix: '34.100.182.96/28' });
    expect(c('::ffff:34.100.182.112')).toBeNull();
  });
});

describe('classifyIp — most specific prefix first, across files', () => {
  it('a /28 inside a /24 of another file wins', () => {
    const overlap = {
      'common-crawlers': { prefixes: [{ ipv4Prefix: '10.1.2.16/28' }] },
      'special-crawlers': { prefixes: [{ ipv4Prefix: '10.1.2.0/24' }, { ipv6Prefix: '2001:db8::/32' }] },
      'user-triggered-fetchers': { prefixes: [{ ipv6Prefix: '2001:db8:1::/48' }, { bogus: 1 }] },
    };
    expect(classifyIp('10.1.2.17', overlap)).toEqual({ category: 'common-crawlers', prefix: '10.1.2.16/28' });
    expect(classifyIp('10.1.2.32', overlap)).toEqual({ category: 'special-crawlers', prefix: '10.1.2.0/24' });
    expect(classifyIp('2001:db8:1::9', overlap)).toEqual({ category: 'user-triggered-fetchers', prefix: '2001:db8:1::/48' });
    expect(classifyIp('2001:db8:2::9', overlap)).toEqual({ category: 'special-crawlers', prefix: '2001:db8::/32' });
  });
});

describe('classifyIp — clear errors for anything else', () => {
  const code = (ip: string) => {
    try {
      classifyIp(ip, files);
    } catch (e) {
      expect(e).toBeInstanceOf(IpError);
      return (e as IpError).code;
    }
    return 'no error';
  };
  it.each([
    ['', 'ipEmpty'],
    ['   ', 'ipEmpty'],
    ['66.249.66', 'ipv4NotDotted'],
    ['66.249.66.1:8080', 'ipInvalid'],
    ['66.249.66.256', 'ipInvalid'],
    ['googlebot.com', 'ipInvalid'],
    ['2001:4860::4801::1', 'ipInvalid'],
    ['066.249.066.001', 'ipv4NotDotted'],
    ['0x42.249.66.1', 'ipv4NotDotted'],
    ['66.249.64.0/27', 'ipIsRange'],
    ['1'.repeat(101), 'ipTooLong'],
  ])('%j → %s', (ip, expected) => {
    expect(code(ip)).toBe(expected);
  });
});

describe('parseIp — private and reserved addresses are said so', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['192.168.1.20', 'private'],
    ['127.0.0.1', 'loopback'],
    ['203.0.113.9', 'reserved'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['66.249.66.1', null],
  ])('%s → %s', (ip, special) => {
    const p = parseIp(ip);
    expect(p.ok && p.special).toBe(special);
  });
  it('gives the canonical text and whether it was mapped', () => {
    const p = parseIp('::FFFF:66.249.66.1');
    expect(p.ok && [p.canonical, p.family, p.mapped]).toEqual(['66.249.66.1', 'ipv4', true]);
    const q = parseIp('2001:4860:4801:0010:0000:0000:0000:0001');
    expect(q.ok && [q.canonical, q.family, q.mapped]).toEqual(['2001:4860:4801:10::1', 'ipv6', false]);
  });
});
