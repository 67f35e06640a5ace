import type { LiveFetchReport } from '../livefetch';
import { paramText } from '../i18n';
import type { ReportLiveFetch, Translate } from './types';

/** The live-fetch block of a report, findings and errors in words (`livefetch.*`). */
export function reportLiveFetch(r: LiveFetchReport, t: Translate): ReportLiveFetch {
  return {
    url: r.url,
    fetchedAt: new Date(r.fetchedAt).toISOString(),
    durationMs: r.durationMs,
    limits: { ...r.limits },
    results: r.results.map((x) => ({
      token: x.token,
      operator: x.operator,
      reference: x.reference,
      userAgent: x.userAgent,
      comparison: x.comparison,
      notFetched: x.notFetched,
      status: x.status,
      finalUrl: x.finalUrl,
      redirects: x.redirects,
      bytes: x.bytes,
      complete: x.complete,
      title: x.title,
      words: x.words,
      markers: x.markers.map((m) => ({ ...m })),
      error: x.error ? { code: x.error.code, message: t(`livefetch.error.${x.error.code}`, x.error.params) } : null,
    })),
    findings: r.findings.map((f) => ({ code: f.code, severity: f.severity, token: f.token, params: f.params.map(paramText), message: t(`livefetch.finding.${f.code}`, f.params) })),
    caveat: t('livefetch.caveat'),
  };
}
