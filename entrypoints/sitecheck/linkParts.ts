import type { SiteFindingItem } from '../../lib/sitecheck';

/** A piece of a finding's text: plain text, or a URL of its evidence (shown as a link). */
export type LinkPart = { text: string } | { url: string };

/** http(s) only: anything else (javascript:, data:) is never made a link. */
const linkable = (u: string) => /^https?:\/\/[^\s]+$/i.test(u);

/** The URLs of a finding's case that its text names: the URL, the linking page, the targets, the chains, the files. */
export function evidenceUrls(x: SiteFindingItem): string[] {
  const all = [x.url, x.from, x.target, x.robotsUrl, x.sitemap, ...(x.chain ?? []), ...(x.urls ?? []), ...(x.path ?? [])];
  return [...new Set(all.filter((u): u is string => typeof u === 'string' && linkable(u)))];
}

/** The text at `at` goes on with characters of a longer URL (a letter, a digit, a path or query character; a dot before more of them). */
const continuesUrl = (text: string, at: number) => /^(?:[A-Za-z0-9/?#&=%~_+@-]|\.[^\s])/.test(text.slice(at, at + 2));

/**
 * A text cut into plain pieces and the URLs it names (`urls`), each URL a piece of its own: the
 * longest URL first where two start at the same place, and a URL only where it is not the start of
 * a longer word (…/a.html is not found inside …/a.html?x=1). The text is never parsed as HTML.
 */
export function linkParts(text: string, urls: readonly string[]): LinkPart[] {
  const sorted = [...new Set(urls.filter(linkable))].sort((a, b) => b.length - a.length);
  const out: LinkPart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const hit = sorted.find((u) => text.startsWith(u, i) && !continuesUrl(text, i + u.length));
    if (hit) {
      if (plain) out.push({ text: plain });
      plain = '';
      out.push({ url: hit });
      i += hit.length;
    } else {
      plain += text[i];
      i++;
    }
  }
  if (plain) out.push({ text: plain });
  return out;
}
