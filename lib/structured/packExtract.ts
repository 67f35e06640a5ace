import type { SdExtract, SdItem, SdNode, SdPlace, SdProblem, SdProperty, SdValue } from './types';

/**
 * An extract as one compact string, for the message from a tab to an extension page. The browser
 * copies and converts every byte of a message on both sides: in Chromium, on a busy 2-core machine,
 * the 813 products of the demo's big page took 52–103 ms from the tab's answer to the popup as 1.6
 * MB of objects, 11–44 ms as this string. So the message is made small: an entity is an array,
 * its properties one flat array of name, line, kept and values, a property name an index into a
 * table of names, a place an index into a flat array of numbers, a value as JSON writes it (text
 * a string, a number a number, `[n]` an entity, `{ r: id }` a reference, `{ x: "Infinity" }` a
 * number JSON cannot write): 0.6 MB for those 813 products.
 */
export interface PackedExtract {
  packed: string;
}

type PackedValue = string | number | boolean | null | [number] | { r: string } | { x: string };
/** [types, id, place, props: name, line, kept (1/0), value count, values…] */
type PackedNode = [string[], string | null, number, (PackedValue | number)[]];
/** [format, status, node, types, place, responseByte] */
type PackedItem = [SdItem['format'], SdItem['status'], number, string[], number, number | null];
interface Body {
  source: SdExtract['source'];
  jsonLdChars: number;
  offsetsExact: boolean;
  cutResponseByte: number | null;
  names: string[];
  /** line, column, byte (-1: null) of each place. */
  places: number[];
  nodes: PackedNode[];
  items: PackedItem[];
  problems: (Omit<SdProblem, 'place'> & { place: number })[];
}

function oddNumber(v: number): string | null {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return Object.is(v, -0) ? '-0' : null;
}

function packValue(v: SdValue): PackedValue {
  switch (v.t) {
    case 'text':
      return v.v;
    case 'number': {
      const odd = oddNumber(v.v);
      return odd === null ? v.v : { x: odd };
    }
    case 'boolean':
      return v.v;
    case 'null':
      return null;
    case 'node':
      return [v.n];
    case 'ref':
      return { r: v.id };
  }
}

function unpackValue(p: PackedValue): SdValue {
  if (typeof p === 'string') return { t: 'text', v: p };
  if (typeof p === 'number') return { t: 'number', v: p };
  if (typeof p === 'boolean') return { t: 'boolean', v: p };
  if (p === null) return { t: 'null' };
  if (Array.isArray(p)) return { t: 'node', n: p[0] };
  if ('r' in p) return { t: 'ref', id: p.r };
  return { t: 'number', v: p.x === '-0' ? -0 : Number(p.x) };
}

export function packExtract(ex: SdExtract): PackedExtract {
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const places: number[] = [];
  const placeIndex = new Map<SdPlace, number>();
  const place = (p: SdPlace): number => {
    let k = placeIndex.get(p);
    if (k === undefined) {
      placeIndex.set(p, (k = places.length / 3));
      places.push(p.line, p.column, p.byte ?? -1);
    }
    return k;
  };
  const nodes: PackedNode[] = ex.nodes.map((n) => {
    const props: (PackedValue | number)[] = [];
    for (const p of n.props) {
      let k = nameIndex.get(p.name);
      if (k === undefined) {
        nameIndex.set(p.name, (k = names.length));
        names.push(p.name);
      }
      props.push(k, p.line, p.kept ? 1 : 0, p.values.length);
      for (const v of p.values) props.push(packValue(v));
    }
    return [n.types, n.id, place(n.place), props];
  });
  const body: Body = {
    source: ex.source,
    jsonLdChars: ex.jsonLdChars,
    offsetsExact: ex.offsetsExact,
    cutResponseByte: ex.cutResponseByte,
    names,
    places,
    nodes,
    items: ex.items.map((it) => [it.format, it.status, it.node, it.types, place(it.place), it.responseByte]),
    problems: ex.problems.map((p) => ({ ...p, place: p.place ? place(p.place) : -1 })),
  };
  return { packed: JSON.stringify(body) };
}

export function unpackExtract(p: PackedExtract): SdExtract {
  const b = JSON.parse(p.packed) as Body;
  const places: SdPlace[] = [];
  for (let k = 0; k < b.places.length; k += 3) places.push({ line: b.places[k]!, column: b.places[k + 1]!, byte: b.places[k + 2] === -1 ? null : b.places[k + 2]! });
  const nodes: SdNode[] = b.nodes.map(([types, id, at, flat]) => {
    const props: SdProperty[] = [];
    for (let k = 0; k < flat.length; ) {
      const name = b.names[flat[k] as number]!;
      const line = flat[k + 1] as number;
      const kept = flat[k + 2] === 1;
      const count = flat[k + 3] as number;
      const values: SdValue[] = new Array(count);
      for (let j = 0; j < count; j++) values[j] = unpackValue(flat[k + 4 + j] as PackedValue);
      props.push({ name, values, line, kept });
      k += 4 + count;
    }
    return { types, id, props, place: places[at]! };
  });
  return {
    source: b.source,
    nodes,
    items: b.items.map(([format, status, node, types, at, responseByte]) => ({ format, status, node, types, place: places[at]!, responseByte })),
    problems: b.problems.map(({ place, ...rest }) => ({ ...rest, place: place >= 0 ? places[place]! : null })),
    jsonLdChars: b.jsonLdChars,
    offsetsExact: b.offsetsExact,
    cutResponseByte: b.cutResponseByte,
  };
}
