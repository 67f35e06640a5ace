import table from './schemaorgVocabulary.json';

interface Table {
  version: string;
  types: Record<string, [string[], string[]]>;
  props: Record<string, { r: string[]; s?: string }>;
  enums: Record<string, string[]>;
}

const T = table as unknown as Table;

/** The schema.org data types (values written as text or numbers), and the Quantity kinds written as text. */
const DATA_TYPES = new Set(['Text', 'URL', 'Number', 'Integer', 'Float', 'Boolean', 'Date', 'DateTime', 'Time', 'CssSelectorType', 'XPathType', 'PronounceableText', 'DataType', 'Duration', 'Distance', 'Energy', 'Mass', 'Quantity']);

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Per type, computed once: the type and its ancestors, and every property it or an ancestor has. */
const ancestorsCache = new Map<string, Set<string>>();
const propsCache = new Map<string, Set<string>>();

/** The schema.org vocabulary shipped with Crawlscope (never fetched): types, their ancestors, properties and their ranges, enumerations. */
export const vocabulary = {
  version: T.version,
  isType: (name: string) => own(T.types, name) || DATA_TYPES.has(name),
  isDataType: (name: string) => DATA_TYPES.has(name),
  isProperty: (name: string) => own(T.props, name),
  /** The type and every ancestor (iterative; the hierarchy has multiple parents). */
  ancestors(name: string): Set<string> {
    const had = ancestorsCache.get(name);
    if (had) return had;
    const out = new Set<string>();
    const stack = [name];
    while (stack.length) {
      const t = stack.pop()!;
      if (out.has(t)) continue;
      out.add(t);
      const e = own(T.types, t) ? T.types[t] : undefined;
      if (e) stack.push(...e[0]);
    }
    ancestorsCache.set(name, out);
    return out;
  },
  /** `type` is `ancestor` or one of its subtypes. */
  isA(type: string, ancestor: string): boolean {
    return type === ancestor || this.ancestors(type).has(ancestor);
  },
  /** The property belongs to the type or one of its ancestors. */
  hasProperty(type: string, prop: string): boolean {
    let all = propsCache.get(type);
    if (!all) {
      all = new Set<string>();
      for (const t of this.ancestors(type)) if (own(T.types, t)) for (const p of T.types[t]![1]) all.add(p);
      propsCache.set(type, all);
    }
    return all.has(prop);
  },
  ranges: (prop: string): readonly string[] => (own(T.props, prop) ? T.props[prop]!.r : []),
  supersededBy: (prop: string): string | null => (own(T.props, prop) ? (T.props[prop]!.s ?? null) : null),
  enumMembers: (name: string): readonly string[] | null => (own(T.enums, name) ? T.enums[name]! : null),
  /** The enumeration a member belongs to ("InStock" → ItemAvailability), for a value written as a member. */
  isEnumMember(value: string): boolean {
    for (const k in T.enums) if (T.enums[k]!.includes(value)) return true;
    return false;
  },
};

export type Vocabulary = typeof vocabulary;
