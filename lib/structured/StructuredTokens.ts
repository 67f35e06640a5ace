import { HTML, type El, type HtmlSink, type TagToken } from '../html';

/** A `<script type="application/ld+json">` block: where its tag and its content are (offsets into the HTML). */
export interface JsonLdBlock {
  tagStart: number;
  contentStart: number;
  contentEnd: number;
  /** The block has no end tag: it runs to the end of the HTML given. */
  unterminated: boolean;
}

/** Where the start tags that carry microdata or RDFa attributes are: by tag name, the n-th start tag of that name in the source. */
export type TagStarts = Map<string, Map<number, number>>;

const MARKUP_ATTRS = new Set(['itemscope', 'itemprop', 'itemtype', 'itemref', 'itemid', 'typeof', 'vocab', 'property', 'resource', 'prefix', 'rel']);
const SCHEMA_PROPERTY = /(^|\s)(schema:|https?:\/\/schema\.org\/)/i;

const attrOf = (t: TagToken, name: string) => t.attrs.find((a) => a.name === name)?.value ?? null;

/**
 * The tokens structured data needs, as a reader of lib/html's one pass (HtmlReader): the content of
 * every JSON-LD script with its offsets — JSON-LD needs nothing else — and, for microdata and RDFa,
 * whether the page has any and where each start tag carrying their attributes begins. Offsets are
 * the reader's: characters for text (`writeText`), body bytes for bytes. Microdata and RDFa need
 * the element tree itself (itemscope/itemprop/itemref nesting, vocab/typeof/property scopes, implied
 * end tags): that tree comes from a tree builder (parse5 in Node, the browser's DOMParser in a
 * page), and these start offsets place its elements in the source.
 *
 * A JSON-LD block is a <script> the tree builder inserted as an HTML element of the document (not
 * one inside <svg> or <math>, nor in a <template>'s inert content); its content ends at its end
 * tag, or at the end of the input when it has none.
 */
export class StructuredTokens implements HtmlSink {
  readonly blocks: JsonLdBlock[] = [];
  readonly tagStarts: TagStarts = new Map();
  microdata = false;
  rdfa = false;
  /** Where the last JSON-LD block ends, its end tag included (the end of the input for a block without one). */
  blocksEnd = 0;
  private readonly ordinals = new Map<string, number>();
  private openScript: El | null = null;
  private openBlock: JsonLdBlock | null = null;

  /**
   * `placeTags`: record where the tags carrying microdata or RDFa attributes start (tagStarts) —
   * only a tree builder that does not know offsets needs them (the browser's DOMParser; parse5
   * knows its own).
   */
  constructor(private readonly placeTags = true) {}

  /** Something to read: a JSON-LD block, microdata or RDFa. */
  get any(): boolean {
    return this.blocks.length > 0 || this.microdata || this.rdfa;
  }

  startTag(t: TagToken): void {
    const name = t.name;
    let ordinal = 0;
    if (this.placeTags) {
      ordinal = this.ordinals.get(name) ?? 0;
      this.ordinals.set(name, ordinal + 1);
    }
    if (!t.attrs.length) return;
    let marked = false;
    for (const a of t.attrs) {
      // The markup attributes begin with i, t, v, p or r: most attributes (class, href, src…) are passed over on their first letter.
      const c0 = a.name.charCodeAt(0);
      if (c0 !== 0x69 && c0 !== 0x74 && c0 !== 0x76 && c0 !== 0x70 && c0 !== 0x72) continue;
      if (!MARKUP_ATTRS.has(a.name)) continue;
      if (a.name.startsWith('item')) {
        this.microdata = true;
        marked = true;
      } else if (a.name === 'typeof' || a.name === 'vocab') {
        this.rdfa = true;
        marked = true;
      } else if ((a.name === 'property' || a.name === 'rel') && SCHEMA_PROPERTY.test(a.value)) {
        this.rdfa = true;
        marked = true;
      } else marked = true;
    }
    if (marked && this.placeTags) {
      let byOrdinal = this.tagStarts.get(name);
      if (!byOrdinal) this.tagStarts.set(name, (byOrdinal = new Map()));
      byOrdinal.set(ordinal, t.start);
    }
  }

  open(el: El): void {
    const t = el.tag;
    if (el.name !== 'script' || el.ns !== HTML || el.inTemplate || !t) return;
    if ((attrOf(t, 'type') ?? '').trim().toLowerCase() !== 'application/ld+json') return;
    this.openScript = el;
    this.openBlock = { tagStart: t.start, contentStart: t.end, contentEnd: t.end, unterminated: true };
    this.blocks.push(this.openBlock);
  }

  close(el: El, end: TagToken | null, at: number): void {
    if (el !== this.openScript) return;
    const b = this.openBlock!;
    b.contentEnd = Math.max(b.contentStart, end ? end.start : at);
    b.unterminated = end === null;
    this.blocksEnd = Math.max(this.blocksEnd, end ? end.end : at);
    this.openScript = null;
    this.openBlock = null;
  }
}
