/** schema.org's namespace, in the forms pages write it. */
const SCHEMA_IRI = /^https?:\/\/(www\.)?schema\.org\/?/i;

/** True for a vocabulary or context IRI that is schema.org ("https://schema.org", "http://schema.org/", the context file). */
export function isSchemaOrgIri(iri: string): boolean {
  return SCHEMA_IRI.test(iri.trim());
}

/**
 * A type or property IRI as schema.org's local name ("https://schema.org/Product" → "Product",
 * "schema:price" → "price"); anything else as written.
 */
export function schemaLocalName(term: string, prefixes?: ReadonlyMap<string, boolean>): string {
  const t = term.trim();
  const m = SCHEMA_IRI.exec(t);
  if (m) return t.slice(m[0].length);
  const colon = t.indexOf(':');
  if (colon > 0 && !t.startsWith('http')) {
    const p = t.slice(0, colon).toLowerCase();
    if (p === 'schema' || prefixes?.get(p)) return t.slice(colon + 1);
  }
  return t;
}
