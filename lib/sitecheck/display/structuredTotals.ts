import type { Translate } from '../../report';
import type { SiteCheckProgress } from '../types';

/**
 * The run's structured data in one line: the items by type (with how many have errors), the
 * errors and warnings in all — or null when no page had any.
 */
export function structuredTotals(p: SiteCheckProgress, t: Translate): string | null {
  const s = p.structured;
  if (!s.items) return null;
  const types = Object.entries(s.byType)
    .sort((a, b) => b[1].items - a[1].items || (a[0] < b[0] ? -1 : 1))
    .map(([type, c]) => (c.withErrors ? t('sitecheck.structured.typeWithErrors', [type, c.items, c.withErrors]) : t('sitecheck.structured.type', [type, c.items])));
  return t('sitecheck.structured.totals', [s.items, types.join(', '), s.errors, s.warnings, s.urlsWithErrors]);
}
