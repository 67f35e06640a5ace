import type { Header } from './types';

/** All values of a header (case-insensitive name), in the order received. */
export function headerValues(headers: readonly Header[], name: string): string[] {
  const lower = name.toLowerCase();
  return headers.filter((h) => h.name.toLowerCase() === lower).map((h) => h.value);
}

/** The first value of a header, or null. */
export function headerValue(headers: readonly Header[], name: string): string | null {
  return headerValues(headers, name)[0] ?? null;
}

/** Media type without parameters, lower-cased: "text/html; charset=utf-8" → "text/html". */
export function mediaType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return t || null;
}

/** The charset parameter of a Content-Type header, lower-cased, or null. */
export function charsetOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return m ? m[1]!.toLowerCase() : null;
}
