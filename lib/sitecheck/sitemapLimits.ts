/** A sitemap may list at most 50,000 URLs (sitemaps.org; Google's sitemap documentation). */
export const SITEMAP_MAX_URLS = 50_000;
/** …and be at most 50 MB uncompressed: 52,428,800 bytes (sitemaps.org's figure). */
export const SITEMAP_MAX_BYTES = 52_428_800;
/** A <loc> longer than 2,048 characters is not a URL Google takes from a sitemap. */
export const SITEMAP_MAX_LOC_CHARS = 2048;
/** The namespace every <urlset> and <sitemapindex> must declare. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Reading one sitemap may spend this long waiting for the network (the checks it feeds are not counted). */
export const SITEMAP_READ_MS = 60_000;
/** No byte for this long: the sitemap is given up (timeout). */
export const SITEMAP_IDLE_MS = 10_000;
/** Problems listed per sitemap; the count goes on. */
export const SITEMAP_MAX_PROBLEMS = 50;
