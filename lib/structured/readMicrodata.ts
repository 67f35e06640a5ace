import type { NodeTable, RawNode } from './NodeTable';
import type { SdElement, SdTree } from './SdElement';
import { MAX_PROBLEMS } from './limits';
import { schemaLocalName } from './schemaTerms';
import type { SdValue } from './types';

const SRC = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);
const HREF = new Set(['a', 'area', 'link']);
const tokens = (s: string | null) => (s ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);

/** Every element in tree order (iterative), with its index, and the elements by id. */
export function indexTree(tree: SdTree): { order: Map<SdElement, number>; byId: Map<string, SdElement>; all: SdElement[] } {
  const order = new Map<SdElement, number>();
  const byId = new Map<string, SdElement>();
  const all: SdElement[] = [];
  const stack: SdElement[] = [...tree.roots].reverse();
  while (stack.length) {
    const el = stack.pop()!;
    order.set(el, all.length);
    all.push(el);
    const id = el.attr('id');
    if (id !== null && !byId.has(id)) byId.set(id, el);
    for (let k = el.children.length - 1; k >= 0; k--) stack.push(el.children[k]!);
  }
  return { order, byId, all };
}

const resolve = (url: string, base: string | null) => {
  if (!base) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
};

/**
 * Microdata as the HTML standard defines it: every top-level item (itemscope without itemprop),
 * its properties found through its descendants and its itemref'd elements — without recursion and
 * visiting no element twice, so an itemref that leads back into the item is reported and read once
 * — each value by the element's kind (meta content, a href, img src, time datetime, else its text),
 * nested items as entities of their own.
 */
export function readMicrodata(tree: SdTree, base: string | null, t: NodeTable, index = indexTree(tree)): void {
  const { order, byId, all } = index;
  const nodeOf = new Map<SdElement, number>();
  let reported = 0;
  const report = (code: 'itemrefLoop' | 'itemrefMissing', id: string, at: number) => {
    if (reported++ < MAX_PROBLEMS) t.problem({ code, format: 'microdata', severity: 'warning', params: [id], at });
  };

  const itemNode = (el: SdElement): number => {
    const had = nodeOf.get(el);
    if (had !== undefined) return had;
    const id = el.attr('itemid');
    const node: RawNode = { format: 'microdata', types: tokens(el.attr('itemtype')).map((x) => schemaLocalName(x)), id: id === null ? null : resolve(id, base), props: [], at: el.start };
    const n = t.add(node);
    nodeOf.set(el, n);
    if (n < 0) return n;
    if (node.id) t.name(node.id, n);
    queue.push(el);
    return n;
  };
  const queue: SdElement[] = [];

  const valueOf = (el: SdElement): SdValue | null => {
    if (el.attr('itemscope') !== null) {
      const n = itemNode(el);
      return n < 0 ? null : { t: 'node', n };
    }
    const name = el.name;
    let v: string | null;
    // Google reads a `content` attribute on any element (the HTML standard only on meta).
    if (el.attr('content') !== null) v = el.attr('content')!;
    else if (name === 'meta') v = '';
    else if (SRC.has(name)) v = el.attr('src') === null ? '' : resolve(el.attr('src')!, base);
    else if (HREF.has(name)) v = el.attr('href') === null ? '' : resolve(el.attr('href')!, base);
    else if (name === 'object') v = el.attr('data') === null ? '' : resolve(el.attr('data')!, base);
    else if (name === 'data' || name === 'meter') v = el.attr('value') ?? '';
    else if (name === 'time') v = el.attr('datetime') ?? el.text();
    else v = el.text();
    return { t: 'text', v };
  };

  // Top-level items: itemscope without itemprop — and, as Google reads them, with an itemprop but no item around them.
  const inItem = new Set<SdElement>();
  for (const el of all) {
    const scoped = el.attr('itemscope') !== null;
    if (scoped || inItem.has(el)) for (const ch of el.children) inItem.add(ch);
  }
  for (const el of all) {
    if (el.attr('itemscope') === null || (el.attr('itemprop') !== null && inItem.has(el))) continue;
    const n = itemNode(el);
    if (n >= 0) t.items.push({ format: 'microdata', node: n, at: el.start, end: el.start, blockCut: false });
  }

  while (queue.length) {
    const root = queue.shift()!;
    const node = t.nodes[nodeOf.get(root)!]!;
    const memory = new Set<SdElement>([root]);
    const pending: SdElement[] = [...root.children];
    for (const id of tokens(root.attr('itemref'))) {
      const target = byId.get(id);
      if (target) pending.push(target);
      else report('itemrefMissing', id, root.start);
    }
    const found: SdElement[] = [];
    let looped = false;
    while (pending.length) {
      const cur = pending.pop()!;
      if (memory.has(cur)) {
        if (!looped) report('itemrefLoop', root.attr('itemref') ?? '', root.start);
        looped = true;
        continue;
      }
      memory.add(cur);
      if (cur.attr('itemscope') === null) for (let k = cur.children.length - 1; k >= 0; k--) pending.push(cur.children[k]!);
      if (cur.attr('itemprop') !== null) found.push(cur);
    }
    found.sort((a, b) => order.get(a)! - order.get(b)!);
    for (const el of found) {
      const v = valueOf(el);
      if (!v) continue;
      for (const name of tokens(el.attr('itemprop'))) node.props.push({ name: schemaLocalName(name), values: [v], at: el.start });
    }
  }
}
