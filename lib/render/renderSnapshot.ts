import { extractPage } from '../compare';
import { RENDER_BLOCKS_CAP, RENDER_HTML_CAP } from './renderPolicy';
import type { RenderSnapshot } from './types';

/**
 * One view of the page from its HTML: the facts that decide indexing (title, robots meta,
 * canonical, hreflang, headings, visible words, links, JSON-LD types), read the way the
 * mobile-vs-desktop comparison reads a response (lib/compare extractPage) from the whole HTML
 * given (up to RENDER_READ_CAP), and the HTML itself, kept up to RENDER_HTML_CAP characters.
 * `capped`: the HTML given was already cut.
 */
export function renderSnapshot(html: string, pageUrl: string, capped = false): RenderSnapshot {
  const p = extractPage(html, pageUrl);
  const cut = html.length > RENDER_HTML_CAP;
  return {
    title: p.title,
    robots: p.robotsMeta.map((m) => `${m.name}: ${m.content}`),
    canonical: p.canonical[0] ?? null,
    hreflang: p.hreflang,
    headings: p.headings,
    words: p.words.length,
    blocks: capBlocks(p.blocks),
    links: p.links,
    jsonLdTypes: [...new Set(p.jsonLd.flatMap((j) => j.types))],
    html: cut ? html.slice(0, RENDER_HTML_CAP) : html,
    htmlCapped: capped || cut,
  };
}

/** The blocks, in order, up to RENDER_BLOCKS_CAP characters in all. */
function capBlocks(blocks: readonly string[]): string[] {
  const out: string[] = [];
  let size = 0;
  for (const b of blocks) {
    if (size + b.length > RENDER_BLOCKS_CAP) break;
    out.push(b);
    size += b.length;
  }
  return out;
}
