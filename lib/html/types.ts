/** Shapes of lib/html: the tokens the tokenizer hands the tree builder, and what the tree builder hands its readers. */

/** An attribute as the tokenizer read it: its name (lower-cased), its value (references decoded) and where it is. */
export interface Attr {
  name: string;
  value: string;
  /** Source offsets (body bytes, or characters for text input) of the attribute, name to the end of the value. */
  start: number;
  end: number;
}

/** A start or end tag. */
export interface TagToken {
  /** Lower-cased (ASCII only, as the HTML tokenizer does). */
  name: string;
  attrs: Attr[];
  selfClosing: boolean;
  /** Source offsets of the `<` and just past the `>`. */
  start: number;
  end: number;
  /** 1-based line of the `<` (start tags only; 0 for end tags). */
  line: number;
}

export interface DoctypeToken {
  name: string | null;
  publicId: string | null;
  systemId: string | null;
  forceQuirks: boolean;
  start: number;
  end: number;
}

/** Namespaces of elements. */
export const HTML = 0;
export const SVG = 1;
export const MATHML = 2;
export type Namespace = typeof HTML | typeof SVG | typeof MATHML;

/**
 * Where in the document's tree order something was inserted. Nearly everything is inserted in
 * source order; the one exception is foster parenting (content misplaced inside a table goes
 * before the table). Each table opens two regions: `inner` for the table and what it holds,
 * `fostered` for what the tree builder moved before it. In tree order a table's fostered region
 * comes right before its inner region, both where the table stands in its parent's region; a
 * reader that needs tree order (the first <h1>, the body's text) keeps one accumulator per region
 * and folds a table's two into its parent when the table closes (`regionClose`).
 */
export interface Region {
  readonly id: number;
  readonly parent: Region | null;
  /** The table whose regions these are (null for the root region). */
  readonly table: El | null;
  readonly kind: 'root' | 'inner' | 'fostered';
}

/**
 * An element of the document, as the tree builder inserted it. No tree is kept: an element knows
 * its parent (while something below it is still open) and the region it is in; once it and what
 * it holds are closed, nothing refers to it and it is gone.
 */
export interface El {
  /** Tag name: lower-cased, SVG names in their adjusted case (foreignObject, clipPath…). */
  readonly name: string;
  readonly ns: Namespace;
  /** The element it was inserted into (null for the root <html>). */
  readonly parent: El | null;
  /** Names of the HTML ancestors that matter to readers, as bits (see `ANC` in elements.ts). */
  readonly anc: number;
  /** Inside a <template>'s content (not in the document's tree). */
  readonly inTemplate: boolean;
  readonly region: Region;
  /** An HTML <table>'s own region, which what it holds goes to (null for every other element). */
  readonly inner: Region | null;
  /** Moved before a table by foster parenting (its own insertion, not an ancestor's). */
  readonly fostered: boolean;
  /** The start tag it came from, or null for an element the parser made up (an implied <tbody>, <head>, a reopened <b>…). */
  readonly tag: TagToken | null;
  /** Made by the parser from an earlier element: a formatting element reopened, or cloned by the adoption agency. */
  readonly cloneOf: El | null;
  /**
   * Made by the adoption agency (misnested formatting elements): it wraps content read before it
   * opened, so its start is not where the document stands now (for a reader cutting text into
   * blocks: its start coincides with the start of the block it wraps).
   */
  readonly agency: boolean;
}

/** Kinds of text the tokenizer hands on. */
export const LITERAL = 0;
export const CHARREF = 1;
/** A U+0000 character. */
export const NUL = 2;

/**
 * A run of characters inserted into the document (the same object is reused for every run: read
 * it in the callback). `s[from, to)` are the characters as they stand in the source; `from` may
 * lie one past `rawFrom` (a line feed that completes a CR LF split between two pieces, which the
 * input stream turns into one newline with the CR). For a character reference, `s` is what it
 * decodes to and `srcChars` how long it was in the source.
 */
export interface TextRun {
  s: string;
  rawFrom: number;
  from: number;
  to: number;
  /** Characters of source the run covers. */
  srcChars: number;
  /** Source offsets. */
  start: number;
  end: number;
  kind: typeof LITERAL | typeof CHARREF | typeof NUL;
  /** The element the characters go into (a template's content: the template itself, with `inTemplate` on the run). */
  parent: El;
  inTemplate: boolean;
  region: Region;
  fostered: boolean;
  /** True in raw text: a <script>, <style>, <title>, <textarea>, <xmp>, <iframe>, <noembed>, <noframes> or <noscript> (a <plaintext>'s text is shown as text). */
  raw: boolean;
  /** True when a U+0000 of this run becomes U+FFFD (raw text, foreign content); otherwise it is dropped. */
  nulToFffd: boolean;
  /** The run has a CR: `domText` turns CR LF and lone CRs into LF. */
  hasCr: boolean;
  /** Source offset of the character at index `i` of `s` (rawFrom ≤ i ≤ to). */
  offset(i: number): number;
}

/** What the tree builder hands its readers. Every method is optional. */
export interface HtmlSink {
  /** The document's text starts at this offset (after a byte-order mark). Called once, before anything else. */
  begin?(at: number): void;
  /** An element was inserted (and opened, unless void or self-closing in foreign content: then `close` follows at once). */
  open?(el: El): void;
  /**
   * The element left the stack of open elements. `end` is the end tag that closed it, or null
   * when something else did (an implied end, another element's end tag, the end of the input).
   * `at`: source offset where it ended (the end tag's end, or where the token that closed it starts).
   * `agency`: the adoption agency took it off the stack (its content ended before what was read since).
   */
  close?(el: El, end: TagToken | null, at: number, agency?: boolean): void;
  text?(t: TextRun): void;
  comment?(start: number, end: number, parent: El | null): void;
  /** Every DOCTYPE token; `used`: it was the document's (the first thing in it), not one the parser ignored. */
  doctype?(d: DoctypeToken, used: boolean): void;
  /** Every start tag the tokenizer read, whether or not it made an element (`el` null: ignored or merged, as a second <body>). */
  startTag?(t: TagToken, el: El | null): void;
  /** Every end tag the tokenizer read. */
  endTag?(t: TagToken): void;
  /** A table closed: its fostered and inner regions fold, in that order, into `into`. */
  regionClose?(table: El, fostered: Region, inner: Region, into: Region): void;
  /** The adoption agency moved `el` (with what it holds) under another parent (`el.parent` now), possibly before a table. */
  moved?(el: El): void;
  /** The adoption agency moved everything `from` held so far into `to` (a new formatting element `from` now holds). */
  adopted?(from: El, to: El): void;
  /** The body and all it holds left the document (a <frameset> replaced it): drop what was read in it. */
  bodyDropped?(body: El): void;
  /** The end of the document (or of the part Googlebot keeps, for a reader of the kept part). `at`: its source offset. */
  end?(at: number): void;
}
