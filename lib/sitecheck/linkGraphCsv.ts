import { csvField } from './rowsToCsv';
import { EDGE_NOFOLLOW, EDGE_PAGE_NOFOLLOW, EDGE_PAST_CUT, EDGE_RENDERED } from './EdgeStore';
import type { LinkGraph } from './LinkGraph';

/**
 * The link graph's CSV columns: stable names (like the site check's CSV), the same in every
 * language. `nofollow`: rel=nofollow on the link, or a page-level nofollow (meta robots,
 * X-Robots-Tag); `past_the_cut`: the link's `<a` starts past Googlebot's cut; `only_after_rendering`:
 * the link is only in Googlebot's render. `offset`: response offset of the `<a` (headers included),
 * empty for a link only in the render.
 */
export const LINK_CSV_COLUMNS = ['source', 'target', 'anchor_text', 'nofollow', 'past_the_cut', 'only_after_rendering', 'offset'] as const;

/**
 * Every link of a crawl's graph as CSV (RFC 4180, CRLF line ends, header first), a piece per
 * block of edges: read back in order from memory or from where the blocks spilled, never held
 * whole as text.
 */
export async function* linkGraphCsv(graph: LinkGraph): AsyncIterable<string> {
  yield LINK_CSV_COLUMNS.join(',') + '\r\n';
  for await (const b of graph.edges.all()) {
    const lines: string[] = [];
    for (let i = 0; i < b.length; i++) {
      const f = b.flags[i]!;
      const off = b.offset[i]!;
      lines.push(
        [
          graph.url(b.src[i]!),
          graph.url(b.tgt[i]!),
          graph.anchors.at(b.anchor[i]!) ?? '',
          (f & (EDGE_NOFOLLOW | EDGE_PAGE_NOFOLLOW)) !== 0,
          (f & EDGE_PAST_CUT) !== 0,
          (f & EDGE_RENDERED) !== 0,
          off >= 0 ? off : null,
        ].map(csvField).join(','),
      );
    }
    if (lines.length) yield lines.join('\r\n') + '\r\n';
  }
}
