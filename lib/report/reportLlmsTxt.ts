import type { LlmsTxtReport } from '../llmstxt';
import { paramText } from '../i18n';
import type { ReportLlmsTxt, Translate } from './types';

/** The llms.txt block of a report, problems in words (`llms.problem.*`, `llms.error.*`). */
export function reportLlmsTxt(r: LlmsTxtReport, t: Translate): ReportLlmsTxt {
  const p = r.parsed;
  return {
    url: r.url,
    finalUrl: r.finalUrl,
    outcome: r.outcome,
    status: r.status,
    contentType: r.contentType,
    bytes: r.bytes,
    complete: r.complete,
    wellFormed: p ? p.wellFormed : null,
    title: p?.title ?? null,
    summary: p?.summary ?? null,
    sections: p ? p.sections.map((s) => ({ name: s.name, line: s.line, optional: s.optional, links: s.links.length })) : [],
    links: p?.links ?? 0,
    problems: p ? p.problems.map((x) => ({ code: x.code, severity: x.severity, line: x.line, params: x.params.map(paramText), message: t(`llms.problem.${x.code}`, x.params) })) : [],
    error: r.error ? { code: r.error.code, message: t(`llms.error.${r.error.code}`, r.error.params) } : null,
  };
}
