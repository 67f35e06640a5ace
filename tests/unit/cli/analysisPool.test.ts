// The command line's analysis threads: the same answer as analyzeBody in this thread for every
// kind of body streamed to them, the bytes moved rather than copied, a thread that dies fails
// only what it held, and threads that cannot start leave the work to the main thread.
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeBody, type BodyAnalyzer, type BodyToAnalyze } from '../../../lib/sitecheck';
import { analysisThreads, analysisWorkerScript, createAnalysisPool, MAX_ANALYSIS_THREADS, type AnalysisPool } from '../../../cli/analysisPool';

const enc = new TextEncoder();
/** One of the limits the product offers (2,000,000 bytes): the pages below go past it. */
const LIMIT = 2_000_000;

function body(bytes: Uint8Array, contentType: string | null, over: Partial<BodyToAnalyze> = {}): BodyToAnalyze {
  return {
    statusLine: 'HTTP/1.1 200 OK',
    status: 200,
    headers: contentType ? [{ name: 'Content-Type', value: contentType }] : [],
    body: bytes,
    bodyBytes: bytes.length,
    complete: true,
    finalUrl: 'https://site.example/p',
    limit: LIMIT,
    ...over,
  };
}

const html = (s: string) => enc.encode(s);
const head = '<!doctype html><html><head><title>T — é</title><meta name="robots" content="noindex"><link rel="canonical" href="/c"></head><body><h1>H</h1>';
/** Every kind of body the analysis tells apart, each a fresh buffer of its own. */
function bodies(): BodyToAnalyze[] {
  const filler = '<p>' + 'x'.repeat(90) + '</p>\n';
  const cp1252 = Uint8Array.from([...enc.encode('<html><head><title>'), 0x80, 0x93, 0x94, ...enc.encode('</title></head><body>caf'), 0xe9, ...enc.encode('</body></html>')]);
  const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<html><title>Ž</title></html>'].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
  return [
    body(html(`${head}<p>small</p></body></html>`), 'text/html; charset=utf-8'),
    body(html(`${head}${filler.repeat(21_000)}<a href="/late">late</a><h2>Late</h2><img src="/i.png"></body></html>`), 'text/html; charset=utf-8'),
    body(html(`${head}${filler.repeat(21_000)}`), 'text/html', { complete: false, bodyBytes: 5_000_000 }),
    body(cp1252, 'text/html; charset=windows-1252'),
    body(utf16, 'text/html'),
    body(Uint8Array.from([...html(head), 0xf0, 0x9f, 0x98, ...html('</body>'), 0xc3]), 'text/html; charset=utf-8'),
    body(html('<html><head><title>F</title></head><frameset><frame src="/a"></frameset></html>'), 'text/html'),
    body(html('é'.repeat(1_050_000)), 'text/plain; charset=utf-8'),
    body(new Uint8Array(9000).fill(0x25), 'application/pdf'),
    body(html(`${head}</body></html>`), null),
    body(new Uint8Array(0), 'text/html'),
  ];
}

/** A body through an analyser as the site check streams it: the response, the bytes, the end. */
function through(analyze: BodyAnalyzer, b: BodyToAnalyze) {
  const sink = analyze(b);
  if (b.body.length) sink.write(b.body);
  return sink.end({ bodyBytes: b.bodyBytes, complete: b.complete });
}

let pool: AnalysisPool | null = null;
afterEach(() => {
  pool?.close();
  pool = null;
});

describe('analysis threads', () => {
  it('answer exactly as analyzeBody in this thread, for every kind of body, two threads at once', async () => {
    pool = createAnalysisPool(2);
    const expected = await Promise.all(bodies().map((b) => analyzeBody(b)));
    // The bodies go both ways past the limit: cut pages with what they lose, and whole ones.
    expect(expected.map((a) => [a.bytes.truncated, a.bytes.lost.length > 0, a.served !== null])).toEqual([
      [false, false, true],
      [true, true, true],
      [true, false, true],
      [false, false, true],
      [false, false, true],
      [false, false, true],
      [false, false, true],
      [true, false, false],
      [false, false, false],
      [false, false, true],
      [false, false, true],
    ]);
    expect(await Promise.all(bodies().map((b) => through(pool!.analyze, b)))).toEqual(expected);
    // Started now: the bytes are moved to the thread, not copied (the caller's view is emptied).
    const again = bodies();
    expect(await Promise.all(again.map((b) => through(pool!.analyze, b)))).toEqual(expected);
    expect(again.map((b) => b.body.byteLength)).toEqual(again.map(() => 0));
    expect(pool.threads).toBe(2);
  });

  it('the thread the command line starts — its bundle (cli/bundle.mjs) — answers exactly as analyzeBody too', async () => {
    const script = await analysisWorkerScript({});
    expect(script.pathname).toMatch(/\/node_modules\/\.cache\/crawlscope\/analysis-thread\.mjs$/);
    pool = createAnalysisPool(1, { worker: script });
    const expected = await Promise.all(bodies().map((b) => analyzeBody(b)));
    expect(await Promise.all(bodies().map((b) => through(pool!.analyze, b)))).toEqual(expected);
    expect(pool.threads).toBe(1);
    // Asked not to bundle: the TypeScript through tsx's loader.
    expect((await analysisWorkerScript({ CRAWLSCOPE_NO_BUNDLE: '1' })).pathname).toMatch(/\/cli\/analysisWorker\.mjs$/);
  });

  it('a view on part of a larger buffer is copied: the rest of that buffer stays the caller\'s', async () => {
    pool = createAnalysisPool(1);
    await through(pool.analyze, bodies()[0]!);
    const whole = html(`XXXX${head}<p>small</p></body></html>`);
    const part = whole.subarray(4);
    const got = await through(pool.analyze, body(part, 'text/html'));
    expect(got).toEqual(await analyzeBody(body(whole.subarray(4), 'text/html')));
    expect(whole.byteLength).toBe(part.byteLength + 4);
  });

  it('a thread that dies fails only the body it held, with a reason; the next bodies are answered', async () => {
    pool = createAnalysisPool(1, { worker: new URL('./fixtures/exitingWorker.mjs', import.meta.url) });
    const ok = bodies()[0]!;
    const expected = await analyzeBody(bodies()[0]!);
    expect(await through(pool.analyze, ok)).toEqual(expected);
    await expect(through(pool.analyze, body(html('<p>x</p>'), 'text/html', { finalUrl: 'about:exit' }))).rejects.toThrow(/^The analysis thread stopped \(exit code 3\)\.$/);
    expect(await through(pool.analyze, bodies()[0]!)).toEqual(expected);
    expect(pool.threads).toBe(1);
  });

  it('a thread that stops answering is ended after its time: that body fails, the next ones are answered', async () => {
    pool = createAnalysisPool(1, { worker: new URL('./fixtures/exitingWorker.mjs', import.meta.url), answerMs: 500 });
    const expected = await analyzeBody(bodies()[0]!);
    expect(await through(pool.analyze, bodies()[0]!)).toEqual(expected);
    await expect(through(pool.analyze, body(html('<p>x</p>'), 'text/html', { finalUrl: 'about:hang' }))).rejects.toThrow(/^The analysis thread stopped \(no answer in 0\.5 s\)\.$/);
    expect(await through(pool.analyze, bodies()[0]!)).toEqual(expected);
  });

  it('threads that cannot start: the main thread analyses, the bodies sent meanwhile included', async () => {
    pool = createAnalysisPool(2, { worker: new URL('./fixtures/brokenWorker.mjs', import.meta.url) });
    const expected = await Promise.all(bodies().map((b) => analyzeBody(b)));
    expect(await Promise.all(bodies().map((b) => through(pool!.analyze, b)))).toEqual(expected);
    expect(pool.threads).toBe(0);
    expect(await through(pool.analyze, bodies()[1]!)).toEqual(expected[1]);
  });

  it('after close, the main thread analyses', async () => {
    pool = createAnalysisPool(1);
    pool.close();
    expect(pool.threads).toBe(0);
    expect(await through(pool.analyze, bodies()[1]!)).toEqual(await analyzeBody(bodies()[1]!));
  });

  it('how many: every core but one, no more than URLs at once; CRAWLSCOPE_ANALYSIS_THREADS decides when set', () => {
    expect(analysisThreads(4, {}, 8)).toBe(4);
    expect(analysisThreads(16, {}, 8)).toBe(7);
    expect(analysisThreads(4, {}, 2)).toBe(1);
    expect(analysisThreads(4, {}, 1)).toBe(0);
    expect(analysisThreads(4, { CRAWLSCOPE_ANALYSIS_THREADS: '0' }, 8)).toBe(0);
    expect(analysisThreads(4, { CRAWLSCOPE_ANALYSIS_THREADS: ' 3 ' }, 2)).toBe(3);
    expect(analysisThreads(4, { CRAWLSCOPE_ANALYSIS_THREADS: '1000' }, 2)).toBe(MAX_ANALYSIS_THREADS);
    expect(analysisThreads(4, { CRAWLSCOPE_ANALYSIS_THREADS: 'many' }, 8)).toBe(4);
  });
});
