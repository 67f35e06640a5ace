import type { SdFormat, SdProblem, SdValue } from './types';
import { MAX_NODES } from './limits';

/** An entity as the readers build it: offsets into the HTML, placed (line, byte) once at the end. */
export interface RawNode {
  format: SdFormat;
  types: string[];
  id: string | null;
  props: RawProp[];
  at: number;
}

export interface RawProp {
  name: string;
  values: SdValue[];
  at: number;
}

export interface RawItem {
  format: SdFormat;
  node: number;
  at: number;
  /** Where the item's markup ends (for a JSON-LD item: its block's end tag). */
  end: number;
  /** A JSON-LD item whose block the cut falls inside. */
  blockCut: boolean;
}

/** A problem with the offset it is about (placed at the end), or -1. */
export type RawProblem = Omit<SdProblem, 'place'> & { at: number };

/** The entities of one HTML, shared by the JSON-LD, microdata and RDFa readers. */
export class NodeTable {
  readonly nodes: RawNode[] = [];
  readonly items: RawItem[] = [];
  readonly problems: RawProblem[] = [];
  /** @id → the entity that describes it (the first with a type or a property). */
  readonly byId = new Map<string, number>();
  full = false;

  add(node: RawNode): number {
    if (this.nodes.length >= MAX_NODES) {
      if (!this.full) this.problems.push({ code: 'tooManyNodes', severity: 'warning', params: [MAX_NODES], at: node.at, format: node.format });
      this.full = true;
      return -1;
    }
    this.nodes.push(node);
    return this.nodes.length - 1;
  }

  /** Registers an entity's @id (an entity with content wins over a bare reference). */
  name(id: string, n: number): void {
    const had = this.byId.get(id);
    if (had === undefined) this.byId.set(id, n);
    else {
      const h = this.nodes[had]!;
      if (!h.types.length && !h.props.length) this.byId.set(id, n);
    }
  }

  problem(p: RawProblem): void {
    this.problems.push(p);
  }

  /** Every reference to an @id of the page becomes a link to its entity. */
  resolveRefs(): void {
    for (const node of this.nodes)
      for (const p of node.props)
        for (let k = 0; k < p.values.length; k++) {
          const v = p.values[k]!;
          if (v.t !== 'ref') continue;
          const n = this.byId.get(v.id);
          if (n !== undefined) p.values[k] = { t: 'node', n };
        }
  }
}
