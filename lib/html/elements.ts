/**
 * The one element table of Crawlscope's HTML reader: every set of element names the tokenizer and
 * the tree builder decide by, as the HTML standard's parsing section defines them
 * (html.spec.whatwg.org/multipage/parsing.html) and parse5 8 — the reference the tests hold the
 * reader to — applies them. Readers of the document use `ANC` and the head-tag classifier
 * (headTags.ts), never their own lists.
 */

const set = (s: string) => new Set(s.split(' '));

/** Elements with no content and no end tag. */
export const VOID = set('area base basefont bgsound br col embed frame hr image img input keygen link meta param source track wbr');

/** Start tags whose content the tokenizer reads as raw text (scripting on: <noscript> too), up to their end tag. */
export const RAWTEXT = set('style xmp iframe noembed noframes noscript');
/** Raw text in which character references are decoded. */
export const RCDATA = set('title textarea');

/** Elements with a heading's rank. */
export const HEADINGS = set('h1 h2 h3 h4 h5 h6');

/** The "special" category, per namespace (parse5's list). */
export const SPECIAL_HTML = set(
  'address applet area article aside base basefont bgsound blockquote body br button caption center col colgroup dd details dir div dl dt ' +
    'embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input li link ' +
    'listing main marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script section select source style ' +
    'summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp',
);
export const SPECIAL_MATHML = set('mi mo mn ms mtext annotation-xml');
export const SPECIAL_SVG = set('title foreignObject desc');

/** Formatting elements: the list of active formatting elements and the adoption agency work on these. */
export const FORMATTING = set('a b big code em font i nobr s small strike strong tt u');

/** Scope boundaries ("has an element in scope"), besides the foreign ones below. */
export const SCOPE_HTML = set('applet caption html table td th marquee object template');
export const SCOPE_MATHML = set('mi mo mn ms mtext annotation-xml');
export const SCOPE_SVG = set('foreignObject desc title');

/** End tags the parser may imply. */
export const IMPLIED_END = set('dd dt li optgroup option p rb rp rt rtc');
export const IMPLIED_END_THOROUGH = set('dd dt li optgroup option p rb rp rt rtc caption colgroup tbody td tfoot th thead tr');

/** Start tags that close an open <p> in body (button scope) before their element opens. */
export const CLOSES_P = set(
  'p dl ol ul div dir nav main menu aside center figure footer header hgroup dialog details address article search section summary fieldset blockquote figcaption',
);

/** Start tags that break out of SVG or MathML (and <font> with color, face or size). */
export const EXITS_FOREIGN = set(
  'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var',
);

/** Table structure: foster parenting happens when one of these is the current node. */
export const TABLE_STRUCTURE = set('table tbody tfoot thead tr');

/** SVG element names in their adjusted case. */
export const SVG_NAMES = new Map(
  (
    'altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend feColorMatrix feComponentTransfer ' +
    'feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feFlood feFuncA feFuncB feFuncG feFuncR ' +
    'feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile ' +
    'feTurbulence foreignObject glyphRef linearGradient radialGradient textPath'
  )
    .split(' ')
    .map((n) => [n.toLowerCase(), n]),
);

/**
 * Ancestors readers ask about, as bits: `El.anc` has the bit of each such HTML element (and of
 * <svg>/<math> elements) among the element's ancestors. `ancBit(el)` is an element's own bit.
 */
export const ANC = {
  body: 1 << 0,
  head: 1 << 1,
  h1: 1 << 2,
  h2: 1 << 3,
  h3: 1 << 4,
  h4: 1 << 5,
  h5: 1 << 6,
  h6: 1 << 7,
  title: 1 << 8,
  a: 1 << 9,
  script: 1 << 10,
  style: 1 << 11,
  noscript: 1 << 12,
  textarea: 1 << 13,
  select: 1 << 14,
  iframe: 1 << 15,
  object: 1 << 16,
  template: 1 << 17,
  svg: 1 << 18,
  math: 1 << 19,
  xmp: 1 << 20,
  noembed: 1 << 21,
  noframes: 1 << 22,
  plaintext: 1 << 23,
} as const;
export const ANC_HEADINGS = ANC.h1 | ANC.h2 | ANC.h3 | ANC.h4 | ANC.h5 | ANC.h6;
/** Raw-text elements: what they hold is never visible text. */
export const ANC_RAW = ANC.script | ANC.style | ANC.noscript | ANC.textarea | ANC.title | ANC.iframe | ANC.xmp | ANC.noembed | ANC.noframes | ANC.plaintext;
export const ANC_FOREIGN = ANC.svg | ANC.math;

const ANC_HTML = new Map<string, number>(Object.entries(ANC).filter(([k]) => k !== 'svg' && k !== 'math'));

/** The bit an element sets for what it holds (0 for most). */
export function ancBit(name: string, ns: number): number {
  if (ns === 0) return ANC_HTML.get(name) ?? 0;
  if (ns === 1) return ANC.svg;
  return ANC.math;
}
