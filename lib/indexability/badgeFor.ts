import type { Verdict } from './types';

export interface Badge {
  text: string;
  /** #rrggbb; white badge text stays readable on all three. */
  color: string;
}

const BADGES: Record<Verdict, Badge> = {
  indexable: { text: 'OK', color: '#146c2e' },
  'at-risk': { text: '!', color: '#a15c00' },
  'not-indexable': { text: 'NO', color: '#b3261e' },
};

/**
 * The toolbar badge for a verdict: green "OK", amber "!", red "NO" — or none (null) when the
 * verdict was reached without robots.txt and is not already "not indexable": robots.txt could
 * still block the page, and a badge must never claim more than is known.
 */
export function badgeFor(verdict: Verdict, robotsKnown = true): Badge | null {
  if (!robotsKnown && verdict !== 'not-indexable') return null;
  return BADGES[verdict];
}
