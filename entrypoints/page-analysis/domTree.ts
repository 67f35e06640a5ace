// The browser's own tree builder for microdata and RDFa (lib/structured reads them from a tree):
// the HTML parsed inertly by DOMParser (no script runs, nothing loads), each element placed in the
// source by its start tag — the n-th start tag of its name, as the tokenizer counted them
// (lib/structured StructuredTokens). An element the tree builder made itself (html, head, body
// when the source has none; a formatting element it reopened) has no place (-1).
import type { SdElement, SdTree, TagStarts } from '../../lib/structured';

class DomElement implements SdElement {
  private kids: DomElement[] | null = null;
  constructor(
    private readonly el: Element,
    readonly start: number,
    private readonly placeOf: (el: Element) => number,
  ) {}
  get name() {
    return this.el.localName;
  }
  attr(name: string) {
    return this.el.getAttribute(name);
  }
  get children(): readonly SdElement[] {
    return (this.kids ??= [...this.el.children].map((c) => new DomElement(c, this.placeOf(c), this.placeOf)));
  }
  text() {
    return this.el.textContent ?? '';
  }
}

/** The HTML's element tree by the browser's parser, placed with the tokenizer's start offsets. */
export function domTreeOf(html: string, starts: TagStarts): SdTree {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Only elements whose tags carry microdata or RDFa attributes are placed: their ordinal among elements of their name.
  const ordinals = new Map<Element, number>();
  for (const name of starts.keys()) {
    const list = doc.getElementsByTagName(name);
    for (let i = 0; i < list.length; i++) ordinals.set(list[i]!, i);
  }
  const placeOf = (el: Element) => {
    const i = ordinals.get(el);
    return i === undefined ? -1 : (starts.get(el.localName)?.get(i) ?? -1);
  };
  return { roots: [new DomElement(doc.documentElement, placeOf(doc.documentElement), placeOf)] };
}
