import type { Field } from './comparison';

/** What the live tab reports (the indexability capability's live signals fit this shape). */
export interface RenderedSignals {
  url: string;
  title: string;
  tags: { tag: string; attrs: Record<string, string> }[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function resolve(href: string, base: string): string | null {
  try {
    const u = new URL(href.trim(), base);
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * The fields of the comparison as this browser renders the page (after scripts ran), in the
 * same text form as the comparison's rows: title, robots meta, canonical, hreflang.
 */
export function renderedValues(s: RenderedSignals): Partial<Record<Field, string>> {
  const baseTag = s.tags.find((t) => t.tag === 'base' && t.attrs.href !== undefined);
  const base = (baseTag && resolve(baseTag.attrs.href!, s.url)) || s.url;
  const robots: string[] = [];
  const canonical: string[] = [];
  const hreflang: string[] = [];
  for (const t of s.tags) {
    if (t.tag === 'meta') {
      const name = (t.attrs.name ?? '').trim().toLowerCase();
      if (name === 'robots' || name === 'googlebot') robots.push(`${name}: ${squash(t.attrs.content ?? '')}`);
    } else if (t.tag === 'link' && t.attrs.href !== undefined) {
      const rel = (t.attrs.rel ?? '').toLowerCase().split(/\s+/);
      const href = resolve(t.attrs.href, base);
      if (!href) continue;
      if (rel.includes('canonical')) canonical.push(href);
      if (rel.includes('alternate') && t.attrs.hreflang !== undefined) hreflang.push(`${t.attrs.hreflang.trim().toLowerCase()} ${href}`);
    }
  }
  return {
    title: squash(s.title),
    robotsMeta: robots.join('\n'),
    canonical: canonical.join('\n'),
    hreflang: hreflang.join('\n'),
  };
}
