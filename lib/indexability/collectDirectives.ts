import type { Header } from '../core';
import { parseRobotsDirectives, type ParsedDirective } from './parseRobotsDirectives';
import { tagHtml } from './tagHtml';
import type { PageSignals, Source } from './types';

/** One directive with where it was written and whether Google Search obeys it. */
export interface FoundDirective {
  directive: ParsedDirective;
  source: Source;
  /** served: in the headers or the HTML as served; live: in the DOM as it is now. */
  where: 'served' | 'live';
  /** null when it applies to Google Search; otherwise why it does not. */
  ignored: null | 'otherCrawler' | 'newsOnly';
  /** The crawler token this directive addresses (robots, googlebot, googlebot-news, otherbot, …). */
  target: string;
}

const SEARCH_META = new Set(['robots', 'googlebot']);
const MAX_HEADERS = 50;

function metaDirectives(signals: PageSignals | null): FoundDirective[] {
  if (!signals) return [];
  const out: FoundDirective[] = [];
  for (const t of signals.tags) {
    if (t.tag !== 'meta') continue;
    const name = (t.attrs.name ?? '').trim().toLowerCase();
    if (!SEARCH_META.has(name) && name !== 'googlebot-news') continue;
    const source: Source = { kind: 'tag', html: tagHtml(t), where: signals.where, inBody: t.inBody };
    for (const d of parseRobotsDirectives(t.attrs.content ?? '', false)) {
      out.push({
        directive: d,
        source,
        where: signals.where,
        ignored: name === 'googlebot-news' ? 'newsOnly' : null,
        target: name,
      });
    }
  }
  return out;
}

/**
 * Every robots directive on the page: all X-Robots-Tag headers (each one, in order; capped at
 * 50), then the served HTML's meta tags, then the live DOM's. Scoped to other crawlers → ignored.
 */
export function collectDirectives(
  headers: readonly Header[] | null,
  served: PageSignals | null,
  live: PageSignals | null,
): FoundDirective[] {
  const out: FoundDirective[] = [];
  const xrt = (headers ?? []).filter((h) => h.name.toLowerCase() === 'x-robots-tag').slice(0, MAX_HEADERS);
  for (const h of xrt) {
    const source: Source = { kind: 'header', name: h.name, value: h.value };
    for (const d of parseRobotsDirectives(h.value, true)) {
      const target = d.scope ?? 'robots';
      const ignored = d.scope === null || d.scope === 'googlebot' ? null : d.scope === 'googlebot-news' ? 'newsOnly' : 'otherCrawler';
      out.push({ directive: d, source, where: 'served', ignored, target });
    }
  }
  out.push(...metaDirectives(served), ...metaDirectives(live));
  return out;
}
