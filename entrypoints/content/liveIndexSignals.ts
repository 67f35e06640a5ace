// Content-script side of the indexability check on the live DOM: one cheap query, run when asked
// (the toolbar badge after a load, the popup). The served-HTML side is in the page-analysis script.
import { collectSignals, type PageSignals } from '../../lib/indexability';

export function liveIndexSignals(): PageSignals {
  return collectSignals(document, 'live', location.href);
}
