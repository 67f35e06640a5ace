import { describe, expect, it } from 'vitest';
import { evaluateForGoogle, evaluateReportForGoogle, GOOGLE_CRAWLERS, GOOGLE_FETCHERS, parseRobotsReport, type CrawlerVerdict, type RobotsReport } from '../../../lib/robots';
import { CRAWLER_CATALOG } from '../../../lib/crawlers';
import { claimedCrawler } from '../../../lib/verify';

const URL_ = 'https://example.com/private/page.html';
const byToken = (vs: CrawlerVerdict[], t: string) => {
  const v = vs.find((x) => x.token === t);
  if (!v) throw new Error(`no verdict for ${t}`);
  return v;
};

describe('catalog', () => {
  it('lists the 16 Google tokens in a fixed order', () => {
    expect(GOOGLE_CRAWLERS.map((c) => c.token)).toEqual([
      'Googlebot', 'Googlebot-Image', 'Googlebot-Video', 'Googlebot-News', 'Google-InspectionTool',
      'Google-CloudVertexBot', 'Storebot-Google', 'GoogleOther', 'GoogleOther-Image', 'GoogleOther-Video',
      'Google-Extended', 'AdsBot-Google', 'AdsBot-Google-Mobile', 'Mediapartners-Google', 'APIs-Google', 'Google-Safety',
    ]);
  });
  it('Googlebot is one token with a smartphone and a desktop user-agent string', () => {
    expect(GOOGLE_CRAWLERS[0].userAgents.map((u) => u.label)).toEqual(['Smartphone', 'Desktop']);
  });
});

describe('fallback: Googlebot-Image, -Video, -News, Google-InspectionTool, Google-CloudVertexBot obey a Googlebot group', () => {
  const txt = 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n';
  for (const t of ['Googlebot-Image', 'Googlebot-Video', 'Googlebot-News', 'Google-InspectionTool', 'Google-CloudVertexBot']) {
    it(`${t} uses the Googlebot group (line 5) when it has none`, () => {
      const v = byToken(evaluateForGoogle(txt, URL_), t);
      expect(v).toMatchObject({ allowed: false, group: 'fallback', groupToken: 'Googlebot', line: 5, groupLines: [4] });
      expect(v.reason.code).toBe('disallowedByRule');
      // …and is allowed elsewhere, where `*` would have blocked it.
      expect(byToken(evaluateForGoogle(txt, 'https://example.com/public'), t)).toMatchObject({ allowed: true, group: 'fallback', line: null });
    });
    it(`${t} uses its own group over Googlebot's`, () => {
      const own = `${txt}\nUser-agent: ${t}\nAllow: /private/\n`;
      expect(byToken(evaluateForGoogle(own, URL_), t)).toMatchObject({ allowed: true, group: 'own', groupToken: t, line: 8 });
    });
    it(`${t} falls to * when neither it nor Googlebot is named`, () => {
      expect(byToken(evaluateForGoogle('User-agent: *\nDisallow: /priv\n', URL_), t)).toMatchObject({ allowed: false, group: 'global', groupToken: '*', line: 2 });
    });
  }
});

describe('fallback: Storebot-Google and Google-Extended have none (own, else *)', () => {
  const txt = 'User-agent: *\nDisallow: /private/\nUser-agent: Googlebot\nAllow: /\n';
  for (const t of ['Storebot-Google', 'Google-Extended']) {
    it(`${t} ignores the Googlebot group and takes *`, () => {
      expect(byToken(evaluateForGoogle(txt, URL_), t)).toMatchObject({ allowed: false, group: 'global', groupToken: '*', line: 2 });
    });
  }
  it('a Google-Extended group governs only Google-Extended', () => {
    const vs = evaluateForGoogle('User-agent: Google-Extended\nDisallow: /\n', URL_);
    expect(byToken(vs, 'Google-Extended')).toMatchObject({ allowed: false, group: 'own', line: 2 });
    expect(byToken(vs, 'Googlebot')).toMatchObject({ allowed: true, group: 'none', reason: { code: 'noGroup', params: ['Googlebot'] } });
  });
});

describe('fallback: GoogleOther-Image and GoogleOther-Video obey a GoogleOther group', () => {
  const txt = 'User-agent: Googlebot\nDisallow: /\nUser-agent: GoogleOther\nDisallow: /private/\nUser-agent: *\nAllow: /\n';
  for (const t of ['GoogleOther-Image', 'GoogleOther-Video']) {
    it(`${t} → GoogleOther (line 4), never Googlebot`, () => {
      expect(byToken(evaluateForGoogle(txt, URL_), t)).toMatchObject({ allowed: false, group: 'fallback', groupToken: 'GoogleOther', line: 4 });
      expect(byToken(evaluateForGoogle('User-agent: Googlebot\nDisallow: /\n', URL_), t)).toMatchObject({ allowed: true, group: 'none' });
    });
  }
  it('GoogleOther itself has no fallback: * applies', () => {
    expect(byToken(evaluateForGoogle('User-agent: Googlebot\nAllow: /\nUser-agent: *\nDisallow: /\n', URL_), 'GoogleOther')).toMatchObject({ allowed: false, group: 'global', line: 4 });
  });
});

describe('ignores *: AdsBot-Google, AdsBot-Google-Mobile, Mediapartners-Google, APIs-Google', () => {
  const txt = 'User-agent: *\nDisallow: /\n';
  for (const t of ['AdsBot-Google', 'AdsBot-Google-Mobile', 'Mediapartners-Google', 'APIs-Google']) {
    it(`${t} is allowed despite "User-agent: * / Disallow: /"`, () => {
      expect(byToken(evaluateForGoogle(txt, URL_), t)).toMatchObject({ allowed: true, group: 'none', line: null, reason: { code: 'noGroupIgnoresGlobal', params: [t] } });
    });
    it(`${t} obeys a group naming it`, () => {
      expect(byToken(evaluateForGoogle(`${txt}\nUser-agent: ${t}\nDisallow: /private\n`, URL_), t)).toMatchObject({ allowed: false, group: 'own', line: 5 });
    });
  }
  it('AdsBot-Google-Mobile does not take the AdsBot-Google group (tokens are compared exactly)', () => {
    expect(byToken(evaluateForGoogle('User-agent: AdsBot-Google\nDisallow: /\n', URL_), 'AdsBot-Google-Mobile')).toMatchObject({ allowed: true, group: 'none' });
  });
});

describe('ignores robots.txt: Google-Safety', () => {
  it('is allowed even under "Disallow: /" naming it', () => {
    expect(byToken(evaluateForGoogle('User-agent: Google-Safety\nDisallow: /\nUser-agent: *\nDisallow: /\n', URL_), 'Google-Safety')).toMatchObject({
      allowed: true, obeysRobotsTxt: false, group: 'ignored', line: null, reason: { code: 'ignoresRobotsTxt' },
    });
  });
});

describe('verdict details', () => {
  it('an own group with only an empty Disallow hides * and decides nothing', () => {
    const v = byToken(evaluateForGoogle('User-agent: *\nDisallow: /\nUser-agent: Googlebot\nDisallow:\n', URL_), 'Googlebot');
    expect(v).toMatchObject({ allowed: true, group: 'own', line: null, rule: null, reason: { code: 'noMatchingRule', params: ['Googlebot'] } });
  });
  it('Google\'s index.htm rule: Allow /dir/index.html also allows /dir/', () => {
    const v = byToken(evaluateForGoogle('User-agent: Googlebot\nDisallow: /dir/\nAllow: /dir/index.html\n', 'https://example.com/dir/'), 'Googlebot');
    expect(v).toMatchObject({ allowed: true, line: 3, reason: { code: 'allowedByIndexHtm', params: [3, '/dir/$', 'Googlebot'] } });
  });
  it('merges every group naming the token; the longest pattern wins across them', () => {
    const txt = 'User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: Bingbot\nDisallow: /\n\nuser-agent: googlebot\nAllow: /private/page\n';
    const v = byToken(evaluateForGoogle(txt, URL_), 'Googlebot');
    expect(v).toMatchObject({ allowed: true, group: 'own', groupLines: [1, 7], line: 8, rule: { kind: 'allow', pattern: '/private/page' } });
  });
});

describe('verdicts from a fetch outcome', () => {
  const report = (kind: 'allow-all' | 'disallow-all', code: string): RobotsReport => ({
    origin: 'https://example.com', robotsUrl: 'https://example.com/robots.txt', fetchedAt: 0, durationMs: 0, fromCache: false,
    hops: [], finalUrl: null, status: null, contentType: null, bytes: 0, totalBytes: null, truncated: false,
    outcome: { kind, code, params: [] }, warnings: [], body: null,
  });
  it('404 → every crawler allowed', () => {
    const vs = evaluateReportForGoogle(report('allow-all', 'notFound'), URL_);
    expect(vs.filter((v) => v.allowed).length).toBe(16);
    expect(byToken(vs, 'Googlebot').reason).toEqual({ code: 'robotsMissing', params: ['notFound'] });
  });
  it('unreachable → every crawler that obeys robots.txt blocked (15 of 16)', () => {
    const vs = evaluateReportForGoogle(report('disallow-all', 'serverError'), URL_);
    expect(vs.filter((v) => !v.allowed).length).toBe(15);
    expect(byToken(vs, 'Google-Safety').allowed).toBe(true);
  });
});

describe('parseRobotsReport', () => {
  const base: RobotsReport = {
    origin: 'https://example.com', robotsUrl: 'https://example.com/robots.txt', fetchedAt: 0, durationMs: 0, fromCache: false,
    hops: [], finalUrl: null, status: 200, contentType: 'text/plain', bytes: 0, totalBytes: null, truncated: false,
    outcome: { kind: 'parse', code: 'fetched', params: ['200'] }, warnings: [], body: null,
  };
  it('uses the exact bytes when they are not valid UTF-8 (0xE9 → %E9, as Google)', () => {
    const bytes = Buffer.from('User-agent: *\nDisallow: /caf\xe9/\n', 'latin1');
    const report = { ...base, body: new TextDecoder().decode(bytes), bodyBase64: bytes.toString('base64') };
    expect(parseRobotsReport(report)?.groups[0].rules[0].pattern).toBe('/caf%E9/');
    expect(byToken(evaluateReportForGoogle(report, 'https://example.com/caf%E9/x'), 'Googlebot')).toMatchObject({ allowed: false, line: 2 });
    // Without the bytes, the decoded text would have given U+FFFD (%EF%BF%BD) instead.
    expect(parseRobotsReport({ ...report, bodyBase64: null })?.groups[0].rules[0].pattern).toBe('/caf%EF%BF%BD/');
  });
  it('is null when the outcome did not depend on the file', () => {
    expect(parseRobotsReport({ ...base, outcome: { kind: 'allow-all', code: 'notFound', params: ['404'] } })).toBeNull();
  });
});

describe('every token has its source (fails for an entry without one)', () => {
  const PAGES = {
    common: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers',
    'special-case': 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers',
    'user-triggered': 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
  } as const;
  it("Google's crawlers and fetchers: each on the current page of its kind", () => {
    for (const c of [...GOOGLE_CRAWLERS, ...GOOGLE_FETCHERS]) expect(c.source, c.token).toBe(PAGES[c.kind]);
    expect(GOOGLE_CRAWLERS.filter((c) => c.kind === 'common').map((c) => c.token)).toEqual([
      'Googlebot', 'Googlebot-Image', 'Googlebot-Video', 'Googlebot-News', 'Google-InspectionTool', 'Google-CloudVertexBot', 'Storebot-Google', 'GoogleOther', 'GoogleOther-Image', 'GoogleOther-Video', 'Google-Extended',
    ]);
    expect(GOOGLE_CRAWLERS.filter((c) => c.kind === 'special-case').map((c) => [c.token, c.ignoresGlobal, c.obeysRobotsTxt])).toEqual([
      ['AdsBot-Google', true, true], ['AdsBot-Google-Mobile', true, true], ['Mediapartners-Google', true, true], ['APIs-Google', true, true], ['Google-Safety', false, false],
    ]);
    expect(GOOGLE_FETCHERS.map((f) => [f.token, f.formerTokens])).toEqual([
      ['Google-CWS', []], ['FeedFetcher-Google', []], ['Google-GeminiNotebook', ['Google-NotebookLM']], ['Google-Agent', []], ['GoogleMessages', []],
      ['Google-Pinpoint', []], ['GoogleProducer', []], ['Google-Read-Aloud', ['google-speakr']], ['Google-Site-Verification', []],
    ]);
  });
  it('every other crawler: the row and each of its facts name a page', () => {
    for (const c of CRAWLER_CATALOG) {
      expect(c.docs, c.token).toMatch(/^https:\/\//);
      for (const f of [c.purpose, c.robots, c.fallbacks, c.unreachable, c.javascript, c.userAgents, c.ipList, c.reverseDns]) expect(f.source, c.token).toMatch(/^https:\/\//);
    }
  });
  it('every token the verify page recognises in a log is in the catalog (a fetcher by its name or a former one)', () => {
    const names = new Set([...GOOGLE_CRAWLERS.map((c) => c.token), ...GOOGLE_FETCHERS.flatMap((f) => [f.token, ...f.formerTokens])].map((t) => t.toLowerCase()));
    for (const ua of ['Mozilla/5.0 (compatible; Google-CWS)', 'GoogleMessages', 'Google-Pinpoint', 'x (compatible; Google-NotebookLM)', 'google-speakr', 'x (compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent)']) {
      const key = claimedCrawler(ua);
      expect(key, ua).not.toBeNull();
    }
    for (const f of GOOGLE_FETCHERS) expect(claimedCrawler(f.userAgents[0]!.value), f.token).not.toBeNull();
    expect(names.size).toBe(GOOGLE_CRAWLERS.length + GOOGLE_FETCHERS.length + 2);
  });
});
