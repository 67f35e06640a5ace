// The sitemap reader: what Google reads from a sitemap, and where it stops.
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { readSitemap, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, type SitemapEntry } from '../../../lib/sitecheck';
import { fakeClock, finish } from './helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SM = 'https://site.example/sitemap.xml';
const stream = (body: string | Uint8Array, chunk = 65_536) => {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
};

async function read(body: string | Uint8Array | ReadableStream<Uint8Array>, opts = {}, chunk?: number) {
  const entries: SitemapEntry[] = [];
  const kinds = new Set<string>();
  const r = await readSitemap(body instanceof ReadableStream ? body : stream(body, chunk), SM, (e, kind) => {
    entries.push(...e);
    kinds.add(kind);
  }, opts);
  return { ...r, list: entries, kinds: [...kinds] };
}

const urlset = (locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((l) => `<url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;

describe('readSitemap: what Google takes from a sitemap', () => {
  it('a <urlset>: entities decoded, XML whitespace around <loc> trimmed, each with its line', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n` +
      `<url><loc>https://site.example/a?x=1&amp;y=&lt;2&gt;&#38;z=&apos;q&apos;</loc><lastmod>2026-01-01</lastmod></url>\n` +
      `<url>\n  <loc>\n\t  https://site.example/b  \r\n  </loc>\n  <image:image><image:loc>https://img.example/not-a-page.jpg</image:loc></image:image>\n</url>\n` +
      `<url><loc><![CDATA[https://site.example/c?d=1&e=2]]></loc></url>\n</urlset>\n`;
    const r = await read(xml);
    expect(r.list).toEqual([
      { loc: "https://site.example/a?x=1&y=<2>&z='q'", line: 3 },
      { loc: 'https://site.example/b', line: 5 },
      { loc: 'https://site.example/c?d=1&e=2', line: 10 },
    ]);
    expect(r).toMatchObject({ kind: 'urlset', entries: 3, gzip: false, complete: true, problems: [], bytes: new TextEncoder().encode(xml).length });
  });

  it('a sitemap index: its <sitemap><loc> entries, nothing else', async () => {
    const xml = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://site.example/s1.xml</loc><lastmod>2026-01-01</lastmod></sitemap>\n<sitemap><loc>https://site.example/s2.xml.gz</loc></sitemap></sitemapindex>`;
    const r = await read(xml);
    expect(r.kind).toBe('sitemapindex');
    expect(r.kinds).toEqual(['sitemapindex']);
    expect(r.list.map((e) => [e.loc, e.line])).toEqual([['https://site.example/s1.xml', 1], ['https://site.example/s2.xml.gz', 2]]);
  });

  it('gzip by its magic bytes, whatever the name or type: the same entries; bytes are counted uncompressed', async () => {
    const xml = urlset(['https://site.example/1', 'https://site.example/2']);
    const gz = gzipSync(xml);
    const r = await read(gz, {}, 7);
    expect(r.gzip).toBe(true);
    expect(r.list.map((e) => e.loc)).toEqual(['https://site.example/1', 'https://site.example/2']);
    expect(r.bytes).toBe(Buffer.byteLength(xml));
    expect(r.complete).toBe(true);
  });

  it('damaged gzip: stops with "gzip", keeping what was decompressed before', async () => {
    const gz = gzipSync(urlset(Array.from({ length: 2000 }, (_, i) => `https://site.example/p/${i}`)));
    const broken = Buffer.concat([gz.subarray(0, 3000), Buffer.alloc(200, 0x55)]);
    const r = await read(broken, {}, 1000);
    expect(r.problems.map((p) => [p.code, p.fatal])).toEqual([['gzip', true]]);
    expect(r.complete).toBe(false);
    expect(r.entries).toBeGreaterThan(0);
  });

  it('a text sitemap: one URL per line (LF or CRLF), blank lines skipped, a non-URL line reported with its line', async () => {
    const r = await read('\ufeffhttps://site.example/a\r\n\r\nhttps://site.example/b\nnot a url\n  https://site.example/c  ');
    expect(r.kind).toBe('text');
    expect(r.list).toEqual([
      { loc: 'https://site.example/a', line: 1 },
      { loc: 'https://site.example/b', line: 3 },
      { loc: 'https://site.example/c', line: 5 },
    ]);
    expect(r.problems).toEqual([{ code: 'badLoc', sitemap: SM, line: 4, params: ['not a url'], fatal: false }]);
  });

  it('at most 50,000 URLs: the 50,001st stops the read, the 50,000 before are kept', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const r = await read(urlset(Array.from({ length: 50_001 }, (_, i) => `https://site.example/${i}`)));
    expect(r.entries).toBe(50_000);
    expect(r.list.at(-1)).toEqual({ loc: 'https://site.example/49999', line: 50_002 });
    expect(r.problems).toEqual([{ code: 'tooManyUrls', sitemap: SM, line: 50_003, params: [50_000], fatal: true }]);
    expect(r.complete).toBe(false);
  });

  it('at most 50 MB uncompressed: reading stops at the cap, also for a gzip bomb', async () => {
    expect(SITEMAP_MAX_BYTES).toBe(52_428_800);
    const xml = urlset(Array.from({ length: 200 }, (_, i) => `https://site.example/${i}`));
    const r = await read(xml, { maxBytes: 1000 });
    expect(r.bytes).toBe(1000);
    expect(r.problems.map((p) => [p.code, p.params, p.fatal])).toEqual([['tooLarge', [1000], true]]);
    expect(r.entries).toBe(Math.floor((1000 - 97) / 46));
    // 60 MB of whitespace in 60 kB of gzip: decompressed only up to the cap.
    const bomb = gzipSync(Buffer.concat([Buffer.from(`<urlset xmlns="${NS}">`), Buffer.alloc(60 * 1024 * 1024, 0x20)]));
    const b = await read(bomb, { maxBytes: 5 * 1024 * 1024 });
    expect(b.bytes).toBe(5 * 1024 * 1024);
    expect(b.problems[0]!.code).toBe('tooLarge');
  });

  it('malformed XML: a clear error with its line; the URLs before it are kept', async () => {
    const r = await read(`<urlset xmlns="${NS}">\n<url><loc>https://site.example/1</loc></url>\n<url><loc>https://site.example/2</loc></url>\n<url><loc>https://site.example/3</url>\n<url><loc>https://site.example/4</loc></url>\n</urlset>`);
    expect(r.list.map((e) => e.loc)).toEqual(['https://site.example/1', 'https://site.example/2']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ code: 'malformed', line: 4, fatal: true });
    expect(r.problems[0]!.params).toEqual(['unexpected close tag.']);
  });

  it('an unclosed document is malformed at its end', async () => {
    const r = await read(`<urlset xmlns="${NS}">\n<url><loc>https://site.example/1</loc></url>\n`);
    expect(r.list).toHaveLength(1);
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([['malformed', 3]]);
  });

  it('entities: only XML\'s own; a DTD\'s entities are never expanded (no billion laughs)', async () => {
    const lol = `<?xml version="1.0"?>\n<!DOCTYPE urlset [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n]>\n<urlset xmlns="${NS}"><url><loc>https://site.example/&c;</loc></url></urlset>`;
    const r = await read(lol);
    expect(r.entries).toBe(0);
    expect(r.problems.map((p) => [p.code, p.line])).toEqual([['malformed', 7]]);
    const nbsp = await read(`<urlset xmlns="${NS}"><url><loc>https://site.example/&nbsp;</loc></url></urlset>`);
    expect(nbsp.problems.map((p) => p.code)).toEqual(['malformed']);
  });

  it('wrong namespaces: none, Google\'s old 0.84 one, a typo — the file is rejected', async () => {
    for (const [attr, uri] of [['', ''], [' xmlns="http://www.google.com/schemas/sitemap/0.84"', 'http://www.google.com/schemas/sitemap/0.84'], [' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9/"', 'http://www.sitemaps.org/schemas/sitemap/0.9/']]) {
      const r = await read(`<?xml version="1.0"?>\n<urlset${attr}><url><loc>https://site.example/</loc></url></urlset>`);
      expect(r.problems).toEqual([uri ? { code: 'wrongNamespace', sitemap: SM, line: 2, params: ['urlset', uri], fatal: true } : { code: 'noNamespace', sitemap: SM, line: 2, params: ['urlset'], fatal: true }]);
      expect(r.entries).toBe(0);
    }
    // A prefixed root in the right namespace is fine; <url> elements of another namespace are not entries.
    const ok = await read(`<sm:urlset xmlns:sm="${NS}"><sm:url><sm:loc>https://site.example/ok</sm:loc></sm:url><url><loc>https://site.example/other-ns</loc></url></sm:urlset>`);
    expect(ok.list.map((e) => e.loc)).toEqual(['https://site.example/ok']);
  });

  it('not a sitemap: an HTML page, an RSS feed, an empty file', async () => {
    expect((await read('<!doctype html>\n<html><head><title>Home</title></head></html>')).problems.map((p) => [p.code, p.params])).toEqual([['notSitemap', ['html']]]);
    expect((await read('<rss version="2.0"><channel></channel></rss>')).problems.map((p) => [p.code, p.params])).toEqual([['notSitemap', ['rss']]]);
    expect((await read(' \n ')).problems.map((p) => [p.code, p.params])).toEqual([['noRoot', []]]);
    expect((await readSitemap(null, SM, () => undefined)).problems.map((p) => p.code)).toEqual(['noRoot']);
  });

  it('a <loc> that is not an absolute http(s) URL, or longer than 2,048 characters, is skipped and reported', async () => {
    const long = `https://site.example/${'a'.repeat(2100)}`;
    const r = await read(urlset(['/relative', 'ftp://site.example/f', long, 'https://site.example/ok']));
    expect(r.list.map((e) => e.loc)).toEqual(['https://site.example/ok']);
    expect(r.problems.map((p) => [p.code, p.line, p.params, p.fatal])).toEqual([
      ['badLoc', 3, ['/relative'], false],
      ['badLoc', 4, ['ftp://site.example/f'], false],
      ['locTooLong', 5, [2048], false],
    ]);
    expect(r.complete).toBe(true);
  });

  it('a huge text node is never accumulated: a 5 MB <loc> costs 2 kB', async () => {
    const r = await read(`<urlset xmlns="${NS}"><url><loc>https://x/${'y'.repeat(5_000_000)}</loc></url></urlset>`);
    expect(r.problems.map((p) => p.code)).toEqual(['locTooLong']);
  });

  it('a server that stops sending: time out after the idle limit, with what was read', async () => {
    let sent = false;
    const stalled = new ReadableStream<Uint8Array>({
      pull(c) {
        if (!sent) c.enqueue(new TextEncoder().encode(`<urlset xmlns="${NS}"><url><loc>https://site.example/1</loc></url>`));
        sent = true;
        return new Promise(() => undefined);
      },
    });
    fakeClock();
    try {
      const { value: r, ms } = await finish(read(stalled, { idleMs: 50 }), 10);
      expect(ms).toBe(50);
      expect(r.list.map((e) => e.loc)).toEqual(['https://site.example/1']);
      expect(r.problems.map((p) => [p.code, p.fatal])).toEqual([['timeout', true]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the sitemap's whole time ends a read to the millisecond, the time its consumer holds it not counted", async () => {
    fakeClock();
    try {
      // Each URL 4 s after it is asked for, and a consumer that holds each batch 3 s.
      let i = 0;
      const drip = new ReadableStream<Uint8Array>(
        {
          start: (c) => c.enqueue(new TextEncoder().encode(`<urlset xmlns="${NS}">`)),
          pull: (c) => new Promise<void>((res) => setTimeout(() => (c.enqueue(new TextEncoder().encode(`<url><loc>https://site.example/${i++}</loc></url>`)), res()), 4_000)),
        },
        { highWaterMark: 0 },
      );
      const seen: string[] = [];
      const reading = readSitemap(drip, SM, async (e) => {
        seen.push(...e.map((x) => x.loc));
        await new Promise((res) => setTimeout(res, 3_000));
      }, { readMs: 10_000, idleMs: 60_000 });
      const { value: r, ms } = await finish(reading, 10);
      // URLs at 4 s and 11 s, each held 3 s; the third wait starts at 14 s, 8 s of the sitemap's
      // own time, and ends 2 s later (counting the held time, it would have ended at once).
      expect([ms, seen.length]).toEqual([16_000, 2]);
      expect(r.problems.map((p) => [p.code, p.params])).toEqual([['timeout', [10]]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the consumer can stop the read (false), and the read waits for it', async () => {
    const order: string[] = [];
    const xml = urlset(Array.from({ length: 3000 }, (_, i) => `https://site.example/${i}`));
    fakeClock();
    let r;
    try {
      ({ value: r } = await finish(
        readSitemap(stream(xml, 4096), SM, async (e) => {
          order.push(`batch ${e.length}`);
          await new Promise((res) => setTimeout(res, 1_000));
          order.push('held');
          return order.length < 4;
        }),
        100,
      ));
    } finally {
      vi.useRealTimers();
    }
    expect(order.map((o) => o.replace(/\d+/, 'n'))).toEqual(['batch n', 'held', 'batch n', 'held']);
    expect(r.complete).toBe(false);
    expect(r.problems).toEqual([]);
  });
});
