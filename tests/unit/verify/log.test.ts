import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  claimedCrawler,
  createLineSplitter,
  createLogAggregator,
  DEFAULT_LOG_LIMITS,
  detectCsvHeader,
  fakeIpsCsv,
  parseAccessLine,
  parseCsvLine,
  parseLogTime,
  looksGzipped,
  readLogStream,
  summarizeLog,
  verifiedLineRow,
  verifyIp,
  type DnsResolver,
  type IpOutcome,
} from '../../../lib/verify';
import { DESKTOP_UA, generateLog, SMARTPHONE_UA, randomBytes } from './generateLog';
import { loadSnapshot } from './ranges';

const files = loadSnapshot();

describe('claimedCrawler', () => {
  it.each([
    [SMARTPHONE_UA, 'googlebotSmartphone'],
    [DESKTOP_UA, 'googlebotDesktop'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'googlebotDesktop'],
    ['Googlebot-Image/1.0', 'googlebotImage'],
    ['Mozilla/5.0 (Linux; Android 4.2.1; en-us; Nexus 5 Build/JOP40D) AppleWebKit/535.19 (KHTML, like Gecko; googleweblight) Chrome/38.0.1025.166 Mobile Safari/535.19 AdsBot-Google-Mobile', 'adsBotMobile'],
    ['AdsBot-Google (+http://www.google.com/adsbot.html)', 'adsBot'],
    ['Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)', 'inspectionTool'],
    ['Mozilla/5.0 (compatible; GoogleOther)', 'googleOther'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36', null],
    ['Mozilla/5.0 (compatible; Google Desktop/5.9)', null],
  ])('%s → %s', (ua, expected) => {
    expect(claimedCrawler(ua)).toBe(expected);
  });
});

describe('access-log and CSV lines', () => {
  it('combined format, with escaped quotes and trailing fields', () => {
    const rec = parseAccessLine('66.249.66.1 - - [21/Aug/2026:10:00:00 +0200] "GET /a?\\"b\\" HTTP/1.1" 200 512 "-" "Googlebot/2.1 \\x22x\\x22" "1.2.3.4"');
    expect(rec).toEqual({ ip: '66.249.66.1', time: '21/Aug/2026:10:00:00 +0200', request: 'GET /a?\\"b\\" HTTP/1.1', status: '200', bytes: 512, userAgent: 'Googlebot/2.1 "x"', format: 'combined' });
  });
  it('common format has no user-agent; "-" bytes count as 0', () => {
    expect(parseAccessLine('::1 - frank [10/Oct/2000:13:55:36 -0700] "GET /x HTTP/1.0" 304 -')).toEqual({
      ip: '::1', time: '10/Oct/2000:13:55:36 -0700', request: 'GET /x HTTP/1.0', status: '304', bytes: 0, userAgent: null, format: 'common',
    });
    expect(parseAccessLine('not a log line')).toBeNull();
    expect(parseAccessLine(`1.2.3.4 - - [x] "${'"'.repeat(50_000)}`)).toBeNull();
  });
  it('CSV with ip and user-agent columns, quoted fields, ; or tab', () => {
    const layout = detectCsvHeader('\uFEFFTimestamp,Client IP,Request,Status,Bytes,User-Agent')!;
    expect(layout.columns).toEqual({ ip: 1, userAgent: 5, status: 3, request: 2, bytes: 4, time: 0 });
    expect(parseCsvLine('2026-08-21T08:00:00Z,66.249.66.1,/x,200,77,"Mozilla/5.0 (compatible; Googlebot/2.1, ""q"")"', layout)).toEqual({
      ip: '66.249.66.1', time: '2026-08-21T08:00:00Z', request: '/x', status: '200', bytes: 77, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1, "q")', format: 'csv',
    });
    expect(parseCsvLine('2026-08-21,1.2.3.4,"/x,200', layout)).toBe('csvQuote');
    expect(parseCsvLine('2026-08-21', layout)).toBe('csvColumns');
    expect(detectCsvHeader('ip;useragent')?.delimiter).toBe(';');
    expect(detectCsvHeader('ip\tua')?.delimiter).toBe('\t');
    expect(detectCsvHeader('time,path,status')).toBeNull();
  });
  it('log times: CLF with offset, ISO, epoch', () => {
    expect(parseLogTime('21/Aug/2026:10:00:00 +0200')).toBe(Date.UTC(2026, 7, 21, 8));
    expect(parseLogTime('10/Oct/2000:13:55:36 -0700')).toBe(Date.UTC(2000, 9, 10, 20, 55, 36));
    expect(parseLogTime('2026-08-21 08:30:00')).toBe(Date.UTC(2026, 7, 21, 8, 30));
    expect(parseLogTime('2026-08-21T08:30:00+01:00')).toBe(Date.UTC(2026, 7, 21, 7, 30));
    expect(parseLogTime('1787299200')).toBe(1787299200000);
    expect(parseLogTime('21/Foo/2026:10:00:00 +0200')).toBeNull();
    expect(parseLogTime('yesterday')).toBeNull();
  });
});

describe('createLineSplitter', () => {
  it('splits LF and CRLF across chunk borders, keeps split UTF-8 characters whole, flags long lines', () => {
    const got: [string, number, boolean][] = [];
    const s = createLineSplitter((l, n, long) => got.push([l, n, long]), { maxLineChars: 10 });
    const bytes = new TextEncoder().encode('ab\r\ncé\n0123456789ABCDEF\nx\nlast');
    for (let i = 0; i < bytes.length; i += 3) s.push(bytes.subarray(i, i + 3));
    s.end();
    expect(got).toEqual([
      ['ab', 1, false],
      ['cé', 2, false],
      ['0123456789', 3, true],
      ['x', 4, false],
      ['last', 5, false],
    ]);
  });
});

/** The DNS the generated log's IPs meet. */
const resolver: DnsResolver = async (name, type) => {
  const table: Record<string, string[] | 'fail'> = {
    'PTR 10.64.83.45.in-addr.arpa': ['scraper.example.net.'],
    'PTR 11.64.83.45.in-addr.arpa': ['crawl-66-249-66-1.googlebot.com.'],
    'A crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
    'PTR 3.2.1.52.in-addr.arpa': 'fail',
  };
  const v = table[`${type} ${name}`];
  if (v === 'fail') return { kind: 'error', message: 'resolver unreachable' };
  return v ? { kind: 'answer', records: v.map((data) => ({ data, ttl: 60 })) } : { kind: 'nxdomain', ttl: 60 };
};

async function outcomesFor(ips: string[]): Promise<Map<string, IpOutcome>> {
  const m = new Map<string, IpOutcome>();
  for (const ip of ips) m.set(ip, await verifyIp(ip, files, resolver, { dns: 'outsideRanges' }));
  return m;
}

describe('a generated 1000-line log, summarised to exact counts', () => {
  const text = generateLog(1000);
  const agg = createLogAggregator();
  const split = createLineSplitter((l, n, long) => agg.line(l, n, long));
  split.push(new TextEncoder().encode(text));
  split.end();
  const tally = agg.tally();

  it('line counts', () => {
    expect([tally.format, tally.lines, tally.blankLines, tally.unparseable, tally.parsedLines, tally.commonFormatLines, tally.googleLines]).toEqual(['access', 1000, 25, 50, 925, 25, 500]);
    expect(tally.examples.map((e) => e.lineNo)).toEqual([19, 39, 59, 79, 99, 119, 139, 159, 179, 199]);
    expect(tally.examples[0]).toEqual({ lineNo: 19, problem: 'notAccessLog', text: '### junk line 18 ###' });
  });
  it('the format is recognised: most lines read as an access log', () => {
    expect(tally.recognised).toBe(true);
  });
  it('per claimed crawler, statuses, paths, bytes, hours', () => {
    expect(tally.crawlerLines).toEqual({ googlebotSmartphone: 250, googlebotDesktop: 150, googlebotImage: 50, adsBot: 50 });
    expect(tally.statuses).toEqual([['200', 300], ['304', 200]]);
    expect(tally.paths).toEqual([['/', 200], ['/about', 100], ['/wp-login.php', 100], ['/img/logo.png', 50], ['/landing', 50]]);
    expect(tally.bytes).toBe(502_250);
    expect(tally.hours.length).toBe(17);
    expect(tally.hours[0]).toEqual([Date.UTC(2026, 7, 21, 8), 30]);
    expect(tally.hours[16]).toEqual([Date.UTC(2026, 7, 22, 0), 20]);
    expect(tally.hours.reduce((s, h) => s + h[1], 0)).toBe(500);
    expect(tally.linesWithoutTime).toBe(0);
  });
  it('real vs fake per crawler after verification (each distinct IP once)', async () => {
    expect(tally.ips.map((t) => t.ip)).toEqual(['66.249.66.1', '66.249.66.2', '45.83.64.10', '45.83.64.11', '2001:4860:4801:10::1', '203.0.113.9', '52.1.2.3']);
    const summary = summarizeLog(tally, await outcomesFor(tally.ips.map((t) => t.ip)));
    expect(summary.crawlers).toEqual([
      { crawler: 'googlebotSmartphone', lines: 250, real: 150, fake: 50, unverified: 50 },
      { crawler: 'googlebotDesktop', lines: 150, real: 100, fake: 50, unverified: 0 },
      { crawler: 'googlebotImage', lines: 50, real: 50, fake: 0, unverified: 0 },
      { crawler: 'adsBot', lines: 50, real: 0, fake: 0, unverified: 50 },
    ]);
    expect([summary.realLines, summary.fakeLines, summary.unverifiedLines, summary.realIps, summary.unverifiedIps]).toEqual([300, 100, 100, 3, 2]);
    expect(summary.fakeIps).toEqual([
      { ip: '45.83.64.10', lines: 50, bytes: 50_250, crawlers: ['googlebotSmartphone'], reason: { code: 'ptrNotGoogle', params: ['scraper.example.net'] } },
      { ip: '45.83.64.11', lines: 50, bytes: 50_300, crawlers: ['googlebotDesktop'], reason: { code: 'forwardMismatch', params: ['crawl-66-249-66-1.googlebot.com', '66.249.66.1'] } },
    ]);
    expect(fakeIpsCsv(summary.fakeIps)).toBe(
      'ip,lines,bytes,claimed_crawlers,reason,detail\r\n45.83.64.10,50,50250,googlebotSmartphone,ptrNotGoogle,scraper.example.net\r\n45.83.64.11,50,50300,googlebotDesktop,forwardMismatch,crawl-66-249-66-1.googlebot.com 66.249.66.1\r\n',
    );
  });
  it('memory stays bounded: IPs past the cap are counted, not tracked', () => {
    const small = createLogAggregator({ ...DEFAULT_LOG_LIMITS, maxIps: 2, maxPaths: 2 });
    generateLog(100).split('\n').forEach((l, i) => small.line(l, i + 1));
    const t = small.tally();
    expect([t.ips.length, t.overflowLines, t.googleLines, t.pathsApproximate]).toEqual([2, 25, 50, true]);
    const s = summarizeLog(t, new Map());
    expect(s.unverifiedLines).toBe(50);
    expect(s.crawlers.reduce((n, c) => n + c.unverified, 0)).toBe(50);
  });
});

describe('hours per UTC hour, with half-hour and negative offsets', () => {
  it('buckets each line by its UTC hour', () => {
    const agg = createLogAggregator();
    ['21/Aug/2026:10:10:00 +0530', '21/Aug/2026:10:40:00 +0530', '21/Aug/2026:10:50:00 -0700', '21/Aug/2026:10:55:00 -0700', 'garbage'].forEach((t, i) =>
      agg.line(`66.249.66.1 - - [${t}] "GET / HTTP/1.1" 200 1 "-" "Googlebot/2.1"`, i + 1),
    );
    const t = agg.tally();
    expect(t.hours).toEqual([[Date.UTC(2026, 7, 21, 4), 1], [Date.UTC(2026, 7, 21, 5), 1], [Date.UTC(2026, 7, 21, 17), 2]]);
    expect(t.linesWithoutTime).toBe(1);
  });
});

describe('hostile lines cannot fill memory', () => {
  it('an over-long IP field on a Google line is refused; long statuses and user-agents are cut or not cached', () => {
    const agg = createLogAggregator();
    const longIp = 'x'.repeat(65);
    agg.line(`${longIp} - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "Googlebot/2.1"`, 1);
    agg.line(`66.249.66.1 - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "Googlebot/2.1 ${'y'.repeat(5000)}"`, 2);
    const t = agg.tally();
    expect([t.unparseable, t.examples[0].problem, t.examples[0].lineNo, t.googleLines, t.parsedLines]).toEqual([1, 'ipTooLong', 1, 1, 1]);
    const csv = createLogAggregator();
    ['ip,ua,status', `66.249.66.1,Googlebot/2.1,${'9'.repeat(40)}`].forEach((l, i) => csv.line(l, i + 1));
    expect(csv.tally().statuses).toEqual([['9'.repeat(16), 1]]);
  });
});

describe('CSV logs and logs with no Google lines', () => {
  it('a CSV log is read by its header', () => {
    const agg = createLogAggregator();
    ['ip,user_agent,status,path', `66.249.66.1,"${DESKTOP_UA}",200,/`, '1.2.3.4,curl/8,200,/', 'broken,"x', ''].forEach((l, i) => agg.line(l, i + 1));
    const t = agg.tally();
    expect([t.format, t.googleLines, t.parsedLines, t.unparseable, t.blankLines, t.examples[0].problem]).toEqual(['csv', 1, 2, 1, 1, 'csvQuote']);
    expect(t.crawlerLines).toEqual({ googlebotDesktop: 1 });
  });
  it('a log with only browsers has no Google lines and nothing to verify', () => {
    const agg = createLogAggregator();
    agg.line('1.2.3.4 - - [21/Aug/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8.0"', 1);
    const t = agg.tally();
    expect([t.googleLines, t.ips.length, summarizeLog(t, new Map()).crawlers]).toEqual([0, 0, []]);
  });
});

describe('readLogStream — plain, gzip, truncated gzip, cancel', () => {
  const text = generateLog(200);
  const streamOf = (bytes: Uint8Array, chunk = 1000) =>
    new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += chunk) ctl.enqueue(bytes.slice(i, i + chunk));
        ctl.close();
      },
    });
  const count = async (bytes: Uint8Array, gzip: boolean, signal?: AbortSignal) => {
    let lines = 0;
    const res = await readLogStream(streamOf(bytes), () => void lines++, { gzip, signal });
    return { lines, res };
  };

  it('reads plain and gzip to the same 200 lines', async () => {
    const plain = new TextEncoder().encode(text);
    const a = await count(plain, false);
    expect([a.lines, a.res.rawBytes, a.res.textBytes, a.res.stopped]).toEqual([200, plain.length, plain.length, null]);
    const gz = new Uint8Array(gzipSync(plain));
    const b = await count(gz, true);
    expect([b.lines, b.res.rawBytes, b.res.textBytes, b.res.stopped]).toEqual([200, gz.length, plain.length, null]);
  });
  it('a truncated gzip keeps the lines read so far and says the gzip data is broken', async () => {
    const gz = new Uint8Array(gzipSync(new TextEncoder().encode(generateLog(5000))));
    const cut = gz.subarray(0, Math.floor(gz.length / 2));
    const r = await count(cut, true);
    expect(r.res.stopped?.code).toBe('gzipBroken');
    expect(r.lines).toBeGreaterThan(100);
    expect(r.lines).toBeLessThan(5000);
  });
  it('recognises gzip by its magic number, not by the file name', () => {
    expect(looksGzipped(new Uint8Array(gzipSync(Buffer.from('x'))))).toBe(true);
    expect(looksGzipped(new TextEncoder().encode('66.249.66.1 - -'))).toBe(false);
    expect(looksGzipped(new Uint8Array([0x1f]))).toBe(false);
  });
  it('stops when cancelled', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const r = await count(new TextEncoder().encode(text), false, ctl.signal);
    expect(r.res.stopped).toEqual({ code: 'cancelled', params: [] });
  });
});

describe('verified-lines export row', () => {
  it('escapes quotes and defuses spreadsheet formulas', () => {
    const rec = parseAccessLine('66.249.66.1 - - [21/Aug/2026:10:00:00 +0200] "GET /=cmd|x HTTP/1.1" 200 5 "-" "=HYPERLINK(\\"x\\"), Googlebot/2.1"')!;
    expect(verifiedLineRow(7, rec, 'googlebotDesktop', { verdict: 'google', category: 'common-crawlers' })).toBe(
      '7,66.249.66.1,21/Aug/2026:10:00:00 +0200,GET /=cmd|x HTTP/1.1,200,5,googlebotDesktop,google,common-crawlers,"\'=HYPERLINK(""x""), Googlebot/2.1"\r\n',
    );
  });
});

describe('a file that is not a log', () => {
  // 5 MB of random bytes (a fixed seed): a handful of lines may parse by chance; the format is not recognised.
  const tallyOf = (bytes: Uint8Array) => {
    const agg = createLogAggregator();
    const split = createLineSplitter((l, n, long) => agg.line(l, n, long));
    split.push(bytes);
    split.end();
    return agg.tally();
  };
  it('random bytes: format not recognised, every line counted', () => {
    const t = tallyOf(randomBytes(5 * 1024 * 1024));
    expect(t.recognised).toBe(false);
    expect(t.parsedLines).toBe(0);
    expect(t.format).toBeNull();
    expect(t.unparseable).toBe(t.lines - t.blankLines);
  });
  it('a text file whose first line is prose but later lines are a log: read as a log', () => {
    const log = generateLog(100);
    const t = tallyOf(new TextEncoder().encode(`This is my server log, exported on Monday\n${log}`));
    expect(t.format).toBe('access');
    expect(t.recognised).toBe(true);
  });
});
