import { HtmlReader } from '../html';
import { NodeTable, type RawProblem } from './NodeTable';
import { readJsonLd } from './readJsonLd';
import { readMicrodata } from './readMicrodata';
import { readRdfa } from './readRdfa';
import type { SdTree } from './SdElement';
import { StructuredTokens, type JsonLdBlock, type TagStarts } from './StructuredTokens';
import { findIdCycles } from './findIdCycles';
import { LineIndex } from './LineIndex';
import type { SdExtract, SdItem, SdNode, SdPlace, SdProperty, SdStatus } from './types';

export interface ExtractInput {
  /** The HTML as text: the decoded response (served) or the render's serialized document. */
  html: string;
  source: 'served' | 'rendered';
  /** Character index where Googlebot's byte limit cuts the HTML, or null when nothing is cut. */
  cut: number | null;
  /** The document's URL: relative URLs of microdata and RDFa are resolved against it. */
  baseUrl?: string | null;
  /** Body byte offset of a character index (createByteMapper; called in increasing order). Absent: no byte offsets. */
  byteAt?: (charIndex: number) => number;
  /** The response's header bytes (response offset = header bytes + body offset). */
  headerBytes?: number;
  offsetsExact?: boolean;
  /**
   * The element tree, for microdata and RDFa, built only when the tokens show either: `(html,
   * tagStarts) => tree`. Node passes parse5Tree; a page passes a DOMParser tree placed with the
   * start offsets. Absent: microdata and RDFa are not read.
   */
  treeOf?: (html: string, tagStarts: TagStarts) => SdTree;
  /** The tokens already read over this same text (character offsets): no second scan. */
  tokens?: StructuredTokens;
}

/** Reads the HTML's tokens for structured data: lib/html's reader over the text (offsets are character offsets). */
export function structuredTokens(html: string): StructuredTokens {
  const s = new StructuredTokens();
  const r = new HtmlReader({ whole: [s] });
  r.writeText(html);
  r.end();
  return s;
}

/**
 * The place of every offset the extract names (entities, items, problems, the cut): the offsets
 * sorted once as numbers (a typed array, no comparator), each distinct one placed once — the byte
 * mapper is a cursor and is asked in increasing order — and found again by binary search.
 */
function placer(t: NodeTable, cut: number, lines: LineIndex, byteAt: ((charIndex: number) => number) | undefined): (at: number) => SdPlace {
  const count = t.nodes.length + t.items.length + t.problems.length + 1;
  const all = new Float64Array(count);
  let k = 0;
  for (const n of t.nodes) all[k++] = Math.max(0, n.at);
  for (const p of t.problems) if (p.at >= 0) all[k++] = p.at;
  for (const it of t.items) all[k++] = Math.max(0, it.at);
  if (Number.isFinite(cut)) all[k++] = cut;
  const sorted = all.subarray(0, k).sort();
  let distinct = 0;
  for (let i = 0; i < k; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
  const offsets = sorted.subarray(0, distinct);
  const places: SdPlace[] = new Array(distinct);
  let line = 0;
  for (let i = 0; i < distinct; i++) {
    const at = offsets[i]!;
    // Offsets increase: the line moves forward only (a binary search from the last line).
    line = lines.lineOf(at, line);
    places[i] = { line: line + 1, column: at - lines.start(line) + 1, byte: byteAt ? byteAt(at) : null };
  }
  return (at: number) => {
    const x = Math.max(0, at);
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return places[lo]!;
  };
}

/** The 1-based line of a property at offset `at`. */
const propLine = (lines: LineIndex, at: number) => lines.lineOf(Math.max(0, at)) + 1;

/**
 * Every item of structured data in one HTML — JSON-LD, microdata, RDFa — with its entities, its
 * properties and its place (line, column, body byte). Served HTML is judged against Googlebot's
 * cut: an item whose markup starts past it is lost; a JSON-LD block the cut falls inside is
 * unreadable for Google; a microdata or RDFa item cut in half keeps the properties written before
 * the cut (the others are marked not kept). Problems of the markup itself (JSON errors with line
 * and column, contexts, loops) come with their place too.
 */
export function extractStructuredData(input: ExtractInput): SdExtract {
  const { html } = input;
  const cut = input.cut ?? Infinity;
  const tokens = input.tokens ?? structuredTokens(html);
  const t = new NodeTable();
  const jsonLdChars = readJsonLd(html, tokens.blocks, cut, t);
  if ((tokens.microdata || tokens.rdfa) && input.treeOf) {
    const tree = input.treeOf(html, tokens.tagStarts);
    if (tokens.microdata) readMicrodata(tree, input.baseUrl ?? null, t);
    if (tokens.rdfa) readRdfa(tree, input.baseUrl ?? null, t);
  }
  t.resolveRefs();
  for (const c of findIdCycles(t)) t.problem(c);
  const cutInBlock = Number.isFinite(cut) && tokens.blocks.some((b) => b.contentStart < cut && (b.unterminated || b.contentEnd + 9 > cut));
  if (!t.nodes.length && !t.problems.length && !cutInBlock) {
    // Nothing to place: no line table, no byte offsets.
    return { source: input.source, nodes: [], items: [], problems: [], jsonLdChars, offsetsExact: input.offsetsExact ?? true, cutResponseByte: null };
  }

  // Places: every offset mapped once, in increasing order (the byte mapper is a cursor).
  const lines = new LineIndex(html);
  const placeOf = placer(t, cut, lines, input.byteAt);

  const nodes: SdNode[] = t.nodes.map((n) => {
    // JSON-LD names a property once per object (nothing to merge unless the cut falls inside).
    if (n.format === 'jsonld' && !Number.isFinite(cut)) return { types: n.types, id: n.id, props: n.props.map((p) => ({ name: p.name, values: p.values, line: propLine(lines, p.at), kept: true })), place: placeOf(n.at) };
    // One property per name, its values in order (microdata and RDFa list a name once per element).
    const byName = new Map<string, SdProperty>();
    for (const p of n.props) {
      const had = byName.get(p.name);
      const kept = p.at < cut;
      if (had) {
        // Values written past the cut of a property Google read before it: Google never sees them.
        if (kept || !had.kept) for (const v of p.values) had.values.push(v);
      } else byName.set(p.name, { name: p.name, values: [...p.values], line: propLine(lines, p.at), kept });
    }
    return { types: n.types, id: n.id, props: [...byName.values()], place: placeOf(n.at) };
  });

  const H = input.headerBytes ?? 0;
  const items: SdItem[] = t.items.map((it) => {
    const place = placeOf(it.at);
    let status: SdStatus = 'served';
    if (input.source === 'rendered') status = 'rendered';
    else if (it.at >= cut) status = 'lost';
    else if (it.blockCut || nodes[it.node]!.props.some((p) => !p.kept)) status = 'cut';
    return { format: it.format, status, node: it.node, types: t.nodes[it.node]!.types, place, responseByte: place.byte === null ? null : H + place.byte };
  });

  const problems = t.problems.map((p: RawProblem) => {
    const { at, ...rest } = p;
    return { ...rest, place: at >= 0 ? placeOf(at) : null };
  });
  // A JSON-LD block the cut falls inside: Google reads none of it.
  const cutBlocks = tokens.blocks.filter((b: JsonLdBlock) => b.contentStart < cut && (b.unterminated || b.contentEnd + 9 > cut) && Number.isFinite(cut));
  for (const _b of cutBlocks) {
    const place = placeOf(cut);
    problems.push({ code: 'blockCut', format: 'jsonld', severity: 'error', params: [place.byte === null ? cut : H + place.byte], place });
  }
  const cutByte = Number.isFinite(cut) && input.byteAt ? H + placeOf(cut).byte! : null;
  return { source: input.source, nodes, items, problems, jsonLdChars, offsetsExact: input.offsetsExact ?? true, cutResponseByte: cutByte };
}
