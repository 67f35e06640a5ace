import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { SdElement, SdTree } from './SdElement';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

class P5Element implements SdElement {
  private kids: P5Element[] | null = null;
  constructor(private readonly el: Element) {}
  get name() {
    return this.el.tagName;
  }
  get start() {
    return this.el.sourceCodeLocation?.startOffset ?? -1;
  }
  attr(name: string): string | null {
    for (const a of this.el.attrs) if (a.name === name) return a.value;
    return null;
  }
  get children(): readonly SdElement[] {
    return (this.kids ??= elementsOf(this.el));
  }
  text(): string {
    const parts: string[] = [];
    const stack: Node[] = [...this.el.childNodes].reverse();
    while (stack.length) {
      const n = stack.pop()!;
      if (n.nodeName === '#text') parts.push((n as DefaultTreeAdapterMap['textNode']).value);
      else if ('childNodes' in n) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
    }
    return parts.join('');
  }
}

const elementsOf = (p: ParentNode): P5Element[] => p.childNodes.filter((c): c is Element => 'tagName' in c).map((c) => new P5Element(c));

/** The HTML's element tree by parse5 (the HTML standard's tree builder), each element with its source offset. For Node (site check, command line). */
export function parse5Tree(html: string): SdTree {
  return { roots: elementsOf(parse(html, { sourceCodeLocationInfo: true })) };
}
