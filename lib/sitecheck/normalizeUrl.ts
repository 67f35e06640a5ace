const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodings in their one form (RFC 3986 §6.2.2): hex digits upper case, unreserved characters decoded. */
const fixEscapes = (s: string) =>
  s.replace(/%[0-9a-fA-F]{2}/g, (m) => {
    const ch = String.fromCharCode(parseInt(m.slice(1), 16));
    return UNRESERVED.test(ch) ? ch : m.toUpperCase();
  });

/**
 * The one spelling of a URL, so that two ways of writing the same URL are fetched once: scheme and
 * host in lower case (IDNs in punycode), the default port dropped, dot segments resolved,
 * characters outside ASCII percent-encoded as UTF-8 (`café.html` → `caf%C3%A9.html`), every
 * percent-encoding in upper case and unreserved ones decoded (`%7e` → `~`), no fragment (no request
 * carries one). Null for anything that is not an absolute http(s) URL.
 */
export function normalizeUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  u.pathname = fixEscapes(u.pathname);
  if (u.search) u.search = fixEscapes(u.search);
  return u.href;
}
