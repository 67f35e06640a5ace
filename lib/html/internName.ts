/**
 * The tag and attribute names a page is made of, each one string for the whole run: the tokenizer
 * hands these on instead of a fresh copy of the characters, so the tree builder's and the readers'
 * comparisons (`name === 'a'`, switch on a name, a Set or Map keyed by name) compare one string with
 * itself and no string is made per tag. A name not listed here is read as before.
 */

const TAGS =
  'a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas caption center cite code col colgroup ' +
  'data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset ' +
  'h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee math menu meta ' +
  'meter nav nobr noembed noframes noscript object ol optgroup option output p param picture plaintext pre progress q rp rt ruby s samp ' +
  'script search section select slot small source span strike strong style sub summary sup svg table tbody td template textarea tfoot ' +
  'th thead time title tr track tt u ul var video wbr xmp circle clippath defs desc ellipse foreignobject g line lineargradient path ' +
  'polygon polyline radialgradient rect stop symbol text tspan use';

const ATTRS =
  'accept action alt aria-hidden aria-label async charset class content crossorigin data-id data-src decoding defer dir disabled ' +
  'fill for height hidden href hreflang http-equiv id integrity itemprop itemscope itemtype lang loading media method name ' +
  'property rel role sizes src srcset style tabindex target title type typeof value viewbox vocab width xmlns';

/** Names by length and first character (lower-cased): a few candidates each. */
type Table = (string[] | undefined)[];

const MAX_LEN = 16;
const slot = (len: number, c0: number) => (len << 7) | (c0 & 0x7f);

function tableOf(names: string): Table {
  // Property keys are the engine's one copy of each string (the one a literal 'a' in the code is too):
  // a comparison with it is a pointer comparison, and its hash is computed once.
  const keys: Record<string, true> = {};
  for (const n of names.split(' ')) keys[n] = true;
  const t: Table = [];
  for (const n of Object.keys(keys)) {
    if (n.length > MAX_LEN) throw new Error(`internName: ${n} is too long`);
    (t[slot(n.length, n.charCodeAt(0))] ??= []).push(n);
  }
  return t;
}

const TAG_TABLE = tableOf(TAGS);
const ATTR_TABLE = tableOf(ATTRS);

/** `s[from, to)` lower-cased (ASCII), when it is one of `table`'s names: that name; else null. */
function lookup(table: Table, s: string, from: number, to: number): string | null {
  const len = to - from;
  if (len <= 0 || len > MAX_LEN) return null;
  let c0 = s.charCodeAt(from);
  if (c0 >= 0x41 && c0 <= 0x5a) c0 |= 0x20;
  const cands = table[slot(len, c0)];
  if (cands === undefined) return null;
  next: for (let k = 0; k < cands.length; k++) {
    const cand = cands[k]!;
    for (let i = 1; i < len; i++) {
      let c = s.charCodeAt(from + i);
      if (c >= 0x41 && c <= 0x5a) c |= 0x20;
      if (c !== cand.charCodeAt(i)) continue next;
    }
    return cand;
  }
  return null;
}

/** A tag name as the tokenizer reads it (ASCII lower-cased), when it is a common one. */
export const internTagName = (s: string, from: number, to: number): string | null => lookup(TAG_TABLE, s, from, to);
/** An attribute name as the tokenizer reads it (ASCII lower-cased), when it is a common one. */
export const internAttrName = (s: string, from: number, to: number): string | null => lookup(ATTR_TABLE, s, from, to);
