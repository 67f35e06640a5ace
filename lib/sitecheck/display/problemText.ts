import type { Translate } from '../../report';
import type { SitemapProblem } from '../types';

/** A sitemap problem in words, with its line when it has one ("line 6: Malformed XML …"). */
export function problemText(p: SitemapProblem, t: Translate): string {
  const text = t(`sitecheck.problem.${p.code}`, p.params);
  return p.line !== null ? t('sitecheck.problemAt', [p.line, text]) : text;
}
