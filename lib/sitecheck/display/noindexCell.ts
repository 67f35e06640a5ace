import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** Where the noindex that counts is written (the header, the tag, as sent), or "—". */
export const noindexCell = (r: SiteRow, t: Translate): string => (r.noindex.length ? r.noindex.join(' | ') : noneText(t));
