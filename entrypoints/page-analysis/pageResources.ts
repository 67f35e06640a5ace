import type { PageResource } from '../../lib/bytes';

/** The page's CSS and JS files with their uncompressed sizes, from Resource Timing. */
export function pageResources(): PageResource[] {
  const sheets = new Set<string>();
  for (const s of Array.from(document.styleSheets)) if (s.href) sheets.add(s.href);
  const out: PageResource[] = [];
  const seen = new Set<string>();
  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const isJs = e.initiatorType === 'script';
    const isCss = e.initiatorType === 'css' || (e.initiatorType === 'link' && (sheets.has(e.name) || /\.css(\?|$)/i.test(e.name)));
    if ((!isJs && !isCss) || seen.has(e.name)) continue;
    seen.add(e.name);
    const crossOrigin = new URL(e.name).origin !== location.origin;
    // Cross-origin entries without Timing-Allow-Origin report 0: the background measures those.
    const known = e.decodedBodySize > 0 || (!crossOrigin && e.responseEnd > 0);
    out.push({
      url: e.name,
      kind: isJs ? 'script' : 'stylesheet',
      bytes: known ? e.decodedBodySize : null,
      source: known ? 'timing' : 'unknown',
      crossOrigin,
    });
  }
  return out;
}
