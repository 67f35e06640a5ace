/**
 * A fetch's own mark: its URL with the fragment replaced by a tag unique to that one fetch. A
 * fragment never leaves the browser (it is not part of an HTTP request), so the server sees exactly
 * the request it would see without the tag; the browser's request events (webRequest) and header
 * rules (declarativeNetRequest) do see it, in Chrome and Firefox alike. The events of one fetch are
 * told apart from those of any other — another fetch of the same URL, a late event of an earlier
 * one — by its tag; a rule that names the tag touches that fetch only.
 */
export function taggedUrl(url: string, tag: string): string {
  const hash = url.indexOf('#');
  return `${hash < 0 ? url : url.slice(0, hash)}#${tag}`;
}

/** The fragment of a URL as the browser reports it (the tag of a tagged fetch), or null. */
export function tagOfUrl(url: string): string | null {
  const hash = url.indexOf('#');
  return hash < 0 ? null : url.slice(hash + 1);
}
