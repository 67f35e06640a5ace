import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/**
 * The bytes cell: "477 of 2,097,152", "at least 1,048,576 of 2,097,152" (the body did not end),
 * "2,600,168 of 2,097,152 — over by 503,016"; numbers in the language of `t`.
 */
export function bytesCell(r: SiteRow, t: Translate): string {
  if (r.bytes === null || r.limit === null) return noneText(t);
  const total = r.bytesLowerBound ? t('sitecheck.lowerBound', [r.bytes]) : r.bytes;
  return r.truncated ? t('sitecheck.bytesOver', [total, r.limit, r.bytes - r.limit]) : t('sitecheck.bytesOf', [total, r.limit]);
}
