import type { JsonLdBlock } from './StructuredTokens';
import { parseJson, type JsonNode } from './parseJson';
import { MAX_JSON_DEPTH, MAX_JSONLD_CHARS, MAX_PROBLEMS } from './limits';
import type { NodeTable, RawNode } from './NodeTable';
import { isSchemaOrgIri, schemaLocalName } from './schemaTerms';
import type { SdValue } from './types';

/** How a block's terms are read: schema.org's (the vocabulary, prefixes naming it) or not. */
interface Ctx {
  schema: boolean;
  prefixes: Map<string, boolean>;
}

/** The contexts without prefixes, shared: the terms read are kept per context (termOf), so a page's blocks and the pages after it find them read. */
const SCHEMA_CTX: Ctx = { schema: true, prefixes: new Map() };
const OTHER_CTX: Ctx = { schema: false, prefixes: new Map() };

type Obj = Extract<JsonNode, { k: 'object' }>;

function member(o: Obj, key: string): JsonNode | undefined {
  for (const m of o.members) if (m.key === key) return m.value;
  return undefined;
}

/**
 * The block's @context, as far as it can be read without fetching anything: schema.org (as a
 * string, in an array, or as `@vocab`), prefixes that name schema.org, or something else — a
 * remote context is never requested.
 */
function readContext(v: JsonNode | undefined, t: NodeTable, base: number): Ctx {
  if (!v) {
    t.problem({ code: 'contextMissing', format: 'jsonld', severity: 'warning', params: [], at: -1 });
    return SCHEMA_CTX;
  }
  const parts = v.k === 'array' ? v.items : [v];
  let schema = false;
  const prefixes = new Map<string, boolean>();
  // A context given as a string is a document to fetch (never fetched here); @vocab is a vocabulary.
  const others: { iri: string; remote: boolean }[] = [];
  for (const p of parts) {
    if (p.k === 'string') {
      if (isSchemaOrgIri(p.v)) schema = true;
      else others.push({ iri: p.v, remote: /^https?:\/\//i.test(p.v) });
    } else if (p.k === 'object') {
      for (const m of p.members) {
        if (m.value.k !== 'string') continue;
        if (m.key === '@vocab') {
          if (isSchemaOrgIri(m.value.v)) schema = true;
          else others.push({ iri: m.value.v, remote: false });
        } else if (!m.key.startsWith('@') && isSchemaOrgIri(m.value.v)) prefixes.set(m.key.toLowerCase(), true);
      }
    }
  }
  for (const o of others.slice(0, 3)) t.problem({ code: o.remote ? 'contextRemote' : 'contextNotSchemaOrg', format: 'jsonld', severity: 'warning', params: [o.iri], at: base + v.at });
  if (!schema && !prefixes.size && !others.length) t.problem({ code: 'contextNotSchemaOrg', format: 'jsonld', severity: 'warning', params: [''], at: base + v.at });
  const isSchema = schema || (!others.length && prefixes.size === 0);
  if (!prefixes.size) return isSchema ? SCHEMA_CTX : OTHER_CTX;
  return { schema: isSchema, prefixes };
}

/** Terms already read, per context (pages repeat the same few keys thousands of times); bounded. */
const termCache = new WeakMap<Ctx, Map<string, string>>();

/** A type or property name in the block's terms: schema.org's local name where it is one. */
function termOf(key: string, ctx: Ctx): string {
  let cache = termCache.get(ctx);
  if (!cache) termCache.set(ctx, (cache = new Map()));
  let term = cache.get(key);
  if (term === undefined) {
    if (cache.size >= 4096) cache.clear();
    cache.set(key, (term = schemaLocalName(key, ctx.prefixes)));
  }
  return term;
}

/**
 * The JSON-LD of one HTML: every block parsed (a JSON error reported with its line and column,
 * the block read no further — Google cannot read it either), every object an entity, nested
 * objects entities of their own, `@graph` members and top-level array members items, `@id`
 * references linked to the entity of that @id anywhere in the page. Iterative: any nesting is
 * read without recursion (the parser skips what lies deeper than MAX_JSON_DEPTH). At most
 * MAX_JSONLD_CHARS characters of JSON-LD are read; the blocks past that are reported, not read.
 */
export function readJsonLd(html: string, blocks: readonly JsonLdBlock[], cut: number, t: NodeTable): number {
  let read = 0;
  let capped: { chars: number; blocks: number; at: number } | null = null;
  let errors = 0;
  for (const b of blocks) {
    const len = b.contentEnd - b.contentStart;
    if (read + len > MAX_JSONLD_CHARS) {
      capped ??= { chars: 0, blocks: 0, at: b.tagStart };
      capped.chars += len;
      capped.blocks++;
      continue;
    }
    read += len;
    const text = html.slice(b.contentStart, b.contentEnd);
    const blockCut = b.contentStart < cut && (b.unterminated ? b.contentEnd > cut : b.contentEnd + 9 > cut);
    const parsed = parseJson(text, MAX_JSON_DEPTH);
    if (parsed.tooDeep) t.problem({ code: 'jsonTooDeep', format: 'jsonld', severity: 'warning', params: [MAX_JSON_DEPTH], at: b.contentStart + parsed.tooDeep.at });
    if (parsed.error) {
      if (errors++ < MAX_PROBLEMS) {
        const e = parsed.error;
        const at = b.contentStart + e.at;
        if (e.code === 'trailingComma') t.problem({ code: 'jsonTrailingComma', format: 'jsonld', severity: 'error', params: [], at });
        else if (e.code === 'htmlComment') t.problem({ code: 'jsonHtmlComment', format: 'jsonld', severity: 'error', params: [], at });
        else if (e.code === 'empty') t.problem({ code: 'jsonEmpty', format: 'jsonld', severity: 'warning', params: [], at: b.tagStart });
        else t.problem({ code: 'jsonSyntax', format: 'jsonld', severity: 'error', params: [e.code], at });
      }
      continue;
    }
    readBlock(parsed.value!, b, blockCut, t);
  }
  if (capped) t.problem({ code: 'jsonTooLarge', format: 'jsonld', severity: 'warning', params: [read + capped.chars, MAX_JSONLD_CHARS, capped.blocks], at: capped.at });
  return read;
}

interface Work {
  obj: Obj;
  node: number;
  ctx: Ctx;
}

function readBlock(root: JsonNode, b: JsonLdBlock, blockCut: boolean, t: NodeTable): void {
  const base = b.contentStart;
  const tops: { v: JsonNode; ctx: Ctx | null }[] = [];
  if (root.k === 'array') for (const v of root.items) tops.push({ v, ctx: null });
  else tops.push({ v: root, ctx: null });
  const work: Work[] = [];

  for (const top of tops) {
    if (top.v.k !== 'object') continue;
    const o = top.v;
    const ctx = readContext(member(o, '@context'), t, base);
    const graph = member(o, '@graph');
    const members: Obj[] = [];
    if (graph) {
      for (const g of graph.k === 'array' ? graph.items : [graph]) if (g.k === 'object') members.push(g);
      // The object holding @graph is an entity of its own only when it says more than its context and graph.
      if (!o.members.some((m) => !m.key.startsWith('@') || m.key === '@type')) {
        /* nothing more */
      } else members.unshift({ ...o, members: o.members.filter((m) => m.key !== '@graph') });
    } else members.push(o);
    for (const m of members) {
      const v = entity(m, ctx, base, t, work);
      if (v?.t === 'node') t.items.push({ format: 'jsonld', node: v.n, at: base + m.at, end: b.contentEnd, blockCut });
    }
    // Depth-first over the objects inside, without recursion.
    while (work.length) {
      const w = work.pop()!;
      const node = t.nodes[w.node]!;
      for (const mb of w.obj.members) {
        if (mb.key.charCodeAt(0) === 0x40) continue;
        const name = termOf(mb.key, w.ctx);
        const first = mb.value;
        // A scalar (most values): no list to flatten.
        if (first.k !== 'array' && first.k !== 'object') {
          node.props.push({ name, values: first.k === 'deep' ? [] : [scalar(first)], at: base + mb.at });
          continue;
        }
        const values: SdValue[] = [];
        // Arrays (and @list / @set) flattened in order, without recursion.
        const pending: JsonNode[] = [first];
        while (pending.length) {
          const v = pending.pop()!;
          if (v.k === 'array') {
            for (let k = v.items.length - 1; k >= 0; k--) pending.push(v.items[k]!);
            continue;
          }
          if (v.k === 'object') {
            const list = member(v, '@list') ?? member(v, '@set');
            if (list) {
              pending.push(list);
              continue;
            }
            const e = entity(v, w.ctx, base, t, work);
            if (e) values.push(e);
            continue;
          }
          if (v.k === 'deep') continue;
          values.push(scalar(v));
        }
        node.props.push({ name, values, at: base + mb.at });
      }
    }
  }
}

/** An object as an entity (or a reference, when it has nothing but an @id): returns the value that points to it. Its members are read later, from `work`. */
function entity(o: Obj, ctx: Ctx, base: number, t: NodeTable, work: Work[]): SdValue | null {
  // One pass over the members for the keywords an entity needs (the first of each, as written).
  let idv: JsonNode | undefined;
  let valueV: JsonNode | undefined;
  let typeV: JsonNode | undefined;
  let content = false;
  for (const m of o.members) {
    const key = m.key;
    if (key === '@id') idv ??= m.value;
    else {
      if (key !== '@context') content = true;
      if (key === '@value') valueV ??= m.value;
      else if (key === '@type') typeV ??= m.value;
    }
  }
  const id = idv?.k === 'string' ? idv.v : null;
  if (id !== null && !content) return { t: 'ref', id };
  if (valueV) return scalar(valueV);
  const node: RawNode = { format: 'jsonld', types: typesOf(typeV, ctx), id, props: [], at: base + o.at };
  const n = t.add(node);
  if (n < 0) return null;
  if (id !== null) t.name(id, n);
  work.push({ obj: o, node: n, ctx });
  return { t: 'node', n };
}

function scalar(v: JsonNode): SdValue {
  switch (v.k) {
    case 'string':
      return { t: 'text', v: v.v };
    case 'number':
      return { t: 'number', v: v.v };
    case 'boolean':
      return { t: 'boolean', v: v.v };
    default:
      return { t: 'null' };
  }
}

function typesOf(v: JsonNode | undefined, ctx: Ctx): string[] {
  if (!v) return [];
  if (v.k === 'string') return [termOf(v.v, ctx)];
  const out: string[] = [];
  if (v.k === 'array') for (const x of v.items) if (x.k === 'string') out.push(termOf(x.v, ctx));
  return out;
}
