import type { Coded, IpVerdict } from '../../lib/verify';
import { tDynamic } from '#i18n';

/** `common-crawlers` → its label (i18n keys are camelCase). */
export function categoryLabel(category: string | null): string {
  if (!category) return tDynamic('verify.category.googleOther');
  return tDynamic(`verify.category.${category.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);
}

export const crawlerLabel = (crawler: string) => tDynamic(`verify.crawler.${crawler}`);

export const reasonText = (r: Coded) => tDynamic(`verify.reason.${r.code}`, r.params);

export function headline(v: IpVerdict): string {
  switch (v.verdict) {
    case 'google':
      return tDynamic('verify.verdict.google', [categoryLabel(v.category)]);
    case 'notGoogle':
      return tDynamic('verify.verdict.notGoogle');
    case 'unverified':
      return tDynamic('verify.verdict.unverified');
    case 'invalid':
      return tDynamic('verify.verdict.invalid');
  }
}
