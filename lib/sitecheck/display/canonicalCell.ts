import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** The canonical URL, or "this URL" when it names the URL the redirects ended at. */
export const canonicalCell = (r: SiteRow, t: Translate): string =>
  r.canonical === null ? noneText(t) : r.canonical === r.finalUrl ? t('sitecheck.canonicalSelf') : r.canonical;
