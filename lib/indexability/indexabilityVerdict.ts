import type { ParsedRobotsTxt, RobotsReport } from '../robots';
import { evaluateIndexability, type IndexabilityInput, type IndexabilityResult } from './evaluateIndexability';
import { robotsInputFrom } from './robotsInputFrom';

/** Everything the verdict can use; any part may be null while it is not known (yet). */
export interface VerdictOptions extends Omit<IndexabilityInput, 'robots'> {
  /** robots.txt as fetched for the page's origin, parsed once. */
  robots: { report: RobotsReport; parsed: ParsedRobotsTxt | null } | null;
}

/**
 * The one indexability verdict of Crawlscope (popup, badge, exports, site check). robots.txt is
 * judged for the page and for its canonical, which the first pass finds.
 */
export function indexabilityVerdict(options: VerdictOptions): IndexabilityResult {
  const base: IndexabilityInput = { ...options, robots: null };
  const first = evaluateIndexability(base);
  if (!options.robots) return first;
  const { report, parsed } = options.robots;
  return evaluateIndexability({ ...base, robots: robotsInputFrom(report, parsed, options.url, first.canonical) });
}
