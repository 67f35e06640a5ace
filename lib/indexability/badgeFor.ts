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

/** The toolbar badge for a verdict: green "OK", amber "!", red "NO". */
export function badgeFor(verdict: Verdict): Badge {
  return BADGES[verdict];
}
