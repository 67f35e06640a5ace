import type { SdValue } from '../types';
import { schemaLocalName } from '../schemaTerms';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-4]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
const TIME = /^([01]\d|2[0-4]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
// ISO 8601 durations: PnYnMnWnDTnHnMnS, at least one part, a T only before time parts.
const DURATION = /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** ISO 4217 codes the platform knows (Node 20 and today's browsers), else the three-letter shape. */
const currencies: Set<string> | null = (() => {
  const f = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
  try {
    return f ? new Set(f('currency')) : null;
  } catch {
    return null;
  }
})();

const textOf = (v: SdValue): string | null => (v.t === 'text' ? v.v.trim() : v.t === 'number' ? String(v.v) : null);

/** A valid calendar date (not 2026-02-30). */
function realDate(s: string): boolean {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A memo of a string test (pages repeat the same dates and URLs hundreds of times); bounded. */
function memo(test: (s: string) => boolean): (s: string) => boolean {
  const seen = new Map<string, boolean>();
  return (s) => {
    let v = seen.get(s);
    if (v === undefined) {
      if (seen.size >= 4096) seen.clear();
      seen.set(s, (v = test(s)));
    }
    return v;
  };
}

export const isDate = memo((s) => DATE.test(s) && realDate(s));
export const isDateTime = memo((s) => DATETIME.test(s) && realDate(s));

/**
 * URLs the parser would take, known without it: http(s) with a host of ASCII letters, digits,
 * hyphens and dots whose last label starts with a letter (a last label of digits is read as an IPv4
 * address, and can fail) and no label starts with xn-- (Punycode, which can fail to decode), no
 * port, then nothing or a path, query or fragment (no spaces: checked first); and a path from the
 * root (not `//` or `/\`, which name a host). A page's products repeat
 * such URLs by the hundred, each one different; the others go to the URL parser.
 */
const PLAIN_URL = /^(?:https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*\.?(?:[/?#]|$)|\/(?![/\\]))/i;

/** An absolute http(s) URL, or a relative one (Google resolves it against the page): not empty, no spaces, no other scheme (data:, javascript:). */
export const isUrl = memo((s) => s !== '' && !/\s/.test(s) && (PLAIN_URL.test(s) || parsesAsUrl(s)));

/** What the URL parser says of a value without spaces: relative, or http(s) (data:, javascript: and the other schemes are not). */
export function parsesAsUrl(s: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  if (scheme && !/^https?$/i.test(scheme[1]!)) return false;
  try {
    new URL(s, 'https://example.invalid/');
    return true;
  } catch {
    return false;
  }
}

/** Checks one scalar value against one kind (entities are checked by the validator). */
export function scalarIs(kind: string, v: SdValue): boolean {
  if (v.t === 'node' || v.t === 'ref' || v.t === 'null') return false;
  if (kind === 'boolean') return v.t === 'boolean' || (v.t === 'text' && /^(https?:\/\/schema\.org\/)?(true|false)$/i.test(v.v.trim()));
  if (v.t === 'boolean') return false;
  const s = textOf(v)!;
  switch (kind) {
    case 'text':
      return s.length > 0;
    case 'number':
      return v.t === 'number' ? Number.isFinite(v.v) : NUMBER.test(s);
    case 'integer':
      return v.t === 'number' ? Number.isInteger(v.v) : INTEGER.test(s);
    case 'url':
      return v.t === 'text' && isUrl(s);
    case 'rating':
      return (v.t === 'number' ? Number.isFinite(v.v) : NUMBER.test(s)) || /^\d+(\.\d+)?\s*\/\s*\d+(\.\d+)?$/.test(s) || /^\d+(\.\d+)?\s*%$/.test(s);
    case 'date':
      return isDate(s);
    case 'datetime':
      return isDateTime(s) || isDate(s);
    case 'time':
      return TIME.test(s);
    case 'duration':
      return DURATION.test(s);
    case 'currency':
      return CURRENCY.test(s) && (currencies === null || currencies.has(s));
    case 'country':
      return COUNTRY.test(s);
    default:
      return false;
  }
}

/** An enumeration member written as "InStock", "https://schema.org/InStock" or "schema:InStock". */
export const enumValue = (v: SdValue): string | null => (v.t === 'text' ? schemaLocalName(v.v) : null);

/** The value as the report shows it (text, clipped). */
export function valueText(v: SdValue): string {
  const s = v.t === 'text' ? v.v : v.t === 'number' || v.t === 'boolean' ? String(v.v) : v.t === 'ref' ? v.id : '';
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
