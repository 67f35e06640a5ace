import type { SdExtract, SdValue } from '../types';

/** Depth of the plain-JSON copy of an item in the exports. */
const DATA_DEPTH = 6;
/** Values of one property copied. */
const DATA_VALUES = 50;

/**
 * The item as plain JSON for the exports: its types, @id and properties, nested entities to
 * DATA_DEPTH, an entity already on the way down (a cycle) or deeper as its @id (or "…"). The
 * entities on the way down are one array (at most DATA_DEPTH + 1 long), pushed and popped.
 */
export function itemData(ex: SdExtract, root: number): unknown {
  return build(ex, [root], root, 0);
}

/** A value of the item's copy; `path`: the entities on the way down. */
function value(ex: SdExtract, path: number[], v: SdValue, depth: number): unknown {
  switch (v.t) {
    case 'node':
      if (depth >= DATA_DEPTH || path.includes(v.n)) return { '@id': ex.nodes[v.n]!.id ?? '…' };
      path.push(v.n);
      try {
        return build(ex, path, v.n, depth + 1);
      } finally {
        path.pop();
      }
    case 'ref':
      return { '@id': v.id };
    case 'null':
      return null;
    case 'text':
      return v.v.length > 500 ? `${v.v.slice(0, 499)}…` : v.v;
    default:
      return v.v;
  }
}

/** An entity's copy: its types, @id and properties. */
function build(ex: SdExtract, path: number[], n: number, depth: number): Record<string, unknown> {
  const node = ex.nodes[n]!;
  const o: Record<string, unknown> = {};
  if (node.types.length) o['@type'] = node.types.length === 1 ? node.types[0] : node.types;
  if (node.id) o['@id'] = node.id;
  for (const p of node.props) {
    const count = Math.min(p.values.length, DATA_VALUES);
    if (count === 1) {
      o[p.name] = value(ex, path, p.values[0]!, depth);
      continue;
    }
    const vals: unknown[] = new Array(count);
    for (let k = 0; k < count; k++) vals[k] = value(ex, path, p.values[k]!, depth);
    o[p.name] = vals;
  }
  return o;
}
