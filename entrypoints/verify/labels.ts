import type { Coded, IpVerdict } from '../../lib/verify';
import { tc } from './t';

/** `common-crawlers` → its label (i18n keys are camelCase). */
export function categoryLabel(category: string | null): string {
  if (!category) return tc('verify.category.googleOther');
  return tc(`verify.category.${category.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);
}

export const crawlerLabel = (crawler: string) => tc(`verify.crawler.${crawler}`);

export const reasonText = (r: Coded) => tc(`verify.reason.${r.code}`, r.params);

export function headline(v: IpVerdict): string {
  switch (v.verdict) {
    case 'google':
      return tc('verify.verdict.google', [categoryLabel(v.category)]);
    case 'notGoogle':
      return tc('verify.verdict.notGoogle');
    case 'unverified':
      return tc('verify.verdict.unverified');
    case 'invalid':
      return tc('verify.verdict.invalid');
  }
}
