/**
 * Parse one robots directive list: the content of a robots meta tag, or one X-Robots-Tag
 * header value. Google's rules (developers.google.com/search/docs/crawling-indexing/robots-meta-tag):
 * comma-separated, case-insensitive; in X-Robots-Tag a `name:` prefix scopes the directives that
 * follow to that crawler (`googlebot: noindex`) until the next prefix.
 */
export interface ParsedDirective {
  /** Lower-cased crawler token the directive is scoped to (X-Robots-Tag only), or null. */
  scope: string | null;
  /** Lower-cased directive name (noindex, max-snippet, …). */
  name: string;
  /** The value of max-snippet / max-image-preview / max-video-preview / unavailable_after. */
  value: string | null;
  /** The item as written. */
  raw: string;
  known: boolean;
}

const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);
const KNOWN = new Set([
  'all', 'noindex', 'nofollow', 'none', 'nosnippet', 'indexifembedded', 'notranslate', 'noimageindex',
  'noarchive', 'nocache', 'noodp', 'noydir', 'index', 'follow', ...VALUED,
]);
/** An RFC 850 / RFC 822 date has a comma after the weekday: "Wed, 03 Nov 2027 …". */
const WEEKDAY = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}$/i;
/** Hostile headers: a value this long is cut, and at most this many items are read. */
export const MAX_DIRECTIVE_CHARS = 8192;
export const MAX_DIRECTIVE_ITEMS = 64;

export function parseRobotsDirectives(input: string, allowScope: boolean): ParsedDirective[] {
  const items = input.slice(0, MAX_DIRECTIVE_CHARS).split(',');
  const out: ParsedDirective[] = [];
  let scope: string | null = null;
  for (let i = 0; i < items.length && out.length < MAX_DIRECTIVE_ITEMS; i++) {
    let item = items[i]!.trim();
    if (!item) continue;
    let colon = item.indexOf(':');
    if (allowScope && colon > 0) {
      const head = item.slice(0, colon).trim().toLowerCase();
      if (!VALUED.has(head) && /^[a-z0-9_.-]+$/.test(head)) {
        scope = head;
        item = item.slice(colon + 1).trim();
        if (!item) continue;
        colon = item.indexOf(':');
      }
    }
    const name = (colon >= 0 ? item.slice(0, colon) : item).trim().toLowerCase();
    let value = colon >= 0 ? item.slice(colon + 1).trim() : null;
    let raw = item;
    if (name === 'unavailable_after' && value !== null && WEEKDAY.test(value) && i + 1 < items.length) {
      i++;
      value = `${value}, ${items[i]!.trim()}`;
      raw = `${raw}, ${items[i]!.trim()}`;
    }
    out.push({ scope, name, value, raw, known: KNOWN.has(name) });
  }
  return out;
}
