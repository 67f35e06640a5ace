import type { TranslateFn as Translate } from '../i18n';
import type { LlmsTxtReport } from './types';

/**
 * One line about a site's llms.txt, written once for the popup, the site check page and the
 * command line: "llms.txt: 1,234 bytes, well formed — 2 sections, 3 links", "no llms.txt (HTTP
 * 404) — information, not a fault", "served as HTML, not Markdown", "no answer within 10 s".
 */
export function llmsSummaryText(r: LlmsTxtReport, t: Translate): string {
  switch (r.outcome) {
    case 'missing':
      return t('llms.summary.missing', [r.status ?? 404]);
    case 'unreachable':
    case 'error':
      return t('llms.summary.unavailable', [t(`llms.error.${r.error?.code ?? 'network'}`, r.error?.params ?? [''])]);
    case 'found': {
      const size = r.complete ? t('llms.size', [r.bytes]) : t('llms.sizeAtLeast', [r.bytes]);
      if (!r.parsed) return t('llms.summary.notMarkdown', [size, t(`llms.error.${r.error?.code ?? 'html'}`, r.error?.params ?? [''])]);
      const counts = t('llms.counts', [r.parsed.sections.length, r.parsed.links]);
      return t(r.parsed.wellFormed ? 'llms.summary.wellFormed' : 'llms.summary.notWellFormed', [size, counts, r.parsed.problems.filter((p) => p.severity === 'warning').length]);
    }
  }
}
