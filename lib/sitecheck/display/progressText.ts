import type { Translate } from '../../report';
import type { SiteCheckProgress } from '../startSiteCheck';

export interface ProgressText {
  /** "Checking…", "Paused", "Done", "Cancelled" */
  state: string;
  /** "Checked: 3 URLs of 8" */
  progress: string;
  /** "still reading sitemaps, more may come", or null. */
  discovering: string | null;
  /** "about 2 min left" while the run goes on and a pace is known, else null. */
  eta: string | null;
  /** "Indexable: 2 · At risk: 1 · Not indexable: 5 · Over the byte limit: 1" */
  counts: string;
}

/** Where a run stands, in words; `duration` formats the time left (Intl in the UI language). */
export function progressText(p: SiteCheckProgress, t: Translate, duration: (ms: number) => string): ProgressText {
  const going = p.state === 'running' || p.state === 'paused';
  return {
    state: t(`sitecheck.state.${p.state}`),
    progress: t('sitecheck.progress', [p.done, p.total]),
    discovering: p.discovering ? t('sitecheck.discovering') : null,
    eta: going && p.etaMs !== null ? t('sitecheck.eta', [duration(p.etaMs)]) : null,
    counts: t('sitecheck.counts', [p.byVerdict.indexable, p.byVerdict['at-risk'], p.byVerdict['not-indexable'], p.overLimit]),
  };
}
