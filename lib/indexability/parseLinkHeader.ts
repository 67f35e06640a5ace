/**
 * Parse HTTP Link header values (RFC 8288) into target + parameters. Linear; commas inside
 * <…> or quoted strings do not split. Hostile input: each value is cut at 16 KB, 100 links max.
 */
export interface LinkValue {
  href: string;
  /** Lower-cased parameter names; values unquoted. */
  params: Record<string, string>;
  raw: string;
}

export const MAX_LINK_CHARS = 16384;
export const MAX_LINKS = 100;

export function parseLinkHeader(value: string): LinkValue[] {
  const s = value.slice(0, MAX_LINK_CHARS);
  const out: LinkValue[] = [];
  let i = 0;
  while (i < s.length && out.length < MAX_LINKS) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    const gt = s.indexOf('>', lt + 1);
    if (gt < 0) break;
    const href = s.slice(lt + 1, gt).trim();
    const params: Record<string, string> = {};
    let j = gt + 1;
    // parameters: ;name=value or ;name="value", until a comma outside quotes
    while (j < s.length) {
      while (j < s.length && (s[j] === ' ' || s[j] === '\t')) j++;
      if (s[j] !== ';') break;
      j++;
      let k = j;
      while (k < s.length && !'=;,'.includes(s[k]!)) k++;
      const name = s.slice(j, k).trim().toLowerCase();
      let val = '';
      if (s[k] === '=') {
        k++;
        while (k < s.length && (s[k] === ' ' || s[k] === '\t')) k++;
        if (s[k] === '"') {
          let e = k + 1;
          let buf = '';
          while (e < s.length && s[e] !== '"') {
            if (s[e] === '\\' && e + 1 < s.length) e++;
            buf += s[e];
            e++;
          }
          val = buf;
          k = e + 1;
        } else {
          let e = k;
          while (e < s.length && s[e] !== ';' && s[e] !== ',') e++;
          val = s.slice(k, e).trim();
          k = e;
        }
      }
      if (name && !(name in params)) params[name] = val;
      j = k;
    }
    out.push({ href, params, raw: s.slice(lt, j).trim() });
    const comma = s.indexOf(',', j);
    if (comma < 0) break;
    i = comma + 1;
  }
  return out;
}

/** Does a rel parameter (space-separated list) contain this relation? */
export function hasRel(rel: string | undefined, want: string): boolean {
  if (!rel) return false;
  return rel.toLowerCase().split(/\s+/).includes(want);
}
