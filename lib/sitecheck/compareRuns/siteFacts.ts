import type { CrawlResult } from '../types';
import { findingCaseKey } from './findingCaseKey';
import type { SiteFacts } from './types';

/** The site findings of a crawl as a comparison keeps them: each case under its key (the first of a key counts). */
export function siteFacts(c: Pick<CrawlResult, 'partial' | 'sitemapsRead' | 'rendered' | 'findings'>): SiteFacts {
  return {
    partial: c.partial,
    sitemapsRead: c.sitemapsRead,
    rendered: c.rendered,
    findings: c.findings.map((f) => {
      const seen = new Set<string>();
      const cases = [];
      for (const item of f.items) {
        const key = findingCaseKey(f.code, item);
        if (seen.has(key)) continue;
        seen.add(key);
        cases.push({ key, item });
      }
      return { code: f.code, severity: f.severity, count: f.count, complete: f.count <= f.items.length, cases };
    }),
  };
}
