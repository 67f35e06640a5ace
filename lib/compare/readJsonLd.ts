const MAX_JSONLD_NODES = 10_000;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** One JSON-LD block: its @types (the first 10,000 nodes looked at), its content as canonical JSON, or the raw text squashed when it does not parse. */
export function readJsonLd(raw: string): { types: string[]; text: string; valid: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { types: [], text: squash(raw), valid: false };
  }
  const types: string[] = [];
  const stack: unknown[] = [data];
  let visited = 0;
  while (stack.length && visited++ < MAX_JSONLD_NODES) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v && typeof v === 'object') {
      const t = (v as Record<string, unknown>)['@type'];
      for (const x of Array.isArray(t) ? t : [t]) if (typeof x === 'string' && !types.includes(x)) types.push(x);
      for (const x of Object.values(v as Record<string, unknown>)) stack.push(x);
    }
  }
  let text: string;
  try {
    text = canonicalJson(data);
  } catch {
    return { types, text: squash(raw), valid: false };
  }
  return { types, text, valid: true };
}

/** JSON with object keys sorted, so two blocks that differ only in key order compare equal. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}
