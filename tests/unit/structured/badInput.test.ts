// Hostile and broken markup: each gets a clear problem with its line and column, nothing hangs,
// nothing recurses (10,000 levels of nesting), nothing is fetched.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractStructuredData, MAX_JSON_DEPTH, MAX_JSONLD_CHARS, parseJson } from '../../../lib/structured';
import { parse5Tree } from '../../../lib/structured/parse5Tree';
import { validateStructuredData } from '../../../lib/structured/validate';

const read = (html: string) => extractStructuredData({ html, source: 'served', cut: null, treeOf: (h) => parse5Tree(h) });
const ld = (json: string) => `<!doctype html>\n<html><head>\n<script type="application/ld+json">\n${json}\n</script>\n</head></html>`;

afterEach(() => vi.unstubAllGlobals());

describe('malformed JSON-LD', () => {
  it('a syntax error: its code, line and column (in the HTML)', () => {
    const x = read(ld('{\n  "@context": "https://schema.org",\n  "@type": "Product"\n  "name": "x"\n}'));
    expect(x.items).toEqual([]);
    expect(x.problems).toEqual([{ code: 'jsonSyntax', format: 'jsonld', severity: 'error', params: ['unexpectedChar'], place: { line: 7, column: 3, byte: null } }]);
  });

  it('a trailing comma: where the comma is', () => {
    const x = read(ld('{"@context": "https://schema.org", "@type": "Product", "name": "x",\n}'));
    expect(x.problems).toEqual([{ code: 'jsonTrailingComma', format: 'jsonld', severity: 'error', params: [], place: { line: 4, column: 67, byte: null } }]);
  });

  it('an HTML comment inside the script: where it opens', () => {
    const x = read(ld('<!--\n{"@context": "https://schema.org", "@type": "Product", "name": "x"}\n-->'));
    expect(x.problems).toEqual([{ code: 'jsonHtmlComment', format: 'jsonld', severity: 'error', params: [], place: { line: 4, column: 1, byte: null } }]);
  });

  it('a JavaScript comment, an unterminated string, a bad escape, data after the value, an empty block', () => {
    expect(parseJson('{"a": // no\n1}', 64).error).toEqual({ code: 'comment', at: 6 });
    expect(parseJson('{"a": "b', 64).error).toEqual({ code: 'unterminatedString', at: 6 });
    expect(parseJson('{"a": "\\x"}', 64).error).toEqual({ code: 'badEscape', at: 7 });
    expect(parseJson('{"a": 1} {"b": 2}', 64).error).toEqual({ code: 'trailingData', at: 9 });
    expect(read(ld('   ')).problems.map((p) => p.code)).toEqual(['jsonEmpty']);
  });
});

describe('sizes and depths', () => {
  it('5 MB of JSON-LD: read up to the cap, the rest said so (characters, cap, blocks not read)', () => {
    const block = (i: number) => `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"${'x'.repeat(1_048_000)}${i}"}</script>`;
    const html = Array.from({ length: 5 }, (_, i) => block(i)).join('\n');
    const content = block(0).length - '<script type="application/ld+json">'.length - '</script>'.length;
    const t0 = performance.now();
    const x = read(html);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(x.items).toHaveLength(2);
    expect(x.jsonLdChars).toBeLessThanOrEqual(MAX_JSONLD_CHARS);
    const p = x.problems.find((q) => q.code === 'jsonTooLarge')!;
    expect(p).toMatchObject({ severity: 'warning', params: [5 * content, MAX_JSONLD_CHARS, 3], place: { line: 3, column: 1 } });
  });

  it('nesting 10,000 deep: no stack overflow; read to the depth limit and said so', () => {
    const deep = `{"@context":"https://schema.org","@type":"Thing","name":"top","subjectOf":${'{"@type":"Thing","subjectOf":'.repeat(10_000)}"end"${'}'.repeat(10_000)}}`;
    const x = read(ld(deep));
    expect(x.problems.map((p) => [p.code, p.params])).toEqual([['jsonTooDeep', [MAX_JSON_DEPTH]]]);
    expect(x.items).toHaveLength(1);
    expect(x.nodes.length).toBe(MAX_JSON_DEPTH);
    const r = validateStructuredData({ served: x, now: 0 });
    expect(JSON.stringify(r).length).toBeGreaterThan(0);
    expect(parseJson('['.repeat(10_000) + ']'.repeat(10_000), 64).error).toBeNull();
  });

  it('microdata nested 10,000 deep: read without recursion', () => {
    const html = `<div itemscope itemtype="https://schema.org/Thing">${'<div itemprop="subjectOf" itemscope itemtype="https://schema.org/Thing">'.repeat(10_000)}<span itemprop="name">x</span>${'</div>'.repeat(10_001)}`;
    const x = read(html);
    expect(x.items).toHaveLength(1);
    expect(x.nodes).toHaveLength(10_001);
    expect(() => JSON.stringify(validateStructuredData({ served: x, now: 0 }))).not.toThrow();
  });
});

describe('contexts and references', () => {
  it('a remote @context that is not schema.org is named and never fetched', () => {
    const fetch = vi.fn(() => {
      throw new Error('fetched');
    });
    vi.stubGlobal('fetch', fetch);
    const x = read(ld('{"@context": "https://example.com/my-context.jsonld", "@type": "Product", "name": "x"}'));
    expect(x.problems).toEqual([{ code: 'contextRemote', format: 'jsonld', severity: 'warning', params: ['https://example.com/my-context.jsonld'], place: { line: 4, column: 14, byte: null } }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a @context that is not schema.org; a missing @context', () => {
    expect(read(ld('{"@context": {"@vocab": "http://purl.org/dc/terms/"}, "@type": "Product"}')).problems.map((p) => [p.code, p.params])).toEqual([['contextNotSchemaOrg', ['http://purl.org/dc/terms/']]]);
    expect(read(ld('{"@type": "Product", "name": "x"}')).problems.map((p) => p.code)).toEqual(['contextMissing']);
  });

  it('schema.org in every form pages write it: http, https, trailing slash, @vocab, a prefix', () => {
    for (const c of ['"http://schema.org"', '"https://schema.org/"', '{"@vocab": "https://schema.org/"}', '["https://schema.org", {"ex": "https://example.com/"}]']) {
      const x = read(ld(`{"@context": ${c}, "@type": "Product", "name": "x"}`));
      expect(x.problems).toEqual([]);
      expect(x.items[0]!.types).toEqual(['Product']);
    }
    const pre = read(ld('{"@context": {"s": "https://schema.org/"}, "@type": "s:Product", "s:name": "x"}'));
    expect(pre.items[0]!.types).toEqual(['Product']);
    expect(pre.nodes[0]!.props.map((p) => p.name)).toEqual(['name']);
  });

  it('cyclic @id references: linked, reported once with the chain, walked once', () => {
    const x = read(ld('{"@context":"https://schema.org","@graph":[{"@id":"#a","@type":"Person","name":"A","knows":{"@id":"#b"}},{"@id":"#b","@type":"Person","name":"B","knows":{"@id":"#a"}}]}'));
    expect(x.problems).toEqual([{ code: 'idCycle', format: 'jsonld', severity: 'info', params: ['#a → #b → #a'], place: { line: 4, column: 44, byte: null } }]);
    expect(x.nodes[0]!.props.find((p) => p.name === 'knows')!.values).toEqual([{ t: 'node', n: 1 }]);
    const r = validateStructuredData({ served: x, now: 0 });
    expect(r.items).toHaveLength(2);
  });

  it('@graph, arrays of items, nested objects and an @id defined in another block', () => {
    const html = ld('[{"@context":"https://schema.org","@type":"Article","headline":"h","publisher":{"@id":"https://e.com/#org"}},{"@context":"https://schema.org","@type":"WebPage","name":"p"}]') + ld('{"@context":"https://schema.org","@graph":[{"@type":"Organization","@id":"https://e.com/#org","name":"E","logo":{"@type":"ImageObject","url":"https://e.com/l.png"}}]}');
    const x = read(html);
    expect(x.items.map((i) => i.types[0])).toEqual(['Article', 'WebPage', 'Organization']);
    const article = x.nodes[x.items[0]!.node]!;
    const pub = article.props.find((p) => p.name === 'publisher')!.values[0]!;
    expect(pub).toEqual({ t: 'node', n: x.items[2]!.node });
  });
});

describe('microdata', () => {
  it('an itemref loop: reported with its id, each element read once', () => {
    const html = '<div id="w">\n<div itemscope itemtype="https://schema.org/Product" itemref="w"><span itemprop="name">Anvil</span></div>\n</div>';
    const x = read(html);
    expect(x.problems).toEqual([{ code: 'itemrefLoop', format: 'microdata', severity: 'warning', params: ['w'], place: { line: 2, column: 1, byte: null } }]);
    expect(x.nodes[0]!.props).toEqual([{ name: 'name', values: [{ t: 'text', v: 'Anvil' }], line: 2, kept: true }]);
  });

  it('an itemref to no element, an item referring to itself', () => {
    expect(read('<div itemscope itemtype="https://schema.org/Thing" itemref="nope"></div>').problems.map((p) => [p.code, p.params])).toEqual([['itemrefMissing', ['nope']]]);
    const self = read('<div id="me" itemscope itemtype="https://schema.org/Thing" itemref="me"><b itemprop="name">x</b></div>');
    expect(self.problems.map((p) => p.code)).toEqual(['itemrefLoop']);
  });
});
