import { structuredSummary, type Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** A row's structured data in one line: "Product: 1 error (offers.price missing) · BreadcrumbList: eligible", or "—". */
export function structuredCell(r: SiteRow, t: Translate): string {
  if (!r.structured || !r.structured.items) return noneText(t);
  return structuredSummary(r.structured.list, t);
}
