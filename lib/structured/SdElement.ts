/**
 * An element of the HTML tree, as microdata and RDFa read it. Both need the tree itself (which
 * element is inside which, after the tree builder's implied end tags), so they take it from a tree
 * builder through this interface: parse5 in Node (parse5Tree), the browser's DOMParser in a page.
 */
export interface SdElement {
  /** Lower-case local name. */
  readonly name: string;
  attr(name: string): string | null;
  readonly children: readonly SdElement[];
  /** DOM textContent. */
  text(): string;
  /** Character offset of its start tag in the HTML, or -1 when it has none (an implied element). */
  readonly start: number;
}

/** A whole document (or fragment): its top-level elements. */
export interface SdTree {
  roots: readonly SdElement[];
}
