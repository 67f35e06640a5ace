import type { RawMode, TagSpan, TokenSink } from '../bytes';

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

const RAWTEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const RCDATA = new Set(['title', 'textarea']);
const MARKUP_ATTRS = new Set(['itemscope', 'itemprop', 'itemtype', 'itemref', 'itemid', 'typeof', 'vocab', 'property', 'resource', 'prefix', 'rel']);
const SCHEMA_PROPERTY = /(^|\s)(schema:|https?:\/\/schema\.org\/)/i;

const attrOf = (t: TagSpan, name: string) => t.attrs.find((a) => a.name === name)?.value ?? null;

/**
 * The tokens structured data needs from the HTML tokenizer (lib/bytes HtmlScanner today; the
 * streaming reader lib/html when it lands): the content of every JSON-LD script with its offsets —
 * JSON-LD needs nothing else — and, for microdata and RDFa, whether the page has any and where each
 * start tag carrying their attributes begins. Microdata and RDFa need the element tree itself
 * (itemscope/itemprop/itemref nesting, vocab/typeof/property scopes, implied end tags): that tree
 * comes from a tree builder (parse5 in Node, the browser's DOMParser in a page), and these start
 * offsets place its elements in the source.
 *
 * As a sink of its own it decides the tokenizer's raw-text states the way the tree builder does
 * for ordinary pages (script, style, title…, none inside svg/math); beside another sink
 * (`withPrimary`) it only listens, and the other sink decides.
 */
export class StructuredTokens implements TokenSink {
  readonly blocks: JsonLdBlock[] = [];
  readonly tagStarts: TagStarts = new Map();
  microdata = false;
  rdfa = false;
  private readonly ordinals = new Map<string, number>();
  private open: JsonLdBlock | null = null;
  private foreign = 0;

  /**
   * `primary`: the sink this one listens beside (it decides the tokenizer's states). `placeTags`:
   * record where the tags carrying microdata or RDFa attributes start (tagStarts) — only a tree
   * builder that does not know offsets needs them (the browser's DOMParser; parse5 knows its own).
   */
  constructor(
    private readonly primary: TokenSink | null = null,
    private readonly placeTags = true,
  ) {
    if (primary) {
      // What this sink does not listen to goes straight to the other one: no call of ours per text run.
      this.textRun = primary.textRun.bind(primary);
      this.comment = primary.comment.bind(primary);
      this.doctype = primary.doctype.bind(primary);
    }
  }

  get inForeign(): boolean {
    return this.primary ? this.primary.inForeign : this.foreign > 0;
  }

  doctype(start: number, end: number): void {
    this.primary?.doctype(start, end);
  }
  comment(start: number, end: number): void {
    this.primary?.comment(start, end);
  }
  textRun(start: number, end: number): void {
    this.primary?.textRun(start, end);
  }

  startTag(t: TagSpan): RawMode {
    const name = t.name;
    let ordinal = 0;
    if (this.placeTags) {
      ordinal = this.ordinals.get(name) ?? 0;
      this.ordinals.set(name, ordinal + 1);
    }
    const mode = this.primary ? this.primary.startTag(t) : this.ownMode(t);
    if (t.attrs.length) {
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
        } else if (a.name === 'property' || a.name === 'resource' || a.name === 'prefix' || a.name === 'rel') marked = true;
      }
      if (marked && this.placeTags) {
        let byOrdinal = this.tagStarts.get(name);
        if (!byOrdinal) this.tagStarts.set(name, (byOrdinal = new Map()));
        byOrdinal.set(ordinal, t.start);
      }
    }
    if (name === 'script' && mode === 'script' && (attrOf(t, 'type') ?? '').trim().toLowerCase() === 'application/ld+json') {
      this.open = { tagStart: t.start, contentStart: t.end, contentEnd: t.end, unterminated: true };
      this.blocks.push(this.open);
    } else this.open = null;
    return mode;
  }

  private ownMode(t: TagSpan): RawMode {
    const name = t.name;
    if (name === 'svg' || name === 'math') {
      if (!t.selfClosing) this.foreign++;
      return null;
    }
    if (this.foreign > 0) return null;
    if (name === 'script') return 'script';
    if (RAWTEXT.has(name)) return 'rawtext';
    if (RCDATA.has(name)) return 'rcdata';
    if (name === 'plaintext') return 'plaintext';
    return null;
  }

  endTag(t: TagSpan): void {
    this.primary?.endTag(t);
    if ((t.name === 'svg' || t.name === 'math') && this.foreign > 0) this.foreign--;
    if (this.open && t.name === 'script') {
      this.open.contentEnd = t.start;
      this.open.unterminated = false;
      this.open = null;
    }
  }

  rawContent(start: number, end: number): void {
    this.primary?.rawContent(start, end);
    if (this.open) this.open.contentEnd = Math.max(this.open.contentEnd, end);
  }

  eof(end: number): unknown {
    if (this.open) this.open.contentEnd = Math.max(this.open.contentEnd, end);
    return this.primary?.eof(end);
  }
}
