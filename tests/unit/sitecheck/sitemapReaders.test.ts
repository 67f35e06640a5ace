// The sitemap reader's three parts on their own: the byte stream (gzip, the byte cap, the time
// limits), the XML reader and the text reader — the same entries whatever the pieces.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSitemapStream, type SitemapPiece } from '../../../lib/sitecheck/readSitemapStream';
import { createSitemapXmlReader } from '../../../lib/sitecheck/createSitemapXmlReader';
import { createSitemapTextReader } from '../../../lib/sitecheck/createSitemapTextReader';
import { fakeClock, finish } from './helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const enc = new TextEncoder();
const chunks = (...parts: (string | Uint8Array)[]) => {
  const queue = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      const next = queue.shift();
      if (next) c.enqueue(next);
      else c.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
};
const opts = { maxBytes: 1_000_000, readMs: 60_000, idleMs: 10_000, spent: () => 0 };

async function all(body: ReadableStream<Uint8Array>, o = opts) {
  const s = readSitemapStream(body, o);
  const pieces: SitemapPiece[] = [];
  for (;;) {
    const p = await s.next();
    pieces.push(p);
    if (p.kind !== 'text') break;
  }
  await s.close();
  return { pieces, bytes: s.bytes, gzip: s.gzip };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readSitemapStream', () => {
  it('text a piece at a time, UTF-8 split across pieces kept whole; empty reads skipped', async () => {
    const e = enc.encode('café');
    const r = await all(chunks('a', new Uint8Array(0), e.subarray(0, 4), e.subarray(4)).body);
    expect(r.pieces).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'text', text: 'caf' },
      { kind: 'text', text: 'é' },
      { kind: 'end', text: '' },
    ]);
    expect([r.bytes, r.gzip]).toEqual([6, false]);
  });

  it('gzip by its magic bytes: decompressed, bytes counted uncompressed', async () => {
    const r = await all(chunks(gzipSync('hello sitemap')).body);
    expect(r.pieces.map((p) => ('text' in p ? p.text : '')).join('')).toBe('hello sitemap');
    expect([r.bytes, r.gzip]).toEqual([13, true]);
  });

  it('the byte cap: the text up to it, then nothing more is read; the body is cancelled', async () => {
    const c = chunks('12345', '67890', 'abc');
    const r = await all(c.body, { ...opts, maxBytes: 7 });
    expect(r.pieces).toEqual([
      { kind: 'text', text: '12345' },
      { kind: 'tooLarge', text: '67' },
    ]);
    expect([r.bytes, c.cancelled()]).toEqual([7, true]);
  });

  it('a broken gzip stream, a network error: what failed, with its message', async () => {
    const gz = gzipSync('x'.repeat(10_000));
    const broken = await all(chunks(gz.subarray(0, 20), new Uint8Array(50).fill(0x55)).body);
    expect(broken.pieces.at(-1)).toEqual({ kind: 'error', code: 'gzip', params: [] });
    const failing = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error('ECONNRESET')) });
    expect((await all(failing)).pieces).toEqual([{ kind: 'error', code: 'network', params: ['ECONNRESET'] }]);
  });

  it('time: the idle wait, the sitemap\'s whole time to the millisecond, an aborted run at once', async () => {
    fakeClock();
    const never = () => new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    const idle = await finish(readSitemapStream(never(), opts).next(), 1);
    expect([idle.value, idle.ms]).toEqual([{ kind: 'timeout', seconds: 0 }, 10_000]);
    // 57.5 s spent already: the read waits 2.5 s, not 10.
    let spent = 57_500;
    const t0 = Date.now();
    const whole = await finish(readSitemapStream(never(), { ...opts, spent: () => spent + Date.now() - t0 }).next(), 1);
    expect([whole.value, whole.ms]).toEqual([{ kind: 'timeout', seconds: 60 }, 2_500]);
    spent = 0;
    const stop = new AbortController();
    const waiting = readSitemapStream(never(), { ...opts, signal: stop.signal }).next();
    await vi.advanceTimersByTimeAsync(1_000);
    stop.abort();
    expect(await waiting).toEqual({ kind: 'timeout', seconds: 0 });
  });
});

/** Feeds the pieces and returns what the reader said (nothing after a fatal problem, as readSitemap takes it). */
function xmlIn(pieces: string[]) {
  const out: string[] = [];
  let stopped = false;
  const r = createSitemapXmlReader({
    entry: (raw, line, long) => out.push(`${line}:${long ? 'LONG' : raw}`),
    problem: (code, line, params, fatal) => {
      if (stopped) return;
      out.push(`${code}@${line}(${params.join('|')})${fatal ? '!' : ''}`);
      if (fatal) stopped = true;
    },
    stopped: () => stopped,
  });
  for (const p of pieces) r.write(p);
  r.close();
  return { out, kind: r.kind };
}

describe('createSitemapXmlReader', () => {
  const doc = `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n<url><loc> https://s.example/a?x=1&amp;y=2 </loc></url>\n<url><loc><![CDATA[https://s.example/b]]></loc><image xmlns="urn:x"><loc>https://img/</loc></image></url>\n</urlset>\n`;

  it('the same entries, lines and kind at every cut into two pieces', () => {
    const whole = xmlIn([doc]);
    expect(whole).toEqual({ out: ['3: https://s.example/a?x=1&y=2 ', '4:https://s.example/b'], kind: 'urlset' });
    for (let at = 1; at < doc.length; at++) expect(xmlIn([doc.slice(0, at), doc.slice(at)]), `cut at ${at}`).toEqual(whole);
  });

  it('a wrong end tag drops the <loc> it closed; the first error stops it; an HTML page is named; a root missing', () => {
    expect(xmlIn([`<urlset xmlns="${NS}">\n<url><loc>https://s.example/1</url>\n</urlset>`]).out).toEqual(['malformed@2(unexpected close tag.)!']);
    expect(xmlIn(['<!DOCTYPE html>\n<html><body>&nbsp;</body></html>']).out).toEqual(['notSitemap@2(html)!']);
    expect(xmlIn(['<!doctype html>\n<p>a<br></p>']).out).toEqual(['notSitemap@1(html)!']);
    expect(xmlIn([`<sitemapindex xmlns="urn:other"/>`]).out).toEqual(['wrongNamespace@1(sitemapindex|urn:other)!']);
    expect(xmlIn(['<?xml version="1.0"?>']).out).toEqual(['malformed@1(document must contain a root element.)!']);
  });

  it('a <loc> past 2,048 characters is marked, not grown', () => {
    const r = xmlIn([`<urlset xmlns="${NS}"><url><loc>https://s.example/`, 'x'.repeat(3000), '</loc></url></urlset>']);
    expect(r.out).toEqual(['1:LONG']);
  });
});

describe('createSitemapTextReader', () => {
  const text = 'https://s.example/a\r\n\r\n  https://s.example/b  \nnot a url\nhttps://s.example/c';
  const run = (pieces: string[]) => {
    const out: string[] = [];
    const r = createSitemapTextReader({ entry: (raw, line, long) => out.push(`${line}:${long ? 'LONG' : raw}`), stopped: () => false });
    pieces.forEach((p, i) => r.write(p, i === pieces.length - 1));
    return out;
  };

  it('one URL a line, CRLF or LF, blank lines skipped, each with its number — at every cut', () => {
    const whole = run([text]);
    expect(whole).toEqual(['1:https://s.example/a', '3:  https://s.example/b  ', '4:not a url', '5:https://s.example/c']);
    for (let at = 1; at < text.length; at++) expect(run([text.slice(0, at), text.slice(at)]), `cut at ${at}`).toEqual(whole);
  });

  it('a line past the cap is marked, not grown; a fatal problem stops the reading', () => {
    expect(run(['https://s.example/', 'y'.repeat(5000), '\nhttps://s.example/ok\n', ''])).toEqual(['1:LONG', '2:https://s.example/ok']);
    const out: string[] = [];
    const r = createSitemapTextReader({ entry: (raw) => out.push(raw), stopped: () => out.length >= 1 });
    r.write('https://s.example/1\nhttps://s.example/2\n', true);
    expect(out).toEqual(['https://s.example/1']);
  });
});
