import type { Report } from '../../report';
import type { CrawlResult } from '../types';
import { siteFacts } from './siteFacts';
import type { RunSnapshot, UrlFacts } from './types';
import { urlFacts } from './urlFacts';

/** A run's snapshot, built as its reports come: one small record per URL, never the report. */
export interface RunSnapshotBuilder {
  /** One finished report (the first of a URL counts). */
  add(report: Report): void;
  /** The crawl's result (the `{"site": …}` line's content), once the crawl is over. */
  site(result: Pick<CrawlResult, 'partial' | 'sitemapsRead' | 'rendered' | 'findings'>): void;
  /** The snapshot; `complete`: the run checked every URL it meant to (not cancelled, not out of time). */
  snapshot(complete: boolean): RunSnapshot;
  readonly size: number;
}

export function createRunSnapshot(): RunSnapshotBuilder {
  const urls: UrlFacts[] = [];
  const seen = new Set<string>();
  let generatedAt: string | null = null;
  let site: RunSnapshot['site'] = null;
  return {
    add(r) {
      generatedAt ??= r.generatedAt ?? null;
      const f = urlFacts(r);
      if (seen.has(f.url)) return;
      seen.add(f.url);
      urls.push(f);
    },
    site(result) {
      site = siteFacts(result);
    },
    snapshot: (complete) => ({ generatedAt, urls, site, complete }),
    get size() {
      return urls.length;
    },
  };
}
