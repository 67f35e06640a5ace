import type { Translate } from '../../report';
import type { SiteCheckProgress } from '../types';

export interface ProgressText {
  /** "Checking…", "Paused", "Done", "Cancelled", "Time limit reached" */
  state: string;
  /** "Checked: 3 URLs of 8" */
  progress: string;
  /** "still reading sitemaps, more may come", or null. */
  discovering: string | null;
  /** "about 2 min left" while the run goes on and a pace is known, else null. */
  eta: string | null;
  /** "Indexable: 2 · At risk: 1 · Not indexable: 5 · Over the byte limit: 1" */
  counts: string;
  /** Why the run ended early — cancelled, or its time limit reached — with the counts so far; null otherwise. */
  ended: string | null;
  /** "3 duplicate URLs …: each checked once", or null. */
  duplicates: string | null;
  /** "2 URLs not accepted from their sitemap …: not fetched" (or fetched anyway, as asked), or null. */
  notAccepted: string | null;
}

/** Where a run stands, in words; `duration` formats the time left and the time limit (Intl in the UI language). */
export function progressText(p: SiteCheckProgress, t: Translate, duration: (ms: number) => string): ProgressText {
  const going = p.state === 'running' || p.state === 'paused';
  return {
    state: t(`sitecheck.state.${p.state}`),
    progress: t('sitecheck.progress', [p.done, p.total]),
    discovering: p.discovering ? t('sitecheck.discovering') : null,
    eta: going && p.etaMs !== null ? t('sitecheck.eta', [duration(p.etaMs)]) : null,
    counts: t('sitecheck.counts', [p.byVerdict.indexable, p.byVerdict['at-risk'], p.byVerdict['not-indexable'], p.overLimit]),
    ended:
      p.state === 'cancelled'
        ? t('sitecheck.ended.cancelled', [p.done, p.total])
        : p.state === 'timeLimit'
          ? t('sitecheck.ended.timeLimit', [duration(p.maxTimeMs), p.done, p.total])
          : null,
    duplicates: p.duplicates ? t('sitecheck.duplicates', [p.duplicates]) : null,
    notAccepted: p.notAccepted ? t(p.followForeign ? 'sitecheck.notAcceptedFetched' : 'sitecheck.notAccepted', [p.notAccepted]) : null,
  };
}
