import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** Elements shown per row; the exports hold all of them. */
export const LOST_SHOWN = 3;

export interface LostCell {
  /** The first elements past the cut, key ones first ("<link> …", "<h2> Below the cut"): page content, to be shown as code. */
  items: string[];
  /** "+2 more", or null. */
  more: string | null;
  /** All of it on one line, for plain text ("—" when nothing is lost). */
  text: string;
}

/** What lies past the cut in a row: the first few elements and how many more. */
export function lostCell(r: SiteRow, t: Translate): LostCell {
  const items = r.lost.slice(0, LOST_SHOWN);
  const more = r.lost.length > items.length ? t('sitecheck.moreLost', [r.lost.length - items.length]) : null;
  return { items, more, text: items.length ? [...items, ...(more ? [more] : [])].join(', ') : noneText(t) };
}
