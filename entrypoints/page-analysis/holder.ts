// The page-analysis script: the heavy content-side code (byte analysis, cutoff overlay, resource
// sizes, served-HTML signals). It is not part of the content script that runs on every page: an
// extension page injects it into the tab (scripting.executeScript) right before it asks for one of
// these analyses, so ordinary browsing never loads it. Both scripts share the extension's isolated
// world, where the injected script leaves its functions for the content script's handlers.
import type { analyzePage } from './analyzePage';
import type { toggleOverlay } from './overlay';
import type { pageResources } from './pageResources';
import type { servedIndexSignals } from './servedIndexSignals';
import type { composedHtml } from './composedHtml';
import type { structuredServed } from './structuredServed';
import { PAGE_ANALYSIS_MISSING } from '../../utils/protocol';

export interface PageAnalysis {
  analyzePage: typeof analyzePage;
  toggleOverlay: typeof toggleOverlay;
  pageResources: typeof pageResources;
  servedIndexSignals: typeof servedIndexSignals;
  composedHtml: typeof composedHtml;
  structuredServed: typeof structuredServed;
}


const KEY = '__crawlscopePageAnalysis';
type Holder = { [KEY]?: PageAnalysis };

/** Called once by the injected script; a second injection keeps the first copy (and its state). */
export function installPageAnalysis(api: PageAnalysis): void {
  (globalThis as Holder)[KEY] ??= api;
}

/** The injected functions, or an error that says the tab was never prepared. */
export function pageAnalysis(): PageAnalysis {
  const api = (globalThis as Holder)[KEY];
  if (!api) throw new Error(PAGE_ANALYSIS_MISSING);
  return api;
}

