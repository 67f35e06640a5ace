// The one pass's JSON-LD blocks (offsets in body bytes) placed in the decoded text: the extract is
// the same as from a second scan of the text, in every charset where it is exact; a charset or a
// page where it is not falls back to the second scan.
import { describe, expect, it } from 'vitest';
import { HtmlReader, resolveCharset } from '../../../lib/html';
import { StructuredTokens, structuredFromBytes } from '../../../lib/structured';
import { tokensInChars } from '../../../lib/structured/tokensInChars';
import { parse5Tree } from '../../../lib/structured/parse5Tree';

const LD = (name: string) => `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${name}","offers":{"@type":"Offer","price":"9.90","priceCurrency":"EUR"}}</script>`;

/** The tokens of one pass over the bytes, in pieces of `piece` bytes. */
function passTokens(body: Uint8Array, charset: string, piece = 7): StructuredTokens {
  const t = new StructuredTokens(false);
  const r = new HtmlReader({ whole: [t] }, { charset, contentType: `text/html; charset=${charset}` });
  for (let i = 0; i < body.length; i += piece) r.write(body.subarray(i, i + piece));
  r.end();
  return t;
}

function utf16(s: string, le: boolean): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const page = (head: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Schuhe – Größe 42 😀</title>${head}</head><body><p>Ärger 🎉 über „Preise“</p>${body}<p>Ende</p></body></html>`;

const CASES: { name: string; body: Uint8Array; charset: string }[] = [
  { name: 'UTF-8 with 2-, 3- and 4-byte characters before, between and after the blocks', body: new TextEncoder().encode(page(LD('Wanderschuh „Alpin“ 😀'), `<div>🎉</div>${LD('Größe')}`)), charset: 'utf-8' },
  { name: 'UTF-8 with a byte-order mark', body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(page(LD('Bom'), ''))]), charset: 'utf-8' },
  { name: 'UTF-8, an unterminated block', body: new TextEncoder().encode(`<p>ü</p><script type="application/ld+json">{"@type":"Thing","name":"é"`), charset: 'utf-8' },
  { name: 'windows-1252', body: latin1(`<html><head><title>Caf\xe9</title>${LD('Cr\xe8me br\xfbl\xe9e')}</head><body>\xc4rger</body></html>`), charset: 'windows-1252' },
  { name: 'UTF-16LE with its byte-order mark', body: new Uint8Array([0xff, 0xfe, ...utf16(`<html><head><title>Größe</title>${LD('Größe 😀')}</head><body>x</body></html>`, true)]), charset: 'utf-16le' },
];

describe('tokensInChars: the one pass places JSON-LD without a second scan', () => {
  for (const c of CASES) {
    it(`${c.name}: the same extract as a second scan of the text`, () => {
      const byteTokens = passTokens(c.body, c.charset);
      expect(byteTokens.blocks.length).toBeGreaterThan(0);
      const input = { body: c.body, headerBytes: 250, charset: c.charset, limit: 2_097_152, baseUrl: 'https://shop.example/p/1', treeOf: (h: string) => parse5Tree(h) };
      const second = structuredFromBytes(input);
      const fromPass = structuredFromBytes({ ...input, byteTokens });
      // Something to compare: items, or the problem of a block that ends with the input.
      expect(second.items.length + second.problems.length).toBeGreaterThan(0);
      expect(fromPass).toEqual(second);
    });
  }

  it('the same extract when the page is cut inside a block (its items lost at their bytes)', () => {
    const body = new TextEncoder().encode(page(LD('ä'.repeat(50)), `${'<p>ö</p>'.repeat(40)}${LD('spät')}`));
    const byteTokens = passTokens(body, 'utf-8', 64);
    const input = { body, headerBytes: 300, charset: 'utf-8', limit: 300 + 600, treeOf: (h: string) => parse5Tree(h) };
    const fromPass = structuredFromBytes({ ...input, byteTokens });
    expect(fromPass.cutResponseByte).not.toBeNull();
    expect(fromPass).toEqual(structuredFromBytes(input));
  });

  it('no placing where it would not be exact: UTF-8 with an invalid byte, a stateful charset, a page with microdata', () => {
    const bad = new Uint8Array([...new TextEncoder().encode(`<p>`), 0xff, ...new TextEncoder().encode(`</p>${LD('x')}`)]);
    const t = passTokens(bad, 'utf-8');
    expect(tokensInChars(t, bad, new TextDecoder().decode(bad), resolveCharset('utf-8', bad))).toBeNull();
    const jis = latin1(`<p>x</p>${LD('x')}`);
    expect(tokensInChars(passTokens(jis, 'iso-2022-jp'), jis, new TextDecoder('iso-2022-jp').decode(jis), resolveCharset('iso-2022-jp', jis))).toBeNull();
    const md = new TextEncoder().encode(`<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">n</span></div>${LD('x')}`);
    expect(tokensInChars(passTokens(md, 'utf-8'), md, new TextDecoder().decode(md), resolveCharset('utf-8', md))).toBeNull();
  });
});
