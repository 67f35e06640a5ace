import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { DocumentLike, ElementLike } from '../../lib/indexability';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** All text under a node, in order (DOM textContent); iterative, so deep nesting is safe. */
function textContent(root: ParentNode): string {
  const parts: string[] = [];
  const stack: Node[] = [...root.childNodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') parts.push((n as DefaultTreeAdapterMap['textNode']).value);
    else if ('childNodes' in n) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
    // <template> content is a separate fragment: not part of textContent, as in the DOM.
  }
  return parts.join('');
}

/** "meta[name], link[rel]" → [{tag: 'meta', attr: 'name'}, …]; only the forms collectSignals uses. */
function parseSelector(selector: string): { tag: string; attr: string | null }[] {
  return selector.split(',').map((part) => {
    const m = /^\s*([a-z][a-z0-9]*)(?:\[([a-z-]+)\])?\s*$/i.exec(part);
    if (!m) throw new Error(`parse5Document: unsupported selector "${part.trim()}"`);
    return { tag: m[1]!.toLowerCase(), attr: m[2]?.toLowerCase() ?? null };
  });
}

class El implements ElementLike {
  constructor(
    readonly node: Element,
    private readonly inBody: boolean,
  ) {}
  get localName() {
    return this.node.tagName;
  }
  getAttribute(name: string): string | null {
    return this.node.attrs.find((a) => a.name === name)?.value ?? null;
  }
  closest(selector: string): unknown {
    if (selector.trim().toLowerCase() !== 'body') throw new Error(`parse5Document: unsupported closest("${selector}")`);
    return this.inBody ? this : null;
  }
  get textContent(): string {
    return textContent(this.node);
  }
}

/**
 * The HTML as served, parsed with parse5 the way a browser's parser builds it (no script runs),
 * behind the small part of the DOM that lib/indexability collectSignals reads: the reference the
 * served signals (lib/indexability ServedSignals on lib/html's reader) are held to. Tests only.
 */
export function parse5Document(html: string): DocumentLike {
  const doc = parse(html);
  const elements: El[] = [];
  let body: Element | null = null;
  // Iterative walk in tree order, remembering whether each element sits inside <body>.
  const stack: { node: Node; inBody: boolean }[] = [...doc.childNodes].reverse().map((node) => ({ node, inBody: false }));
  while (stack.length) {
    const { node, inBody } = stack.pop()!;
    if (!('tagName' in node)) continue;
    const el = node as Element;
    const isHtml = el.namespaceURI === HTML_NS;
    if (isHtml && el.tagName === 'body' && body === null) body = el;
    const below = inBody || (isHtml && el.tagName === 'body');
    if (isHtml) elements.push(new El(el, inBody || el.tagName === 'body'));
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push({ node: el.childNodes[i]!, inBody: below });
  }
  const titleEl = elements.find((e) => e.localName === 'title');
  const title = titleEl
    ? titleEl.node.childNodes
        .filter((c) => c.nodeName === '#text')
        .map((c) => (c as DefaultTreeAdapterMap['textNode']).value)
        .join('')
        .replace(/[\t\n\f\r ]+/g, ' ')
        .trim()
    : '';
  const bodyEl = body;
  return {
    title,
    querySelectorAll(selector: string) {
      const wanted = parseSelector(selector);
      return elements.filter((e) => wanted.some((w) => w.tag === e.localName && (w.attr === null || e.getAttribute(w.attr) !== null)));
    },
    querySelector(selector: string) {
      const wanted = parseSelector(selector);
      return elements.find((e) => wanted.some((w) => w.tag === e.localName && (w.attr === null || e.getAttribute(w.attr) !== null))) ?? null;
    },
    body: bodyEl ? { get textContent() { return textContent(bodyEl); } } : null,
  };
}
