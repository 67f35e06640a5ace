/**
 * Whether a sitemap may list a URL by its own location, as Google applies it:
 * - sitemaps.org, "Sitemap file location" (https://www.sitemaps.org/protocol.html#location): "The
 *   location of a Sitemap file determines the set of URLs that can be included in that Sitemap" —
 *   one at http://example.com/catalog/sitemap.xml may list URLs starting with
 *   http://example.com/catalog/ only, on the same host, with the same scheme and port;
 * - Google, "Build and submit a sitemap" (https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap):
 *   a sitemap "affects only descendants of the parent directory" unless it is submitted in Search
 *   Console; a sitemap for another host is accepted when that host's robots.txt names it in a
 *   `Sitemap:` line (cross-submission; sitemaps.org, "Sitemaps & Cross Submits").
 * The robots.txt part needs that host's robots.txt: the runner asks it only for a URL this says
 * is outside (`acceptedByRobots`).
 */
export type SitemapScope = { inside: true } | { inside: false; reason: 'host' | 'folder'; folder: string };

/** The folder a sitemap speaks for: its URL up to the last `/` of its path ("https://h/catalog/"). */
export function sitemapFolder(sitemap: string): string {
  const u = new URL(sitemap);
  return `${u.origin}${u.pathname.slice(0, u.pathname.lastIndexOf('/') + 1)}`;
}

/** `url` and `sitemap` normalised (normalizeUrl). */
export function sitemapScope(url: string, sitemap: string): SitemapScope {
  const folder = sitemapFolder(sitemap);
  if (new URL(url).origin !== new URL(sitemap).origin) return { inside: false, reason: 'host', folder };
  return url.startsWith(folder) ? { inside: true } : { inside: false, reason: 'folder', folder };
}

/**
 * A URL outside its sitemap's own scope is still accepted when the robots.txt of the URL's host
 * names the sitemap — or the sitemap index that listed it: Google waives the same-site rule for
 * an index's sitemaps under cross-submission (https://developers.google.com/search/docs/crawling-indexing/sitemaps/large-sitemaps).
 * `named`: the normalised URLs of that robots.txt's `Sitemap:` lines; `chain`: the sitemap and the index that listed it.
 */
export const acceptedByRobots = (named: readonly string[], chain: readonly string[]): boolean => chain.some((s) => named.includes(s));
