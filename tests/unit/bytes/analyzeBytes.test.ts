import { describe, expect, it } from 'vitest';
import { analyzeBytes } from '../../../lib/bytes';

const enc = (s: string) => new TextEncoder().encode(s);
const FILLER = 'x'.repeat(200);
// Byte layout (UTF-8): <title> at 27..51 (Ü and ï are two bytes each), <h1> at 130, the filler <p> text
// spans the cut, then <link rel=canonical> at 419, JSON-LD at 470..544, two links, an <h2> at 588.
const PAGE =
  '<!doctype html><html><head><title>Ünïcode</title><meta name="robots" content="index">' +
  '<style>body{color:red}</style></head><body><h1>Héllo</h1><script>var x = "€€€";</script>' +
  `<!-- a comment --><p id="filler">${FILLER}</p><link rel="canonical" href="https://example.com/a">` +
  '<script type="application/ld+json">{"@type":"Product","name":"x"}</script>' +
  '<a href="/one">one</a><a href="/two">two</a><h2>Gone</h2></body></html>';

describe('analyzeBytes: what falls past the cut', () => {
  it('places the cut, and lists canonical, JSON-LD, links and the heading past it with byte offsets', async () => {
    const r = await analyzeBytes({ body: enc(PAGE), headerBytes: 100, charset: 'utf-8', limit: 400 });
    expect(r.cutoff).toMatchObject({ totalBytes: 715, bodyBytes: 615, bodyBytesKept: 300, charIndex: 291, truncated: true });
    const brief = r.items.map((i) => [i.kind, i.status, i.bodyOffset, i.responseOffset, i.detail]);
    expect(brief).toEqual([
      ['title', 'kept', 27, 127, 'Ünïcode'],
      ['metaRobots', 'kept', 51, 151, 'robots: index'],
      ['heading', 'kept', 130, 230, 'Héllo'],
      ['canonical', 'lost', 419, 519, 'https://example.com/a'],
      ['jsonLd', 'lost', 470, 570, 'Product'],
      ['heading', 'lost', 588, 688, 'Gone'],
    ]);
    expect(r.links).toMatchObject({ total: 2, lost: 2 });
    expect(r.links.firstLost.map((l) => [l.detail, l.bodyOffset])).toEqual([['/one', 544], ['/two', 566]]);
    expect(r.headings).toEqual({ total: 2, lost: 1 });
    expect(r.findings.map((f) => f.code)).toEqual(['bytes.lost.canonical', 'bytes.lost.jsonLd', 'bytes.lost.headings', 'bytes.lost.links', 'bytes.lost.text']);
    expect(r.findings[0]!.params).toEqual([1, 519, 'https://example.com/a']);
    // The first element whose start tag is not whole before the cut is the canonical <link>.
    expect(r.firstPastCut).toMatchObject({ tag: 'link', ordinal: 0, bodyOffset: 419, responseOffset: 519 });
    expect(r.cutContext.kind).toBe('text');
    // Visible text: Héllo (5) + filler (200) + one, two, Gone (10) = 215; the cut at char 291 keeps 90 of the filler.
    expect(r.visibleText).toEqual({ totalChars: 215, lostChars: 125 });
  });

  it('counts where the bytes go, exactly', async () => {
    const r = await analyzeBytes({ body: enc(PAGE), headerBytes: 100, charset: 'utf-8', limit: 400 });
    const rows = Object.fromEntries(r.breakdown.rows.map((x) => [x.category, x.bytes]));
    // JSON-LD content 30, the inline script's content 20 (three 3-byte €), <!-- a comment --> 18, style content 15.
    expect(rows).toEqual({ jsonData: 30, inlineScript: 20, comments: 18, inlineStyle: 15, dataUri: 0, inlineSvg: 0, whitespace: 0, rest: 615 - 83 });
    expect(r.breakdown.fix).toMatchObject({ code: 'bytes.fix.rest' });
  });

  it('nothing is lost when the page fits', async () => {
    const r = await analyzeBytes({ body: enc(PAGE), headerBytes: 100, charset: 'utf-8' });
    expect(r.cutoff.truncated).toBe(false);
    expect(r.items.every((i) => i.status === 'kept')).toBe(true);
    expect(r.findings).toEqual([]);
    expect(r.firstPastCut).toBeNull();
  });

  it('a JSON-LD block cut in half is reported as such', async () => {
    // JSON-LD content starts at body byte 505; cut 10 bytes into it.
    const r = await analyzeBytes({ body: enc(PAGE), headerBytes: 0, charset: 'utf-8', limit: 515 });
    const ld = r.items.find((i) => i.kind === 'jsonLd')!;
    expect(ld).toMatchObject({ status: 'cut', bodyOffset: 470, bodyEnd: 544 });
    expect(r.findings.map((f) => f.code)).toContain('bytes.cutInHalf.jsonLd');
    expect(r.cutContext).toMatchObject({ kind: 'script', tag: 'script', bodyOffset: 470 });
    // The canonical before it is kept.
    expect(r.items.find((i) => i.kind === 'canonical')!.status).toBe('kept');
  });

  it('a JSON-LD block whose content ends exactly at the cut is whole; a cut inside its end tag is not', async () => {
    const whole = await analyzeBytes({ body: enc(PAGE), headerBytes: 0, charset: 'utf-8', limit: 535 });
    expect(whole.items.find((i) => i.kind === 'jsonLd')!.status).toBe('kept');
    const partEnd = await analyzeBytes({ body: enc(PAGE), headerBytes: 0, charset: 'utf-8', limit: 540 });
    expect(partEnd.items.find((i) => i.kind === 'jsonLd')!.status).toBe('cut');
  });

  it('a start tag cut in the middle is lost whole (the parser drops an unfinished tag)', async () => {
    const r = await analyzeBytes({ body: enc(PAGE), headerBytes: 0, charset: 'utf-8', limit: 430 });
    expect(r.items.find((i) => i.kind === 'canonical')!.status).toBe('lost');
    expect(r.cutContext).toMatchObject({ kind: 'tag', tag: 'link', bodyOffset: 419 });
    expect(r.firstPastCut).toMatchObject({ tag: 'link', bodyOffset: 419 });
  });

  it('gives the same answers when fed in small slices', async () => {
    let pauses = 0;
    const r = await analyzeBytes(
      { body: enc(PAGE), headerBytes: 100, charset: 'utf-8', limit: 400 },
      { sliceBytes: 37, pause: async () => void pauses++ },
    );
    const whole = await analyzeBytes({ body: enc(PAGE), headerBytes: 100, charset: 'utf-8', limit: 400 });
    // The reader reads on across slices (a tag or a text run may span them): it pauses after
    // every 37-byte slice but the last, whatever token that slice ends in.
    expect(pauses).toBe(Math.ceil(enc(PAGE).length / 37) - 1);
    expect(r).toEqual(whole);
    expect(r.items.map((i) => i.bodyOffset)).toEqual([27, 51, 130, 419, 470, 588]);
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(analyzeBytes({ body: enc(PAGE), headerBytes: 0, charset: 'utf-8' }, { signal: ac.signal })).rejects.toThrow('bytes.error.timeout');
  });
});

describe('analyzeBytes: byte offsets in legacy charsets', () => {
  it('Shift_JIS: offsets count two bytes per kana', async () => {
    // "<p>" + あいう (6 bytes) + "</p><link rel=canonical href=/c>"
    const head = [...enc('<p>'), 0x82, 0xa0, 0x82, 0xa2, 0x82, 0xa4, ...enc('</p><link rel=canonical href=/c>')];
    const r = await analyzeBytes({ body: new Uint8Array(head), headerBytes: 0, charset: 'shift_jis', limit: 8 });
    expect(r.cutoff).toMatchObject({ bodyBytesKept: 7, charIndex: 5 });
    const link = r.items.find((i) => i.kind === 'canonical')!;
    expect(link).toMatchObject({ status: 'lost', bodyOffset: 13, detail: '/c' });
    expect(r.visibleText).toEqual({ totalChars: 3, lostChars: 1 });
  });
  it('windows-1252: one byte per character', async () => {
    const body = new Uint8Array([...enc('<p>'), 0xe9, 0xe9, ...enc('</p><a href=/x>x</a>')]);
    const r = await analyzeBytes({ body, headerBytes: 0, charset: 'windows-1252', limit: 10 });
    expect(r.links.firstLost[0]).toMatchObject({ bodyOffset: 9, detail: '/x' });
  });
  it('UTF-8 with invalid bytes still maps exactly', async () => {
    const body = new Uint8Array([...enc('<p>'), 0xff, 0xe2, 0x82, ...enc('</p><a href=/x>x</a>')]);
    const r = await analyzeBytes({ body, headerBytes: 0, charset: 'utf-8', limit: 6 });
    expect(r.links.firstLost[0]).toMatchObject({ bodyOffset: 10, detail: '/x' });
  });
});

describe('analyzeBytes: where the bytes go', () => {
  it('names the biggest inline script and the fix, with its size and offset', async () => {
    const big = 'a=1;'.repeat(500);
    const html = `<html><head><style>p{}</style></head><body><svg viewBox="0 0 1 1"><path d="M0 0"/></svg><img src="data:image/png;base64,AAAA"><script>${big}</script>\n\n\n  <p style="color:red">x</p><script id="__NEXT_DATA__" type="application/json">{"a":1}</script></body></html>`;
    const r = await analyzeBytes({ body: enc(html), headerBytes: 0, charset: 'utf-8' });
    const rows = Object.fromEntries(r.breakdown.rows.map((x) => [x.category, x.bytes]));
    expect(rows).toMatchObject({
      inlineScript: 2000,
      jsonData: 7,
      inlineStyle: 3 + 17, // "p{}" + style="color:red"
      dataUri: 32, // src="data:image/png;base64,AAAA"
      inlineSvg: 45, // <svg viewBox="0 0 1 1"> 23 + <path d="M0 0"/> 16 + </svg> 6
      whitespace: 4, // "\n\n\n  " is 5 characters, one is kept
    });
    expect(r.breakdown.fix).toEqual({ code: 'bytes.fix.inlineScript', params: [2000, 2000, 134, 'script', 1] }); // content starts after 43 + 45 (svg) + 38 (img) + 8 (<script>)
    expect(r.breakdown.rows.reduce((s, x) => s + x.bytes, 0)).toBe(enc(html).length);
  });
  it('noscript is raw text (scripting enabled): links inside it are not counted', async () => {
    const r = await analyzeBytes({ body: enc('<body><noscript><a href="/n">n</a></noscript><a href="/y">y</a>'), headerBytes: 0, charset: 'utf-8' });
    expect(r.links.total).toBe(1);
  });
  it('non-HTML text is measured but not scanned', async () => {
    const r = await analyzeBytes({ body: enc('{"a":1}'), headerBytes: 10, charset: 'utf-8', mediaType: 'application/json', limit: 12 });
    expect(r).toMatchObject({ isHtml: false, items: [] });
    expect(r.cutoff).toMatchObject({ truncated: true, bodyBytesKept: 2 });
  });
});
