import type { SiteFindingCode, SiteFindingItem } from '../types';

/**
 * The key of one case of a site finding: its code and the URLs that make it that case — the page
 * for a page's finding, the linking page and the target for a link's, the pair and its language for
 * hreflang, the title for duplicate titles — never its evidence (a byte offset, an anchor text, a
 * status), which may change while the case stays the same.
 */
export function findingCaseKey(code: SiteFindingCode, x: SiteFindingItem): string {
  const parts: (string | undefined)[] = [code];
  switch (code) {
    case 'linkBroken':
    case 'linkRedirectChain':
    case 'linkNoindex':
    case 'linkRobotsBlocked':
      parts.push(x.from, x.url);
      break;
    case 'canonicalChain':
    case 'canonicalNotIndexable':
      parts.push(x.url, x.target);
      break;
    case 'hreflangNoReturn':
    case 'hreflangNotOk':
    case 'hreflangNotCanonical':
      parts.push(x.url, x.target, x.lang?.toLowerCase());
      break;
    case 'duplicateTitle':
      parts.push(x.title);
      break;
    case 'badLink':
      parts.push(x.from, x.href);
      break;
    default:
      parts.push(x.url);
  }
  // JSON of the parts: no separator a URL could hold makes two cases one.
  return JSON.stringify(parts.map((p) => p ?? null));
}
