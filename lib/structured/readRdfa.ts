import type { NodeTable } from './NodeTable';
import type { SdElement, SdTree } from './SdElement';
import { isSchemaOrgIri, schemaLocalName } from './schemaTerms';
import type { SdValue } from './types';

const tokens = (s: string | null) => (s ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);

interface Scope {
  /** The vocabulary is schema.org's (`vocab`). */
  vocab: boolean;
  /** Prefixes that name schema.org (`schema:` is one by RDFa's initial context). */
  prefixes: Map<string, boolean>;
  /** The entity the properties here describe, or -1. */
  subject: number;
  /** A `rel` without an object of its own: the entities below become its values. */
  hanging: string[] | null;
}

/** A term ("name", "schema:name", "https://schema.org/name") as schema.org's local name, or null when it is not schema.org's. */
function term(raw: string, s: Scope): string | null {
  if (isSchemaOrgIri(raw)) return schemaLocalName(raw);
  const colon = raw.indexOf(':');
  if (colon > 0) {
    const p = raw.slice(0, colon).toLowerCase();
    return s.prefixes.get(p) ? raw.slice(colon + 1) : null;
  }
  return s.vocab ? raw : null;
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
 * RDFa as Google reads it — RDFa Lite (`vocab`, `typeof`, `property`, `resource`, `prefix`) and
 * the `rel` chaining Google's own examples use — for schema.org terms only (Open Graph and other
 * vocabularies are not structured data Google reads for rich results). `typeof` starts an entity;
 * with `property` (or under a `rel` that has no object of its own) it is the value of that
 * property of the entity around it; `property` elsewhere gives `content`, else `href`/`src`/
 * `resource`, else `datetime`, else the element's text. Iterative.
 */
export function readRdfa(tree: SdTree, base: string | null, t: NodeTable): void {
  const stack: { el: SdElement; scope: Scope }[] = [];
  const rootScope: Scope = { vocab: false, prefixes: new Map([['schema', true]]), subject: -1, hanging: null };
  for (let k = tree.roots.length - 1; k >= 0; k--) stack.push({ el: tree.roots[k]!, scope: rootScope });
  const attach = (subject: number, names: string[], v: SdValue, at: number) => {
    if (subject < 0) return;
    const node = t.nodes[subject]!;
    for (const name of names) node.props.push({ name, values: [v], at });
  };
  while (stack.length) {
    const { el, scope: outer } = stack.pop()!;
    let scope = outer;
    const vocab = el.attr('vocab');
    const prefix = el.attr('prefix');
    if (vocab !== null || prefix !== null) {
      scope = { ...scope, vocab: vocab !== null ? isSchemaOrgIri(vocab) : scope.vocab, prefixes: new Map(scope.prefixes) };
      const parts = tokens(prefix);
      for (let k = 0; k + 1 < parts.length; k += 2) if (parts[k]!.endsWith(':')) scope.prefixes.set(parts[k]!.slice(0, -1).toLowerCase(), isSchemaOrgIri(parts[k + 1]!));
    }
    const props = tokens(el.attr('property')).map((x) => term(x, scope)).filter((x): x is string => x !== null);
    const rels = tokens(el.attr('rel')).map((x) => term(x, scope)).filter((x): x is string => x !== null);
    const typeofAttr = el.attr('typeof');
    const resource = el.attr('resource') ?? null;
    const href = el.attr('href') ?? el.attr('src');
    let childScope = scope;
    if (typeofAttr !== null) {
      const types = tokens(typeofAttr).map((x) => term(x, scope)).filter((x): x is string => x !== null);
      const id = resource !== null ? resolve(resource, base) : null;
      const n = t.add({ format: 'rdfa', types, id, props: [], at: el.start });
      if (n >= 0) {
        if (id) t.name(id, n);
        const v: SdValue = { t: 'node', n };
        if (props.length && scope.subject >= 0) attach(scope.subject, props, v, el.start);
        else if (scope.hanging && scope.subject >= 0) attach(scope.subject, scope.hanging, v, el.start);
        else if (rels.length && scope.subject >= 0) attach(scope.subject, rels, v, el.start);
        else if (types.length) t.items.push({ format: 'rdfa', node: n, at: el.start, end: el.start, blockCut: false });
        childScope = { ...scope, subject: n, hanging: null };
      }
    } else {
      if (props.length) {
        let v: string;
        const content = el.attr('content');
        if (content !== null) v = content;
        else if (resource !== null) v = resolve(resource, base);
        else if (href !== null) v = resolve(href, base);
        else if (el.name === 'time' && el.attr('datetime') !== null) v = el.attr('datetime')!;
        else v = el.text();
        attach(scope.subject, props, { t: 'text', v }, el.start);
      }
      if (rels.length) {
        const object = resource ?? href;
        if (object !== null) attach(scope.subject, rels, { t: 'text', v: resolve(object, base) }, el.start);
        else childScope = { ...scope, hanging: rels };
      } else if (scope.hanging && (props.length || resource !== null)) childScope = { ...scope, hanging: null };
    }
    for (let k = el.children.length - 1; k >= 0; k--) stack.push({ el: el.children[k]!, scope: childScope });
  }
}
