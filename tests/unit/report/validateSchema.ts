// A small JSON Schema (2020-12 subset) validator for docs/report-schema.json: type, enum, const,
// required, properties, additionalProperties: false, items, oneOf, minimum, $ref to #/$defs.
// Returns every error with its JSON path; an empty list means valid.
type Schema = Record<string, unknown>;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

const KNOWN = new Set(['$schema', '$id', 'title', 'description', '$defs', 'type', 'enum', 'const', 'required', 'properties', 'additionalProperties', 'items', 'oneOf', 'minimum', '$ref']);

export function validateSchema(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  const check = (s: Schema, v: unknown, path: string): void => {
    for (const k of Object.keys(s)) if (!KNOWN.has(k)) errors.push(`${path}: schema keyword ${k} not supported`);
    if (typeof s.$ref === 'string') {
      const name = s.$ref.replace('#/$defs/', '');
      const def = (root.$defs as Record<string, Schema> | undefined)?.[name];
      if (!def) errors.push(`${path}: unknown $ref ${s.$ref}`);
      else check(def, v, path);
      return;
    }
    if (s.oneOf) {
      const passing = (s.oneOf as Schema[]).filter((sub) => validateSub(sub, v));
      if (passing.length !== 1) errors.push(`${path}: matches ${passing.length} of oneOf`);
      return;
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      const t = typeOf(v);
      if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) {
        errors.push(`${path}: ${t} is not ${types.join('|')}`);
        return;
      }
    }
    if ('const' in s && v !== s.const) errors.push(`${path}: ${JSON.stringify(v)} !== ${JSON.stringify(s.const)}`);
    if (s.enum && !(s.enum as unknown[]).includes(v)) errors.push(`${path}: ${JSON.stringify(v)} not in enum`);
    if (typeof s.minimum === 'number' && typeof v === 'number' && v < s.minimum) errors.push(`${path}: ${v} < ${s.minimum}`);
    if (typeOf(v) === 'object') {
      const o = v as Record<string, unknown>;
      for (const r of (s.required as string[] | undefined) ?? []) if (!(r in o)) errors.push(`${path}: missing ${r}`);
      const props = (s.properties as Record<string, Schema> | undefined) ?? {};
      for (const [k, val] of Object.entries(o)) {
        if (props[k]) check(props[k]!, val, `${path}.${k}`);
        else if (s.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
      }
    }
    if (Array.isArray(v) && s.items) v.forEach((x, i) => check(s.items as Schema, x, `${path}[${i}]`));
  };
  const validateSub = (s: Schema, v: unknown): boolean => {
    const before = errors.length;
    check(s, v, '');
    const ok = errors.length === before;
    errors.length = before;
    return ok;
  };
  check(root, value, '$');
  return errors;
}
