import { normalizeUrl } from './normalizeUrl';

/** Why an href is no URL Googlebot follows. */
export type LinkProblem = 'scheme' | 'port' | 'invalid';

/**
 * The ports a browser refuses to fetch (the Fetch standard's "bad port" list,
 * https://fetch.spec.whatwg.org/#port-blocking): a link to one of them is never followed.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723,
  2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Where an href leads, as Googlebot resolves it: against the base URL (the page's, or its
 * `<base href>`), without its fragment, in the one spelling of normalizeUrl. Not a URL at all
 * (`http://h:99999/`), another scheme than http(s) (`javascript:`, `mailto:`, `ftp:`), or a port
 * browsers refuse (`http://h:25/`): no target, and why.
 */
export function linkTarget(href: string, base: string): { url: string | null; problem: LinkProblem | null } {
  let u: URL;
  try {
    u = new URL(href.trim(), base);
  } catch {
    return { url: null, problem: 'invalid' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { url: null, problem: 'scheme' };
  if (u.port !== '' && BAD_PORTS.has(Number(u.port))) return { url: null, problem: 'port' };
  const url = normalizeUrl(u.href);
  return url ? { url, problem: null } : { url: null, problem: 'invalid' };
}
