// StructuredTokens as a reader of lib/html's one pass: JSON-LD blocks where the tree builder puts a
// <script> (not in <svg>, not in a <template>'s inert content), their offsets, microdata and RDFa.
import { describe, expect, it } from 'vitest';
import { structuredTokens } from '../../../lib/structured';

const LD = '<script type="application/ld+json">{"@type":"Thing"}</script>';

describe('structuredTokens (lib/html)', () => {
  it('a JSON-LD block: the tag, the content and its end, in character offsets', () => {
    const html = `<!doctype html><head><title>x</title>${LD}</head>`;
    const t = structuredTokens(html);
    const tagStart = html.indexOf('<script');
    const contentStart = html.indexOf('{');
    expect(t.blocks).toEqual([{ tagStart, contentStart, contentEnd: html.indexOf('</script>'), unterminated: false }]);
    expect(html.slice(t.blocks[0]!.contentStart, t.blocks[0]!.contentEnd)).toBe('{"@type":"Thing"}');
    expect([t.microdata, t.rdfa, t.any]).toEqual([false, false, true]);
  });

  it('a block with no end tag runs to the end of the input', () => {
    const html = '<p>a</p><script type=" Application/LD+JSON ">{"a":1';
    expect(structuredTokens(html).blocks).toEqual([{ tagStart: 8, contentStart: html.indexOf('{'), contentEnd: html.length, unterminated: true }]);
  });

  it('not a block: inside <svg>, inside a <template>, another type', () => {
    const html = `<svg>${LD}</svg><template>${LD}</template><script type="application/json">{}</script>`;
    const t = structuredTokens(html);
    expect(t.blocks).toEqual([]);
    expect(t.any).toBe(false);
  });

  it('microdata and RDFa: found, and their start tags placed by name and ordinal', () => {
    const html = '<div>a</div><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">n</span></div><p vocab="https://schema.org/" typeof="Person">p</p>';
    const t = structuredTokens(html);
    expect([t.microdata, t.rdfa]).toEqual([true, true]);
    expect(t.tagStarts.get('div')).toEqual(new Map([[1, html.indexOf('<div itemscope')]]));
    expect(t.tagStarts.get('span')).toEqual(new Map([[0, html.indexOf('<span')]]));
    expect(t.tagStarts.get('p')).toEqual(new Map([[0, html.indexOf('<p vocab')]]));
  });
});
