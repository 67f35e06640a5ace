import type { NodeTable, RawProblem } from './NodeTable';
import { MAX_PROBLEMS } from './limits';

/**
 * Entities that lead back to themselves through their values (A's author is B, B's worksFor is A):
 * legal in a graph, but a reader that follows them naively never ends. Found by one iterative
 * depth-first walk (white/grey/black), each cycle reported once with its chain of @ids. The walk's
 * stack is three arrays of numbers (entity, property, value: where it goes on): no object per entity.
 */
export function findIdCycles(t: NodeTable): RawProblem[] {
  const n = t.nodes.length;
  const color = new Uint8Array(n);
  const out: RawProblem[] = [];
  const stackNode: number[] = [];
  const stackProp: number[] = [];
  const stackValue: number[] = [];
  for (let s = 0; s < n && out.length < MAX_PROBLEMS; s++) {
    if (color[s]) continue;
    color[s] = 1;
    stackNode.push(s);
    stackProp.push(0);
    stackValue.push(0);
    while (stackNode.length) {
      const top = stackNode.length - 1;
      const props = t.nodes[stackNode[top]!]!.props;
      // The next edge of the top entity: the next value that is an entity.
      let to = -1;
      let p = stackProp[top]!;
      let v = stackValue[top]!;
      while (p < props.length) {
        const values = props[p]!.values;
        while (v < values.length) {
          const x = values[v++]!;
          if (x.t === 'node') {
            to = x.n;
            break;
          }
        }
        if (to >= 0) break;
        p++;
        v = 0;
      }
      stackProp[top] = p;
      stackValue[top] = v;
      if (to < 0) {
        color[stackNode[top]!] = 2;
        stackNode.pop();
        stackProp.pop();
        stackValue.pop();
        continue;
      }
      if (color[to] === 0) {
        color[to] = 1;
        stackNode.push(to);
        stackProp.push(0);
        stackValue.push(0);
      } else if (color[to] === 1 && out.length < MAX_PROBLEMS) {
        const from = stackNode.indexOf(to);
        const chain = [...stackNode.slice(from).map((k) => label(t, k)), label(t, to)].join(' → ');
        out.push({ code: 'idCycle', format: t.nodes[to]!.format, severity: 'info', params: [chain], at: t.nodes[to]!.at });
      }
    }
  }
  return out;
}

/** An entity as a cycle's chain names it: its @id, else its first type, else its number. */
function label(t: NodeTable, k: number): string {
  return t.nodes[k]!.id ?? t.nodes[k]!.types[0] ?? `#${k}`;
}
