import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

export interface StatusCell {
  /** The HTTP status ("404"), else why there is none: the request failed, or robots.txt kept it from being made. */
  status: string;
  /** "1 redirect → <final URL>", or null when the URL answered itself. */
  redirects: string | null;
}

/** The status cell of a row: the status code as sent (digits, never grouped), or words for its absence. */
export function statusCell(r: SiteRow, t: Translate): StatusCell {
  const status =
    r.status !== null
      ? String(r.status)
      : r.error !== null
        ? t(`sitecheck.fetchError.${r.error.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`)
        : r.robots && !r.robots.allowed
          ? t('sitecheck.notFetched')
          : noneText(t);
  return { status, redirects: r.redirects ? t('sitecheck.redirects', [r.redirects, r.finalUrl]) : null };
}
