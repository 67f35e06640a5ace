/**
 * The one head-tag classifier: which <meta>, <link> and <base> elements say something to Google,
 * and what. Every reader of HTML (the served signals, the byte budget, the comparison, the
 * render's snapshot) and of the live DOM (the content script) asks here.
 */

/**
 * The meta names Google Search reads robots rules from: "robots" (every crawler) and the
 * crawler-specific "googlebot" and "googlebot-news" — as documented in
 * https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag ("you can … replace
 * robots with the name of a specific user agent"; Google lists googlebot for Search and
 * googlebot-news for Google News). Matched as Google does: whitespace trimmed, any case.
 */
export type RobotsMetaName = 'robots' | 'googlebot' | 'googlebot-news';

const ROBOTS_NAMES = new Set<string>(['robots', 'googlebot', 'googlebot-news']);

/** The robots meta name of a `<meta name>` value, or null when it is not one Google reads. */
export function robotsMetaName(name: string | null | undefined): RobotsMetaName | null {
  if (name == null) return null;
  const n = name.trim().toLowerCase();
  return ROBOTS_NAMES.has(n) ? (n as RobotsMetaName) : null;
}

/** `<meta http-equiv="refresh">`: matched in any case, untrimmed, as browsers match it. */
export const isRefresh = (httpEquiv: string | null | undefined): boolean => httpEquiv != null && httpEquiv.toLowerCase() === 'refresh';

/** The tokens of a `rel` attribute, lower-cased. */
export const relTokens = (rel: string | null | undefined): string[] => (rel ? rel.toLowerCase().split(/[\t\n\f\r ]+/).filter(Boolean) : []);

/** What one head tag says, as far as Google's indexing is concerned (a tag may say more than one thing). */
export type HeadTag =
  | { kind: 'robots'; name: RobotsMetaName; content: string }
  | { kind: 'refresh'; content: string }
  | { kind: 'description'; content: string }
  | { kind: 'viewport'; content: string }
  | { kind: 'canonical'; href: string }
  | { kind: 'alternate'; href: string | null; hreflang: string | null }
  | { kind: 'base'; href: string };

/**
 * Classifies an HTML element by its name and attributes (`attr` returns an attribute's value or
 * null). Empty for everything but meta robots / googlebot / googlebot-news, meta refresh, meta
 * description and viewport, link canonical and alternate, and base with an href.
 */
export function classifyHeadTag(tag: string, attr: (name: string) => string | null): HeadTag[] {
  if (tag === 'meta') {
    const out: HeadTag[] = [];
    const name = attr('name');
    const content = attr('content') ?? '';
    const robots = robotsMetaName(name);
    if (robots) out.push({ kind: 'robots', name: robots, content });
    if (isRefresh(attr('http-equiv'))) out.push({ kind: 'refresh', content });
    const n = name?.trim().toLowerCase();
    if (n === 'description') out.push({ kind: 'description', content });
    else if (n === 'viewport') out.push({ kind: 'viewport', content });
    return out;
  }
  if (tag === 'link') {
    const rel = relTokens(attr('rel'));
    const out: HeadTag[] = [];
    const href = attr('href');
    if (rel.includes('canonical') && href !== null) out.push({ kind: 'canonical', href });
    if (rel.includes('alternate')) out.push({ kind: 'alternate', href, hreflang: attr('hreflang') });
    return out;
  }
  if (tag === 'base') {
    const href = attr('href');
    return href === null ? [] : [{ kind: 'base', href }];
  }
  return [];
}
