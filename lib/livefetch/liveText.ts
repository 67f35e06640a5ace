import type { TranslateFn as Translate } from '../i18n';
import type { LiveFinding, LiveResult } from './types';
import { markersText } from './liveFindings';

/**
 * What one crawler's answer is, in words, written once for the popup, the command line and the
 * Markdown: "the same as Googlebot's", "different: 2 words, title “Other”", "challenge page
 * (Cloudflare: cf-mitigated)", "not requested: its operator documents no User-Agent".
 */
export function liveResultText(r: LiveResult, ref: LiveResult | null, t: Translate): string {
  switch (r.comparison) {
    case 'not-fetched':
      return t(`livefetch.notFetched.${r.notFetched}`);
    case 'error':
      return t(`livefetch.error.${r.error?.code ?? 'network'}`, r.error?.params ?? ['']);
    case 'challenge':
      return t('livefetch.comparison.challengeBy', [markersText(r.markers)]);
    case 'different':
      return t('livefetch.comparison.differentWith', [r.words ?? 0, r.title ?? '—', ref?.words ?? 0, ref?.title ?? '—']);
    default:
      return t(`livefetch.comparison.${r.comparison}`);
  }
}

/** The status and size of an answer: "HTTP 403, 1,234 bytes" (or "no answer"). */
export function liveStatusText(r: LiveResult, t: Translate): string {
  if (r.comparison === 'not-fetched') return '—';
  if (r.status === null) return t('livefetch.noAnswer');
  return t(r.complete ? 'livefetch.statusBytes' : 'livefetch.statusAtLeastBytes', [r.status, r.bytes]);
}

export const liveFindingText = (f: LiveFinding, t: Translate): string => t(`livefetch.finding.${f.code}`, f.params);
