import type { PageFacts } from '../../lib/core';
import { registerContentHandlers, sendToBackground } from '../../utils/messaging';
import { RENDER_VIEW_EVENT } from '../../lib/render';
import { liveIndexSignals } from './liveIndexSignals';
import { pageAnalysis } from '../page-analysis/holder';

// O(1) on page load: remember the URL and register one listener. Everything else is read
// from what the browser already measured, and only when the popup asks.
export default defineContentScript({
  matches: ['<all_urls>'],
  // document_start, not idle: a script injected after the DOM is built holds back the load event
  // (measured on the 5 MB demo page: DOMContentLoaded → load went from ~30 ms to ~400-600 ms even
  // for an empty script). Nothing here needs the DOM until a handler is called.
  runAt: 'document_start',
  main(ctx) {
    const loadedUrl = location.href;
    const stop = registerContentHandlers({
      getPageFacts: () => pageFacts(loadedUrl),
      getResourceUrls: () => resourceUrls(),
      // The heavy analyses live in the page-analysis script, which the asking page injects first
      // (entrypoints/page-analysis/holder.ts): none of that code is loaded with the page.
      bytesAnalyze: (req) => pageAnalysis().analyzePage(req),
      bytesOverlay: ({ show, text }) => pageAnalysis().toggleOverlay(show, text, ctx),
      bytesResources: () => pageAnalysis().pageResources(),
      getIndexSignals: (req) => (req.where === 'live' ? liveIndexSignals() : pageAnalysis().servedIndexSignals(req)),
      getComposedHtml: () => pageAnalysis().composedHtml(),
      structuredServed: (req) => pageAnalysis().structuredServed(req),
    });
    ctx.onInvalidated(stop);
    // A render's page (Firefox) pushes itself once loaded: passed on to the background, which
    // ignores it unless this tab is a render's. Nothing happens on any other page.
    const onView = (e: Event) => {
      const detail = (e as CustomEvent<unknown>).detail;
      if (typeof detail !== 'string') return;
      try {
        const v = JSON.parse(detail) as { url?: unknown; html?: unknown; capped?: unknown };
        if (typeof v.html === 'string') void sendToBackground('renderView', { url: String(v.url ?? ''), html: v.html, capped: v.capped === true }).catch(() => undefined);
      } catch {
        // not a view
      }
    };
    document.addEventListener(RENDER_VIEW_EVENT, onView);
    ctx.onInvalidated(() => document.removeEventListener(RENDER_VIEW_EVENT, onView));
  },
});

function pageFacts(loadedUrl: string): PageFacts {
  const nav = performance.getEntriesByType('navigation')[0] as
    | (PerformanceNavigationTiming & { responseStatus?: number; contentEncoding?: string; deliveryType?: string })
    | undefined;
  return {
    url: location.href,
    loadedUrl,
    title: document.title,
    characterSet: document.characterSet,
    contentType: document.contentType,
    navigation: nav
      ? {
          responseStatus: nav.responseStatus ?? null,
          decodedBodySize: nav.decodedBodySize,
          encodedBodySize: nav.encodedBodySize,
          transferSize: nav.transferSize,
          contentEncoding: nav.contentEncoding ?? null,
          type: nav.type,
          deliveryType: nav.deliveryType ?? null,
        }
      : null,
  };
}

/** The page's own scripts and stylesheets, as the browser fetched them (for the robots.txt check). */
function resourceUrls(): { url: string; initiatorType: string }[] {
  const stylesheets = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) if (sheet.href) stylesheets.add(sheet.href);
  const out: { url: string; initiatorType: string }[] = [];
  const seen = new Set<string>();
  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const isJs = e.initiatorType === 'script';
    const isCss = e.initiatorType === 'css' || (e.initiatorType === 'link' && stylesheets.has(e.name));
    if ((!isCss && !isJs) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push({ url: e.name, initiatorType: isJs ? 'script' : 'css' });
  }
  return out;
}
