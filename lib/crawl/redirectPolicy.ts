/**
 * How a chain of redirects is followed, as data: how many hops, and what a loop does.
 * - `stop`: a URL that comes round again ends the chain at once ("redirect-loop"): it can never
 *   resolve, and Search Console reports it as a redirect error.
 * - `follow`: the chain goes on to the hop limit (as Google's robots.txt fetcher does: it follows
 *   hops and gives up after the fifth, whatever they are); the loop is still noted.
 */
export interface RedirectPolicy {
  /** Redirect hops followed at most; one more 3xx ends the chain as "too-many-redirects". */
  maxHops: number;
  loop: 'stop' | 'follow';
}

/**
 * A page: "Google's crawlers follow up to 10 redirect hops … If the crawler doesn't receive content
 * within 10 hops, Search Console will show a redirect error" (Google Search Central, "How HTTP
 * status codes, and network and DNS errors affect Google Search", 3xx). A loop is such an error.
 */
export const PAGE_REDIRECTS: RedirectPolicy = { maxHops: 10, loop: 'stop' };

/**
 * robots.txt: "Google follows at least five redirect hops … If the robots.txt isn't found within
 * 5 hops, Google treats it as a 404" (Google Search Central, "How Google interprets the robots.txt
 * specification", handling of redirects). A loop runs into that limit, as it does for Google.
 */
export const ROBOTS_REDIRECTS: RedirectPolicy = { maxHops: 5, loop: 'follow' };

/** A sitemap: as robots.txt, 5 hops; a loop stops at once (it names no sitemap either way). */
export const SITEMAP_REDIRECTS: RedirectPolicy = { maxHops: 5, loop: 'stop' };
