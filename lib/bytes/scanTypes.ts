export type ItemKind =
  | 'title'
  | 'metaRobots'
  | 'metaDescription'
  | 'canonical'
  | 'hreflang'
  | 'jsonLd'
  | 'microdata'
  | 'rdfa'
  | 'heading'
  | 'link';

/** Kept: wholly before the cut. Cut: starts before it, ends after it. Lost: starts after it. */
export type ItemStatus = 'kept' | 'cut' | 'lost';

/** An element found in the source, with where it sits (offsets in the body's bytes). */
export interface FoundItem {
  kind: ItemKind;
  status: ItemStatus;
  /** Offset of `<` of the start tag, and just past the element's end (end tag or start tag). */
  start: number;
  end: number;
  line: number;
  tag: string;
  /** This is the n-th start tag with this tag name in the source (0-based): how it is found in the live page. */
  ordinal: number;
  id: string | null;
  /** What the element says: the href, the meta content, the JSON-LD @type, the heading text… */
  detail: string;
}

export type BreakdownCategory = 'inlineScript' | 'jsonData' | 'inlineStyle' | 'dataUri' | 'inlineSvg' | 'comments';

export interface CharRange {
  start: number;
  end: number;
  /** The tag (or attribute) it belongs to, for the fix. */
  label: string;
}

export interface FirstElementPastCut {
  tag: string;
  ordinal: number;
  id: string | null;
  className: string | null;
  start: number;
  line: number;
}

export type CutContextKind = 'none' | 'between' | 'tag' | 'text' | 'comment' | 'script' | 'style' | 'svg' | 'rawtext';

export interface HtmlScan {
  textLength: number;
  cut: number;
  items: FoundItem[];
  links: { total: number; lost: number; firstLost: FoundItem[] };
  headings: { total: number; lost: number };
  /** Visible text in characters (non-whitespace source characters outside scripts, styles, titles, SVG and MathML). */
  visibleText: { total: number; lost: number };
  ranges: Record<BreakdownCategory, CharRange[]>;
  /** Whitespace a minifier would remove (every run of whitespace in text but one character). */
  collapsibleWhitespace: number;
  firstPastCut: FirstElementPastCut | null;
  cutContext: { kind: CutContextKind; start: number; tag: string | null };
}
