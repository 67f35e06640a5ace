import type { Header } from '../core';
import { hasRel, parseLinkHeader } from './parseLinkHeader';
import { tagHtml } from './tagHtml';
import type { PageSignals, Source } from './types';

export interface CanonicalLink {
  from: 'header' | 'served' | 'live';
  href: string;
  /** Absolute URL without fragment, or null when the href is not an http(s) URL. */
  resolved: string | null;
  inBody: boolean;
  relative: boolean;
  source: Source;
}

export function resolveHttpUrl(href: string, base: string): string | null {
  if (!href.trim()) return null;
  try {
    const u = new URL(href.trim(), base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** The document's base URL: the first <base href> (resolved against the document URL), else the URL. */
export function baseUrlOf(signals: PageSignals): string {
  const base = signals.tags.find((t) => t.tag === 'base' && t.attrs.href !== undefined);
  if (base) {
    try {
      return new URL(base.attrs.href!, signals.url).href;
    } catch {
      /* an unusable <base> is ignored by browsers too */
    }
  }
  return signals.url;
}

const isRelative = (href: string) => !/^[a-z][a-z0-9+.-]*:/i.test(href.trim());

export function htmlCanonicals(signals: PageSignals | null): CanonicalLink[] {
  if (!signals) return [];
  const base = baseUrlOf(signals);
  return signals.tags
    .filter((t) => t.tag === 'link' && hasRel(t.attrs.rel, 'canonical'))
    .map((t) => {
      const href = t.attrs.href ?? '';
      return {
        from: signals.where,
        href,
        resolved: resolveHttpUrl(href, base),
        inBody: t.inBody,
        relative: isRelative(href),
        source: { kind: 'tag', html: tagHtml(t), where: signals.where, inBody: t.inBody } as Source,
      };
    });
}

/** rel="canonical" in Link headers; targets resolve against the response URL. */
export function headerCanonicals(headers: readonly Header[] | null, url: string): CanonicalLink[] {
  const out: CanonicalLink[] = [];
  for (const h of headers ?? []) {
    if (h.name.toLowerCase() !== 'link') continue;
    for (const l of parseLinkHeader(h.value)) {
      if (!hasRel(l.params.rel, 'canonical')) continue;
      out.push({
        from: 'header',
        href: l.href,
        resolved: resolveHttpUrl(l.href, url),
        inBody: false,
        relative: isRelative(l.href),
        source: { kind: 'header', name: h.name, value: h.value },
      });
    }
  }
  return out;
}
