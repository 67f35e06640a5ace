import { paramText } from '../i18n';
import type { Agent, FetchErrorCode } from '../crawl';
import type { ComparisonSummary, Finding, SideBrief } from '../compare';
import type { ReportCompare, ReportCompareAgent, Translate } from './types';

const ERROR_KEY: Record<FetchErrorCode, string> = {
  timeout: 'timeout',
  'redirect-loop': 'redirectLoop',
  'too-many-redirects': 'tooManyRedirects',
  'bad-redirect': 'badRedirect',
  network: 'network',
};

/** Locale key of an agent's name: compare.agentMobile / agentDesktop / agentBoth. */
export const agentKey = (a: Agent | 'both') => `compare.agent${a[0]!.toUpperCase()}${a.slice(1)}`;

function agent(s: SideBrief): ReportCompareAgent {
  return {
    status: s.status || null,
    finalUrl: s.finalUrl,
    headerBytes: s.headerBytes,
    bodyBytes: s.bodyBytes,
    complete: s.complete,
    cutAt: s.cutAt,
    limit: s.limit,
    error: s.error?.code ?? null,
  };
}

function findingMessage(f: Finding, t: Translate): string {
  const key = f.code === 'fetchFailed' ? ERROR_KEY[f.error ?? 'network'] : f.code;
  return t(`compare.finding.${key}`, [t(agentKey(f.agent)), ...f.params]);
}

/** The report's `compare` field from the last comparison's summary (null: none was run). */
export function reportCompare(s: ComparisonSummary | null, t: Translate): ReportCompare | null {
  if (!s) return null;
  return {
    url: s.url,
    comparedAt: new Date(s.comparedAt).toISOString(),
    identical: s.identical,
    worst: s.worst,
    agents: { mobile: agent(s.mobile), desktop: agent(s.desktop) },
    differences: s.differences.map((d) => ({
      field: d.field,
      code: d.why?.code ?? null,
      severity: d.severity,
      params: (d.why?.params ?? []).map(paramText),
      message: d.why ? t(`compare.why.${d.why.code}`, d.why.params) : t(`compare.field.${d.field}`),
      mobile: d.mobile,
      desktop: d.desktop,
    })),
    findings: s.findingDetails.map((f) => ({
      code: f.code,
      agent: f.agent,
      severity: f.severity,
      error: f.error ?? null,
      params: f.params.map(paramText),
      message: findingMessage(f, t),
    })),
  };
}
