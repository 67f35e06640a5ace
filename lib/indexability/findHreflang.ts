import type { Header } from '../core';
import { baseUrlOf, resolveHttpUrl } from './findCanonicals';
import { hasRel, parseLinkHeader } from './parseLinkHeader';
import type { PageSignals } from './types';

export interface HreflangLink {
  lang: string;
  href: string;
  /** null when the href is not an http(s) URL. */
  resolved: string | null;
  from: 'header' | 'served' | 'live';
}

const MAX = 500;

/** hreflang alternates from Link headers and <link rel=alternate hreflang> (served HTML, else live). */
export function findHreflang(headers: readonly Header[] | null, url: string, html: PageSignals | null): HreflangLink[] {
  const out: HreflangLink[] = [];
  for (const h of headers ?? []) {
    if (h.name.toLowerCase() !== 'link') continue;
    for (const l of parseLinkHeader(h.value)) {
      if (!hasRel(l.params.rel, 'alternate') || !l.params.hreflang) continue;
      out.push({ lang: l.params.hreflang, href: l.href, resolved: resolveHttpUrl(l.href, url), from: 'header' });
    }
  }
  if (html) {
    const base = baseUrlOf(html);
    for (const t of html.tags) {
      if (out.length >= MAX) break;
      if (t.tag !== 'link' || !hasRel(t.attrs.rel, 'alternate') || !t.attrs.hreflang) continue;
      const href = t.attrs.href ?? '';
      out.push({ lang: t.attrs.hreflang, href, resolved: resolveHttpUrl(href, base), from: html.where });
    }
  }
  return out.slice(0, MAX);
}
