/** What the source says about an element: enough to find it again in the live page. */
export interface ElementKey {
  tag: string;
  ordinal: number;
  id: string | null;
  className?: string | null;
}

/**
 * The live element for a source element: the n-th element with that tag name in document order,
 * checked against its id (and class). Scripts may have added, removed or moved elements since the
 * page loaded: when the check fails we look it up by id, and otherwise say it could not be placed
 * rather than guess.
 */
export function locateElement(key: ElementKey, doc: Document = document): Element | null {
  const el = doc.getElementsByTagName(key.tag)[key.ordinal];
  if (el && (key.id ? el.id === key.id : true) && (key.className == null || key.id || el.getAttribute('class') === key.className)) {
    return el;
  }
  if (key.id) {
    const byId = doc.getElementById(key.id);
    if (byId && byId.localName === key.tag) return byId;
  }
  return null;
}
