import { describe, expect, it } from 'vitest';
import { filesToRefresh, rangeFileUrl, rangesInUse, rangesNeedRefresh, RANGES_MAX_AGE_MS, validateRangeFile } from '../../../lib/verify';

const good = JSON.stringify({
  creationTime: '2026-08-21T14:45:42.000000',
  prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }, { ipv4Prefix: '66.249.64.32/27' }],
});

describe('validateRangeFile — only a non-empty prefixes array replaces the last good copy', () => {
  it('accepts a well-formed file and counts its prefixes', () => {
    const v = validateRangeFile(200, good);
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect([v.ipv4, v.ipv6, v.file.creationTime, v.file.prefixes.length]).toEqual([2, 1, '2026-08-21T14:45:42.000000', 3]);
    }
  });
  it('refuses the 2026 "Action needed" body that answered 200 with no prefixes, and quotes it', () => {
    const body = JSON.stringify({ message: 'Action needed: this file moved to /crawling/ipranges/', creationTime: '2026-03-30T00:00:00' });
    expect(validateRangeFile(200, body)).toEqual({ ok: false, code: 'refreshNoPrefixes', params: ['Action needed: this file moved to /crawling/ipranges/'] });
  });
  it('refuses HTML (a captive portal or an error page)', () => {
    expect(validateRangeFile(200, '\n  <!DOCTYPE html><html><body>Sign in to Wi-Fi</body></html>')).toEqual({ ok: false, code: 'refreshHtml', params: [] });
  });
  it('refuses an empty prefixes array', () => {
    expect(validateRangeFile(200, '{"creationTime":"x","prefixes":[]}')).toEqual({ ok: false, code: 'refreshEmptyPrefixes', params: [] });
  });
  it('refuses prefixes that are not ipv4Prefix/ipv6Prefix CIDRs, naming the first bad entry', () => {
    expect(validateRangeFile(200, '{"prefixes":[{"ipv4Prefix":"66.249.64.0/27"},{"ipv4Prefix":"66.249.64.0/33"}]}')).toEqual({
      ok: false,
      code: 'refreshBadPrefix',
      params: [1, '{"ipv4Prefix":"66.249.64.0/33"}'],
    });
    expect(validateRangeFile(200, '{"prefixes":[{"ipPrefix":"66.249.64.0/27"}]}')).toEqual({ ok: false, code: 'refreshBadPrefix', params: [0, '{"ipPrefix":"66.249.64.0/27"}'] });
    expect(validateRangeFile(200, '{"prefixes":[null]}')).toEqual({ ok: false, code: 'refreshBadPrefix', params: [0, 'null'] });
    expect(validateRangeFile(200, '{"prefixes":[{"ipv6Prefix":"66.249.64.0/27"}]}')).toMatchObject({ ok: false, code: 'refreshBadPrefix' });
  });
  it('refuses non-2xx answers, non-JSON, JSON that is not an object, and oversized bodies', () => {
    expect(validateRangeFile(404, good)).toEqual({ ok: false, code: 'refreshHttp', params: [404] });
    expect(validateRangeFile(200, 'Action needed')).toMatchObject({ ok: false, code: 'refreshNotJson' });
    expect(validateRangeFile(200, '[1,2]')).toEqual({ ok: false, code: 'refreshNoPrefixes', params: ['[1,2]'] });
    expect(validateRangeFile(200, '{"prefixes":"66.249.64.0/27"}')).toEqual({ ok: false, code: 'refreshNoPrefixes', params: ['keys: prefixes'] });
    expect(validateRangeFile(200, ' '.repeat(4 * 1024 * 1024 + 1))).toEqual({ ok: false, code: 'refreshTooLarge', params: [4 * 1024 * 1024] });
  });
});

describe('range sources', () => {
  it('a copy is refreshed once it is a day old, never fetched, or from the future', () => {
    const now = 1_800_000_000_000;
    expect(rangesNeedRefresh(null, now)).toBe(true);
    expect(rangesNeedRefresh(now - RANGES_MAX_AGE_MS + 1, now)).toBe(false);
    expect(rangesNeedRefresh(now - RANGES_MAX_AGE_MS, now)).toBe(true);
    expect(rangesNeedRefresh(now + 60_000, now)).toBe(true);
  });
  it('builds Google\'s URL, or a test stand-in\'s', () => {
    expect(rangeFileUrl('common-crawlers')).toBe('https://developers.google.com/static/crawling/ipranges/common-crawlers.json');
    expect(rangeFileUrl('user-triggered-agents', 'http://127.0.0.1:4000/ipranges')).toBe('http://127.0.0.1:4000/ipranges/user-triggered-agents.json');
  });
});

describe('rangesInUse / filesToRefresh — the last good copy stays', () => {
  const snapshot = {
    'common-crawlers': { creationTime: 'snap', prefixes: [{ ipv4Prefix: '66.249.64.0/27' }] },
    'special-crawlers': { creationTime: 'snap', prefixes: [{ ipv4Prefix: '108.177.2.0/27' }] },
  };
  const dl = { file: { creationTime: 'new', prefixes: [{ ipv4Prefix: '66.249.64.0/27' }, { ipv4Prefix: '66.249.65.0/27' }] }, fetchedAt: 1000 };
  it('a download replaces the snapshot file by file; files in neither are listed as none', () => {
    const r = rangesInUse(snapshot, { 'common-crawlers': dl });
    expect(r.files['common-crawlers']).toBe(dl.file);
    expect(r.files['special-crawlers']).toBe(snapshot['special-crawlers']);
    expect(r.status.map((s) => [s.name, s.source, s.creationTime, s.prefixes])).toEqual([
      ['common-crawlers', 'download', 'new', 2],
      ['special-crawlers', 'snapshot', 'snap', 1],
      ['user-triggered-fetchers', 'none', null, 0],
      ['user-triggered-fetchers-google', 'none', null, 0],
      ['user-triggered-agents', 'none', null, 0],
    ]);
  });
  it('fetches what is missing or a day old, and waits a day after a failed attempt', () => {
    const day = RANGES_MAX_AGE_MS;
    expect(filesToRefresh({ 'common-crawlers': dl }, 1000 + day - 1, null)).toEqual(['special-crawlers', 'user-triggered-fetchers', 'user-triggered-fetchers-google', 'user-triggered-agents']);
    expect(filesToRefresh({ 'common-crawlers': dl }, 1000 + day, null)).toHaveLength(5);
    expect(filesToRefresh({}, 5000, 4000)).toEqual([]);
  });
});
