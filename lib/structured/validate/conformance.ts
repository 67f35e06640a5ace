import { push, nodeIs, type JudgeContext } from './judgeContext';
import { vocabulary as V } from './vocabulary';

const SCHEMA = 'https://schema.org/';
/** A path shown in a finding: at most PATH_PARTS properties (the last ones) — nesting can be as deep as the page makes it. */
const PATH_PARTS = 12;

/** What conformance needs to know of a property name, looked up once per name. */
interface TermInfo {
  /** A term of another vocabulary (csvw:…, an IRI), or an action's -input/-output constraint: not schema.org's to judge. */
  foreign: boolean;
  known: boolean;
  supersededBy: string | null;
  ranges: readonly string[];
}

const terms = new Map<string, TermInfo>();
function termInfo(name: string): TermInfo {
  let t = terms.get(name);
  if (!t) {
    // Bounded: a page can name any number of made-up properties.
    if (terms.size >= 4096) terms.clear();
    const foreign = /[:/]/.test(name) || /-(input|output)$/.test(name);
    terms.set(name, (t = { foreign, known: V.isProperty(name), supersededBy: V.supersededBy(name), ranges: V.ranges(name) }));
  }
  return t;
}

interface Entry {
  n: number;
  parent: number;
  name: string;
}

/** The path of queue entry `k` (and `last` below it): the names up from it, at most PATH_PARTS. */
function pathOf(queue: readonly Entry[], k: number, last?: string): string {
  const parts: string[] = last === undefined ? [] : [last];
  let e = k;
  for (; e > 0 && parts.length < PATH_PARTS; e = queue[e]!.parent) parts.push(queue[e]!.name);
  return (e > 0 ? '….' : '') + parts.reverse().join('.');
}

/** schema.org conformance of the item and every entity it holds (breadth-first, each once). */
export function conformance(c: JudgeContext, root: number): void {
  const seen = new Set<number>([root]);
  // Each entry knows its parent entry: a path is built only for a finding, never copied down the tree.
  const queue: Entry[] = [{ n: root, parent: -1, name: '' }];
  for (let k = 0; k < queue.length; k++) {
    const node = c.ex.nodes[queue[k]!.n]!;
    let known: string[] | null = null;
    for (const t of node.types) {
      if (V.isType(t)) (known ??= []).push(t);
      else push(c, { source: SCHEMA, feature: null, code: 'unknownType', severity: 'warning', path: pathOf(queue, k), params: [t], line: node.place.line });
    }
    for (const p of node.props) {
      if (!p.kept) continue;
      const term = termInfo(p.name);
      if (!term.foreign && !term.known) push(c, { source: SCHEMA, feature: null, code: 'unknownProperty', severity: 'info', path: pathOf(queue, k, p.name), params: [p.name, node.types.join(', ')], line: p.line });
      else if (!term.foreign) {
        if (known && !known.some((t) => V.hasProperty(t, p.name)))
          push(c, { source: SCHEMA, feature: null, code: 'propertyNotOnType', severity: 'info', path: pathOf(queue, k, p.name), params: [p.name, known.join(', ')], line: p.line });
        const sup = term.supersededBy;
        if (sup) push(c, { source: SCHEMA, feature: null, code: 'deprecatedTerm', severity: 'info', path: pathOf(queue, k, p.name), params: [p.name, sup], line: p.line });
        const ranges = term.ranges;
        for (const v of p.values) {
          if (v.t !== 'node') continue;
          const child = c.ex.nodes[v.n]!;
          if (child.types.length && child.types.every((t) => V.isType(t)) && !ranges.some((r) => r === 'Thing' || nodeIs(child, [r])))
            push(c, { source: SCHEMA, feature: null, code: 'rangeMismatch', severity: 'info', path: pathOf(queue, k, p.name), params: [p.name, child.types.join(', '), ranges.join(', ')], line: p.line });
        }
      }
      for (const v of p.values)
        if (v.t === 'node' && !seen.has(v.n)) {
          seen.add(v.n);
          queue.push({ n: v.n, parent: k, name: p.name });
        }
    }
  }
}
