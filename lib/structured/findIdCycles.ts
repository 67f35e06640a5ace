import type { NodeTable, RawProblem } from './NodeTable';
import { MAX_PROBLEMS } from './limits';

/**
 * Entities that lead back to themselves through their values (A's author is B, B's worksFor is A):
 * legal in a graph, but a reader that follows them naively never ends. Found by one iterative
 * depth-first walk (white/grey/black), each cycle reported once with its chain of @ids.
 */
export function findIdCycles(t: NodeTable): RawProblem[] {
  const n = t.nodes.length;
  const color = new Uint8Array(n);
  const out: RawProblem[] = [];
  const label = (k: number) => t.nodes[k]!.id ?? t.nodes[k]!.types[0] ?? `#${k}`;
  for (let s = 0; s < n && out.length < MAX_PROBLEMS; s++) {
    if (color[s]) continue;
    // Stack of [node, next edge index]; the path is the grey nodes on the stack.
    const stack: { node: number; edges: number[]; next: number }[] = [];
    const push = (k: number) => {
      color[k] = 1;
      const edges: number[] = [];
      for (const p of t.nodes[k]!.props) for (const v of p.values) if (v.t === 'node') edges.push(v.n);
      stack.push({ node: k, edges, next: 0 });
    };
    push(s);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.next >= top.edges.length) {
        color[top.node] = 2;
        stack.pop();
        continue;
      }
      const to = top.edges[top.next++]!;
      if (color[to] === 0) push(to);
      else if (color[to] === 1 && out.length < MAX_PROBLEMS) {
        const from = stack.findIndex((f) => f.node === to);
        const chain = [...stack.slice(from).map((f) => label(f.node)), label(to)].join(' → ');
        out.push({ code: 'idCycle', format: t.nodes[to]!.format, severity: 'info', params: [chain], at: t.nodes[to]!.at });
      }
    }
  }
  return out;
}
