import type { Translate } from '../../report';
import type { SiteColumn } from './siteColumns';

/** A column's heading ("Verdict", "Bytes / limit", …): the page's table and the command line's. */
export const columnHeading = (col: SiteColumn, t: Translate): string => t(`sitecheck.col.${col}`);
