import type { AiPreferences, PrefFinding } from '../aipref';
import { paramText } from '../i18n';
import type { ReportAiPreferences, Translate } from './types';

/** The preferences block of a report, every diagnostic and finding in words (`aipref.diag.*`, `aipref.finding.*`). */
export function reportAiPreferences(p: AiPreferences, findings: readonly PrefFinding[], t: Translate): ReportAiPreferences {
  return {
    agent: p.agent,
    crawlable: p.crawlable,
    header: p.header,
    purposes: p.purposes.map((x) => ({
      purpose: x.purpose,
      value: x.value,
      conflict: x.conflict,
      statements: x.statements.map((s) => ({ kind: s.kind, label: s.label, value: s.value, inherited: s.inherited, draft: s.draft, line: s.line, text: s.text, path: s.path })),
    })),
    diagnostics: p.diagnostics.map((d) => ({ code: d.code, severity: d.severity, line: d.line, params: d.params.map(paramText), message: t(`aipref.diag.${d.code}`, d.params) })),
    findings: findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      line: f.line,
      params: f.params.map(paramText),
      message: t(`aipref.finding.${f.code}`, f.code === 'conflict' ? [t(`aipref.purpose.${f.params[0]}`), ...f.params.slice(1)] : f.params),
    })),
  };
}
