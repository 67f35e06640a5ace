import { describe, expect, it } from 'vitest';
import { parseRobotsDirectives, parseLinkHeader, hasRel } from '../../../lib/indexability';

describe('parseRobotsDirectives', () => {
  it('splits a comma list, case-insensitive', () => {
    const d = parseRobotsDirectives('NoIndex, nofollow ,max-snippet:20', false);
    expect(d.map((x) => [x.scope, x.name, x.value])).toEqual([
      [null, 'noindex', null],
      [null, 'nofollow', null],
      [null, 'max-snippet', '20'],
    ]);
  });
  it('X-Robots-Tag: a crawler prefix scopes the items that follow until the next prefix', () => {
    const d = parseRobotsDirectives('googlebot: noindex, nofollow, otherbot: nosnippet', true);
    expect(d.map((x) => [x.scope, x.name])).toEqual([
      ['googlebot', 'noindex'],
      ['googlebot', 'nofollow'],
      ['otherbot', 'nosnippet'],
    ]);
  });
  it('valued directives are not mistaken for crawler prefixes', () => {
    const d = parseRobotsDirectives('max-image-preview: large, unavailable_after: 2020-01-01', true);
    expect(d.map((x) => [x.scope, x.name, x.value])).toEqual([
      [null, 'max-image-preview', 'large'],
      [null, 'unavailable_after', '2020-01-01'],
    ]);
  });
  it('an RFC 850 date keeps its comma', () => {
    const d = parseRobotsDirectives('unavailable_after: Wednesday, 03-Nov-2027 15:00:00 GMT, noindex', true);
    expect(d.map((x) => [x.name, x.value])).toEqual([
      ['unavailable_after', 'Wednesday, 03-Nov-2027 15:00:00 GMT'],
      ['noindex', null],
    ]);
  });
  it('meta content never takes a scope: "googlebot: noindex" is an unknown directive there', () => {
    const d = parseRobotsDirectives('googlebot: noindex', false);
    expect(d).toHaveLength(1);
    expect(d[0]!.known).toBe(false);
    expect(d[0]!.name).toBe('googlebot');
  });
  it('hostile input is capped: 64 items at most', () => {
    const d = parseRobotsDirectives(Array(10_000).fill('noindex').join(','), true);
    expect(d).toHaveLength(64);
  });
});

describe('parseLinkHeader', () => {
  it('reads several links, quoted params and commas inside <>', () => {
    const l = parseLinkHeader('<https://a.example/x,y>; rel="canonical", </de>; rel=alternate; hreflang="de"');
    expect(l).toEqual([
      { href: 'https://a.example/x,y', params: { rel: 'canonical' }, raw: '<https://a.example/x,y>; rel="canonical"' },
      { href: '/de', params: { rel: 'alternate', hreflang: 'de' }, raw: '</de>; rel=alternate; hreflang="de"' },
    ]);
    expect(hasRel('preload Canonical', 'canonical')).toBe(true);
    expect(hasRel('canonicalx', 'canonical')).toBe(false);
  });
  it('survives garbage', () => {
    expect(parseLinkHeader('<<<;;;,,,"')).toEqual([]);
    expect(parseLinkHeader('<a>; rel="unterminated')).toEqual([{ href: 'a', params: { rel: 'unterminated' }, raw: '<a>; rel="unterminated' }]);
    expect(parseLinkHeader('no links here')).toEqual([]);
    expect(parseLinkHeader('<unterminated')).toEqual([]);
  });
});
